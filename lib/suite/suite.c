/* The suite: runs the tests a configuration selects, in order, then
 * prints the per-level summary. */
#include "suite/suite.h"

#include "suite/bandwidth.h"
#include "suite/barrier.h"
#include "suite/c2c.h"
#include "suite/capacity.h"
#include "suite/ceiling.h"
#include "suite/coretypes.h"
#include "suite/cpus.h"
#include "util/fmt.h"
#include "suite/latency.h"
#include "suite/loaded.h"
#include "suite/numa_matrix.h"
#include "util/out.h"
#include "suite/prefetch.h"
#include "suite/scan.h"
#include "suite/summary.h"
#include "suite/tsccheck.h"

/* A figure, or "-" where the level was not measured. */
static size_t cell(char *buf, size_t cap, int width, int decimals, double v)
{
	if (v < 0)
		return fmt(buf, cap, " %*s", width, "-");
	return fmt(buf, cap, " %*.*f", width, decimals, v);
}

/* One row per level: latency in ns with the core and TSC cycles beside
 * it, then read bandwidth on one cpu (and on all cpus for DRAM). */
static void print_summary(const struct run_results *res)
{
	static const char *const names[SUM_LEVELS] = { "L1", "L2", "L3",
							"DRAM" };
	struct summary s;
	char line[160], all[32];

	if (res->lat_count == 0 && res->bw_count == 0)
		return;
	summary_compute(res, res->selected[0], &s);
	fmt(all, sizeof all, "GB/s %d cpus", s.dram_all_cpus);
	out("\nsummary, cpu %d: latency per load, read bandwidth\n",
	    res->selected[0]);
	/* isa: whose the read figure is (isa=auto measures AVX2 beside
	 * AVX-512 and keeps the faster, summary.h) */
	out("%-6s %10s %12s %12s %12s %-6s%s%13s\n", "level", "ns",
	    "core cycles", "tsc cycles", "GB/s 1 cpu", "isa",
	    s.dram_all_cpus > 1 ? " " : "", s.dram_all_cpus > 1 ? all : "");
	for (int l = 0; l < SUM_LEVELS; l++) {
		size_t n = fmt(line, sizeof line, "%-6s", names[l]);
		n += cell(line + n, sizeof line - n, 10, 2, s.lat_ns[l]);
		n += cell(line + n, sizeof line - n, 12, 1, s.lat_core_cycles[l]);
		n += cell(line + n, sizeof line - n, 12, 1, s.lat_tsc_cycles[l]);
		n += cell(line + n, sizeof line - n, 12, 1, s.read_gb[l]);
		n += fmt(line + n, sizeof line - n, " %-6s",
			 s.read_isa[l] ? s.read_isa[l] : "-");
		if (s.dram_all_cpus > 1)
			cell(line + n, sizeof line - n, 13, 1,
			     l == SUM_DRAM ? s.read_gb_dram_all : -1);
		out("%s\n", line);
	}
	if (s.dram_all_of_ceiling >= 0)
		out("DRAM read, %d cpus: %.1f GB/s, %.0f%% of the DIMMs' "
		    "ceiling %.1f GB/s (which holds with one DIMM per "
		    "channel)\n", s.dram_all_cpus, s.read_gb_dram_all,
		    s.dram_all_of_ceiling * 100, s.ceiling_gb);
}

/* The tests prefetch=off|both repeats with the prefetchers off. */
static void latency_and_bandwidth(struct run_results *res)
{
	if (res->config.tests & BM_TEST_LATENCY) {
		latency_sweep(res);
		if (res->selected_count > 1)
			latency_per_cpu(res);
	}
	if (res->config.tests & BM_TEST_BANDWIDTH)
		bandwidth_run(res);
}

enum run_status suite_run(struct run_results *res)
{
	if (cpus_select(res) == 0) {
		msgs_add(&res->errors, "out of memory listing the cpus");
		return results_status(res);
	}
	ceiling_read(res);
	/* before anything is sized: a hybrid part's cpus by their own caches */
	coretypes_read(res);
	coretypes_partition(res);	/* an L3 partition: its share */
	if (capacity_fit(res) != 0)
		msgs_add(&res->warnings, "out of pool memory for the results "
			 "of %d cpus: points past %d latency and %d bandwidth "
			 "are not kept", res->selected_count, res->lat_cap,
			 res->bw_cap);
	if (!res->cpu.f.rdtscp)
		msgs_add(&res->warnings, "CPU has no RDTSCP (CPUID 80000001h): "
			 "timed regions end with MFENCE; LFENCE; RDTSC; LFENCE "
			 "instead");
	tsccheck_run(res);
	prefetch_run(res, latency_and_bandwidth);
	if (res->config.tests & BM_TEST_LOADED)
		loaded_run(res);
	if (res->config.tests & BM_TEST_C2C)
		c2c_run(res);
	if (res->config.tests & BM_TEST_NUMA)
		numa_run(res);
	if (res->config.tests & BM_TEST_SCAN)
		scan_run(res);
	barrier_lag_report(res);
	print_summary(res);
	return results_status(res);
}
