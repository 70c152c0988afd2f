/* Loaded latency: the first selected cpu chases a DRAM-sized
 * buffer while the other selected cpus read their own buffers with a
 * series of injected delays, from none to idle. Also the idle chase the
 * NUMA matrix reuses (its read is lib/suite/bandwidth.h's, as the bandwidth
 * table measures it). */
#ifndef BAREMEM_LOADED_H
#define BAREMEM_LOADED_H

#include "results/results.h"
#include "results/run_env.h"

/* Runs the curve on set's cpus, prints it, appends the points to
 * mine->loaded. */
struct test_outcome loaded_run(const struct run_env *env,
			       const struct cpu_set *set,
			       struct test_out *mine);

/* Median ns per hop of a chase over the `bytes` at buf (the chain is
 * built here) on cpu alone; < 0 when the cpu did not answer. */
double loaded_idle_ns(const struct run_env *env, int cpu, void *buf,
		      uint64_t bytes);

#endif
