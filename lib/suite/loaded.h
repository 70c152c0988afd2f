/* Loaded latency: the first selected cpu chases a DRAM-sized
 * buffer while the other selected cpus read their own buffers with a
 * series of injected delays, from none to idle. Also the idle chase the
 * NUMA matrix reuses (its read is lib/suite/bandwidth.h's, as the bandwidth
 * table measures it). */
#ifndef BAREMEM_LOADED_H
#define BAREMEM_LOADED_H

#include "results/results.h"

/* Runs the curve, prints it, appends the points to res. */
int loaded_run(struct run_results *res, struct test_outcome *o);

/* Median ns per hop of a chase over the `bytes` at buf (the chain is
 * built here) on cpu alone; < 0 when the cpu did not answer. */
double loaded_idle_ns(struct run_results *res, int cpu, void *buf,
		      uint64_t bytes);

#endif
