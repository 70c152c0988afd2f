/* The per-level summary of a run: latency and read bandwidth of L1, L2,
 * L3 and DRAM, taken from points well inside each level. */
#ifndef BAREMEM_SUMMARY_H
#define BAREMEM_SUMMARY_H

#include "results/results.h"
#include "results/summary.h"

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

/* The summary the results file and the EFI variable carry: summary_compute
 * for the cpu results_summary_cpu names, from whatever res holds (a run
 * cut short by a fault: what it measured). The writers take it
 * (results/results_json.h). */
void summary_of_run(const struct run_results *res, struct summary *s);

/* Fills s->dram_copy and s->dram_write from the DRAM copy, write and
 * ntwrite points of bw[0..bw_count) (not the scaling curve, not
 * prefetch=off): on one cpu
 * the fastest, on several the fastest of those with the most cpus;
 * whatever the ISA and the stores, since the widest vectors do not
 * always copy or write DRAM fastest. gb < 0 where none was measured. */
void summary_dram_stores(const struct bw_point *bw, int bw_count,
			 struct summary *s);

/* The level a working set of size_bytes falls in: the smallest data or
 * unified cache (L1..L3) that holds it whole, else DRAM. A latency point
 * runs on one cpu while the others idle, so a shared cache counts whole.
 * Returns SUM_L1..SUM_DRAM. */
int summary_level_of(const struct cpu_info *ci, uint64_t size_bytes);
/* cpu's sweep among lat[0..lat_count) on the summary's page size (the
 * largest it ran on), prefetchers not off, one point per size (the
 * first), ascending: their indices in lat into idx[CURVE_MAX_POINTS], the
 * count returned, and the curve's check of them against ci's caches and
 * the DRAM floor into *out. */
struct curve_out;
int summary_curve(const struct lat_point *lat, int lat_count,
		  const struct cpu_info *ci, uint64_t floor_bytes, int cpu,
		  int *idx, struct curve_out *out);

/* "L1", "L2", "L3", "DRAM". */
const char *summary_level_name(int level);

#endif
