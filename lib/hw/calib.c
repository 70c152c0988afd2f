/* The calibration's tries (lib/hw/calib.h). */
#include "hw/calib.h"

double calib_ppm(const struct calib_reading *r)
{
	return r->ticks ? 1e6 * (double)r->err_ticks / (double)r->ticks : -1;
}

/* Runs one try of ns; 1 when it reached the bound. *best keeps the
 * reading with the smallest bound so far. */
static int one_try(calib_try_fn try_fn, void *ctx, double ref_hz,
		   uint64_t ns, struct calib_reading *best, int *tries)
{
	struct calib_reading r;
	uint64_t want = (uint64_t)(ref_hz * (double)ns / 1e9);
	double ppm;

	(*tries)++;
	if (try_fn(ctx, want, &r) != 0 || !r.ticks || !r.ref_ticks)
		return 0;
	ppm = calib_ppm(&r);
	if (!best->ticks || ppm < calib_ppm(best))
		*best = r;
	return ppm < CALIB_BOUND_PPM;
}

uint64_t calib_run(calib_try_fn try_fn, void *ctx, double ref_hz,
		   uint64_t mask, double *ppm, int *tries)
{
	struct calib_reading best = { 0, 0, 0 };
	int done = 0;

	*tries = 0;
	for (uint64_t ns = CALIB_SHORT_NS; ns <= CALIB_LONG_NS && !done;
	     ns *= 4) {
		/* a counter that wraps within the interval cannot time it */
		if ((uint64_t)(ref_hz * (double)ns / 1e9) >= mask / 2)
			break;
		for (int i = 0; i < (ns == CALIB_SHORT_NS ? CALIB_SHORT_TRIES
							  : 1) && !done; i++)
			done = one_try(try_fn, ctx, ref_hz, ns, &best, tries);
	}
	*ppm = calib_ppm(&best);
	if (!best.ticks)
		return 0;
	return (uint64_t)((double)best.ticks * ref_hz /
			  (double)best.ref_ticks);
}
