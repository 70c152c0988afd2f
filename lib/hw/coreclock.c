/* The effective core clock (lib/hw/coreclock.h). */
#include "hw/coreclock.h"

#include "arch/arch.h"

void coreclock_read_here(uint64_t *aperf, uint64_t *mperf)
{
	/* the latency sweep's order (lib/suite/latency.c) */
	*mperf = coreclock_ref();
	*aperf = coreclock_actual();
}

double coreclock_ratio(uint64_t daperf, uint64_t dmperf)
{
	if (!daperf || !dmperf)
		return -1;
	return (double)daperf / (double)dmperf;
}

double coreclock_hz(uint64_t tsc_hz, uint64_t daperf, uint64_t dmperf)
{
	double r = coreclock_ratio(daperf, dmperf);

	return r < 0 ? -1 : r * (double)tsc_hz;
}
