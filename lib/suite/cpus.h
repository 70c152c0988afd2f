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
 * warning names it; the test's outcome counts it and says the run is
 * partial. The suite runner drops it from the selection after the test
 * (cpus_prune). */
void cpus_lost(struct msgs *warnings, struct test_outcome *o, int cpu,
	       const char *what);

/* Drops cpus that stopped answering from res->selected: the suite
 * runner's, between tests. */
void cpus_prune(struct run_results *res);

/* Keeps the usable cpus of list[0..n) in order; returns how many. A
 * test's own copy of the selection after it lost a cpu. */
int cpus_keep_usable(int *list, int n);

/* The selection as a test sees it while it runs: its cpus, less the
 * ones no longer usable once the test has lost one (o->lost), as the
 * runner will prune them after it. Into out[0..cpus->count); returns
 * the count. */
int cpus_in_play(const struct cpu_set *cpus, const struct test_outcome *o,
		 int *out);

/* Whether cpu is still usable (an AP that stopped answering is not). */
int cpus_usable(int cpu);

#endif
