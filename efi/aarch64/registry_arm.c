/* The AArch64 app's registry of tests (lib/registry.h). The app does not
 * run lib/suite's tests yet (it chases fixed sizes itself, chase_arm.c),
 * so its rows are lib/registry.c's without their run functions: each
 * test's results written, counted and shown as on x86 (the latency the
 * app fills, the others empty, their keys present as the schema asks).
 * lib/registry.c, whose rows name the run functions and with them
 * lib/suite and the plat_* seam, is left out of its link (the Makefile's
 * ARM_EFI_SRC). */
#include "registry.h"

#include "config/config.h"
#include "report/report.h"
#include "results/results_json.h"

const struct test_row registry_tests[] = {
	{ "latency", BM_TEST_LATENCY, 1, 0, results_latency_measured,
	  results_json_latency, report_latency },
	{ "bandwidth", BM_TEST_BANDWIDTH, 1, 0, results_bandwidth_measured,
	  results_json_bandwidth, report_bandwidth },
	{ "loaded", BM_TEST_LOADED, 0, 0, results_loaded_measured,
	  results_json_loaded, report_loaded },
	{ "c2c", BM_TEST_C2C, 0, 0, results_c2c_measured, results_json_c2c,
	  report_c2c },
	{ "numa", BM_TEST_NUMA, 0, 0, results_numa_measured,
	  results_json_numa, report_numa },
	{ "scan", BM_TEST_SCAN, 0, 0, results_scan_measured,
	  results_json_scan, report_scan },
};

const int registry_test_count =
	(int)(sizeof registry_tests / sizeof registry_tests[0]);
