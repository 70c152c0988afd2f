/* Percentiles and the log-binned histogram of latency distributions. */
#include "util/hist.h"

int hist_percentile(const uint64_t *sorted, size_t n, unsigned per10k,
		    uint64_t *v)
{
	uint64_t rank;

	if (n == 0)
		return -1;
	if (per10k > 10000)
		per10k = 10000;
	rank = ((uint64_t)n * per10k + 9999) / 10000;
	if (rank < 1)
		rank = 1;
	*v = sorted[rank - 1];
	return 0;
}

double hist_edge_ns(int k)
{
	/* 2^(j/4) for j = 0..3: no libm in a freestanding build. */
	static const double quarter[HIST_PER_OCTAVE] = {
		1.0, 1.18920711500272106672, 1.41421356237309504880,
		1.68179283050742908606
	};
	double e = HIST_LO_NS;

	if (k < 0)
		k = 0;
	for (int i = 0; i < k / HIST_PER_OCTAVE; i++)
		e *= 2;
	return e * quarter[k % HIST_PER_OCTAVE];
}

int hist_bin_of(double ns)
{
	int k;

	if (!(ns >= HIST_LO_NS))
		return -1;
	if (ns >= hist_edge_ns(HIST_BINS))
		return HIST_BINS;
	/* Bins are few: a walk is exact at the edges (an edge belongs to
	 * the bin above it), which a log2 estimate is not. */
	for (k = 0; k + 1 < HIST_BINS && ns >= hist_edge_ns(k + 1); k++)
		;
	return k;
}

void hist_add(struct hist *h, double ns)
{
	int k = hist_bin_of(ns);

	if (k < 0)
		h->under++;
	else if (k >= HIST_BINS)
		h->over++;
	else
		h->count[k]++;
}
