/* Order statistics over a point's samples (n is at most a thousand, so a
 * simple in-place sort is fast enough and needs no memory). */
#include "util/stats.h"

void stats_sort_u64(uint64_t *v, size_t n)
{
	/* Shell sort with Ciura's gaps: insertion sort's simplicity without
	 * its n^2 on a thousand samples; no recursion, no extra memory. */
	static const size_t gaps[] = { 701, 301, 132, 57, 23, 10, 4, 1 };

	for (size_t g = 0; g < sizeof gaps / sizeof gaps[0]; g++) {
		size_t gap = gaps[g];

		for (size_t i = gap; i < n; i++) {
			uint64_t t = v[i];
			size_t j = i;

			for (; j >= gap && v[j - gap] > t; j -= gap)
				v[j] = v[j - gap];
			v[j] = t;
		}
	}
}

struct stats_u64 stats_summarize_u64(uint64_t *v, size_t n)
{
	struct stats_u64 s = { 0, 0, 0 };
	uint64_t lo, hi;

	if (n == 0)
		return s;
	stats_sort_u64(v, n);
	s.min = v[0];
	s.max = v[n - 1];
	lo = v[(n - 1) / 2];
	hi = v[n / 2];
	/* lo + half the gap: the mean rounded down, without overflow. */
	s.median = lo + (hi - lo) / 2;
	return s;
}

uint64_t stats_mad_u64(const uint64_t *v, size_t n, uint64_t *scratch)
{
	uint64_t med;

	if (n == 0)
		return 0;
	for (size_t i = 0; i < n; i++)
		scratch[i] = v[i];
	med = stats_summarize_u64(scratch, n).median;
	for (size_t i = 0; i < n; i++)
		scratch[i] = v[i] > med ? v[i] - med : med - v[i];
	return stats_summarize_u64(scratch, n).median;
}

double stats_median_double(double *v, size_t n)
{
	for (size_t i = 1; i < n; i++)
		for (size_t j = i; j > 0 && v[j - 1] > v[j]; j--) {
			double t = v[j];
			v[j] = v[j - 1];
			v[j - 1] = t;
		}
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

int stats_is_slow_outlier(const uint64_t *v, size_t n, size_t i,
			  uint64_t *scratch)
{
	uint64_t med, mad, d;

	for (size_t k = 0; k < n; k++)
		scratch[k] = v[k];
	med = stats_summarize_u64(scratch, n).median;
	if (v[i] <= med)
		return 0;
	mad = stats_mad_u64(v, n, scratch);
	d = v[i] - med;
	return d > 3 * mad && d * 100 > med;
}
