/* The latency sweep on one cpu. */
#ifndef BAREMEM_LATENCY_H
#define BAREMEM_LATENCY_H

#include "results/results.h"

/* Chases every size of the configuration's sweep on the first selected
 * cpu (in profile full, on every selected cpu), prints the table and
 * appends the points to res. Returns 0, or -1 when nothing could be
 * measured (the reason is in res->errors). */
int latency_sweep(struct run_results *res);

/* Each selected cpu alone chases one DRAM-sized buffer: the per-core idle
 * DRAM latency, with the spread across cores and outliers flagged. */
int latency_per_cpu(struct run_results *res);

/* The DRAM working-set size: a power of two well above the last-level
 * cache (64 MiB at least in profile quick, 256 MiB otherwise). */
uint64_t latency_dram_bytes(const struct run_results *res);

/* The least a working set called DRAM may be: 4x the last-level cache
 * (the summary's rule, lib/suite/summary.c), 4 KiB multiples. A chase over it
 * hits the LLC < 25 % of the time; a bandwidth stream over it leaves
 * nothing of a pass in the LLC for the next. */
uint64_t latency_dram_floor_bytes(const struct run_results *res);

#endif
