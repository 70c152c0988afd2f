/* page=all and page lists: the latency sweep once per page size (host,
 * fake platform whose buffers get at most fake_page_cap pages), passes
 * the machine cannot give skipped with a warning, and the page-size table
 * (rows by size, ratio to the largest page). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "fake_platform.h"

#include "suite/cpus.h"
#include "suite/latency.h"
#include "suite/pagecmp.h"
#include "suite/suite.h"

#define K 1024ull
#define M (1024ull * K)
#define G (1024ull * M)

static struct run_results *run(const char *page)
{
	const char *words[] = { "profile=quick", "sizes=16K,64K", "repeat=3",
				"tests=latency", page };
	struct run_results *res = fake_results_new(words, 5, 32, 0);

	assert_non_null(res);
	assert_int_equal(cpus_select(res), 1);
	fake_out_len = 0;
	fake_out[0] = 0;
	return res;
}


/* How many points were measured on page pages. */
static int count_page(const struct run_results *res, uint64_t page)
{
	int n = 0;
	for (int i = 0; i < res->lat.count; i++)
		n += res->lat.p[i].page_bytes == page;
	return n;
}

static void all_three_on_a_machine_with_1g(void **state)
{
	struct run_results *res;
	(void)state;

	fake_page_cap = G;
	res = run("page=all");
	assert_int_equal(suite_run_alone(res, "latency", latency_sweep).nothing,
			 0);
	assert_int_equal(res->lat.count, 6);
	/* Largest first: the baseline is measured first. */
	assert_int_equal(res->lat.p[0].page_bytes, G);
	assert_int_equal(res->lat.p[2].page_bytes, 2 * M);
	assert_int_equal(res->lat.p[4].page_bytes, 4096);
	assert_int_equal(count_page(res, G), 2);
	assert_int_equal(count_page(res, 2 * M), 2);
	assert_int_equal(count_page(res, 4096), 2);
	/* (The host's noise may warn about samples; never about pages.) */
	assert_false(fake_warned(res, "pages"));
	assert_non_null(strstr(fake_out, "latency, cpu 0, 1G pages"));
	assert_non_null(strstr(fake_out, "latency, cpu 0, 4K pages"));
	assert_non_null(strstr(fake_out, "ratio to 1G pages"));
	assert_non_null(strstr(fake_out, "2M/1G"));
	assert_non_null(strstr(fake_out, "4K/1G"));
	fake_results_free(res);
}

/* No 1G pages (-cpu pdpe1gb=off): the 1G pass would only repeat the 2M
 * one, so it is skipped and said; the ratios are to 2M. */
static void no_1g_pass_skipped(void **state)
{
	struct run_results *res;
	(void)state;

	fake_page_cap = 2 * M;
	res = run("page=all");
	assert_int_equal(suite_run_alone(res, "latency", latency_sweep).nothing,
			 0);
	assert_int_equal(res->lat.count, 4);
	assert_int_equal(count_page(res, G), 0);
	assert_int_equal(count_page(res, 2 * M), 2);
	assert_int_equal(count_page(res, 4096), 2);
	assert_true(fake_warned(res, "2M pages, not the 1G asked: that pass is "
			   "skipped"));
	assert_non_null(strstr(fake_out, "latency on 1G pages: skipped"));
	assert_non_null(strstr(fake_out, "ratio to 2M pages"));
	assert_null(strstr(fake_out, "/1G"));
	fake_results_free(res);
}

/* page=1G,4K without 1G pages: the 1G pass runs on 2M pages (not in the
 * list, so not a repeat) and records 2M, with a warning. */
static void fallback_recorded_honestly(void **state)
{
	struct run_results *res;
	(void)state;

	fake_page_cap = 2 * M;
	res = run("page=4K,1G");
	assert_int_equal(suite_run_alone(res, "latency", latency_sweep).nothing,
			 0);
	assert_int_equal(res->lat.count, 4);
	assert_int_equal(count_page(res, 2 * M), 2);
	assert_int_equal(count_page(res, 4096), 2);
	assert_true(fake_warned(res, "2M pages, not the 1G asked"));
	assert_false(fake_warned(res, "skipped"));
	fake_results_free(res);
}

/* One page size: no table. */
static void single_page_no_table(void **state)
{
	struct run_results *res;
	(void)state;

	fake_page_cap = G;
	res = run("page=4K");
	assert_int_equal(suite_run_alone(res, "latency", latency_sweep).nothing,
			 0);
	assert_int_equal(res->lat.count, 2);
	assert_int_equal(count_page(res, 4096), 2);
	assert_null(strstr(fake_out, "page sizes"));
	fake_results_free(res);
}

static void build_rows(void **state)
{
	const struct lat_point pts[] = {
		{ .cpu = 0, .size_bytes = 64 * M, .page_bytes = G,
		  .ns_median = 100, .level = "DRAM" },
		{ .cpu = 0, .size_bytes = 16 * K, .page_bytes = G,
		  .ns_median = 1, .level = "L1" },
		{ .cpu = 1, .size_bytes = 16 * K, .page_bytes = 4096,
		  .ns_median = 9 },
		{ .cpu = 0, .size_bytes = 64 * M, .page_bytes = 4096,
		  .ns_median = 150, .level = "DRAM" },
		{ .cpu = 0, .size_bytes = 16 * K, .page_bytes = 2 * M,
		  .ns_median = 1.1, .level = "L1" },
		{ .cpu = 0, .size_bytes = 16 * K, .page_bytes = 4096,
		  .ns_median = 1.2, .level = "L1" },
		{ .cpu = 0, .size_bytes = 1 * G, .page_bytes = 4096,
		  .ns_median = 200, .level = "DRAM" },
	};
	struct pagecmp_row rows[8];
	uint64_t pages[PAGECMP_PAGES];
	int np = -1, nr;
	(void)state;

	nr = pagecmp_build(pts, 7, 0, pages, &np, rows, 8);
	assert_int_equal(np, 3);
	assert_int_equal(pages[0], G);
	assert_int_equal(pages[1], 2 * M);
	assert_int_equal(pages[2], 4096);
	assert_int_equal(nr, 3);
	assert_int_equal(rows[0].size_bytes, 16 * K);
	assert_int_equal(rows[1].size_bytes, 64 * M);
	assert_int_equal(rows[2].size_bytes, G);
	assert_float_equal(rows[0].ratio[0], 1.0, 1e-12);
	assert_float_equal(rows[0].ratio[1], 1.1, 1e-12);
	assert_float_equal(rows[0].ratio[2], 1.2, 1e-12);
	assert_float_equal(rows[1].ns[2], 150, 1e-12);
	assert_float_equal(rows[1].ratio[2], 1.5, 1e-12);
	assert_true(rows[1].ns[1] < 0 && rows[1].ratio[1] < 0);
	/* No 1G point at 1G: no baseline, no ratio. */
	assert_true(rows[2].ns[0] < 0 && rows[2].ratio[2] < 0);
	assert_float_equal(rows[2].ns[2], 200, 1e-12);
	/* cap bounds the rows. */
	assert_int_equal(pagecmp_build(pts, 7, 0, pages, &np, rows, 2), 2);
	/* Another cpu: its own points only. */
	assert_int_equal(pagecmp_build(pts, 7, 1, pages, &np, rows, 8), 1);
	assert_int_equal(np, 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(build_rows),
		cmocka_unit_test(all_three_on_a_machine_with_1g),
		cmocka_unit_test(no_1g_pass_skipped),
		cmocka_unit_test(fallback_recorded_honestly),
		cmocka_unit_test(single_page_no_table),
	};
	return cmocka_run_group_tests(tests, 0, 0);
}
