/* The run's logical processors in baremem's order (cpuorder.h). Each
 * platform lists its processors once with cputable_set; lib/ reads them
 * through plat_cpu_count and plat_cpu_info (platform.h), which this file
 * serves for every platform. */
#ifndef BAREMEM_CPUTABLE_H
#define BAREMEM_CPUTABLE_H

#include "platform.h"

/* raw[0..n): the platform's processors in its own order (platform_cpu,
 * apic_id, package/core/thread, bsp, usable filled in). Keeps them in
 * baremem's order, numbered 0..n-1; order[k] (n ints, or 0) receives the
 * raw index of cpu k. Returns 0, or -1 when out of memory (the table is
 * then empty). raw's thread fields are ranked (cpuorder_smt_last). */
int cputable_set(struct plat_cpu *raw, int n, int *order);

/* cpu's entry, for the platform's own bookkeeping (a cpu dropped: usable
 * = 0); 0 outside the table. */
struct plat_cpu *cputable_at(int cpu);

/* The boot cpu's number (the first usable cpu marked bsp); -1: none. */
int cputable_bsp(void);

#endif
