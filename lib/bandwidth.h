/* The bandwidth plan: each kernel at each cache level and DRAM, one cpu
 * alone and all selected cpus at once, and a read scaling curve. */
#ifndef BAREMEM_BANDWIDTH_H
#define BAREMEM_BANDWIDTH_H

#include "results.h"

/* Runs the plan, printing the tables, appending points to res.
 * have_avx2: the CPU has AVX2 and its state is enabled on every cpu. */
int bandwidth_run(struct run_results *res, int have_avx2);

/* Scaling curve points for n cpus: every count up to 8, then about 4 per
 * doubling, always ending at n. Returns how many (at most cap). */
int bandwidth_scaling_counts(int n, int *counts, int cap);

#endif
