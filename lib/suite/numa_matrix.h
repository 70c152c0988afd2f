/* The NUMA matrix: for every node with selected cpus and every
 * node with memory, the idle DRAM latency of a cpu of the first reading a
 * buffer placed in the second, and the read bandwidth of all the first
 * node's selected cpus reading there. */
#ifndef BAREMEM_NUMA_MATRIX_H
#define BAREMEM_NUMA_MATRIX_H

#include "results/results.h"

/* Measures and prints the matrix into res->numa. Without a topology from
 * the platform: one node holding every cpu and all memory, said once. */
int numa_run(struct run_results *res, struct test_outcome *o);

#endif
