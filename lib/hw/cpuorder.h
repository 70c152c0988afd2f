/* baremem's cpu numbers: the order Linux usually gives (thread 0 of
 * every core, by package and core, then the second threads, ...), the
 * same on UEFI and Linux whatever order the platform lists them in. */
#ifndef BAREMEM_CPUORDER_H
#define BAREMEM_CPUORDER_H

#include "platform.h"

/* raw[0..n): the platform's processors in its own order (package, core
 * and thread filled in; thread need only order a core's siblings).
 * Fills order[k] with the raw index of baremem cpu k: first every
 * core's first thread, sorted by (package, core), then every core's
 * second thread in the same order, and so on. Stable: equal keys keep
 * their raw order. So cpus 0..cores-1 are distinct cores, and a list
 * taken in cpu order adds cores before siblings. Sets each raw[i].thread
 * to the cpu's rank among its core's threads (0, 1, ...). */
void cpuorder_smt_last(struct plat_cpu *raw, int n, int *order);

/* Whether cpus a and b are threads of one core. */
int cpuorder_same_core(const struct plat_cpu *a, const struct plat_cpu *b);

#endif
