/* Bandwidth of cpus that ran together: the one rule for every "N cpus
 * read at once" figure (the bandwidth table's all-cpus points and scaling
 * curve, the NUMA read matrix, the loaded-latency loaders). */
#ifndef BAREMEM_TOGETHER_H
#define BAREMEM_TOGETHER_H

#include <stdint.h>

/* What one cpu did: bytes moved between TSC readings t0 and t1. */
struct cpu_span {
	uint64_t bytes;
	uint64_t t0, t1;
};

/* GB/s (10^9 bytes a second) of spans[0..n) taken together: all their
 * bytes over the span from the earliest start to the latest end, the
 * wall time the machine took to move them (docs/design.md §5). Not the sum of
 * each cpu's own rate: that adds rates over different windows, and a
 * cpu that ran while others did not (started late, finished early)
 * counts as if it had shared the memory with them all along.
 * < 0 when n < 1, tsc_hz is 0 or the span is empty. */
double together_gb_per_s(const struct cpu_span *spans, int n,
			 uint64_t tsc_hz);

#endif
