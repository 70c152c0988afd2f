/* Core-to-core latency: the one-way time for a cache line to
 * move from one cpu to another, for every pair of selected cpus in
 * profile full and a deterministic sample of pairs otherwise. */
#ifndef BAREMEM_C2C_H
#define BAREMEM_C2C_H

#include "results/results.h"
#include "results/run_env.h"

/* Runs the pairs of cpus, prints the matrix, appends the points to
 * mine->c2c. */
struct test_outcome c2c_run(const struct run_env *env,
			    const struct cpu_set *set,
			    struct test_out *mine);

/* Pairs measured at most, by profile: quick 24, standard 256, full every
 * pair up to C2C_FULL_PAIRS (a time budget of a few minutes), a seeded
 * sample beyond; the console says "N of M pairs, a seeded sample". */
#define C2C_FULL_PAIRS 4096
int c2c_pair_cap(enum bm_profile profile, int cpus);

#endif
