/* The suite: turns a configuration into measurements through the
 * platform seam. Both efi/ and linux/ call suite_run. */
#ifndef BAREMEM_SUITE_H
#define BAREMEM_SUITE_H

#include "results/results.h"

/* Runs every test the configuration selects, printing tables as it goes,
 * and records points, warnings and errors in res (res->config, cpu and
 * tsc_hz filled in by the caller). Returns the run's status. */
enum run_status suite_run(struct run_results *res);

#endif
