/* The AArch64 app's registry of tests (lib/registry.h): the app does not
 * run lib/suite's tests yet (it chases fixed sizes itself, chase_arm.c),
 * so its one row is latency's results, written and counted as on x86;
 * lib/registry.c, whose rows name every test's run function, is left
 * out of its link (the Makefile's ARM_EFI_SRC). */
#include "registry.h"

#include "config/config.h"
#include "results/results_json.h"

const struct test_row registry_tests[] = {
	{ .name = "latency", .bit = BM_TEST_LATENCY, .under_prefetch = 1,
	  .measured = results_latency_measured,
	  .json = results_json_latency },
};

const int registry_test_count =
	(int)(sizeof registry_tests / sizeof registry_tests[0]);
