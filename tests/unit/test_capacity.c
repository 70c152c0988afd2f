/* capacity: the results hold every point a plan makes on a machine of
 * any size (profile=full on 512 threads with page=all and prefetch=both
 * once failed with "more points than the results can hold"), and
 * capacity_fit grows the arrays without losing a point. */
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

/* Growing keeps every point already there and never shrinks. */
static void fit_grows_and_keeps(void **state)
{
	const char *w[] = { "profile=full" };
	struct run_results *res;
	(void)state;

	res = fake_results_new(w, 1, 8, 4);
	assert_non_null(res);
	res->selected_count = 300;
	res->lat_count = 3;
	for (int i = 0; i < 3; i++)
		res->lat[i].size_bytes = 4096u << i;
	res->bw_count = 1;
	res->bw[0].bytes = 12345;
	assert_int_equal(capacity_fit(res), 0);
	assert_true(res->lat_cap >= 300 && res->bw_cap >= 4);
	for (int i = 0; i < 3; i++)
		assert_int_equal(res->lat[i].size_bytes, 4096u << i);
	assert_int_equal(res->bw[0].bytes, 12345);
	{
		int cap = res->lat_cap;
		res->selected_count = 1;
		assert_int_equal(capacity_fit(res), 0);
		assert_int_equal(res->lat_cap, cap);
	}
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
		cmocka_unit_test(fit_grows_and_keeps),
		cmocka_unit_test(c2c_full_has_a_budget),
	};
	return cmocka_run_group_tests(tests, 0, 0);
}
