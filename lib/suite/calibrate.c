/* How long a sample runs (see calibrate.h). */
#include "suite/calibrate.h"

#include "chase.h"
#include "arch/arch.h"

/* Units past which doubling stops: a chase of 2^36 hops or 2^30 passes
 * takes minutes, so only a broken timer gets there. */
#define MAX_CHASE_HOPS (1ull << 36)
/* The first chase trial: long enough to leave the loop's start-up out. */
#define FIRST_CHASE_HOPS (16ull * CHASE_UNROLL)

uint64_t calibrate_units(calibrate_timed_fn timed, void *ctx, uint64_t first,
			 uint64_t max_units, uint64_t target_ticks)
{
	uint64_t units = first ? first : 1, ticks, scaled;
	double scaled_d;

	for (;;) {
		ticks = timed(ctx, units);
		if (ticks >= target_ticks / 8 || units >= max_units)
			break;
		units *= 2;
	}
	/* In double: units x target overflows 64 bits on long targets, and
	 * 128-bit division needs libgcc, which the UEFI app does not link. */
	scaled_d = (double)units * (double)target_ticks /
		   (double)(ticks ? ticks : 1);
	scaled = scaled_d >= 0x1p62 ? 1ull << 62 : (uint64_t)scaled_d;
	return scaled < units ? units : scaled;
}

struct chase_trial {
	void *p;
	int end_way;
};

static uint64_t chase_timed(void *ctx, uint64_t hops)
{
	struct chase_trial *c = ctx;
	uint64_t t0 = ticks_begin();

	c->p = chase_run(c->p, hops);
	return ticks_end(c->end_way) - t0;
}

uint64_t calibrate_chase_hops(void **p, int end_way, uint64_t target_ticks)
{
	struct chase_trial c = { *p, end_way };
	uint64_t hops = calibrate_units(chase_timed, &c, FIRST_CHASE_HOPS,
					MAX_CHASE_HOPS, target_ticks);

	*p = c.p;
	return (hops + CHASE_UNROLL - 1) / CHASE_UNROLL * CHASE_UNROLL;
}
