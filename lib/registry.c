/* The registry of tests (registry.h): a row per measurement, assembled
 * here, at the top of the layers, because its columns come from four of
 * them: the run in lib/suite, the JSON in lib/results (or the test's own
 * file), the HTML section in lib/report, the screen page in lib/draw.
 * The tests= words are written here too, in the rows' order, for the
 * config parser below (tests/unit/test_registry.c checks they agree):
 * lib/registry_words.c builds this file with REGISTRY_WORDS_ONLY into
 * an object of the words alone, so a program that parses a config
 * without running tests links no test. The rows prefetch=off|both
 * repeats come first: the runner runs them inside its rounds. */
#include "config/config.h"

#ifndef REGISTRY_WORDS_ONLY
#include "registry.h"

#include "draw/charts.h"
#include "report/report.h"
#include "results/results_json.h"
#include "suite/bandwidth.h"
#include "suite/c2c.h"
#include "suite/latency.h"
#include "suite/loaded.h"
#include "suite/numa_matrix.h"
#include "suite/scan.h"
#endif

#ifdef REGISTRY_WORDS_ONLY
/* The tests= words, in the rows' order: word i is row i's name and bit
 * (1u << i). The config parser reads them (lib/config/config.h). */
const char *const bm_test_words[] = { "latency", "bandwidth", "loaded",
				      "c2c", "numa", "scan" };
const int bm_test_word_count =
	(int)(sizeof bm_test_words / sizeof bm_test_words[0]);
#else
const struct test_row registry_tests[] = {
	{ .name = "latency", .bit = BM_TEST_LATENCY, .under_prefetch = 1,
	  .run = latency_run,
	  .out = results_latency_out,
	  .measured = results_latency_measured,
	  .json = results_json_latency,
	  .html = report_latency },
	{ .name = "bandwidth", .bit = BM_TEST_BANDWIDTH, .under_prefetch = 1,
	  .run = bandwidth_run,
	  .out = results_bandwidth_out,
	  .measured = results_bandwidth_measured,
	  .json = results_json_bandwidth,
	  .html = report_bandwidth },
	{ .name = "loaded", .bit = BM_TEST_LOADED,
	  .run = loaded_run,
	  .out = results_loaded_out,
	  .measured = results_loaded_measured,
	  .json = results_json_loaded,
	  .html = report_loaded },
	{ .name = "c2c", .bit = BM_TEST_C2C,
	  .run = c2c_run,
	  .out = results_c2c_out,
	  .measured = results_c2c_measured,
	  .json = results_json_c2c,
	  .html = report_c2c },
	{ .name = "numa", .bit = BM_TEST_NUMA,
	  .run = numa_run,
	  .out = results_numa_out,
	  .measured = results_numa_measured,
	  .json = results_json_numa,
	  .html = report_numa },
	{ .name = "scan", .bit = BM_TEST_SCAN,
	  .run = scan_run,
	  .out = results_scan_out,
	  .measured = results_scan_measured,
	  .json = results_json_scan,
	  .html = report_scan,
	  .screen = scan_screen },
};

const int registry_test_count =
	(int)(sizeof registry_tests / sizeof registry_tests[0]);
#endif
