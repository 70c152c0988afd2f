/* The per-level summary of a run: latency and read bandwidth of L1, L2,
 * L3 and DRAM, taken from points well inside each level. */
#ifndef BAREMEM_SUMMARY_H
#define BAREMEM_SUMMARY_H

#include "results/results.h"

enum { SUM_L1, SUM_L2, SUM_L3, SUM_DRAM, SUM_LEVELS };

/* A DRAM copy or write figure and the kernel that made it. */
struct sum_store {
	double gb;		/* GB/s; < 0: not measured */
	const char *isa;	/* "avx512", "avx2", "sse2" */
	int nontemporal;	/* its stores went around the caches */
	int cpus;		/* how many ran at once */
};
enum { SUM_ONE_CPU, SUM_ALL_CPUS, SUM_CPU_COUNTS };

/* Values < 0 mean "not measured". */
struct summary {
	double lat_ns[SUM_LEVELS];
	double lat_tsc_cycles[SUM_LEVELS];
	double lat_core_cycles[SUM_LEVELS];
	double read_gb[SUM_LEVELS];	/* one cpu */
	double read_gb_dram_all;	/* all selected cpus at once */
	int dram_all_cpus;
	/* The ISA of each read figure ("avx512", "avx2", "sse2"; 0 where
	 * read_gb is not measured): with several measured (isa=auto beside
	 * AVX-512, or a list) the faster one's. */
	const char *read_isa[SUM_LEVELS];
	const char *read_isa_dram_all;
	/* The fastest DRAM copy and write (write or ntwrite) of every ISA
	 * and store kind measured (summary_stores.c), on one cpu and on the
	 * most cpus that ran at once (more than one). */
	struct sum_store dram_copy[SUM_CPU_COUNTS];
	struct sum_store dram_write[SUM_CPU_COUNTS];
	/* The DIMMs' ceiling (hw/memceiling.h), GB/s, and the all-cpus
	 * DRAM read as a fraction of it; < 0: unknown or not measured. */
	double ceiling_gb;
	double dram_all_of_ceiling;
	/* tests=scan: the ranges measured and how many of those were
	 * flagged; scan_ranges < 0: no scan ran. */
	int scan_ranges, scan_flagged;
	/* The curve's check (suite/curve.h) of the sweep on cpu: each
	 * level's size as CPUID gives it and as the curve measured it (0:
	 * none, or the curve never left the level); curve_judged 0 when the
	 * curve was too flat or short to judge (CPUID's sizes then rule). */
	uint64_t cpuid_bytes[SUM_LEVELS - 1];
	uint64_t measured_bytes[SUM_LEVELS - 1];
	int short_of_cpuid[SUM_LEVELS - 1];	/* the curve leaves the level
						 * well before CPUID's size, or
						 * its points read as DRAM */
	int curve_judged;
	/* Where the DRAM figure came from and the least size it may: the
	 * floor (4x the largest last-level cache, latency.h); below: the
	 * point is under the floor and reads as DRAM by its latency. */
	uint64_t dram_size_bytes, dram_floor_bytes;
	int dram_below_floor;
	/* Latency figures taken from a point flagged noisy or disturbed
	 * (outliers left after retakes, or samples spread past the bound):
	 * how many of the points behind each figure were. */
	int lat_flagged[SUM_LEVELS];
};

/* The rule, for the sweep on cpu `cpu` (latency) and the `*-read` points
 * (bandwidth):
 *   level L (cache of C_L bytes, the level below C_{L-1}, 0 for L1):
 *     the median over the points with 2 C_{L-1} <= size <= C_L / 2 of
 *     their median ns: inside the level, away from both edges, where the
 *     curve is flat; where the curve is judged (suite/curve.h), only the
 *     points that read as level L (its plateau: never a median across a
 *     step), and when none of those lie in the range, its plateau's
 *     points at or above 2 C_{L-1};
 *   DRAM: the point of the largest size, when it is at least the DRAM
 *     floor (4x the largest last-level cache of the selected cpus: a
 *     random chase then misses the LLC >= 75 % of hops) and the curve
 *     does not say otherwise, or when it is under the floor (memory
 *     short) but reads as DRAM by its latency (dram_below_floor);
 *   read bandwidth: the one-cpu point labelled with that level (the
 *     fastest, when several ISAs were measured: each level's peak, and
 *     read_isa names whose); DRAM all cpus: the non-scaling DRAM read
 *     point with the most cpus (the fastest of those). */
void summary_compute(const struct run_results *res, int cpu,
		     struct summary *s);

/* Fills s->dram_copy and s->dram_write from res's DRAM copy, write and
 * ntwrite points (not the scaling curve, not prefetch=off): on one cpu
 * the fastest, on several the fastest of those with the most cpus;
 * whatever the ISA and the stores, since the widest vectors do not
 * always copy or write DRAM fastest. gb < 0 where none was measured. */
void summary_dram_stores(const struct run_results *res, struct summary *s);

/* The level a working set of size_bytes falls in: the smallest data or
 * unified cache (L1..L3) that holds it whole, else DRAM. A latency point
 * runs on one cpu while the others idle, so a shared cache counts whole.
 * Returns SUM_L1..SUM_DRAM. */
int summary_level_of(const struct cpu_info *ci, uint64_t size_bytes);
/* cpu's sweep on the summary's page size (the largest it ran on),
 * prefetchers not off, one point per size (the first), ascending: their
 * indices in res->lat into idx[CURVE_MAX_POINTS], the count returned, and
 * the curve's check of them into *out. */
struct curve_out;
int summary_curve(const struct run_results *res, int cpu, int *idx,
		  struct curve_out *out);

/* "L1", "L2", "L3", "DRAM". */
const char *summary_level_name(int level);

#endif
