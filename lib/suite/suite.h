/* The suite: turns a configuration into measurements through the
 * platform seam. Both efi/ and linux/ call suite_run. */
#ifndef BAREMEM_SUITE_H
#define BAREMEM_SUITE_H

#include "results/results.h"

/* Runs every test the configuration selects, in the order of res->tests
 * (the registry, lib/registry.c; the rows under prefetch first, inside
 * prefetch=off|both's rounds), printing tables as it goes, and records
 * points, warnings and errors in res (res->config, cpu, tsc_hz and tests
 * filled in by the caller). A test's lost cpus leave res->selected after
 * it. Returns the run's status. */
enum run_status suite_run(struct run_results *res);

struct run_env;
/* One test as the runner runs it: row `row` of res->tests's run (or
 * run, a part of that test, when given) on the selection as it stands,
 * with env and only that row's own series (results_test_out); then the
 * run is marked partial and the cpus it lost leave the selection, from
 * its outcome. suite_run_alone fixes env from res first and finds the
 * row by its tests= word (a unit test running one test, or a part of
 * one). Returns the test's outcome. */
struct test_outcome suite_run_test(struct run_results *res,
				   const struct run_env *env, int row,
				   test_run_fn run);
struct test_outcome suite_run_alone(struct run_results *res,
				    const char *name, test_run_fn run);

#endif
