/* The scan's chain over a range (scan_chase_lines in
 * lib/suite/scan_plan.c, chase_build_spread in lib/suite/perm.c): on
 * last-level caches of 32, 96, 320 and 504 MiB (a desktop, Genoa-X's
 * CCD, Emerald Rapids, Granite Rapids) and ranges of 1 GiB and odd
 * sizes, the chain holds 4x the cache in lines or, where the range
 * cannot, a line of every pair of the whole range (and says so); its
 * slots tile the range from its first byte to within a pair of its end.
 * Then the same shapes scaled down 1024 times, built for real and
 * walked: every slot visited once. A chain written cold (non-temporal
 * stores) is cut to the hops the chase takes, its warm pass the TLB's,
 * and marked cached only when chased round. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "suite/perm.h"
#include "suite/scan_plan.h"

#define K (1ull << 10)
#define M (1ull << 20)
#define G (1ull << 30)

static const uint64_t llcs[] = { 32 * M, 96 * M, 320 * M, 504 * M };
/* 1 GiB, a GiB cut by the firmware's memory (2 MiB aligned, as the
 * planner cuts), a 2 MiB piece, and sizes that are no multiple of the
 * slot, the pair or the line. */
static const uint64_t ranges[] = { G, G - 126 * M, 2 * M, 768 * M + 4 * K,
				   G - 4160, 1000 * M + 192, 600 * M + 65 };

/* The chain's length rule, and its slots from 0 to the range's last
 * whole pair, contiguous, one or more pairs each. */
static void chain_covers_the_range(uint64_t llc, uint64_t bytes)
{
	int whole = -1;
	uint64_t lines = scan_chase_lines(bytes, 4 * llc, &whole);
	uint64_t first, end, at = 0, widest = (bytes / 128 + lines - 1) / lines;

	assert_true(lines >= 1 && lines <= bytes / 128);
	if (whole)
		assert_int_equal(lines, bytes / 128);
	else
		assert_true(lines * 64 >= 4 * llc);
	/* whole exactly when 4x the cache does not fit one line a pair */
	assert_int_equal(whole, 4 * llc / 64 > bytes / 128);
	for (uint64_t i = 0; i < lines; i++) {
		chase_spread_slot(bytes, lines, i, &first, &end);
		if (first != at || end <= first || end - first > widest * 128)
			fail_msg("LLC %llu MiB, range %llu: slot %llu is "
				 "[%llu, %llu), expected to start at %llu",
				 (unsigned long long)(llc / M),
				 (unsigned long long)bytes,
				 (unsigned long long)i,
				 (unsigned long long)first,
				 (unsigned long long)end,
				 (unsigned long long)at);
		at = end;
	}
	assert_true(at <= bytes && bytes - at < 128);
}

static void chain_covers_every_range_on_every_llc(void **state)
{
	(void)state;
	for (size_t l = 0; l < sizeof llcs / sizeof llcs[0]; l++)
		for (size_t r = 0; r < sizeof ranges / sizeof ranges[0]; r++)
			chain_covers_the_range(llcs[l], ranges[r]);
}

/* What the figures mean on each part's 1 GiB ranges: 32 and 96 MiB get
 * 4x their cache; 320 and 504 MiB cannot (4x is over a GiB) and take a
 * line of every pair, marked. */
static void which_gibs_are_marked(void **state)
{
	int whole;
	(void)state;

	assert_int_equal(scan_chase_lines(G, 4 * 32 * M, &whole), 2 * M);
	assert_int_equal(whole, 0);
	assert_int_equal(scan_chase_lines(G, 4 * 96 * M, &whole), 6 * M);
	assert_int_equal(whole, 0);
	assert_int_equal(scan_chase_lines(G, 4 * 320 * M, &whole), 8 * M);
	assert_int_equal(whole, 1);
	assert_int_equal(scan_chase_lines(G, 4 * 504 * M, &whole), 8 * M);
	assert_int_equal(whole, 1);
}

/* The warm pass before the scan's samples: a cache's worth of hops (a
 * quarter of a 4x chain), the whole chain where it is under that. */
static void warm_pass_is_a_cache_worth(void **state)
{
	int whole;
	(void)state;

	for (size_t l = 0; l < sizeof llcs / sizeof llcs[0]; l++)
		for (size_t r = 0; r < sizeof ranges / sizeof ranges[0]; r++) {
			uint64_t lines = scan_chase_lines(ranges[r],
							  4 * llcs[l], &whole);
			uint64_t warm = scan_warm_hops(lines, 4 * llcs[l]);

			assert_int_equal(warm, lines < llcs[l] / 64
						       ? lines
						       : llcs[l] / 64);
			if (!whole)
				assert_int_equal(warm * 4, lines);
		}
	assert_int_equal(scan_warm_hops(2 * M, 4 * 32 * M), 512 * K);
}

/* The builder itself on the shapes scaled down 1024 times: the cycle
 * visits every slot once (so its first line is in the range's first
 * slot's bytes and some line in the last's), never outside the range. */
static void built_chain_visits_every_slot(void **state)
{
	(void)state;
	for (size_t l = 0; l < sizeof llcs / sizeof llcs[0]; l++)
		for (size_t r = 0; r < sizeof ranges / sizeof ranges[0]; r++) {
			uint64_t llc = llcs[l] / 1024, bytes = ranges[r] / 1024;
			int whole;
			uint64_t lines = scan_chase_lines(bytes, 4 * llc, &whole);
			uint8_t *buf = aligned_alloc(64, (bytes + 63) & ~63ull);
			uint8_t *seen = calloc(lines, 1);
			uint32_t *index = calloc(lines, sizeof *index);
			uint8_t *p, *start;
			uint64_t lo = ~0ull, hi = 0, first, end;

			assert_non_null(buf);
			assert_non_null(seen);
			assert_non_null(index);
			start = chase_build_spread(buf, bytes, lines, llc ^ bytes,
						   index);
			assert_non_null(start);
			p = start;
			for (uint64_t hop = 0; hop < lines; hop++) {
				uint64_t off = (uint64_t)(p - buf);
				uint64_t i = ((off / 128 + 1) * lines - 1) /
					     (bytes / 128);

				assert_true(off + 64 <= bytes && off % 64 == 0);
				assert_true(i < lines);
				assert_int_equal(seen[i], 0);
				seen[i] = 1;
				lo = off < lo ? off : lo;
				hi = off > hi ? off : hi;
				p = (uint8_t *)(uintptr_t)*(uint64_t *)p;
			}
			assert_ptr_equal(p, start);
			chase_spread_slot(bytes, lines, 0, &first, &end);
			assert_true(lo < end);
			chase_spread_slot(bytes, lines, lines - 1, &first, &end);
			assert_true(hi >= first && bytes - end < 128);
			free(index);
			free(seen);
			free(buf);
		}
}

/* A chain written cold: as many lines as scan_chase_lines gives, cut to
 * the hops a chase can take (samples_max samples of 1 ms at 40 ns a hop
 * and the most warm hops), the same whatever the cache once the chain
 * is that long; every hop a first visit at 40 ns a hop or slower. For
 * quick (3 samples: 10 with retakes and calibration), full (11: 34)
 * and repeat=1000 (3001, past every GiB's pairs: the 4x rule again). */
static void cold_chain_outlasts_the_chase(void **state)
{
	const uint64_t samples[] = { 10, 34, 3001 };
	int whole;
	(void)state;

	for (size_t l = 0; l < sizeof llcs / sizeof llcs[0]; l++)
		for (size_t r = 0; r < sizeof ranges / sizeof ranges[0]; r++)
			for (size_t n = 0; n < 3; n++) {
				uint64_t full = scan_chase_lines(
					ranges[r], 4 * llcs[l], &whole);
				uint64_t cold = scan_cold_lines(
					ranges[r], 4 * llcs[l], samples[n]);
				uint64_t hops = samples[n] * (1000000 / 40) +
						4096;

				assert_int_equal(cold,
						 hops < full ? hops : full);
			}
	/* a GiB at full: 854,096 lines on every cache, a build that no
	 * longer grows with it (it was 2 M to 8 M lines) */
	for (size_t l = 0; l < sizeof llcs / sizeof llcs[0]; l++)
		assert_int_equal(scan_cold_lines(G, 4 * llcs[l], 34), 854096);
	assert_int_equal(scan_cold_lines(G, 4 * 32 * M, 3001), 2 * M);
}

/* The warm pass before a cold chain's samples is the TLB's: 8 hops a
 * page up to 512 pages, never over the chain. */
static void cold_warm_is_the_tlb(void **state)
{
	(void)state;
	assert_int_equal(scan_cold_warm_hops(854096, G, G), 8);
	assert_int_equal(scan_cold_warm_hops(854096, G, 2 * M), 4096);
	assert_int_equal(scan_cold_warm_hops(854096, 64 * M, 2 * M), 256);
	assert_int_equal(scan_cold_warm_hops(854096, G, 4 * K), 4096);
	assert_int_equal(scan_cold_warm_hops(100, G, 2 * M), 100);
	assert_int_equal(scan_cold_warm_hops(854096, 2 * M, 0), 8);
}

/* ns_may_be_cached: a chain under 4x the cache (floor / 64 lines) not
 * written cold, or chased round its cycle; a cold chain read under 40
 * ns a hop (no memory is that fast: the caches answered), whatever its
 * length; else never a chain of 4x or more, and a cold chain chased
 * less than once round is loaded from memory at every hop whatever its
 * length. */
static void cached_only_where_a_hop_may_hit(void **state)
{
	const uint64_t floor = 4 * 504 * M, lines = 854096;
	(void)state;
	assert_int_equal(scan_may_be_cached(lines, floor, 1, lines, 95), 0);
	assert_int_equal(scan_may_be_cached(lines, floor, 1, 60000, 95), 0);
	assert_int_equal(scan_may_be_cached(lines, floor, 1, lines + 1, 95),
			 1);
	assert_int_equal(scan_may_be_cached(lines, floor, 0, 60000, 95), 1);
	assert_int_equal(scan_may_be_cached(floor / 64, floor, 0, 60000, 95),
			 0);
	assert_int_equal(scan_may_be_cached(floor / 64, floor, 1, 9 * floor,
					    95), 0);
	assert_int_equal(scan_may_be_cached(8 * M, 4 * 504 * M, 0, 60000, 95),
			 1);
	/* answered faster than memory: cached, however long the chain */
	assert_int_equal(scan_may_be_cached(lines, floor, 1, 60000, 39.9), 1);
	assert_int_equal(scan_may_be_cached(floor / 64, floor, 1, 60000, 25),
			 1);
	assert_int_equal(scan_may_be_cached(lines, floor, 1, 60000, 40), 0);
	assert_int_equal(scan_may_be_cached(lines, floor, 1, 60000, -1), 0);
	/* not cold: the 4x rule alone, as before */
	assert_int_equal(scan_may_be_cached(floor / 64, floor, 0, 60000, 25),
			 0);
}

/* The scan's read: a range of 256 MiB or more in samples of one whole
 * pass (no sizing on one cpu), a smaller one sized as the table's. */
static void large_ranges_read_in_one_pass(void **state)
{
	(void)state;
	assert_int_equal(scan_read_passes(G), 1);
	assert_int_equal(scan_read_passes(256 * M), 1);
	assert_int_equal(scan_read_passes(254 * M), 0);
	assert_int_equal(scan_read_passes(64 * M), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(chain_covers_every_range_on_every_llc),
		cmocka_unit_test(which_gibs_are_marked),
		cmocka_unit_test(warm_pass_is_a_cache_worth),
		cmocka_unit_test(built_chain_visits_every_slot),
		cmocka_unit_test(cold_chain_outlasts_the_chase),
		cmocka_unit_test(cold_warm_is_the_tlb),
		cmocka_unit_test(cached_only_where_a_hop_may_hit),
		cmocka_unit_test(large_ranges_read_in_one_pass),
	};
	return cmocka_run_group_tests(tests, 0, 0);
}
