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

#endif
