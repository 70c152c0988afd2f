/* Latency distributions: percentiles of sorted samples and a histogram
 * with logarithmic bins (HIST_PER_OCTAVE per doubling). */
#ifndef BAREMEM_HIST_H
#define BAREMEM_HIST_H

#include <stddef.h>
#include <stdint.h>

#define HIST_BINS 48		/* 12 octaves: 0.5 ns .. 2048 ns */
#define HIST_PER_OCTAVE 4
#define HIST_LO_NS 0.5		/* lower edge of bin 0 */

struct hist {
	uint32_t count[HIST_BINS];
	uint32_t under;		/* values below HIST_LO_NS (0 included) */
	uint32_t over;		/* values at or above the last edge */
};

/* Nearest-rank percentile of sorted[0..n): the value at rank
 * ceil(n * per10k / 10000) (at least 1), per10k in 1..10000 (p99.9 =
 * 9990). Returns 0 and sets *v, or -1 when n is 0. */
int hist_percentile(const uint64_t *sorted, size_t n, unsigned per10k,
		    uint64_t *v);

/* Lower edge of bin k in ns (k = HIST_BINS: the upper edge of the last):
 * HIST_LO_NS * 2^(k / HIST_PER_OCTAVE). */
double hist_edge_ns(int k);

/* The bin of a value: -1 below bin 0, HIST_BINS at or above the last
 * edge. */
int hist_bin_of(double ns);

/* Adds one value. */
void hist_add(struct hist *h, double ns);

#endif
