/* The parts of platform.h the AArch64 app answers with "not here": the
 * architecture has no MSRs (the prefetcher controls behind
 * plat_msr_probe are x86's). */
#include "arm_efi.h"
#include "hw/cpuinfo.h"

int plat_msr_probe(uint32_t msr)
{
	(void)msr;
	return -1;
}

int plat_msr_on_cpus(const int *cpus, int n, uint32_t msr, uint64_t *vals,
		     int write, int *ok)
{
	(void)cpus;
	(void)msr;
	(void)vals;
	(void)write;
	for (int i = 0; i < n; i++)
		ok[i] = 0;
	return 0;
}

/* lib/suite/coretypes.c reads each cpu's description (CPUID) only on a
 * hybrid x86 part (cpu_info.f.hybrid, which machine_arm.c never sets):
 * never reached here; the description stays empty. */
void cpuinfo_decode(struct cpu_info *ci, cpuid_fn fn, void *ctx)
{
	(void)fn;
	(void)ctx;
	*ci = (struct cpu_info){ 0 };
}

void cpuinfo_read(struct cpu_info *ci)
{
	*ci = (struct cpu_info){ 0 };
}
