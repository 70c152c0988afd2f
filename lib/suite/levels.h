/* Which working set measures which cache level, on one cpu and on many
 * at once: a pure function of the caches of each core type, the cpus
 * that run and the DRAM working set, so a host test can call it over
 * any machine's CPUID dump with no platform.
 *
 * The rule (docs/method.md, "Sizes per level"): a point labelled level L
 * gives each running cpu a working set
 *   - at least twice that cpu's share of every cache below L (a cache's
 *     size over the running cpus that share that instance of it), so the
 *     lower levels cannot hold it, and
 *   - at most its share of half of L (half of L over the running cpus
 *     sharing that instance), so the cpus' sets together stay in L.
 * All cpus of a point get the same size. When no size meets both on
 * every selected cpu, the point runs on the largest count of the first
 * cpus (the selection's order) where one does, and says why; when not
 * even two fit, the all-cpu point is left out, with the reason. A DRAM
 * point's set is at least 4x the largest last-level cache of any core
 * type (a chase over it hits that cache < 25 % of the time). */
#ifndef BAREMEM_LEVELS_H
#define BAREMEM_LEVELS_H

#include <stdint.h>

#include "hw/cpuinfo.h"

#define LEVELS_ROWS 4		/* L1, L2, L3, DRAM */
#define LEVELS_DRAM 4		/* a row's level number for DRAM */
#define LEVELS_WHY_BYTES 200

/* One running cpu: where it sits and which core type it is. apic_id
 * tells which cpus share an instance of a cache: those whose ids agree
 * above the bits of the cache's sharing count (SDM vol 2A, CPUID leaf
 * 04H EAX[25:14]; AMD APM vol 3, Fn8000_001D EAX[25:14]). */
struct levels_cpu {
	uint32_t apic_id;
	int package, core, thread;
	int type;		/* index into levels_input.types */
};

struct levels_input {
	const struct cpu_info *types;	/* caches of each core type */
	int type_count;
	const struct levels_cpu *cpus;	/* the selection, in run order */
	int cpu_count;
	uint64_t dram_bytes;	/* the DRAM working set a cpu asked for
				 * (raised to the floor when under it) */
};

/* One point: per-cpu bytes on the first `cpus` cpus; bytes 0: none. */
struct levels_point {
	uint64_t bytes;
	int cpus;
	char why[LEVELS_WHY_BYTES];	/* "" or why fewer cpus / no point */
};

struct levels_row {
	const char *name;	/* "L1", "L2", "L3", "DRAM" */
	int level;		/* 1..3, LEVELS_DRAM */
	struct levels_point one;	/* the first cpu alone */
	struct levels_point all;	/* all cpus at once (cpus: how many) */
};

/* The scaling curve runs at DRAM with all.bytes a cpu, 1..all.cpus. */
struct levels_plan {
	int count;		/* rows, levels ascending, DRAM last */
	struct levels_row rows[LEVELS_ROWS];
	uint64_t dram_floor_bytes;	/* the least a DRAM point may use */
};

/* Ints of scratch levels_make needs for n cpus. */
#define LEVELS_SCRATCH_INTS(n) (6 * (size_t)(n) + 6)

/* Fills *out from in; scratch holds LEVELS_SCRATCH_INTS(in->cpu_count)
 * ints. Returns 0, or -1 when in has no cpus or a cpu names no type. */
int levels_make(const struct levels_input *in, int *scratch,
		struct levels_plan *out);

/* One cpu alone at level (1..3) of core type ci: the sizes that measure
 * it, [*lo, *hi] (2x the largest cache below it, half of it). 0, or -1
 * when ci has no such level. */
int levels_one_range(const struct cpu_info *ci, int level, uint64_t *lo,
		     uint64_t *hi);

/* The level (1..3, LEVELS_DRAM) a working set of size_bytes first fits
 * in on core type ci: the latency sweep's labels. */
int levels_of_size(const struct cpu_info *ci, uint64_t size_bytes);

/* The DRAM floor over a last-level cache of llc_bytes (the largest any
 * selected cpu may use; 0: CPUID names none, 32 MiB is assumed, on the
 * large side): 4x it in whole pages. Every DRAM point's working set
 * (latency sweep, per-cpu, loaded, NUMA, scan, bandwidth) is measured
 * against it: a random chase over it hits the LLC < 25 % of the time. */
uint64_t levels_dram_floor_bytes(uint64_t llc_bytes);

/* Cache levels a description may list (CPUID's leaf 4 and Arm's CLIDR
 * go to 7). */
#define LEVELS_CACHE_MAX 7

/* Core type ci's last-level cache in bytes (its highest data or unified
 * cache at any level, an SLC included), 0 when the description lists
 * none. */
uint64_t levels_llc_bytes(const struct cpu_info *ci);

#endif
