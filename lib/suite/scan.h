/* tests=scan: every 1 GiB-aligned range of usable memory, its latency
 * and read bandwidth, its node (lib/suite/scan_plan.h plans, this runs). */
#ifndef BAREMEM_SCAN_H
#define BAREMEM_SCAN_H

#include "results/results.h"

/* Plans and measures, prints the table, keeps res->scan. Returns 0, or
 * -1 when nothing could be planned (the reason is in res->errors). */
int scan_run(struct run_results *res, struct test_outcome *o);

#endif
