/* The caches of each core type. A hybrid part (CPUID 7:EDX[15], Alder
 * Lake and later) has cores of two types whose caches differ (an E-core
 * cluster's 2 MiB L2 against a P-core's 1.25 MiB), and CPUID describes
 * only the core that runs it: the cache and type leaves are read on
 * every cpu, inside a window on that cpu (MP services on UEFI, a pinned
 * thread on Linux), and the cpus grouped by core type (CPUID 1Ah) and
 * cache list together: Meteor Lake's SoC tile E-cores share the compute
 * tile E-cores' type but have no L3, and are a group of their own. */
#ifndef BAREMEM_CORETYPES_H
#define BAREMEM_CORETYPES_H

#include "results/results.h"
#include "results/run_env.h"
#include "suite/levels.h"

/* On a hybrid part, reads every usable cpu's CPUID and fills
 * res->core_types and res->cpu_type (a cpu that does not answer is
 * lost into *o, for the runner to drop, and keeps the boot cpu's type);
 * prints one line per type. Elsewhere every core has the boot cpu's
 * caches, and nothing is read. Returns the number of core types (0: not
 * read). */
int coretypes_read(struct run_results *res, struct test_outcome *o);

/* Where res->l3alloc says the boot cpu's class of service may fill only
 * some of the L3's ways, sizes the L3 of res->cpu and of every core type
 * by that share (what the plan, the labels and the DRAM floor then
 * use), with a warning; the JSON keeps CPUID's size. 1 when it did.
 * Where the boot cpu's class came from the MSRs, reads every selected
 * cpu's class too and warns of cpus in another one (their share is not
 * read). */
int coretypes_partition(struct run_results *res);

/* The level plan (levels.h) of set's cpus, by their own core types
 * (env's), with dram_bytes a cpu asked at DRAM. 0, or -1 when out of
 * memory. */
int coretypes_plan(const struct run_env *env, const struct cpu_set *set,
		   uint64_t dram_bytes, struct levels_plan *out);

#endif
