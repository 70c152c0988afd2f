/* Core-to-core latency: the one-way time for a cache line to
 * move from one cpu to another, for every pair of selected cpus in
 * profile full and a deterministic sample of pairs otherwise. */
#ifndef BAREMEM_C2C_H
#define BAREMEM_C2C_H

#include "results/results.h"

/* Runs the pairs, prints the matrix, appends the points to res. */
int c2c_run(struct run_results *res, struct test_outcome *o);

/* Pairs measured at most, by profile: quick 24, standard 256, full every
 * pair up to C2C_FULL_PAIRS (a time budget of a few minutes), a seeded
 * sample beyond; the console says "N of M pairs, a seeded sample". */
#define C2C_FULL_PAIRS 4096
int c2c_pair_cap(enum bm_profile profile, int cpus);

#endif
