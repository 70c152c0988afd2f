/* Result capacities from the plan (see capacity.h). */
#include "suite/capacity.h"

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

/* One pass's latency points (the sweep once per page size; full: the
 * first pass on every cpu, lib/suite/latency.c sweep_pass; then one DRAM
 * point per cpu) and bandwidth points, each with some slack; -1 on bad
 * arguments. */
static long latency_pass(const struct bm_config *c, int cpus,
			 uint64_t floor_bytes)
{
	uint64_t sizes[256];
	int trimmed = 0, pages;
	long lat;

	if (!c || cpus < 1)
		return -1;
	/* sizes: the sweep before any trim for memory (an upper bound) */
	lat = (long)sweep_sizes(c, floor_bytes, ~0ull, sizes,
				sizeof sizes / sizeof *sizes, &trimmed) +
	      trimmed;
	pages = c->page_count > 0 ? c->page_count : 1;
	if (c->profile == BM_PROFILE_FULL)
		pages += cpus - 1;
	return lat * pages + cpus + SLACK;
}

static long bandwidth_pass(const struct bm_config *c)
{
	int isas = 0;

	if (!c)
		return -1;
	/* ISAs asked for (a loop: __builtin_popcount becomes a libgcc call
	 * the UEFI link does not have) */
	for (unsigned m = c->isa_mask; m; m &= m - 1)
		isas++;
	if (isas < 1)
		isas = 1;	/* auto */
	return isas * (BW_LEVELS * BW_KERNEL_SLOTS + BW_MIX_SLOTS) * 2 +
	       BW_SCALING_MAX + SLACK;
}

static int to_int(long v)
{
	return v > 0x7fffffff ? 0x7fffffff : (int)v;
}

int capacity_planned(const struct bm_config *c, int cpus,
		     uint64_t floor_bytes, int *lat_points, int *bw_points)
{
	long lat = latency_pass(c, cpus, floor_bytes), passes;

	if (lat < 0 || !lat_points || !bw_points)
		return -1;
	passes = c->prefetch == BM_PREFETCH_BOTH ? 2 : 1;
	*lat_points = to_int(passes * lat);
	*bw_points = to_int(passes * bandwidth_pass(c));
	return 0;
}

int capacity_latency_pass(const struct bm_config *c, int cpus,
			  uint64_t floor_bytes)
{
	return to_int(latency_pass(c, cpus > 0 ? cpus : 1, floor_bytes));
}

int capacity_bandwidth_pass(const struct bm_config *c)
{
	return to_int(bandwidth_pass(c));
}
