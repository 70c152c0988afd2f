/* The numbers the charts draw, taken out of a run's results: latency
 * curves (one per page size and prefetcher pass) and the bandwidth of
 * each level and kernel on one cpu and on all cpus. */
#ifndef BAREMEM_SERIES_H
#define BAREMEM_SERIES_H

#include <stdint.h>

#include "results/results.h"

#define SERIES_MAX 6		/* curves on one chart */
#define SERIES_POINTS 96	/* points per curve */

struct lat_curve {
	uint64_t page_bytes;
	int prefetch;		/* BM_PF_ON, BM_PF_OFF, 0 */
	int n;
	uint64_t size_bytes[SERIES_POINTS];	/* ascending */
	double ns[SERIES_POINTS];		/* median ns per load */
	char label[32];		/* "1G pages", "4K pages, prefetch off" */
};

/* The sweep cpu's curves; returns how many (<= max). */
int series_latency(const struct run_results *res, int cpu,
		   struct lat_curve *out, int max);

#define BW_LEVELS 4		/* L1, L2, L3, DRAM */
#define BW_KERNELS 8

/* Median GB/s per level and kernel; < 0 where not measured. */
struct bw_table {
	int kernels;
	const char *kernel[BW_KERNELS];	/* "avx2-read", in first-seen order */
	double one[BW_LEVELS][BW_KERNELS];	/* one cpu */
	double all[BW_LEVELS][BW_KERNELS];	/* all_cpus at once */
	int all_cpus;		/* the most cpus of a non-scaling point */
};

void series_bandwidth(const struct run_results *res, struct bw_table *t);
/* "read" for "avx2-read": the kernel without its instruction set. */
const char *series_kernel_short(const char *kernel);

#endif
