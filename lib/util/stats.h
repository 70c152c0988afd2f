/* Order statistics of samples. */
#ifndef BAREMEM_STATS_H
#define BAREMEM_STATS_H

#include <stddef.h>
#include <stdint.h>

struct stats_u64 {
	uint64_t min, median, max;
};

/* Sorts v[0..n) ascending (in place; n is small: samples of a point). */
void stats_sort_u64(uint64_t *v, size_t n);
/* min / median / max of v[0..n); sorts v. The median of an even count is
 * the mean of the two middle values, rounded down. n > 0. */
struct stats_u64 stats_summarize_u64(uint64_t *v, size_t n);
/* Median absolute deviation of v (sorted or not, left unchanged); uses
 * scratch[0..n). */
uint64_t stats_mad_u64(const uint64_t *v, size_t n, uint64_t *scratch);

/* The outlier rule for timed samples: v[i] lies more than 3 median
 * absolute deviations above the median of v[0..n) and more than 1 % of
 * it (so a very tight set does not flag its own jitter). Only the slow
 * side: interference (an SMI, a refresh storm, a stolen line) only ever
 * adds time, so a slow sample may be retaken, while a fast one is what
 * the hardware did and stays; retaking both sides would pull the min up
 * and the max down, both towards the median. v is left unchanged;
 * scratch holds n values. */
int stats_is_slow_outlier(const uint64_t *v, size_t n, size_t i,
			  uint64_t *scratch);

/* The median of v[0..n) (n > 0; small n: insertion sort); sorts v. */
double stats_median_double(double *v, size_t n);

#endif
