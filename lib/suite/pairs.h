/* Which pairs of cpus the core-to-core test measures: every pair when
 * there are few enough, else a deterministic sample. */
#ifndef BAREMEM_PAIRS_H
#define BAREMEM_PAIRS_H

#include <stdint.h>

struct cpu_pair {
	int a, b;		/* indices into the selected cpus, a < b */
};

/* The number of unordered pairs of n cpus. */
uint64_t pairs_total(int n);

/* Fills out[0..cap) with pairs of n cpus, ordered by (a, b), no pair
 * twice. When every pair fits in cap, all of them. Otherwise: the first
 * cpu with every other one (a row of the matrix that shows the topology
 * from one place), then pairs drawn with a PRNG seeded by seed until cap
 * are chosen, so the same seed gives the same pairs on every run.
 * Returns the count. */
int pairs_plan(int n, int cap, uint64_t seed, struct cpu_pair *out);

#endif
