/* The suite runner: runs the tests a configuration selects, in the
 * order of the run's registry of tests (res->tests, lib/registry.c),
 * drops the cpus each one lost from the selection before the next, then
 * prints the per-level summary. */
#include "suite/suite.h"

#include "arch/arch.h"
#include "suite/barrier.h"
#include "suite/ceiling.h"
#include "suite/coretypes.h"
#include "suite/cpus.h"
#include "util/fmt.h"
#include "util/out.h"
#include "util/str.h"
#include "suite/prefetch.h"
#include "suite/summary.h"
#include "suite/tsccheck.h"
#include "results/run_env.h"

/* A figure, or "-" where the level was not measured. */
static size_t cell(char *buf, size_t cap, int width, int decimals, double v)
{
	if (v < 0)
		return fmt(buf, cap, " %*s", width, "-");
	return fmt(buf, cap, " %*.*f", width, decimals, v);
}

/* Under the table: where the curve measured a level apart from the
 * described caches (CPUID, or AArch64's registers and tables),
 * which point the DRAM figure is, and figures from flagged points. */
static void print_summary_notes(const struct summary *s)
{
	static const char *const names[SUM_LEVELS] = { "L1", "L2", "L3",
							"DRAM" };
	char a[16], b[16];

	for (int l = 0; l < SUM_DRAM; l++) {
		if (!s->short_of_cpuid[l])
			continue;
		fmt_size(b, sizeof b, s->cpuid_bytes[l]);
		if (s->measured_bytes[l])
			out("%s: the curve measures %s, %s %s: the "
			    "figure is from the points that read as %s (see "
			    "the warnings)\n", names[l],
			    fmt_size(a, sizeof a, s->measured_bytes[l]),
			    s->cpuid_says[l], b, names[l]);
		else
			out("%s: no point reads as %s (%s %s): %s\n",
			    names[l], names[l], s->cpuid_says[l], b,
			    s->lat_ns[l] >= 0
			    ? "the figure is from its own plateau"
			    : "no figure (see the warnings)");
	}
	if (s->lat_ns[SUM_DRAM] >= 0)
		out("DRAM latency from the %s point (%s the %s floor, 4x the "
		    "last-level cache%s)\n",
		    fmt_size(a, sizeof a, s->dram_size_bytes),
		    s->dram_below_floor ? "under" : "at or above",
		    fmt_size(b, sizeof b, s->dram_floor_bytes),
		    s->dram_below_floor ? ": it reads as DRAM by its latency"
					: "");
	else if (s->dram_floor_bytes)
		out("DRAM latency: no point reads as DRAM (the floor: %s)\n",
		    fmt_size(a, sizeof a, s->dram_floor_bytes));
	for (int l = 0; l < SUM_LEVELS; l++)
		if (s->lat_flagged[l] && s->lat_ns[l] >= 0)
			out("%s latency: %d of its points flagged noisy or "
			    "disturbed (see the warnings)\n", names[l],
			    s->lat_flagged[l]);
}

/* "DRAM copy: 25.7 GB/s on 1 cpu (sse2, non-temporal stores), ...":
 * the fastest of every ISA and store kind measured (summary.h). */
static void print_stores(const char *what, const struct sum_store *f)
{
	char line[200];
	size_t n = 0;

	for (int c = 0; c < SUM_CPU_COUNTS; c++) {
		if (f[c].gb < 0)
			continue;
		n += fmt(line + n, sizeof line - n, "%s%.1f GB/s on %d cpu%s "
			 "(%s, %s stores)", n ? ", " : "", f[c].gb, f[c].cpus,
			 f[c].cpus > 1 ? "s" : "", f[c].isa,
			 f[c].nontemporal ? "non-temporal" : "cached");
	}
	if (n)
		out("DRAM %s, the fastest kernel: %s\n", what, line);
}

/* One row per level: latency in ns with the core and TSC cycles beside
 * it, then read bandwidth on one cpu (and on all cpus for DRAM). */
static void print_summary(const struct run_results *res)
{
	static const char *const names[SUM_LEVELS] = { "L1", "L2", "L3",
							"DRAM" };
	struct summary s;
	char line[160], all[32];

	if (res->lat.count == 0 && res->bw.count == 0)
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
	print_summary_notes(&s);
	if (s.dram_all_of_ceiling >= 0)
		out("DRAM read, %d cpus: %.1f GB/s, %.0f%% of the DIMMs' "
		    "ceiling %.1f GB/s (which holds with one DIMM per "
		    "channel)\n", s.dram_all_cpus, s.read_gb_dram_all,
		    s.dram_all_of_ceiling * 100, s.ceiling_gb);
	print_stores("copy", s.dram_copy);
	print_stores("write", s.dram_write);
}

/* After a test (or a step before them): the cpus it lost leave the
 * selection, and a loss makes the run partial. The only place the
 * selection shrinks and the run is marked partial for a test. */
static void after_test(struct run_results *res, const struct test_outcome *o)
{
	if (o->failed)
		res->failed = 1;
	if (o->lost)
		cpus_prune(res);
}

struct test_outcome suite_run_test(struct run_results *res,
				   const struct run_env *env, int row,
				   test_run_fn run)
{
	struct cpu_set cpus = { res->selected_count, res->selected };
	struct test_out out = results_test_out(res, row);
	struct test_outcome o = run(env, &cpus, &out);

	after_test(res, &o);
	return o;
}

struct test_outcome suite_run_alone(struct run_results *res,
				    const char *name, test_run_fn run)
{
	struct run_env env;
	int row = 0;

	while (row < res->test_count && !str_eq(res->tests[row].name, name))
		row++;
	run_env_fix(&env, res);
	return suite_run_test(res, &env, row, run);
}

/* The rows of the registry with under_prefetch == prefetched that the
 * configuration selects, in order, each with the run's fixed inputs. */
static void run_rows(struct run_results *res, const struct run_env *env,
		     int prefetched)
{
	for (int i = 0; i < res->test_count; i++) {
		const struct test_row *t = &res->tests[i];

		if (!(res->config.tests & t->bit) ||
		    !t->under_prefetch != !prefetched)
			continue;
		suite_run_test(res, env, i, t->run);
	}
}

/* The tests prefetch=off|both repeats with the prefetchers off. */
static void prefetched_rows(struct run_results *res, void *env)
{
	run_rows(res, env, 1);
}

enum run_status suite_run(struct run_results *res)
{
	struct test_outcome o = { 0, 0, 0 };
	struct run_env env;

	if (cpus_select(res) == 0) {
		msgs_add(&res->errors, "out of memory listing the cpus");
		return results_status(res);
	}
	ceiling_read(res);
	/* before anything is sized: a hybrid part's cpus by their own caches */
	coretypes_read(res, &o);
	after_test(res, &o);
	coretypes_partition(res);	/* an L3 partition: its share */
	if (res->cpu.ticks_end_way == TICKS_END_FENCED)	/* x86 alone */
		msgs_add(&res->warnings, "CPU has no RDTSCP (CPUID 80000001h): "
			 "timed regions end with MFENCE; LFENCE; RDTSC; LFENCE "
			 "instead");
	o = (struct test_outcome){ 0, 0, 0 };
	tsccheck_run(res, &o);
	after_test(res, &o);
	/* preflight done: the inputs every test reads stay as they are */
	run_env_fix(&env, res);
	prefetch_run(res, prefetched_rows, &env);
	run_rows(res, &env, 0);
	barrier_lag_report(res);
	print_summary(res);
	return results_status(res);
}
