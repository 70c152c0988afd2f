/* The per-level summary rule (see summary.h). */
#include "suite/summary.h"

#include "bw.h"
#include "hw/cpuinfo.h"
#include "hw/memceiling.h"
#include "results/results_json.h"
#include "suite/coretypes.h"
#include "suite/curve.h"
#include "results/run_env.h"
#include "suite/dramfloor.h"
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
static uint64_t summary_page(const struct lat_point *lat, int n, int cpu)
{
	uint64_t page = 0;

	for (int i = 0; i < n; i++)
		if (lat[i].cpu == cpu && lat[i].page_bytes > page)
			page = lat[i].page_bytes;
	return page;
}

int summary_curve(const struct lat_point *lat, int lat_count,
		  const struct cpu_info *ci, uint64_t floor_bytes, int cpu,
		  int *idx, struct curve_out *out)
{
	uint64_t page = summary_page(lat, lat_count, cpu),
		 size[CURVE_MAX_POINTS];
	double ns[CURVE_MAX_POINTS];
	struct curve_in in = { .size_bytes = size, .ns = ns };
	int n = 0;

	for (int i = 0; i < lat_count; i++) {
		const struct lat_point *p = &lat[i];
		int at = n, dup = 0;
		if (p->cpu != cpu || p->page_bytes != page ||
		    p->prefetch == BM_PF_OFF)
			continue;
		/* insert by size; a size already there keeps its first */
		while (at > 0 && lat[idx[at - 1]].size_bytes >= p->size_bytes) {
			dup |= lat[idx[at - 1]].size_bytes == p->size_bytes;
			at--;
		}
		if (dup || n == CURVE_MAX_POINTS)
			continue;
		for (int k = n; k > at; k--)
			idx[k] = idx[k - 1];
		idx[at] = i;
		n++;
	}
	for (int k = 0; k < n; k++) {
		size[k] = lat[idx[k]].size_bytes;
		ns[k] = lat[idx[k]].ns_median;
	}
	for (int l = 1; l <= 3; l++) {
		const struct cpu_cache *c = cpuinfo_cache(ci, l);
		in.cache_bytes[l - 1] = c ? c->size_bytes : 0;
	}
	in.n = n;
	in.floor_bytes = floor_bytes;
	curve_check(&in, out);
	return n;
}

static int flagged(const struct lat_point *p)
{
	return p->noisy > 0 || p->disturbed;
}

/* Median of ns, tsc and core cycles over the curve's points in [lo, hi]
 * that read as level l (any, where the curve is not judged). */
static int level_latency(const struct lat_point *lat, const int *idx,
			 int n, const struct curve_out *cv, uint64_t lo,
			 uint64_t hi, struct summary *s, int l)
{
	double ns[CURVE_MAX_POINTS], tsc[CURVE_MAX_POINTS],
		core[CURVE_MAX_POINTS];
	int k = 0, have_core = 1, bad = 0;

	for (int i = 0; i < n; i++) {
		const struct lat_point *p = &lat[idx[i]];
		if (p->size_bytes < lo || p->size_bytes > hi ||
		    (cv->judged && cv->level[i] != l))
			continue;
		ns[k] = p->ns_median;
		tsc[k] = p->tsc_cycles_median;
		core[k] = p->core_cycles_median;
		have_core &= p->core_cycles_median >= 0;
		bad += flagged(p);
		k++;
	}
	if (k == 0)
		return 0;
	s->lat_ns[l] = stats_median_double(ns, (size_t)k);
	s->lat_tsc_cycles[l] = stats_median_double(tsc, (size_t)k);
	s->lat_core_cycles[l] = have_core ? stats_median_double(core, (size_t)k)
					  : -1;
	s->lat_flagged[l] = bad;
	return k;
}

/* The DRAM figure: the largest point, when the curve (or, unjudged, the
 * floor) says it is DRAM. */
static void dram_latency(const struct lat_point *lat, const int *idx,
			 int n, const struct curve_out *cv, struct summary *s)
{
	const struct lat_point *p;

	if (n == 0)
		return;
	p = &lat[idx[n - 1]];
	if (cv->judged ? cv->level[n - 1] != CURVE_DRAM
		       : p->size_bytes < s->dram_floor_bytes)
		return;
	s->lat_ns[SUM_DRAM] = p->ns_median;
	s->lat_tsc_cycles[SUM_DRAM] = p->tsc_cycles_median;
	s->lat_core_cycles[SUM_DRAM] = p->core_cycles_median;
	s->lat_flagged[SUM_DRAM] = flagged(p);
	s->dram_size_bytes = p->size_bytes;
	s->dram_below_floor = p->size_bytes < s->dram_floor_bytes;
}

static void latency_figures(const struct lat_point *lat, int lat_count,
			    const struct cpu_info *ci, uint64_t floor_bytes,
			    int cpu, struct summary *s)
{
	struct curve_out cv;
	int idx[CURVE_MAX_POINTS];
	int n = summary_curve(lat, lat_count, ci, floor_bytes, cpu, idx, &cv);

	s->dram_floor_bytes = floor_bytes;
	s->curve_judged = cv.judged;
	for (int l = 1; l <= 3; l++) {
		const struct cpu_cache *c = cpuinfo_cache(ci, l);
		uint64_t lo, hi;
		s->cpuid_bytes[l - 1] = c ? c->size_bytes : 0;
		s->cpuid_says[l - 1] = cpuinfo_cache_says(c);
		s->measured_bytes[l - 1] = cv.judged ? cv.measured_bytes[l - 1]
						     : 0;
		s->short_of_cpuid[l - 1] = cv.judged &&
					   (cv.far[l - 1] ||
					    cv.read_as_dram[l - 1] ||
					    cv.missing[l - 1]);
		if (levels_one_range(ci, l, &lo, &hi) != 0)
			continue;
		/* a level shorter than CPUID says may have no point left
		 * in CPUID's range: its own plateau's, above the level
		 * below */
		if (!level_latency(lat, idx, n, &cv, lo, hi, s, l - 1) &&
		    cv.judged)
			level_latency(lat, idx, n, &cv, lo, ~0ull, s, l - 1);
	}
	dram_latency(lat, idx, n, &cv, s);
}

void summary_compute(const struct run_results *res, int cpu,
		     struct summary *s)
{
	for (int l = 0; l < SUM_LEVELS; l++) {
		s->lat_ns[l] = s->lat_tsc_cycles[l] = s->lat_core_cycles[l] =
			s->read_gb[l] = -1;
		s->lat_flagged[l] = 0;
	}
	for (int l = 0; l < SUM_LEVELS - 1; l++) {
		s->cpuid_bytes[l] = s->measured_bytes[l] = 0;
		s->cpuid_says[l] = cpuinfo_cache_says(0);
		s->short_of_cpuid[l] = 0;
	}
	s->curve_judged = 0;
	s->dram_size_bytes = s->dram_floor_bytes = 0;
	s->dram_below_floor = 0;
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
	if (res->lat.count) {
		struct run_env env;
		struct cpu_set set = run_env_selected(res);

		run_env_fix(&env, res);
		latency_figures(res->lat.p, res->lat.count,
				coretypes_info(res, cpu),
				dramfloor_bytes(&env, &set), cpu, s);
	}

	for (int i = 0; i < res->bw.count; i++) {
		const struct bw_point *p = &res->bw.p[i];
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
	summary_dram_stores(res->bw.p, res->bw.count, s);
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

void summary_of_run(const struct run_results *res, struct summary *s)
{
	summary_compute(res, results_summary_cpu(res), s);
}
