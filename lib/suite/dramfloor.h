/* The DRAM floor: the least working set a point called DRAM may use, in
 * one place for every test that sizes by the cache (the latency sweep of
 * every profile, the per-cpu DRAM latency, the loaded latency, the NUMA
 * matrix, the scan, the bandwidth plan's levels_make). */
#ifndef BAREMEM_DRAMFLOOR_H
#define BAREMEM_DRAMFLOOR_H

#include <stdint.h>

#include "results/test_row.h"

struct run_env;

/* The largest last-level cache any cpu of set may use: its core type's
 * from CPUID today (0 when CPUID names none); where the cpu is allowed
 * less of it (a cache partition), this is the one function to feed. */
uint64_t dramfloor_llc_bytes(const struct run_env *env,
			     const struct cpu_set *set);

/* 4x dramfloor_llc_bytes in whole pages (levels_dram_floor_bytes: 32 MiB
 * assumed when CPUID names no last level). A random chase over it hits
 * the LLC < 25 % of the time; a bandwidth stream leaves nothing of a pass
 * in the LLC for the next. */
uint64_t dramfloor_bytes(const struct run_env *env, const struct cpu_set *set);

#endif
