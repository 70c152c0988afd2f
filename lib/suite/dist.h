/* Latency distributions (config dist=on): short chase segments timed one
 * by one, for percentiles and a histogram per working-set size. */
#ifndef BAREMEM_DIST_H
#define BAREMEM_DIST_H

#include "results/results.h"
#include "results/run_env.h"

#define DIST_HOPS 16		/* hops per timed segment */
#define DIST_SEGMENTS 8192	/* p99.9 is then the 9th-largest */
#define DIST_EMPTY 1024		/* empty segments: the timing overhead */

/* On cpu, continuing the chain at start (already warm: the point's own
 * samples just ran over it), times the segments and fills pt's
 * distribution fields. Returns 0, -1 without memory, -2 when the cpu did
 * not finish in time. */
int dist_measure(const struct run_env *env, int cpu, void *start,
		 struct lat_point *pt);

/* Turns segment ticks into pt's fields: subtracts overhead_ticks from
 * each (never below 0), sorts seg, takes the percentiles and fills the
 * histogram in ns per hop. Pure: the unit tests call it. */
void dist_fill(struct lat_point *pt, uint64_t *seg, size_t n, int hops,
	       uint64_t overhead_ticks, double ns_per_tick);

/* The console line under a latency row (nothing when not measured). */
void dist_print(const struct lat_point *pt);

#endif
