/* Launch skew allowances and slot lookup (see launch.h). */
#include "suite/launch.h"

uint64_t launch_skew_us(int cpus)
{
	return cpus > 0 ? (uint64_t)cpus * LAUNCH_US_PER_CPU : 0;
}

uint64_t launch_timeout_us(uint64_t timeout_us, int cpus)
{
	uint64_t skew = launch_skew_us(cpus);

	return timeout_us > UINT64_MAX - skew ? UINT64_MAX : timeout_us + skew;
}

uint64_t launch_barrier_ticks(uint64_t base_s, uint64_t tsc_hz, int cpus)
{
	uint64_t us = launch_timeout_us(base_s * 1000000u, cpus);

	if (tsc_hz && us / 1000000u > UINT64_MAX / tsc_hz)
		return UINT64_MAX;
	/* whole seconds and the rest apart, so neither product overflows */
	return us / 1000000u * tsc_hz + us % 1000000u * tsc_hz / 1000000u;
}

int launch_slot(const uint32_t *apic_ids, int n, uint32_t apic_id)
{
	for (int i = 0; i < n; i++)
		if (apic_ids[i] == apic_id)
			return i;
	return -1;
}
