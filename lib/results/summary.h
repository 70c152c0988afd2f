/* The per-level summary of a run as data: its figures, what the results
 * file's "summary" and the EFI variable are written from. The suite
 * computes it (suite/summary.h, summary_compute); the writers only read
 * it. */
#ifndef BAREMEM_RESULTS_SUMMARY_H
#define BAREMEM_RESULTS_SUMMARY_H

#include <stdint.h>

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
	 * and store kind measured (lib/suite/summary_stores.c), on one cpu
	 * and on the most cpus that ran at once (more than one). */
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
	/* who gave cpuid_bytes, as a message's subject ("CPUID says",
	 * "PPTT says": lib/hw/cpuinfo.h's cpuinfo_cache_says) */
	const char *cpuid_says[SUM_LEVELS - 1];
	uint64_t measured_bytes[SUM_LEVELS - 1];
	int short_of_cpuid[SUM_LEVELS - 1];	/* the curve leaves the level
						 * well before CPUID's size, or
						 * its points read as DRAM */
	int curve_judged;
	/* Where the DRAM figure came from and the least size it may: the
	 * floor (4x the largest last-level cache, lib/suite/latency.h);
	 * below: the point is under the floor and reads as DRAM by its
	 * latency. */
	uint64_t dram_size_bytes, dram_floor_bytes;
	int dram_below_floor;
	/* Latency figures taken from a point flagged noisy or disturbed
	 * (outliers left after retakes, or samples spread past the bound):
	 * how many of the points behind each figure were. */
	int lat_flagged[SUM_LEVELS];
};

#endif
