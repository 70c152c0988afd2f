/* The EFI variable's summary (results_summary_json.c) fits its 2 KiB
 * (docs/design.md §4) at its worst: the first error at its longest with every
 * byte escaped to 6, the longest path likewise, and every summary figure
 * present and large. The cut takes the error, then the path, never
 * schema, run, status or the figures; figures too long to be real go
 * null rather than lose the variable.
 * With SUMMARY_WORST_OUT=FILE the worst case's JSON is also written to
 * FILE, for tests/scripts/test_summary_worst_case_validates to check
 * against docs/summary.schema.json. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "hw/memceiling.h"
#include "results/results.h"
#include "results/results_json.h"
#include "suite/summary.h"

#define K 1024ull
#define M (1024ull * 1024)
/* docs/design.md §4: the variable's data, the JSON, is at most 2048 bytes. The 4
 * attribute bytes efivarfs shows before it are not part of the data:
 * efi/var.c checks the JSON's length alone against the same bound. */
#define VAR_DATA_MAX_BYTES 2048

static struct lat_point lat[4];
static struct bw_point bw[9];
static int selected[] = { 4095 };
static struct run_results res;
static char buf[8192];
static struct mem_ceiling ceiling;
/* tests=scan at its most: 8192 ranges (suite/scan.c's MAX_RANGES), all
 * measured and flagged: the counts' widest digits. */
static struct scan_point scan_points[8192];
static struct scan_result scan;

/* A run whose summary has every figure, each of value `big`. */
static void run_with_figures(double big)
{
	static const uint64_t sizes[4] = { 8 * K, 256 * K, 4 * M, 256 * M };
	static const char *const levels[4] = { "L1", "L2", "L3", "DRAM" };

	memset(&res, 0, sizeof res);
	res.cpu.cache_count = 3;
	res.cpu.caches[0] = (struct cpu_cache){ 1, "data", 32 * K, 64, 8, 2, 0 };
	res.cpu.caches[1] = (struct cpu_cache){ 2, "unified", 1 * M, 64, 16, 2, 0 };
	res.cpu.caches[2] = (struct cpu_cache){ 3, "unified", 16 * M, 64, 16, 16, 0 };
	res.selected = selected;
	res.selected_count = 1;
	for (int l = 0; l < 4; l++) {
		lat[l] = (struct lat_point){
			.cpu = 4095, .size_bytes = sizes[l], .ns_median = big,
			.tsc_cycles_median = big, .core_cycles_median = big,
			.noisy = 1 };
		bw[l] = (struct bw_point){ .kernel = "avx512-read",
					   .level = levels[l], .cpus = 1,
					   .gb_median = big };
	}
	bw[4] = (struct bw_point){ .kernel = "avx512-read", .level = "DRAM",
				   .cpus = 4096, .gb_median = big };
	/* the DRAM copy and write, non-temporal (the longer name), on one
	 * cpu and on 4096 */
	for (int i = 0; i < 4; i++)
		bw[5 + i] = (struct bw_point){
			.kernel = i < 2 ? "avx512-copy" : "avx512-ntwrite",
			.level = "DRAM", .cpus = i % 2 ? 4096 : 1,
			.gb_median = big, .nontemporal = 1 };
	res.lat.p = lat;
	res.lat.count = 4;
	res.bw.p = bw;
	res.bw.count = 9;
	res.run_number = 9999;
	/* the DIMMs' ceiling as large: the all-cpus read its 1.00 */
	ceiling = (struct mem_ceiling){ .dimms = 1, .gb_per_s = big };
	res.ceiling = &ceiling;
	res.scan = 0;
}

/* run_with_figures' run with a scan of n ranges, the first `measured`
 * measured and the first `flagged` of those flagged. */
static void with_scan(int n, int measured, int flagged)
{
	for (int i = 0; i < n; i++) {
		scan_points[i] = (struct scan_point){
			.ns_median = i < measured ? 100 : -1,
			.gb_per_s_median = i < measured ? 10 : -1 };
		if (i < flagged)
			strcpy(scan_points[i].flag, "latency 20% above");
	}
	scan = (struct scan_result){ .count = n, .point = scan_points };
	res.scan = &scan;
}

/* Every byte of the error (as long as a message gets) and of the path
 * (as long as file[] holds) escapes to \u0001: 6 bytes each. */
static void worst_strings(void)
{
	memset(res.errors.text[0], 1, MSG_BYTES - 1);
	res.errors.text[0][MSG_BYTES - 1] = 0;
	res.errors.count = 1;
	memset(res.file, 1, sizeof res.file - 1);
	res.file[sizeof res.file - 1] = 0;
	memcpy(res.file + sizeof res.file - 14, "run-9999.json", 14);
}

static size_t summary(enum run_status status)
{
	struct summary sum;
	size_t len;

	memset(buf, 'x', sizeof buf);
	summary_of_run(&res, &sum);
	len = results_summary_json(&res, &sum, status, buf, sizeof buf);
	if (len == 0 || len > VAR_DATA_MAX_BYTES || strlen(buf) != len)
		fail_msg("summary of %zu bytes (strlen %zu), bound %d: %.200s",
			 len, strlen(buf), VAR_DATA_MAX_BYTES, buf);
	return len;
}

static void worst_case_fits_and_keeps_the_figures(void **state)
{
	const char *file, *end;

	(void)state;
	run_with_figures(987654321098.75);	/* 15 digits each */
	with_scan(8192, 8192, 8192);
	worst_strings();
	summary(RUN_PARTIAL);
	assert_memory_equal(buf, "{\"schema\":\"baremem-summary/1\","
			    "\"run\":9999,\"status\":\"partial\",\"file\":\"", 66);
	/* the error cut to its mark, the path to its end after the mark */
	assert_non_null(strstr(buf, "\"error\":\"...\""));
	file = strstr(buf, "\"file\":\"...");
	assert_non_null(file);
	end = strstr(file, "run-9999.json\",");
	assert_non_null(end);
	assert_true(strstr(file, "\\u0001") < end);	/* cut no more than needed */
	/* every figure whole */
	assert_non_null(strstr(buf, "\"cpu\":4095,\"l1_ns\":987654321098.75,"));
	assert_non_null(strstr(buf, "\"dram_tsc_cycles\":987654321098.8,"));
	assert_non_null(strstr(buf, "\"dram_all_cpus\":987654321098.8},"
				    "\"read_isa\":{\"l1\":"));
	assert_non_null(strstr(buf, "},\"all_cpus\":4096,"
				    "\"dram_copy\":{\"one_cpu\":{"
				    "\"gb_per_s\":987654321098.8,"
				    "\"isa\":\"avx512\","
				    "\"stores\":\"non-temporal\",\"cpus\":1},"
				    "\"all_cpus\":{\"gb_per_s\":987654321098.8,"
				    "\"isa\":\"avx512\","
				    "\"stores\":\"non-temporal\","
				    "\"cpus\":4096}},\"dram_write\":{"));
	assert_non_null(strstr(buf, "\"cpus\":4096}},"
				    "\"ceiling_gb_per_s\":987654321098.8,"
				    "\"dram_all_cpus_of_ceiling\":1.00,"
				    "\"scan_ranges\":8192,"
				    "\"scan_flagged\":8192,"));
	/* the curve's fields after them, every level's figure flagged */
	assert_non_null(strstr(buf, "\"flagged\":[\"l1\",\"l2\",\"l3\","
				    "\"dram\"]}}"));
	if (getenv("SUMMARY_WORST_OUT")) {
		FILE *f = fopen(getenv("SUMMARY_WORST_OUT"), "w");

		assert_non_null(f);
		assert_int_equal(fwrite(buf, 1, strlen(buf), f), strlen(buf));
		assert_int_equal(fclose(f), 0);
	}
}

/* A scan's counts: the ranges with a figure, the flagged among them;
 * no keys at all when no scan ran. */
static void scan_counts_only_with_a_scan(void **state)
{
	(void)state;
	run_with_figures(12.5);
	summary(RUN_OK);
	assert_null(strstr(buf, "scan_"));
	with_scan(10, 7, 2);
	summary(RUN_OK);
	assert_non_null(strstr(buf, "\"scan_ranges\":7,\"scan_flagged\":2,"));
}

/* Nothing is cut when everything fits; an error past 160 bytes is cut
 * there, marked. */
static void ordinary_summary_is_whole(void **state)
{
	(void)state;
	run_with_figures(12.5);
	strcpy(res.file, "\\baremem\\results\\run-0007.json");
	res.errors.count = 1;
	memset(res.errors.text[0], 'e', 170);
	res.errors.text[0][170] = 0;
	summary(RUN_PARTIAL);
	assert_non_null(strstr(buf, "\"file\":\"\\\\baremem\\\\results\\\\"
				    "run-0007.json\","));
	assert_non_null(strstr(buf, "\"error\":\"eeee"));
	assert_non_null(strstr(buf, "eeee...\","));
	assert_int_equal(strstr(buf, "...\",") - strstr(buf, "\"error\":\"") -
				 9, RESULTS_SUMMARY_ERROR_BYTES);
	res.errors.text[0][20] = 0;
	summary(RUN_PARTIAL);
	assert_non_null(strstr(buf, "\"error\":\"eeeeeeeeeeeeeeeeeeee\","));
}

/* A cut ends on a whole UTF-8 sequence: no U+FFFD for half a euro sign. */
static void cut_keeps_whole_characters(void **state)
{
	(void)state;
	run_with_figures(1);
	res.errors.count = 1;
	res.errors.text[0][0] = 0;
	for (int i = 0; i < 60; i++)
		strcat(res.errors.text[0], "\xe2\x82\xac");	/* 180 bytes */
	summary(RUN_ERROR);
	assert_null(strstr(buf, "\\ufffd"));
	assert_non_null(strstr(buf, "\xe2\x82\xac...\""));
}

/* Figures no machine measures (a broken clock): %f writes 300 digits
 * each, so they go null, and schema, run, status and file stay. */
static void absurd_figures_go_null(void **state)
{
	(void)state;
	run_with_figures(1e300);
	worst_strings();
	summary(RUN_OK);
	assert_memory_equal(buf, "{\"schema\":\"baremem-summary/1\","
			    "\"run\":9999,\"status\":\"ok\",\"file\":\"", 61);
	assert_non_null(strstr(buf, "\"l1_ns\":null,"));
	assert_non_null(strstr(buf, "\"dram_all_cpus\":null}"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(worst_case_fits_and_keeps_the_figures),
		cmocka_unit_test(ordinary_summary_is_whole),
		cmocka_unit_test(scan_counts_only_with_a_scan),
		cmocka_unit_test(cut_keeps_whole_characters),
		cmocka_unit_test(absurd_figures_go_null),
	};

	return cmocka_run_group_tests(tests, 0, 0);
}
