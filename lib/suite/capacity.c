/* Result capacities from the plan (see capacity.h). */
#include "suite/capacity.h"

#include "platform.h"
#include "suite/dramfloor.h"
#include "suite/sweep.h"

/* Bandwidth per pass: per ISA measured, at most 4 levels (L1, L2, L3,
 * DRAM) x 8 kernel slots x (1 cpu, all cpus), a compared copy's second
 * store kind, and 4 mixes at DRAM x (1 cpu, all cpus); then a scaling
 * curve of at most 64 counts (bandwidth_scaling_counts' cap). */
#define BW_LEVELS 4
#define BW_KERNEL_SLOTS 8
#define BW_MIX_SLOTS 4
#define BW_SCALING_MAX 64
#define SLACK 16

int capacity_planned(const struct bm_config *c, int cpus,
		     uint64_t floor_bytes, int *lat_points, int *bw_points)
{
	uint64_t sizes[256];
	int trimmed = 0, passes, pages, isas;
	long lat, bw;

	if (!c || cpus < 1 || !lat_points || !bw_points)
		return -1;
	/* sizes: the sweep before any trim for memory (an upper bound) */
	lat = (long)sweep_sizes(c, floor_bytes, ~0ull, sizes,
				sizeof sizes / sizeof *sizes, &trimmed) +
	      trimmed;
	passes = c->prefetch == BM_PREFETCH_BOTH ? 2 : 1;
	pages = c->page_count > 0 ? c->page_count : 1;
	/* the sweep once per page size (full: the first pass on every cpu,
	 * lib/suite/latency.c sweep_pass), then one DRAM point per cpu */
	if (c->profile == BM_PROFILE_FULL)
		pages += cpus - 1;
	lat = passes * (lat * pages + cpus) + SLACK;
	/* ISAs asked for (a loop: __builtin_popcount becomes a libgcc call
	 * the UEFI link does not have) */
	isas = 0;
	for (unsigned m = c->isa_mask; m; m &= m - 1)
		isas++;
	if (isas < 1)
		isas = 1;	/* auto */
	bw = passes * (isas * (BW_LEVELS * BW_KERNEL_SLOTS + BW_MIX_SLOTS) *
		       2 + BW_SCALING_MAX) + SLACK;
	*lat_points = lat > 0x7fffffff ? 0x7fffffff : (int)lat;
	*bw_points = (int)bw;
	return 0;
}

/* *arr (count used, *cap) grown to want elements of elem bytes. */
static int grow(void **arr, int count, int *cap, int want, size_t elem)
{
	unsigned char *n;

	if (want <= *cap)
		return 0;
	n = plat_alloc(elem * (size_t)want);
	if (!n)
		return -1;
	for (size_t i = 0; *arr && i < elem * (size_t)count; i++)
		n[i] = ((unsigned char *)*arr)[i];
	plat_free(*arr);
	*arr = n;
	*cap = want;
	return 0;
}

int capacity_fit(struct run_results *res)
{
	int lat, bw;

	if (capacity_planned(&res->config, res->selected_count > 0
				 ? res->selected_count : 1,
			     dramfloor_bytes(res), &lat, &bw) != 0)
		return -1;
	if (grow((void **)&res->lat, res->lat_count, &res->lat_cap, lat,
		 sizeof *res->lat) != 0 ||
	    grow((void **)&res->bw, res->bw_count, &res->bw_cap, bw,
		 sizeof *res->bw) != 0)
		return -1;
	return 0;
}
