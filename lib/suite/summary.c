/* The per-level summary rule (see summary.h). */
#include "suite/summary.h"

#include "bw.h"
#include "hw/cpuinfo.h"
#include "hw/memceiling.h"
#include "suite/coretypes.h"
#include "suite/levels.h"
#include "util/stats.h"

/* "avx512" of "avx512-read": the ISA a read figure came from. */
static const char *isa_of(const char *kernel)
{
	const struct bw_kernel *k = bw_kernel_find(kernel);

	return k ? bw_isa_name(k->isa) : 0;
}

static int is_read(const char *kernel)
{
	const char *p = kernel;

	while (*p && *p != '-')
		p++;
	return p[0] == '-' && p[1] == 'r' && p[2] == 'e' && p[3] == 'a' &&
	       p[4] == 'd' && p[5] == 0;
}

static int level_index(const char *level)
{
	if (level[0] == 'L' && level[1] >= '1' && level[1] <= '3' && !level[2])
		return level[1] - '1';
	if (level[0] == 'D')
		return SUM_DRAM;
	return -1;
}

/* With page=all the sweep runs once per page size: the summary takes the
 * largest pages' points (1G: no page walks), as with one page size. */
static uint64_t summary_page(const struct run_results *res, int cpu)
{
	uint64_t page = 0;

	for (int i = 0; i < res->lat_count; i++)
		if (res->lat[i].cpu == cpu && res->lat[i].page_bytes > page)
			page = res->lat[i].page_bytes;
	return page;
}

/* Median of ns, tsc and core cycles over the points in [lo, hi]. */
static void level_latency(const struct run_results *res, int cpu,
			  uint64_t lo, uint64_t hi, struct summary *s, int l)
{
	uint64_t page = summary_page(res, cpu);
	double ns[64], tsc[64], core[64];
	int n = 0, have_core = 1;

	for (int i = 0; i < res->lat_count && n < 64; i++) {
		const struct lat_point *p = &res->lat[i];
		if (p->cpu != cpu || p->size_bytes < lo || p->size_bytes > hi ||
		    p->page_bytes != page || p->prefetch == BM_PF_OFF)
			continue;
		ns[n] = p->ns_median;
		tsc[n] = p->tsc_cycles_median;
		core[n] = p->core_cycles_median;
		have_core &= p->core_cycles_median >= 0;
		n++;
	}
	if (n == 0)
		return;
	s->lat_ns[l] = stats_median_double(ns, n);
	s->lat_tsc_cycles[l] = stats_median_double(tsc, n);
	s->lat_core_cycles[l] = have_core ? stats_median_double(core, n) : -1;
}

void summary_compute(const struct run_results *res, int cpu,
		     struct summary *s)
{
	/* cpu's own core type's caches: an E-core's levels are not a
	 * P-core's */
	const struct cpu_info *ci = coretypes_info(res, cpu);
	uint64_t llc = levels_llc_bytes(ci);
	const struct lat_point *largest = 0;
	uint64_t page = summary_page(res, cpu);

	for (int l = 0; l < SUM_LEVELS; l++)
		s->lat_ns[l] = s->lat_tsc_cycles[l] = s->lat_core_cycles[l] =
			s->read_gb[l] = -1;
	s->read_gb_dram_all = -1;
	s->dram_all_cpus = 0;
	for (int l = 0; l < SUM_LEVELS; l++)
		s->read_isa[l] = 0;
	s->read_isa_dram_all = 0;
	s->ceiling_gb = res->ceiling && res->ceiling->gb_per_s > 0
				? res->ceiling->gb_per_s : -1;
	s->dram_all_of_ceiling = -1;
	s->scan_ranges = res->scan ? 0 : -1;
	s->scan_flagged = 0;
	for (int i = 0; res->scan && i < res->scan->count; i++) {
		const struct scan_point *p = &res->scan->point[i];

		if (p->ns_median < 0 && p->gb_per_s_median < 0)
			continue;
		s->scan_ranges++;
		s->scan_flagged += p->flag[0] != 0;
	}

	/* a level's points: the one-cpu sizes of levels.h */
	for (int l = 1; l <= 3; l++) {
		uint64_t lo, hi;
		if (levels_one_range(ci, l, &lo, &hi) == 0)
			level_latency(res, cpu, lo, hi, s, l - 1);
	}
	for (int i = 0; i < res->lat_count; i++) {
		const struct lat_point *p = &res->lat[i];
		if (p->cpu == cpu && p->page_bytes == page &&
		    p->prefetch != BM_PF_OFF &&
		    (!largest || p->size_bytes > largest->size_bytes))
			largest = p;
	}
	if (largest && llc && largest->size_bytes >= 4 * llc) {
		s->lat_ns[SUM_DRAM] = largest->ns_median;
		s->lat_tsc_cycles[SUM_DRAM] = largest->tsc_cycles_median;
		s->lat_core_cycles[SUM_DRAM] = largest->core_cycles_median;
	}

	for (int i = 0; i < res->bw_count; i++) {
		const struct bw_point *p = &res->bw[i];
		int l = level_index(p->level);
		if (!is_read(p->kernel) || l < 0 || p->scaling ||
		    p->prefetch == BM_PF_OFF)
			continue;
		/* with several ISAs (isa=auto on a cpu with AVX-512, or a
		 * list) the faster one's, named: the widest vectors are not
		 * always the fastest (Zen 4 splits a 512-bit access in two) */
		if (p->cpus == 1) {
			if (p->gb_median > s->read_gb[l]) {
				s->read_gb[l] = p->gb_median;
				s->read_isa[l] = isa_of(p->kernel);
			}
		} else if (l == SUM_DRAM && (p->cpus > s->dram_all_cpus ||
			   (p->cpus == s->dram_all_cpus &&
			    p->gb_median > s->read_gb_dram_all))) {
			s->read_gb_dram_all = p->gb_median;
			s->dram_all_cpus = p->cpus;
			s->read_isa_dram_all = isa_of(p->kernel);
		}
	}
	if (s->ceiling_gb > 0 && s->read_gb_dram_all >= 0)
		s->dram_all_of_ceiling = s->read_gb_dram_all / s->ceiling_gb;
	summary_dram_stores(res, s);
}

int summary_level_of(const struct cpu_info *ci, uint64_t size_bytes)
{
	int l = levels_of_size(ci, size_bytes);

	return l == LEVELS_DRAM ? SUM_DRAM : l - 1;
}

const char *summary_level_name(int level)
{
	static const char *const names[SUM_LEVELS] = { "L1", "L2", "L3",
							"DRAM" };
	return level >= 0 && level < SUM_LEVELS ? names[level] : "?";
}
