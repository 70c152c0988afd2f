/* The measured latency curve checked against CPUID's cache levels: the
 * curve's steps found by a change-point rule over one sweep's medians,
 * the level each point reads as, each level's measured size. A pure
 * function of sizes and medians, so a host test can feed it curves
 * recorded on real machines (docs/method.md, "Levels checked against the
 * curve").
 *
 * The rule:
 *  1. Plateaus. Walking the points by size, a plateau starts at a point
 *     and keeps every next point whose median stays within CURVE_RISE of
 *     the plateau's first (above or below); a point outside starts the
 *     next plateau (a step), unless the point after it is back within:
 *     then it is a spike (a disturbed point), in no plateau and no step.
 *  2. Flat. When the curve's largest plateau median is under CURVE_FLAT
 *     times its smallest, it shows no hierarchy (an emulator, a broken
 *     timer): nothing is judged and CPUID's labels stand.
 *  3. DRAM. Every plateau holding a point at or past twice the last
 *     level's CPUID size (or the floor, when smaller) reads as DRAM: no
 *     cache holds that much, whatever its latency says (DRAM's own
 *     latency drifts up with the page walks of ever larger sets, by 1.5x
 *     and more). Walking back from the first of them, so does each
 *     plateau within CURVE_RISE of the least of their medians (points
 *     CPUID puts in a cache that read as DRAM). When no point is that
 *     large (memory short of the floor), the last plateau reads as DRAM
 *     only if it is a step above the plateau of the last cache level and
 *     its points lie past that cache's CPUID size.
 *  4. Cache levels. Each other plateau takes the CPUID level most of its
 *     points have (sizes up to a level's CPUID size belong to it); the
 *     plateau with the most points of a level is that level's; others of
 *     the same level are transitions and agree with no level.
 *  5. Measured size of a level: the largest size, from its plateau up to
 *     the next level's plateau, whose median is nearer (geometrically) to
 *     its plateau's median than to the next one's; 0 where the curve
 *     never leaves the level. The level is short (`far`) when the first
 *     point past that size is at or under half the CPUID size. */
#ifndef BAREMEM_CURVE_H
#define BAREMEM_CURVE_H

#include <stdint.h>

#define CURVE_MAX_POINTS 256
#define CURVE_RISE 1.3		/* a step: 30 % off the plateau's start */
#define CURVE_FLAT 2.0		/* real hierarchies span 20x or more */
#define CURVE_LEVELS 4		/* L1, L2, L3, DRAM: SUM_L1..SUM_DRAM */
#define CURVE_DRAM 3
#define CURVE_NONE (-1)		/* a transition or a spike */

struct curve_in {
	int n;			/* points, at most CURVE_MAX_POINTS */
	const uint64_t *size_bytes;	/* ascending */
	const double *ns;	/* each point's median */
	uint64_t cache_bytes[3];	/* CPUID's L1..L3 (0: none) */
	uint64_t floor_bytes;	/* the DRAM floor: 4x the last level */
};

struct curve_out {
	int judged;		/* 0: too few points or a flat curve */
	int cpuid[CURVE_MAX_POINTS];	/* the level CPUID's sizes give */
	int level[CURVE_MAX_POINTS];	/* the level the curve gives, or
					 * CURVE_NONE */
	int plateau[CURVE_MAX_POINTS];	/* -1: a spike */
	int plateaus;
	double level_ns[CURVE_LEVELS];	/* its plateau's median, < 0 none */
	uint64_t measured_bytes[3];	/* L1..L3; 0: not seen to end */
	uint64_t left_at_bytes[3];	/* the first size past it */
	int far[3];		/* the step at or under half CPUID's size */
	int read_as_dram[3];	/* points CPUID puts in it that read as DRAM */
	int missing[3];		/* CPUID's level has points, none read so */
	int dram_below_floor;	/* the largest point, under the floor, reads
				 * as DRAM */
};

/* Fills *out from in (every field; judged 0 when n < 2 or flat). */
void curve_check(const struct curve_in *in, struct curve_out *out);

#endif
