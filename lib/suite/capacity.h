/* How many points a run's plan makes, so the results hold them all on a
 * machine of any size (a fixed capacity failed profile=full on more than
 * ~51 cpus: "more points than the results can hold"). */
#ifndef BAREMEM_CAPACITY_H
#define BAREMEM_CAPACITY_H

#include "config/config.h"
#include "results/results.h"

/* Upper bounds of the latency and bandwidth points config c plans for
 * `cpus` selected cpus whose sweeps reach floor_bytes (the DRAM floor,
 * sweep.h). 0, or -1 on bad arguments. */
int capacity_planned(const struct bm_config *c, int cpus,
		     uint64_t floor_bytes, int *lat_points, int *bw_points);

/* Grows res->lat and res->bw (plat_alloc) to capacity_planned for
 * res->selected_count, keeping what they hold. 0, or -1 when pool memory
 * is short (the old arrays stay; a point past them is refused as
 * before). */
int capacity_fit(struct run_results *res);

#endif
