/* The DRAM copy rule of lib/suite/bandwidth.c: copy at the DRAM size is
 * measured with cached and with non-temporal stores, the faster is the
 * one point, and both medians stay in it; inside the caches copy is the
 * cached kernel alone. Run on the host through the fake platform. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "fake_platform.h"

#include "suite/bandwidth.h"
#include "suite/cpus.h"

static struct run_results *run(void)
{
	const char *words[] = { "profile=quick", "sizes=16K", "repeat=3",
				"tests=bandwidth" };
	struct run_results *res = fake_results_new(words, 4, 0, 64);

	assert_non_null(res);
	assert_int_equal(cpus_select(res), 1);
	return res;
}

static int is_copy(const struct bw_point *p)
{
	return !strcmp(p->kernel, "avx2-copy") || !strcmp(p->kernel, "sse2-copy");
}

/* One copy point per level; the DRAM one compared both ways and is the
 * faster of the two, the L1 one cached and not compared; ntwrite says
 * non-temporal, read and write cached. The console names both. */
static void dram_copy_is_the_faster_of_both_stores(void **state)
{
	int have_avx2 = *(int *)*state;
	struct run_results *res;
	int copies = 0, dram = 0;

	if (have_avx2 && !__builtin_cpu_supports("avx2"))
		skip();
	res = run();
	fake_out_len = 0;
	assert_int_equal(bandwidth_run(res, have_avx2), 0);
	for (int i = 0; i < res->bw_count; i++) {
		const struct bw_point *p = &res->bw[i];

		if (p->scaling)
			continue;
		assert_int_equal(strncmp(p->kernel, have_avx2 ? "avx2-" : "sse2-",
					 5), 0);
		if (!is_copy(p)) {
			assert_int_equal(p->nontemporal,
					 strstr(p->kernel, "ntwrite") != 0);
			assert_false(p->stores_compared);
			continue;
		}
		copies++;
		if (strcmp(p->level, "DRAM")) {
			assert_false(p->nontemporal);
			assert_false(p->stores_compared);
			continue;
		}
		dram++;
		assert_true(p->stores_compared);
		assert_true(p->cached_gb_median > 0);
		assert_true(p->nontemporal_gb_median > 0);
		if (p->nontemporal) {
			assert_true(p->nontemporal_gb_median >
				    p->cached_gb_median);
			assert_true(p->gb_median == p->nontemporal_gb_median);
		} else {
			assert_true(p->cached_gb_median >=
				    p->nontemporal_gb_median);
			assert_true(p->gb_median == p->cached_gb_median);
		}
		assert_true(p->gb_min <= p->gb_median &&
			    p->gb_median <= p->gb_max);
	}
	assert_int_equal(copies, 3);	/* L1, L2 and DRAM, one cpu */
	assert_int_equal(dram, 1);
	assert_non_null(strstr(fake_out, "DRAM copy, cached against "
				      "non-temporal stores"));
	fake_results_free(res);
}

static struct bw_point point(const char *kernel, int nontemporal,
			     double median)
{
	return (struct bw_point){ .kernel = kernel, .level = "DRAM",
				  .cpus = 2, .gb_min = median - 1,
				  .gb_median = median, .gb_max = median + 1,
				  .nontemporal = nontemporal };
}

/* The rule itself on made-up medians: the faster is kept in the first
 * slot, the second slot is given back, and both medians are carried. */
static void keep_faster_keeps_the_faster(void **state)
{
	struct bw_point bw[4];
	struct run_results res = { .bw = bw, .bw_cap = 4 };
	struct bw_point *kept;

	(void)state;
	/* non-temporal faster */
	bw[0] = point("avx2-copy", 0, 40);
	bw[1] = point("avx2-copy", 1, 52);
	res.bw_count = 2;
	kept = bandwidth_keep_faster(&res, &bw[0], &bw[1]);
	assert_ptr_equal(kept, &bw[0]);
	assert_int_equal(res.bw_count, 1);
	assert_true(kept->nontemporal);
	assert_true(kept->gb_median == 52 && kept->gb_min == 51);
	assert_true(kept->stores_compared);
	assert_true(kept->cached_gb_median == 40);
	assert_true(kept->nontemporal_gb_median == 52);

	/* cached faster, and a tie goes to cached */
	for (int tie = 0; tie <= 1; tie++) {
		bw[0] = point("sse2-copy", 0, 30);
		bw[1] = point("sse2-copy", 1, tie ? 30 : 21);
		res.bw_count = 2;
		kept = bandwidth_keep_faster(&res, &bw[0], &bw[1]);
		assert_ptr_equal(kept, &bw[0]);
		assert_int_equal(res.bw_count, 1);
		assert_false(kept->nontemporal);
		assert_true(kept->gb_median == 30);
		assert_true(kept->nontemporal_gb_median == (tie ? 30 : 21));
	}

	/* one of them failed: the other alone, not compared */
	bw[0] = point("avx2-copy", 1, 50);
	res.bw_count = 1;
	kept = bandwidth_keep_faster(&res, 0, &bw[0]);
	assert_ptr_equal(kept, &bw[0]);
	assert_int_equal(res.bw_count, 1);
	assert_false(kept->stores_compared);
	bw[0] = point("avx2-copy", 0, 40);
	kept = bandwidth_keep_faster(&res, &bw[0], 0);
	assert_ptr_equal(kept, &bw[0]);
	assert_int_equal(res.bw_count, 1);
	assert_false(kept->stores_compared);
	res.bw_count = 0;
	assert_null(bandwidth_keep_faster(&res, 0, 0));
	assert_int_equal(res.bw_count, 0);
}

int main(void)
{
	static int avx2 = 1, sse2 = 0;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_prestate(dram_copy_is_the_faster_of_both_stores,
					  &avx2),
		cmocka_unit_test_prestate(dram_copy_is_the_faster_of_both_stores,
					  &sse2),
		cmocka_unit_test(keep_faster_keeps_the_faster),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
