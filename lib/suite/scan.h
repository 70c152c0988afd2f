/* tests=scan: every 1 GiB-aligned range of usable memory, its latency
 * and read bandwidth, its node (lib/suite/scan_plan.h plans, this runs). */
#ifndef BAREMEM_SCAN_H
#define BAREMEM_SCAN_H

#include "results/results.h"
#include "results/run_env.h"

/* Plans and measures on set's cpus, prints the table, keeps *mine->scan;
 * nothing: nothing could be planned (the reason is in mine->errors). */
struct test_outcome scan_run(const struct run_env *env,
			     const struct cpu_set *set,
			     struct test_out *mine);

#endif
