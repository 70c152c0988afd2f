/* Loaded latency (issue 8): the first selected cpu chases a DRAM-sized
 * buffer while the other selected cpus read their own buffers with a
 * series of injected delays, from none to idle. Also the two pieces the
 * NUMA matrix reuses: an idle chase and a timed read by a set of cpus. */
#ifndef BAREMEM_LOADED_H
#define BAREMEM_LOADED_H

#include "results.h"

/* Runs the curve, prints it, appends the points to res. */
int loaded_run(struct run_results *res);

/* Median ns per hop of a chase over the `bytes` at buf (the chain is
 * built here) on cpu alone; < 0 when the cpu did not answer. */
double loaded_idle_ns(struct run_results *res, int cpu, void *buf,
		      uint64_t bytes);

/* cpus[0..n) each read their own `slice` bytes of buf (slice i at
 * buf + i * slice) with no delay for about one sample time, started
 * together; the aggregate GB/s, or < 0 on failure. */
double loaded_read_gb(struct run_results *res, const int *cpus, int n,
		      uint8_t *buf, uint64_t slice);

#endif
