/* Latency distributions: nearest-rank percentiles on known data, the
 * empty / one-sample / all-equal cases, histogram edges, underflow and
 * overflow, the overhead subtraction that never goes below zero, and the
 * segment kernel walking the same chain as the plain chase. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "fake_platform.h"

#include "chase.h"
#include "chase_seg.h"
#include "arch/arch.h"
#include "suite/dist.h"
#include "util/hist.h"
#include "suite/perm.h"

static void percentiles_of_1_to_1000(void **state)
{
	uint64_t v[1000], p;
	(void)state;
	for (int i = 0; i < 1000; i++)
		v[i] = (uint64_t)i + 1;
	/* Nearest rank: p% of 1000 values is the value at rank 10 p. */
	assert_int_equal(hist_percentile(v, 1000, 5000, &p), 0);
	assert_int_equal(p, 500);
	assert_int_equal(hist_percentile(v, 1000, 9000, &p), 0);
	assert_int_equal(p, 900);
	assert_int_equal(hist_percentile(v, 1000, 9900, &p), 0);
	assert_int_equal(p, 990);
	assert_int_equal(hist_percentile(v, 1000, 9990, &p), 0);
	assert_int_equal(p, 999);
	assert_int_equal(hist_percentile(v, 1000, 10000, &p), 0);
	assert_int_equal(p, 1000);
	/* Ranks round up: 9 values, p50 is the 5th, p90 the 9th (8.1). */
	assert_int_equal(hist_percentile(v, 9, 5000, &p), 0);
	assert_int_equal(p, 5);
	assert_int_equal(hist_percentile(v, 9, 9000, &p), 0);
	assert_int_equal(p, 9);
	/* The smallest percentile is still the smallest value. */
	assert_int_equal(hist_percentile(v, 1000, 1, &p), 0);
	assert_int_equal(p, 1);
}

static void percentiles_empty_one_equal(void **state)
{
	uint64_t one = 42, same[7] = { 9, 9, 9, 9, 9, 9, 9 }, p = 77;
	(void)state;
	assert_int_equal(hist_percentile(&one, 0, 5000, &p), -1);
	assert_int_equal(p, 77);	/* untouched */
	assert_int_equal(hist_percentile(&one, 1, 5000, &p), 0);
	assert_int_equal(p, 42);
	assert_int_equal(hist_percentile(&one, 1, 9990, &p), 0);
	assert_int_equal(p, 42);
	for (unsigned q = 1; q <= 10000; q += 999) {
		assert_int_equal(hist_percentile(same, 7, q, &p), 0);
		assert_int_equal(p, 9);
	}
}

static void edges_and_bins(void **state)
{
	(void)state;
	assert_true(hist_edge_ns(0) == HIST_LO_NS);
	assert_true(hist_edge_ns(HIST_PER_OCTAVE) == 2 * HIST_LO_NS);
	assert_true(hist_edge_ns(HIST_BINS) ==
		    HIST_LO_NS * (double)(1u << (HIST_BINS / HIST_PER_OCTAVE)));
	for (int k = 0; k < HIST_BINS; k++) {
		assert_true(hist_edge_ns(k) < hist_edge_ns(k + 1));
		/* An edge belongs to the bin above it. */
		assert_int_equal(hist_bin_of(hist_edge_ns(k)), k);
		assert_int_equal(hist_bin_of((hist_edge_ns(k) +
					      hist_edge_ns(k + 1)) / 2), k);
	}
	assert_int_equal(hist_bin_of(0), -1);
	assert_int_equal(hist_bin_of(HIST_LO_NS * 0.999), -1);
	assert_int_equal(hist_bin_of(hist_edge_ns(HIST_BINS)), HIST_BINS);
	assert_int_equal(hist_bin_of(1e12), HIST_BINS);
}

static void hist_counts_under_over(void **state)
{
	struct hist h = { { 0 }, 0, 0 };
	uint32_t total = 0;
	(void)state;
	hist_add(&h, 0);
	hist_add(&h, 0.1);
	hist_add(&h, 1.0);	/* bin 4: 1 ns = 0.5 ns x 2 */
	hist_add(&h, 1.0);
	hist_add(&h, 100.0);
	hist_add(&h, 5000.0);
	hist_add(&h, 1e9);
	assert_int_equal(h.under, 2);
	assert_int_equal(h.over, 2);
	assert_int_equal(h.count[4], 2);
	assert_int_equal(h.count[hist_bin_of(100.0)], 1);
	for (int k = 0; k < HIST_BINS; k++)
		total += h.count[k];
	assert_int_equal(total, 3);
}

/* Segment ticks minus the overhead, per hop: never negative, percentiles
 * in order and exact on known data. */
static void fill_subtracts_overhead(void **state)
{
	struct lat_point pt;
	uint64_t seg[100];
	(void)state;
	memset(&pt, 0, sizeof pt);
	/* 100 segments: 50 at the overhead or below, 50 at 40 + i. */
	for (int i = 0; i < 100; i++)
		seg[i] = i % 2 ? 40 + (uint64_t)i : (uint64_t)(i % 7);
	/* 1 tick = 1 ns, 4 hops per segment, overhead 8 ticks. */
	dist_fill(&pt, seg, 100, 4, 8, 1.0);
	assert_int_equal(pt.dist_segments, 100);
	assert_int_equal(pt.dist_hops, 4);
	assert_true(pt.dist_overhead_ns == 8.0);
	/* 50 zeros, then (40 + odd i - 8) / 4 for i = 1, 3, .. 99. */
	assert_true(pt.ns_p50 == 0.0);
	assert_true(pt.ns_p90 == (40.0 + 79 - 8) / 4);	/* rank 90: i = 79 */
	assert_true(pt.ns_p99 == (40.0 + 97 - 8) / 4);
	assert_true(pt.ns_p999 == (40.0 + 99 - 8) / 4);
	assert_int_equal(pt.hist.under, 50);
	assert_int_equal(pt.hist.over, 0);
	for (int i = 0; i < 100; i++)
		assert_true(i == 0 || seg[i - 1] <= seg[i]);
}

static void fill_empty(void **state)
{
	struct lat_point pt;
	uint64_t seg[1];
	(void)state;
	memset(&pt, 0, sizeof pt);
	dist_fill(&pt, seg, 0, 16, 5, 1.0);
	assert_int_equal(pt.dist_segments, 0);
	assert_true(pt.ns_p50 < 0 && pt.ns_p999 < 0);
}

/* The kernel follows the same chain as chase_run and writes one time per
 * segment, with either end of the timed region (RDTSCP where the host
 * has it, the MFENCE; LFENCE; RDTSC fallback always). */
static void segments_walk_the_chain(void **state)
{
	size_t bytes = 64 * 1024;
	void *buf = aligned_alloc(64, bytes), *start, *a, *b;
	uint64_t out[33];
	(void)state;
	start = chase_build(buf, bytes, 64, 7);
	for (int way = 0; way <= ticks_end_way_here(); way++) {
		out[32] = 0xdead;
		a = chase_segments(start, 13, 32, out, way);
		b = chase_run(start, 13 * 32);
		assert_ptr_equal(a, b);
		assert_int_equal(out[32], 0xdead);
		for (int i = 0; i < 32; i++)
			assert_true(out[i] > 0 && out[i] < (1ull << 40));
		assert_ptr_equal(chase_segments(start, 0, 32, out, way), start);
	}
	free(buf);
}

/* The whole measurement on the host: percentiles in order, the histogram
 * holds every segment, the overhead is positive. */
static void measure_on_host(void **state)
{
	struct run_results res;
	struct lat_point pt;
	size_t bytes = 256 * 1024;
	void *buf = aligned_alloc(64, bytes), *start;
	uint64_t n = 0;
	(void)state;
	memset(&res, 0, sizeof res);
	memset(&pt, 0, sizeof pt);
	res.tsc_hz = plat_tsc_hz();
	start = chase_build(buf, bytes, 64, 3);
	assert_int_equal(dist_measure(fake_env(&res), 0, start, &pt), 0);
	assert_int_equal(pt.dist_segments, DIST_SEGMENTS);
	assert_int_equal(pt.dist_hops, DIST_HOPS);
	assert_true(pt.dist_overhead_ns > 0);
	assert_true(0 <= pt.ns_p50 && pt.ns_p50 <= pt.ns_p90);
	assert_true(pt.ns_p90 <= pt.ns_p99 && pt.ns_p99 <= pt.ns_p999);
	n = pt.hist.under + pt.hist.over;
	for (int k = 0; k < HIST_BINS; k++)
		n += pt.hist.count[k];
	assert_int_equal(n, DIST_SEGMENTS);
	free(buf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(percentiles_of_1_to_1000),
		cmocka_unit_test(percentiles_empty_one_equal),
		cmocka_unit_test(edges_and_bins),
		cmocka_unit_test(hist_counts_under_over),
		cmocka_unit_test(fill_subtracts_overhead),
		cmocka_unit_test(fill_empty),
		cmocka_unit_test(segments_walk_the_chain),
		cmocka_unit_test(measure_on_host),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
