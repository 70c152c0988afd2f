/* Which logical processors a run measures. */
#ifndef BAREMEM_CPUS_H
#define BAREMEM_CPUS_H

#include "results/results.h"

/* Reads the platform's processors into res->cpus and picks the usable
 * ones the `cpus` key selects into res->selected. A selected cpu that is
 * absent or unusable is a warning and marks the run failed (partial).
 * Returns the number selected (>= 1 unless memory ran out). */
int cpus_select(struct run_results *res);
/* The boot cpu leaves res->selected[0..count) (a warning says why) when
 * it cannot run at the same time as APs (plat_bsp_runs_with_aps) and
 * another cpu is selected. Returns the new count. */
int cpus_drop_bsp(struct run_results *res, int count);

/* cpu did not finish `what` ("a latency point", a kernel's name): it
 * timed out or faulted, and the platform put which in the errors. A
 * warning names it; the run is partial. cpus_prune then drops it. */
void cpus_lost(struct run_results *res, int cpu, const char *what);

/* Drops cpus that stopped answering from res->selected. */
void cpus_prune(struct run_results *res);

/* Whether cpu is still usable (an AP that stopped answering is not). */
int cpus_usable(int cpu);

#endif
