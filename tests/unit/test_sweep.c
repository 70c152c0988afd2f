/* Sweep planning: the profiles' size grids, ranges with both ends, lists
 * as given, trimming at the memory limit, the caller's cap, and the
 * samples and sample lengths per profile. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "config/config.h"
#include "suite/sweep.h"

#define K 1024ull
#define M (1024ull * K)
#define G (1024ull * M)

static struct bm_config profile(enum bm_profile p)
{
	struct bm_config c;
	config_defaults(&c);
	c.profile = p;
	return c;
}

static void expect_sizes(const uint64_t *got, size_t n, const uint64_t *want,
			 size_t want_n)
{
	assert_int_equal(n, want_n);
	for (size_t i = 0; i < n; i++)
		if (got[i] != want[i])
			fail_msg("size %zu: got %llu want %llu", i,
				 (unsigned long long)got[i],
				 (unsigned long long)want[i]);
}

static void ascending_unique_aligned(const uint64_t *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		assert_int_equal(s[i] % 64, 0);
		if (i)
			assert_true(s[i] > s[i - 1]);
	}
}

static void quick_profile(void **state)
{
	static const uint64_t want[] = { 16 * K, 256 * K, 4 * M, 64 * M };
	struct bm_config c = profile(BM_PROFILE_QUICK);
	uint64_t s[256];
	int trimmed = -1;
	size_t n;
	(void)state;

	n = sweep_sizes(&c, 64 * M, ~0ull, s, 256, &trimmed);
	expect_sizes(s, n, want, 4);
	assert_int_equal(trimmed, 0);
}

/* standard: 4K .. 1G, x and 1.5x in every octave. The expected grid is
 * built here by multiplying, not by the octave code under test. */
static void standard_profile(void **state)
{
	struct bm_config c = profile(BM_PROFILE_STANDARD);
	uint64_t s[256], want[256];
	size_t n, w = 0;
	int trimmed = -1;
	(void)state;

	for (uint64_t x = 4 * K; x < 1 * G; x *= 2) {
		want[w++] = x;
		want[w++] = x * 3 / 2;
	}
	want[w++] = 1 * G;
	n = sweep_sizes(&c, 64 * M, ~0ull, s, 256, &trimmed);
	expect_sizes(s, n, want, w);
	assert_int_equal(n, 37);	/* 18 octaves * 2 + 1 */
	assert_int_equal(s[0], 4 * K);
	assert_int_equal(s[1], 6 * K);
	assert_int_equal(s[n - 1], 1 * G);
	assert_int_equal(trimmed, 0);
	ascending_unique_aligned(s, n);
}

/* full: 4K .. 4G, x, 1.25x, 1.5x, 1.75x. */
static void full_profile(void **state)
{
	struct bm_config c = profile(BM_PROFILE_FULL);
	uint64_t s[256], want[256];
	size_t n, w = 0;
	(void)state;

	for (uint64_t x = 4 * K; x < 4 * G; x *= 2)
		for (int q = 4; q < 8; q++)
			want[w++] = x * (uint64_t)q / 4;
	want[w++] = 4 * G;
	n = sweep_sizes(&c, 64 * M, ~0ull, s, 256, NULL);
	expect_sizes(s, n, want, w);
	assert_int_equal(n, 81);
	ascending_unique_aligned(s, n);
}

static size_t range(enum bm_profile p, uint64_t lo, uint64_t hi,
		    uint64_t *s)
{
	struct bm_config c = profile(p);
	c.sizes_set = 1;
	c.sizes_is_range = 1;
	c.size_min = lo;
	c.size_max = hi;
	return sweep_sizes(&c, 64 * M, ~0ull, s, 256, NULL);
}

/* A range keeps both ends, even off the profile's grid, and fills in
 * the grid points strictly between them. */
static void ranges_include_both_ends(void **state)
{
	static const uint64_t std_10k_100k[] = { 10 * K, 12 * K, 16 * K,
		24 * K, 32 * K, 48 * K, 64 * K, 96 * K, 100 * K };
	static const uint64_t std_5k_7k[] = { 5 * K, 6 * K, 7 * K };
	static const uint64_t full_1k_2k[] = { 1 * K, 1280, 1536, 1792,
					       2 * K };
	static const uint64_t one[] = { 64 * K };
	uint64_t s[256], want[64];
	size_t n, w = 0;
	(void)state;

	n = range(BM_PROFILE_STANDARD, 10 * K, 100 * K, s);
	expect_sizes(s, n, std_10k_100k, 9);
	n = range(BM_PROFILE_STANDARD, 5 * K, 7 * K, s);
	expect_sizes(s, n, std_5k_7k, 3);
	n = range(BM_PROFILE_FULL, 1 * K, 2 * K, s);
	expect_sizes(s, n, full_1k_2k, 5);
	n = range(BM_PROFILE_STANDARD, 64 * K, 64 * K, s);
	expect_sizes(s, n, one, 1);

	/* quick: one point per octave, 16K, 32K, ... 1G */
	for (uint64_t x = 16 * K; x <= 1 * G; x *= 2)
		want[w++] = x;
	n = range(BM_PROFILE_QUICK, 16 * K, 1 * G, s);
	expect_sizes(s, n, want, w);
	/* off-grid ends: 3000 .. 100000 bytes, both kept */
	n = range(BM_PROFILE_QUICK, 2944, 100032, s);
	assert_int_equal(s[0], 2944);
	assert_int_equal(s[1], 4 * K);
	assert_int_equal(s[n - 1], 100032);
	assert_int_equal(s[n - 2], 64 * K);
	ascending_unique_aligned(s, n);
	/* The largest range the config allows stays bounded. */
	n = range(BM_PROFILE_FULL, 1 * K, 1ull << 40, s);
	assert_int_equal(n, 30 * 4 + 1);
	ascending_unique_aligned(s, n);
}

static void list_passes_through(void **state)
{
	static const uint64_t list[] = { 16 * K, 256 * K, 8 * M, 1 * G };
	struct bm_config c = profile(BM_PROFILE_FULL);
	uint64_t s[16];
	int trimmed = -1;
	size_t n;
	(void)state;

	c.sizes_set = 1;
	c.size_count = 4;
	for (int i = 0; i < 4; i++)
		c.sizes[i] = list[i];
	n = sweep_sizes(&c, 64 * M, ~0ull, s, 16, &trimmed);
	expect_sizes(s, n, list, 4);
	assert_int_equal(trimmed, 0);

	/* the memory limit applies to lists too */
	n = sweep_sizes(&c, 64 * M, 8 * M, s, 16, &trimmed);
	expect_sizes(s, n, list, 3);
	assert_int_equal(trimmed, 1);
}

static void trims_above_max_bytes(void **state)
{
	struct bm_config c = profile(BM_PROFILE_STANDARD);
	uint64_t s[256];
	int trimmed = -1;
	size_t n;
	(void)state;

	n = sweep_sizes(&c, 64 * M, 1 * M, s, 256, &trimmed);
	assert_int_equal(s[n - 1], 1 * M);
	assert_int_equal(n, 17);	/* 4K .. 1M: 8 octaves * 2 + 1 */
	assert_int_equal(trimmed, 20);	/* 1.5M .. 1G */
	assert_int_equal(n + (size_t)trimmed, 37);

	/* a limit between grid points */
	n = sweep_sizes(&c, 64 * M, 1 * M - 1, s, 256, &trimmed);
	assert_int_equal(s[n - 1], 768 * K);
	assert_int_equal(trimmed, 21);

	/* nothing fits */
	n = sweep_sizes(&c, 64 * M, 1 * K, s, 256, &trimmed);
	assert_int_equal(n, 0);
	assert_int_equal(trimmed, 37);
}

static void cap_is_respected(void **state)
{
	struct bm_config c = profile(BM_PROFILE_STANDARD);
	uint64_t s[8] = { 0 };
	int trimmed = -1;
	size_t n;
	(void)state;

	s[5] = 0xfeed;
	n = sweep_sizes(&c, 64 * M, ~0ull, s, 5, &trimmed);
	assert_int_equal(n, 5);
	assert_int_equal(s[0], 4 * K);
	assert_int_equal(s[4], 16 * K);
	assert_int_equal(s[5], 0xfeed);		/* not written */
	assert_int_equal(sweep_sizes(&c, 64 * M, ~0ull, s, 0, &trimmed), 0);
	assert_int_equal(s[0], 4 * K);		/* untouched by cap 0 */
}

/* Every profile reaches the DRAM floor (4x the largest last-level
 * cache): a Granite Rapids' 504M L3 puts it at 2016M, past quick's 64M
 * and standard's 1G; a 4G last level puts it past full's 4G. QEMU's
 * 16M L3 (floor 64M) changes nothing (quick_profile above). */
static void every_profile_reaches_the_floor(void **state)
{
	static const uint64_t quick[] = { 16 * K, 256 * K, 4 * M, 64 * M,
					  2016 * M };
	struct bm_config q = profile(BM_PROFILE_QUICK);
	struct bm_config st = profile(BM_PROFILE_STANDARD);
	struct bm_config f = profile(BM_PROFILE_FULL);
	uint64_t s[256];
	int trimmed = -1;
	size_t n;
	(void)state;

	n = sweep_sizes(&q, 2016 * M, ~0ull, s, 256, &trimmed);
	expect_sizes(s, n, quick, 5);
	n = sweep_sizes(&st, 2016 * M, ~0ull, s, 256, &trimmed);
	assert_int_equal(s[n - 1], 2016 * M);
	assert_int_equal(s[n - 2], 1536 * M);	/* the grid goes on to it */
	assert_int_equal(s[n - 3], 1 * G);
	ascending_unique_aligned(s, n);
	n = sweep_sizes(&f, 2016 * M, ~0ull, s, 256, &trimmed);
	assert_int_equal(s[n - 1], 4 * G);
	n = sweep_sizes(&f, 16 * G, ~0ull, s, 256, &trimmed);
	assert_int_equal(s[n - 1], 16 * G);
	assert_int_equal(s[n - 2], 14 * G);
	ascending_unique_aligned(s, n);
}

/* Memory short of the floor (a 2016M floor, 1.9G free): the largest
 * size memory holds, in whole MiB, ends the sweep instead. A list the
 * user gave is obeyed as given (the sweep warns, latency.c). */
static void floor_past_memory_takes_the_largest_that_fits(void **state)
{
	static const uint64_t quick[] = { 16 * K, 256 * K, 4 * M, 64 * M,
					  1945 * M };
	struct bm_config q = profile(BM_PROFILE_QUICK);
	struct bm_config st = profile(BM_PROFILE_STANDARD);
	uint64_t s[256], max = 1945 * M + 512 * K;
	int trimmed = -1;
	size_t n;
	(void)state;

	n = sweep_sizes(&q, 2016 * M, max, s, 256, &trimmed);
	expect_sizes(s, n, quick, 5);
	assert_int_equal(trimmed, 1);
	n = sweep_sizes(&st, 2016 * M, max, s, 256, &trimmed);
	assert_int_equal(s[n - 1], 1945 * M);
	assert_int_equal(s[n - 2], 1536 * M);
	assert_int_equal(trimmed, 1);
	q.sizes_set = 1;
	q.size_count = 2;
	q.sizes[0] = 16 * K;
	q.sizes[1] = 64 * M;
	n = sweep_sizes(&q, 2016 * M, max, s, 256, &trimmed);
	assert_int_equal(n, 2);
	assert_int_equal(s[1], 64 * M);
}

static void repeats_and_sample_length(void **state)
{
	struct bm_config q = profile(BM_PROFILE_QUICK);
	struct bm_config s = profile(BM_PROFILE_STANDARD);
	struct bm_config f = profile(BM_PROFILE_FULL);
	(void)state;

	assert_int_equal(sweep_repeats(&q), 3);
	assert_int_equal(sweep_repeats(&s), 7);
	assert_int_equal(sweep_repeats(&f), 11);
	q.repeat = 1;
	f.repeat = 1000;
	assert_int_equal(sweep_repeats(&q), 1);
	assert_int_equal(sweep_repeats(&f), 1000);

	assert_int_equal(sweep_sample_ns(&q), 1000000);
	assert_int_equal(sweep_sample_ns(&s), 5000000);
	assert_int_equal(sweep_sample_ns(&f), 10000000);
}

/* A sample spans the profile's ns at the counter's rate, and never
 * fewer than SAMPLE_TICKS_MIN ticks: a 3 GHz TSC and QEMU's 62.5 MHz
 * generic timer take the profile's length as it is, a 1 MHz counter
 * 20 ms (quick's 1 ms would be 1000 ticks, a tick 0.1 % of it). */
static void sample_ticks_floor_the_slow_counters(void **state)
{
	struct bm_config q = profile(BM_PROFILE_QUICK);
	struct bm_config f = profile(BM_PROFILE_FULL);
	(void)state;

	assert_int_equal(SAMPLE_TICKS_MIN, 20000);
	assert_int_equal(sweep_sample_ticks(&q, 3000000000u), 3000000);
	assert_int_equal(sweep_sample_ticks(&q, 62500000u), 62500);
	assert_int_equal(sweep_sample_ticks(&q, 25000000u), 25000);
	assert_int_equal(sweep_sample_ticks(&f, 25000000u), 250000);
	assert_int_equal(sweep_sample_ticks(&q, 19200000u), 20000);
	assert_int_equal(sweep_sample_ticks(&q, 1000000u), 20000);
	assert_int_equal(sweep_sample_ticks(&f, 1000000u), 20000);
	assert_int_equal(sample_ticks(1000000u, 0), 20000);
	assert_int_equal(sample_ticks(1000000u, 1000000000u), 1000000);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(quick_profile),
		cmocka_unit_test(standard_profile),
		cmocka_unit_test(full_profile),
		cmocka_unit_test(ranges_include_both_ends),
		cmocka_unit_test(list_passes_through),
		cmocka_unit_test(trims_above_max_bytes),
		cmocka_unit_test(cap_is_respected),
		cmocka_unit_test(every_profile_reaches_the_floor),
		cmocka_unit_test(floor_past_memory_takes_the_largest_that_fits),
		cmocka_unit_test(repeats_and_sample_length),
		cmocka_unit_test(sample_ticks_floor_the_slow_counters),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
