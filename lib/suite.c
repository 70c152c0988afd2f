/* The suite: runs the tests a configuration selects, in order, then
 * prints the per-level summary. */
#include "suite.h"

#include "bandwidth.h"
#include "cpus.h"
#include "fmt.h"
#include "latency.h"
#include "out.h"
#include "summary.h"

static void summary_row(const char *label, const double *v, int n,
			const char *f)
{
	char line[160];
	size_t len = fmt(line, sizeof line, "%-22s", label);

	for (int i = 0; i < n; i++) {
		if (v[i] < 0)
			len += fmt(line + len, sizeof line - len, " %9s", "-");
		else
			len += fmt(line + len, sizeof line - len, f, v[i]);
	}
	out("%s\n", line);
}

static void print_summary(const struct run_results *res)
{
	struct summary s;
	double all[SUM_LEVELS] = { -1, -1, -1, -1 };
	char label[40];

	if (res->lat_count == 0 && res->bw_count == 0)
		return;
	summary_compute(res, res->selected[0], &s);
	out("\nsummary, cpu %d %22s %9s %9s %9s\n", res->selected[0], "L1",
	    "L2", "L3", "DRAM");
	summary_row("latency ns", s.lat_ns, SUM_LEVELS, " %9.2f");
	summary_row("latency tsc cycles", s.lat_tsc_cycles, SUM_LEVELS,
		    " %9.1f");
	summary_row("latency core cycles", s.lat_core_cycles, SUM_LEVELS,
		    " %9.1f");
	summary_row("read GB/s, 1 cpu", s.read_gb, SUM_LEVELS, " %9.1f");
	if (s.dram_all_cpus > 1) {
		all[SUM_DRAM] = s.read_gb_dram_all;
		fmt(label, sizeof label, "read GB/s, %d cpus", s.dram_all_cpus);
		summary_row(label, all, SUM_LEVELS, " %9.1f");
	}
}

enum run_status suite_run(struct run_results *res)
{
	if (cpus_select(res) == 0) {
		msgs_add(&res->errors, "out of memory listing the cpus");
		return results_status(res);
	}
	if (res->config.tests & BM_TEST_LATENCY) {
		latency_sweep(res);
		if (res->selected_count > 1)
			latency_per_cpu(res);
	}
	if (res->config.tests & BM_TEST_BANDWIDTH)
		bandwidth_run(res, res->avx2_usable);
	print_summary(res);
	return results_status(res);
}
