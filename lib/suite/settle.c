/* The wait after a 512-bit kernel (lib/suite/settle.h). */
#include "suite/settle.h"

#include "arch/arch.h"

struct settle_rule settle_rule(uint64_t tsc_hz)
{
	uint64_t us = tsc_hz / 1000000u;

	return (struct settle_rule){ .ref_ticks = 500 * us,
				     .min_ticks = 2000 * us,
				     .slice_ticks = 200 * us,
				     .bound_ticks = 20000 * us,
				     .near = 0.95 };
}

/* Spins until the TSC reaches `until` (scalar code: no licence of its
 * own). Returns the TSC it stopped at. */
static uint64_t spin_until(uint64_t until)
{
	uint64_t now;

	while ((now = ticks_read()) < until)
		cpu_relax();
	return now;
}

double settle_spin_ratio(coreclock_read_fn rd, uint64_t ticks)
{
	uint64_t a0, m0, a1, m1;

	if (!rd)
		return -1;
	rd(&a0, &m0);
	spin_until(ticks_read() + ticks);
	rd(&a1, &m1);
	return coreclock_ratio(a1 - a0, m1 - m0);
}

void settle_after_wide(coreclock_read_fn rd, double ref, uint64_t end_tsc,
		       const struct settle_rule *rule,
		       struct settle_result *out)
{
	uint64_t now = spin_until(end_tsc + rule->min_ticks);

	out->ratio = -1;
	out->back = -1;
	if (rd && ref > 0) {
		out->back = 0;
		/* one check at least: the least wait may itself have run
		 * past the bound (an SMI, a descheduled vCPU) */
		do {
			double r = settle_spin_ratio(rd, rule->slice_ticks);
			now = ticks_read();
			if (r < 0)
				break;	/* the counters stopped: unchecked */
			out->ratio = r / ref;
			if (out->ratio >= rule->near) {
				out->back = 1;
				break;
			}
		} while (now - end_tsc < rule->bound_ticks);
		if (out->ratio < 0)
			out->back = -1;
	}
	out->waited_ticks = now - end_tsc;
}
