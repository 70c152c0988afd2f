/* One run, the same on every platform: the results made, the warnings
 * before anything is measured, the machine and config on the console,
 * the JSON text, the messages and the end line. efi/x86_64/main.c and
 * linux/main.c keep only what their platform alone does (firmware or
 * OS set-up, where the files go). */
#ifndef BAREMEM_RUN_H
#define BAREMEM_RUN_H

#include <stddef.h>

#include "results/results.h"

/* A zeroed run for platform ("uefi", "linux") with room for the first
 * points (lib/suite/capacity.h grows it to the plan once the cpus are
 * known); 0 when out of memory. */
struct run_results *run_new(const char *platform);

/* Warnings every run gives before it measures: no APERF/MPERF, a TSC
 * that is not invariant, no MSR access for core cycles. */
void run_preflight(struct run_results *res);

/* The machine (cpu, caches, TSC, paging, frequency state) and the
 * effective configuration, as the console shows them before the tests. */
void run_print_machine(const struct run_results *res);
void run_print_config(const struct bm_config *c);

/* The errors and then the warnings, one line each, and how many more
 * the lists could not keep. */
void run_print_msgs(const struct run_results *res);
/* The warnings alone: those given before the tests start. */
void run_print_warnings(const struct run_results *res);

/* docs/design.md §4's last console line. run 0 and file 0: no results file. */
void run_print_done(enum run_status status, int run, const char *file);

#endif
