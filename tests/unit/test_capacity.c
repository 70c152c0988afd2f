/* capacity: the results hold every point a plan makes on a machine of
 * any size (profile=full on 512 threads with page=all and prefetch=both
 * once failed with "more points than the results can hold"), and each
 * series grows alone (lat_reserve, bw_reserve) without losing a point. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "fake_platform.h"

#include "suite/c2c.h"
#include "suite/capacity.h"
#include "suite/sweep.h"

static struct bm_config parsed(int n, const char **words)
{
	struct bm_config c;
	struct msgs errs = { 0 }, warns = { 0 };

	config_defaults(&c);
	assert_int_equal(config_parse_args(&c, n, words, &errs, &warns), 0);
	return c;
}

/* The bound covers the sweep once per page size and prefetch state (in
 * full the first pass on every cpu too) and a DRAM point per cpu per
 * prefetch state. */
static void full_on_512_threads_fits(void **state)
{
	const char *w[] = { "profile=full", "page=all", "prefetch=both" };
	struct bm_config c = parsed(3, w);
	uint64_t sizes[256];
	int trimmed = 0, lat = 0, bw = 0;
	/* a DRAM floor past full's 4G (a 2 GiB last level) extends it */
	uint64_t floor_bytes = 8ull << 30;
	size_t n = sweep_sizes(&c, floor_bytes, ~0ull, sizes, 256, &trimmed);
	(void)state;

	assert_true(n > 64);	/* full: 4 points an octave, 4K..8G */
	assert_int_equal(capacity_planned(&c, 512, floor_bytes, &lat, &bw),
			 0);
	assert_true(lat >= 2 * ((int)n * (3 + 511) + 512));
	assert_true(lat > 4096);	/* the old fixed capacity */
	assert_true(bw >= 2 * (4 * 8 * 2 + 64));
	assert_int_equal(capacity_planned(&c, 0, floor_bytes, &lat, &bw), -1);
}

/* Growing keeps every point already there and never shrinks, and one
 * series' reserve leaves the other's array where it was. */
static void reserve_grows_its_own_series(void **state)
{
	const char *w[] = { "profile=full" };
	struct run_results *res;
	struct bw_point *bw;
	struct lat_point *lat;
	int cap, more;
	(void)state;

	res = fake_results_new(w, 1, 8, 4);
	assert_non_null(res);
	res->selected_count = 300;
	res->lat.count = 3;
	for (int i = 0; i < 3; i++)
		res->lat.p[i].size_bytes = 4096u << i;
	res->bw.count = 1;
	res->bw.p[0].bytes = 12345;
	more = capacity_latency_pass(&res->config, res->selected_count,
				     1ull << 30);
	assert_true(more >= 300);	/* a DRAM point per cpu at least */
	bw = res->bw.p;
	assert_int_equal(lat_reserve(fake_test_out(res), more), 0);
	assert_true(res->lat.cap >= 3 + more);
	assert_ptr_equal(res->bw.p, bw);	/* bandwidth's untouched */
	assert_int_equal(res->bw.cap, 4);
	for (int i = 0; i < 3; i++)
		assert_int_equal(res->lat.p[i].size_bytes, 4096u << i);
	lat = res->lat.p;
	assert_int_equal(bw_reserve(fake_test_out(res), capacity_bandwidth_pass(
					      &res->config)), 0);
	assert_true(res->bw.cap >= 1 + 4 * 8 * 2 + 64);
	assert_ptr_equal(res->lat.p, lat);	/* latency's untouched */
	assert_int_equal(res->bw.p[0].bytes, 12345);
	cap = res->lat.cap;
	assert_int_equal(lat_reserve(fake_test_out(res), 1),
			 0);	/* room already */
	assert_int_equal(res->lat.cap, cap);
	assert_ptr_equal(res->lat.p, lat);
	assert_int_equal(res->warnings.count, 0);
	fake_results_free(res);
}

/* A pool too short to grow a series: its own warning with the points it
 * keeps, the points it holds and its room unchanged. */
static void short_pool_warns_per_series(void **state)
{
	const char *w[] = { "profile=quick" };
	struct run_results *res = fake_results_new(w, 1, 8, 4);
	struct lat_point *lat;
	(void)state;

	assert_non_null(res);
	res->selected_count = 2;
	res->lat.count = 8;
	res->lat.p[7].size_bytes = 77;
	lat = res->lat.p;
	fake_alloc_max = 64 * sizeof *res->bw.p;
	assert_int_equal(lat_reserve(fake_test_out(res), 100), -1);
	assert_int_equal(bw_reserve(fake_test_out(res), 100), -1);
	fake_alloc_max = 0;
	assert_ptr_equal(res->lat.p, lat);
	assert_int_equal(res->lat.cap, 8);
	assert_int_equal(res->lat.p[7].size_bytes, 77);
	assert_null(lat_append(fake_test_out(res),
			       &(struct lat_point){ .cpu = 1 }));
	assert_int_equal(res->lat.count, 8);
	assert_int_equal(res->warnings.count, 2);
	assert_string_equal(res->warnings.text[0], "out of pool memory for "
			    "the results of 2 cpus: points past 8 latency are "
			    "not kept");
	assert_string_equal(res->warnings.text[1], "out of pool memory for "
			    "the results of 2 cpus: points past 4 bandwidth "
			    "are not kept");
	fake_results_free(res);
}

/* Core-to-core in profile=full: every pair while they fit the budget,
 * a sample of C2C_FULL_PAIRS beyond (512 threads: 130816 pairs). */
static void c2c_full_has_a_budget(void **state)
{
	(void)state;
	assert_int_equal(c2c_pair_cap(BM_PROFILE_FULL, 64), 64 * 63 / 2);
	assert_int_equal(c2c_pair_cap(BM_PROFILE_FULL, 90), 90 * 89 / 2);
	assert_int_equal(c2c_pair_cap(BM_PROFILE_FULL, 512), C2C_FULL_PAIRS);
	assert_int_equal(c2c_pair_cap(BM_PROFILE_QUICK, 512), 24);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(full_on_512_threads_fits),
		cmocka_unit_test(reserve_grows_its_own_series),
		cmocka_unit_test(short_pool_warns_per_series),
		cmocka_unit_test(c2c_full_has_a_budget),
	};
	return cmocka_run_group_tests(tests, 0, 0);
}
