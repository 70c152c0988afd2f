/* The NUMA matrix: for every node with selected cpus and every
 * node with memory, the idle DRAM latency of a cpu of the first reading a
 * buffer placed in the second, and the read bandwidth of all the first
 * node's selected cpus reading there. */
#ifndef BAREMEM_NUMA_MATRIX_H
#define BAREMEM_NUMA_MATRIX_H

#include "results/results.h"
#include "results/run_env.h"

/* Measures on set's cpus and prints the matrix into *mine->numa. Without
 * a topology from the platform: one node holding every cpu and all
 * memory, said once. */
struct test_outcome numa_run(const struct run_env *env,
			     const struct cpu_set *set,
			     struct test_out *mine);

#endif
