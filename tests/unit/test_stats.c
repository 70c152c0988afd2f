/* Order statistics: the sort against libc's qsort, min / median / max on
 * odd and even counts, duplicates, one sample, values near 2^64, and the
 * median absolute deviation. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "util/stats.h"

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

static uint64_t rnd(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* Random arrays of every length up to past the largest gap (701), with
 * few distinct values (many duplicates) and with full-range values. */
static void sort_matches_qsort(void **state)
{
	uint64_t x = 5, v[1100], w[1100];
	(void)state;
	for (size_t n = 0; n <= 1100; n += n < 40 ? 1 : 37) {
		for (int kind = 0; kind < 3; kind++) {
			for (size_t i = 0; i < n; i++)
				v[i] = kind == 0 ? rnd(&x)
				       : kind == 1 ? rnd(&x) % 4
						   : (uint64_t)(n - i);
			memcpy(w, v, n * sizeof v[0]);
			stats_sort_u64(v, n);
			qsort(w, n, sizeof w[0], cmp_u64);
			assert_memory_equal(v, w, n * sizeof v[0]);
		}
	}
}

static struct stats_u64 summarize(const uint64_t *in, size_t n)
{
	uint64_t v[16];
	memcpy(v, in, n * sizeof v[0]);
	return stats_summarize_u64(v, n);
}

static void summary_odd_even_one(void **state)
{
	static const uint64_t one[] = { 42 };
	static const uint64_t odd[] = { 9, 1, 5, 3, 7 };
	static const uint64_t even[] = { 10, 40, 20, 30 };
	static const uint64_t even_odd_mean[] = { 1, 2 };	/* 1.5 -> 1 */
	static const uint64_t dups[] = { 5, 5, 5, 1, 5, 9 };
	struct stats_u64 s;
	(void)state;

	s = summarize(one, 1);
	assert_int_equal(s.min, 42);
	assert_int_equal(s.median, 42);
	assert_int_equal(s.max, 42);

	s = summarize(odd, 5);
	assert_int_equal(s.min, 1);
	assert_int_equal(s.median, 5);
	assert_int_equal(s.max, 9);

	s = summarize(even, 4);
	assert_int_equal(s.min, 10);
	assert_int_equal(s.median, 25);
	assert_int_equal(s.max, 40);

	s = summarize(even_odd_mean, 2);
	assert_int_equal(s.median, 1);

	s = summarize(dups, 6);
	assert_int_equal(s.min, 1);
	assert_int_equal(s.median, 5);
	assert_int_equal(s.max, 9);
}

/* The mean of the middle two must not overflow near 2^64. */
static void median_without_overflow(void **state)
{
	static const uint64_t big[] = { ~0ull, ~0ull - 2 };
	static const uint64_t spread[] = { 0, ~0ull };
	(void)state;
	assert_int_equal(summarize(big, 2).median, ~0ull - 1);
	assert_int_equal(summarize(spread, 2).median, (~0ull) / 2);
}

static void summary_sorts_in_place(void **state)
{
	uint64_t v[] = { 3, 1, 2 };
	(void)state;
	stats_summarize_u64(v, 3);
	assert_int_equal(v[0], 1);
	assert_int_equal(v[1], 2);
	assert_int_equal(v[2], 3);
}

static void mad(void **state)
{
	/* median 3; deviations 2,1,0,1,97 -> median 1 */
	static const uint64_t a[] = { 1, 2, 3, 4, 100 };
	/* median 25; deviations 15,5,5,15 -> (5+15)/2 = 10 */
	static const uint64_t b[] = { 40, 10, 30, 20 };
	static const uint64_t same[] = { 7, 7, 7 };
	static const uint64_t one[] = { 1000 };
	uint64_t scratch[8], copy[5];
	(void)state;

	memcpy(copy, a, sizeof a);
	assert_int_equal(stats_mad_u64(copy, 5, scratch), 1);
	assert_memory_equal(copy, a, sizeof a);		/* left unchanged */
	assert_int_equal(stats_mad_u64(b, 4, scratch), 10);
	assert_int_equal(stats_mad_u64(same, 3, scratch), 0);
	assert_int_equal(stats_mad_u64(one, 1, scratch), 0);
}

/* MAD against a direct computation on random data. */
static void mad_matches_definition(void **state)
{
	uint64_t x = 77, v[301], s[301], d[301];
	(void)state;
	for (size_t n = 1; n <= 301; n += 20) {
		uint64_t med, want;
		for (size_t i = 0; i < n; i++)
			v[i] = 1000 + rnd(&x) % 500;
		memcpy(s, v, n * 8);
		qsort(s, n, 8, cmp_u64);
		med = n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
		for (size_t i = 0; i < n; i++)
			d[i] = v[i] > med ? v[i] - med : med - v[i];
		qsort(d, n, 8, cmp_u64);
		want = n % 2 ? d[n / 2] : (d[n / 2 - 1] + d[n / 2]) / 2;
		assert_int_equal(stats_mad_u64(v, n, s), want);
	}
}

/* The double median across cpus and summary points: odd, even, one. */
static void median_of_doubles(void **state)
{
	double odd[] = { 3.5, 1.0, 2.0 }, even[] = { 4.0, 1.0, 3.0, 2.0 };
	double one[] = { 7.25 };
	(void)state;
	assert_true(stats_median_double(odd, 3) == 2.0);
	assert_true(odd[0] == 1.0 && odd[2] == 3.5);	/* sorted in place */
	assert_true(stats_median_double(even, 4) == 2.5);
	assert_true(stats_median_double(one, 1) == 7.25);
}

/* The outlier rule: far above the median in MADs and in percent; a
 * sample as far below it is kept (interference only slows a sample). */
static void outlier_rule(void **state)
{
	uint64_t v[] = { 1000, 1002, 998, 1001, 999, 1400, 1003 }, tmp[7];
	uint64_t fast[] = { 1000, 1002, 998, 1001, 999, 600, 1003 };
	uint64_t tight[] = { 1000, 1000, 1000, 1001, 1000 };
	uint64_t wide[] = { 1000, 1200, 800, 1100, 900 };
	(void)state;
	assert_true(stats_is_slow_outlier(v, 7, 5, tmp));	/* 1400: far */
	for (size_t i = 0; i < 7; i++)
		if (i != 5)
			assert_false(stats_is_slow_outlier(v, 7, i, tmp));
	assert_true(v[5] == 1400 && v[0] == 1000);	/* v unchanged */
	/* 600 is as far below: a real fast sample, not retaken. */
	for (size_t i = 0; i < 7; i++)
		assert_false(stats_is_slow_outlier(fast, 7, i, tmp));
	/* MAD 0, but 1 tick is not 1 %: no outlier. */
	assert_false(stats_is_slow_outlier(tight, 5, 3, tmp));
	/* A wide spread is its own normal: 1200 is 2 MADs out. */
	assert_false(stats_is_slow_outlier(wide, 5, 1, tmp));
	/* The bound is 3 MADs (MAD 100 here): 2.5 and exactly 3 are kept,
	 * just past 3 is retaken. */
	wide[1] = 1250;
	assert_false(stats_is_slow_outlier(wide, 5, 1, tmp));
	wide[1] = 1300;
	assert_false(stats_is_slow_outlier(wide, 5, 1, tmp));
	wide[1] = 1301;
	assert_true(stats_is_slow_outlier(wide, 5, 1, tmp));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(sort_matches_qsort),
		cmocka_unit_test(summary_odd_even_one),
		cmocka_unit_test(median_without_overflow),
		cmocka_unit_test(summary_sorts_in_place),
		cmocka_unit_test(mad),
		cmocka_unit_test(mad_matches_definition),
		cmocka_unit_test(median_of_doubles),
		cmocka_unit_test(outlier_rule),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
