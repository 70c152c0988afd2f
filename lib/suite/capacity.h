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

/* One pass's share of those (prefetch=both makes two), for the latency
 * and the bandwidth test to reserve room in their own series as they
 * start (lat_reserve, bw_reserve: the second pass adds room past the
 * first's points). cpus < 1 counts as 1. */
int capacity_latency_pass(const struct bm_config *c, int cpus,
			  uint64_t floor_bytes);
int capacity_bandwidth_pass(const struct bm_config *c);

#endif
