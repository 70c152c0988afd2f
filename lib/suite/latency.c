/* The latency sweep: a pointer chase over each working-set size on one
 * cpu, timed in TSC ticks inside a measurement window. */
#include "suite/latency.h"

#include "suite/calibrate.h"
#include "suite/capacity.h"
#include "chase.h"
#include "hw/cpuinfo.h"
#include "hw/numa.h"
#include "suite/coretypes.h"
#include "suite/cpus.h"
#include "suite/dist.h"
#include "suite/dramfloor.h"
#include "suite/levelcheck.h"
#include "suite/levels.h"
#include "suite/nodebuf.h"
#include "arch/arch.h"
#include "util/fmt.h"
#include "util/out.h"
#include "suite/pagecmp.h"
#include "suite/perm.h"
#include "platform.h"
#include "suite/progress.h"
#include "util/stats.h"
#include "suite/summary.h"
#include "suite/sweep.h"

#define NODE_BYTES 64		/* one node per cache line */
#define MAX_SAMPLES 1000	/* the `repeat` key's bound */
#define RETAKE_ROUNDS 2	/* outlier retakes per point */
/* A point whose samples spread past this, (max - min) / min after the
 * outlier retakes, was disturbed as a whole (a neighbour on the core or
 * the host): samples of one chase agree within a few percent on a quiet
 * machine (docs/method.md, "A disturbed point"). */
#define SPREAD_BOUND 0.25
#define WHOLE_RETAKES 1		/* times a spread point is taken again */
/* One point on one cpu: a warm pass of a few GiB plus 1000 samples of
 * 10 ms stays far below this; a cpu that takes longer is stuck. */
#define RUN_TIMEOUT_US 120000000u

/* One point's work inside the window: no platform calls in here. */
struct chase_job {
	void *start;
	uint64_t nodes;
	uint64_t warm;		/* hops of the warm pass */
	uint64_t target_ticks;	/* per sample */
	int samples;
	uint64_t *ticks;	/* [samples] */
	int aperf;		/* read APERF/MPERF around each sample */
	int end_way;		/* ticks_end's way (lib/arch/arch.h) */
	uint64_t *core;		/* [samples]: core cycles, when aperf */
	uint64_t *scratch;	/* [2 * samples] for the outlier rule */
	uint64_t (*smi_on)(void);	/* the SMI count, read around each
					 * sample; 0: not counted */
	uint64_t *smis;		/* [samples]: SMIs during each, when smi_on */
	int smi;		/* out: samples that saw an SMI */
	int retaken;		/* out: samples taken again */
	int noisy;		/* out: outliers left after the last round */
	uint64_t hops;		/* out: hops per sample */
	uint64_t chased;	/* out: hops chased in all, warm pass,
				 * calibration and retakes included */
	void *end;		/* out: keeps the chain's result live */
};

/* One timed sample into slot s; returns where the chain stopped. */
static void *take_sample(struct chase_job *j, void *p, uint64_t hops, int s)
{
	uint64_t a0 = 0, m0 = 0, s0 = 0, t0, t1;

	if (j->smi_on)
		s0 = j->smi_on();
	if (j->aperf) {
		m0 = coreclock_ref();
		a0 = coreclock_actual();
	}
	t0 = ticks_begin();
	p = chase_run(p, hops);
	t1 = ticks_end(j->end_way);
	j->ticks[s] = t1 - t0;
	/* Core cycles = TSC ticks x APERF/MPERF: MPERF counts at the TSC's
	 * rate, APERF at the core's, both only while running (SDM vol 3B,
	 * 15.2; AMD APM vol 2, 17.3). */
	if (j->aperf) {
		uint64_t da = coreclock_actual() - a0;
		uint64_t dm = coreclock_ref() - m0;
		j->core[s] = dm ? (uint64_t)((double)j->ticks[s] * (double)da /
					     (double)dm)
				: 0;
	}
	/* An SMI stops the core for microseconds to milliseconds, the
	 * sample's time included (SDM vol 3C, 32.5). */
	if (j->smi_on) {
		j->smis[s] = j->smi_on() - s0;
		j->smi += j->smis[s] != 0;
	}
	return p;
}

static int outlier(const struct chase_job *j, int s)
{
	return stats_is_slow_outlier(j->ticks, (size_t)j->samples, (size_t)s,
				     j->scratch);
}

static void chase_window(void *arg)
{
	struct chase_job *j = arg;
	void *p = j->start;
	uint64_t hops;

	/* A warm pass puts the set where it belongs in the hierarchy (and
	 * the TLB entries in place) before anything is timed: the sweep's
	 * a full pass, the scan's a cache's worth (latency_chase_ns). */
	p = chase_run(p, j->warm);
	j->chased = j->warm;

	/* Size the samples so one lasts about target_ticks. */
	hops = calibrate_chase_hops(&p, j->end_way, j->target_ticks,
				    &j->chased);
	j->hops = hops;

	for (int s = 0; s < j->samples; s++)
		p = take_sample(j, p, hops, s);
	/* A sample far slower than its neighbours saw something else (an
	 * SMI, a refresh storm, a migration of the line): take it again, a
	 * few rounds at most, and count what stays noisy. Fast ones stay
	 * (stats.h: retaking both sides would bias min and max). */
	for (int round = 0; round <= RETAKE_ROUNDS; round++) {
		int bad = 0;
		for (int s = 0; s < j->samples; s++) {
			if (!outlier(j, s) && !(j->smi_on && j->smis[s]))
				continue;
			bad++;
			if (round < RETAKE_ROUNDS) {
				p = take_sample(j, p, hops, s);
				j->retaken++;
			}
		}
		j->noisy = bad;
		if (!bad)
			break;
	}
	j->chased += hops * (uint64_t)(j->samples + j->retaken);
	j->end = p;
}

/* The samples' spread, (max - min) / min. */
static double spread_of(uint64_t *ticks, int samples)
{
	struct stats_u64 st = stats_summarize_u64(ticks, (size_t)samples);

	return st.min ? (double)(st.max - st.min) / (double)st.min : 0;
}

static int measure_point(const struct run_env *env, struct test_out *mine,
			 int cpu, const struct plat_buffer *buf,
			 int buffer_node, uint64_t size_bytes, uint64_t *ticks,
			 int samples)
{
	const struct bm_config *c = env->config;
	struct chase_job job;
	struct lat_point *pt;
	struct stats_u64 st;
	double ns_per_tick = 1e9 / (double)env->tsc_hz, spread = 0;
	int whole = 0, smi = 0, retaken = 0;
	void *start;

	if (mine->lat->count >= mine->lat->cap)
		return -1;
	/* A spread set is taken again whole (warm pass, samples, retakes):
	 * a disturbance that lasts the whole point leaves no single sample
	 * slow against the others for the outlier rule to catch. */
	start = chase_build(buf->base, size_bytes, NODE_BYTES,
			    c->seed ^ size_bytes);
	for (;;) {
		void *arg = &job;
		int ok = 0;

		job = (struct chase_job){
			.start = start,
			.nodes = size_bytes / NODE_BYTES,
			.warm = size_bytes / NODE_BYTES,
			.target_ticks = sweep_sample_ticks(c, env->tsc_hz),
			.samples = samples,
			.ticks = ticks,
			.aperf = env->msr_ok && env->cpu->f.core_clock,
			.end_way = env->cpu->ticks_end_way,
			.core = ticks + MAX_SAMPLES,
			.scratch = ticks + 2 * MAX_SAMPLES,
			.smi_on = env->smi_count,
			.smis = ticks + 4 * MAX_SAMPLES,
		};
		plat_run_on_cpus(&cpu, 1, chase_window, &arg,
				 RUN_TIMEOUT_US, &ok);
		if (!ok)
			return -2;
		/* every attempt's SMIs and retakes count: samples taken */
		smi += job.smi;
		retaken += job.retaken;
		spread = spread_of(ticks, samples);
		if (spread <= SPREAD_BOUND || whole == WHOLE_RETAKES)
			break;
		whole++;
	}
	st = stats_summarize_u64(ticks, (size_t)samples);

	pt = lat_append(mine, &(struct lat_point){
		.cpu = cpu,
		.size_bytes = size_bytes,
		.page_bytes = buf->page_bytes,
		.hops = job.hops,
		.repeats = samples,
		.ns_min = (double)st.min * ns_per_tick / (double)job.hops,
		.ns_median = (double)st.median * ns_per_tick / (double)job.hops,
		.ns_max = (double)st.max * ns_per_tick / (double)job.hops,
		.tsc_cycles_median = (double)st.median / (double)job.hops,
		.core_cycles_median = -1,
		.retaken = retaken,
		.noisy = job.noisy,
		.spread = spread,
		.whole_retakes = whole,
		.disturbed = spread > SPREAD_BOUND,
		.smi = job.smi_on ? smi : -1,
		.level = summary_level_name(
			summary_level_of(run_env_info(env, cpu),
					 size_bytes)),
		.buffer_node = buffer_node,
	});
	if (!pt)
		return -1;
	if (pt->disturbed) {
		char a[16];
		msgs_add(mine->warnings, "latency at %s on cpu %d: samples "
			 "spread %.0f%% (max over min), past the %.0f%% bound, "
			 "also when taken again whole: flagged disturbed (a "
			 "neighbour on the core or the host?)",
			 fmt_size(a, sizeof a, size_bytes), cpu, spread * 100,
			 SPREAD_BOUND * 100);
	}
	if (job.noisy) {
		char a[16];
		msgs_add(mine->warnings, "latency at %s on cpu %d: %d of %d "
			 "samples still far from the median%s after retakes",
			 fmt_size(a, sizeof a, size_bytes), cpu, job.noisy,
			 samples, job.smi_on ? " or hit by an SMI" : "");
	}
	if (job.aperf)
		pt->core_cycles_median =
			(double)stats_summarize_u64(job.core, (size_t)samples)
				.median / (double)job.hops;
	if (c->dist && dist_measure(env, cpu, job.end, pt) != 0) {
		char a[16];
		msgs_add(mine->warnings, "latency at %s on cpu %d: no "
			 "distribution (no memory or the cpu did not finish)",
			 fmt_size(a, sizeof a, size_bytes), cpu);
	}
	return 0;
}

double latency_chase_ns(const struct run_env *env, int cpu, void *start,
			uint64_t nodes, uint64_t warm, uint64_t sample_ns,
			uint64_t *chased)
{
	const struct bm_config *c = env->config;
	int samples = sweep_repeats(c);
	uint64_t *ticks = plat_alloc(5 * MAX_SAMPLES * sizeof *ticks);
	struct chase_job job = {
		.start = start,
		.nodes = nodes,
		.warm = warm < nodes ? warm : nodes,
		.target_ticks = sample_ticks(sample_ns, env->tsc_hz),
		.samples = samples,
		.ticks = ticks,
		.end_way = env->cpu->ticks_end_way,
		.core = ticks + MAX_SAMPLES,
		.scratch = ticks + 2 * MAX_SAMPLES,
		.smi_on = env->smi_count,
		.smis = ticks + 4 * MAX_SAMPLES,
	};
	void *arg = &job;
	int ok = 0;
	double ns = -1;

	*chased = 0;
	if (!ticks || !start || nodes == 0)
		goto out;
	plat_run_on_cpus(&cpu, 1, chase_window, &arg, RUN_TIMEOUT_US, &ok);
	if (ok && job.hops) {
		ns = (double)stats_summarize_u64(ticks, (size_t)samples).median *
		     1e9 / (double)env->tsc_hz / (double)job.hops;
		*chased = job.chased;
	}
out:
	plat_free(ticks);
	return ns;
}

uint64_t latency_chase_samples_max(const struct bm_config *c)
{
	return (uint64_t)sweep_repeats(c) * (1 + RETAKE_ROUNDS) + 1;
}

/* One table row: size, ns min / median / max, TSC and core cycles per
 * load (core cycles "-" without APERF/MPERF), and the cpu when asked. */
static void print_row(const struct lat_point *pt, int with_cpu)
{
	char size[16], core[16], cpu[16];

	if (pt->core_cycles_median >= 0)
		fmt(core, sizeof core, "%.1f", pt->core_cycles_median);
	else
		fmt(core, sizeof core, "-");
	fmt(cpu, sizeof cpu, "  %d", pt->cpu);
	out("%10s %-5s %10.2f %10.2f %10.2f %12.1f %12s%s\n",
	    fmt_size(size, sizeof size, pt->size_bytes), pt->level,
	    pt->ns_min, pt->ns_median, pt->ns_max, pt->tsc_cycles_median, core,
	    with_cpu ? cpu : "");
	dist_print(pt);
}

static void print_columns(int with_cpu)
{
	out("%10s %-5s %10s %10s %10s %12s %12s%s\n", "size", "level",
	    "ns min",
	    "ns median", "ns max", "tsc cycles", "core cycles",
	    with_cpu ? "  cpu" : "");
}

static const char *page_label(uint64_t page_bytes)
{
	return page_bytes >= (1ull << 30) ? "1G"
	       : page_bytes >= (1ull << 21) ? "2M" : "4K";
}

/* The machine's NUMA topology for placing latency buffers (node_count
 * 0: unknown), in pool memory; 0 when out of it (said in errors). */
static struct numa_topo *get_topology(struct test_out *mine,
				      struct test_outcome *o)
{
	struct numa_topo *t = plat_alloc(sizeof *t);

	if (!t) {
		msgs_add(mine->errors, "latency: out of pool memory");
		o->failed = 1;
		return 0;
	}
	/* Nothing half-known: no nodes means no cpus or ranges either. */
	if (plat_numa_topology(t) <= 0)
		t->node_count = t->cpu_count = t->range_count = 0;
	return t;
}

/* The node a buffer's pages are in as the platform finds them, -1 when
 * it cannot tell or they are in several. */
static int node_of_buffer(const struct plat_buffer *buf,
			  const struct numa_topo *t)
{
	int node;

	if (t->node_count == 0)
		return -1;
	node = plat_buffer_node(buf->base, buf->bytes, t);
	return node >= 0 ? node : -1;
}

/* Gets the largest buffer the sweep can use on page_bytes pages, in node
 * (-1: anywhere) where it has room, else anywhere (with a warning), and
 * trims sizes that do not fit at all (with a warning) rather than failing.
 * Returns the size count. */
static size_t get_buffer(struct test_out *mine, uint64_t *sizes,
			 size_t count, uint64_t page_bytes,
			 const struct numa_topo *topo, int node, int cpu,
			 struct plat_buffer *buf)
{
	char a[16], b[16], t[16];

	while (count > 0) {
		uint64_t want = sizes[count - 1];
		/* The chase is cpu's: a buffer in another node would add the
		 * link between sockets to every DRAM hop. */
		if (node >= 0 && plat_buffer_alloc_node(want, page_bytes, topo,
							node, buf) == 0)
			return count;
		if (plat_buffer_alloc(want, page_bytes, buf) == 0) {
			if (node >= 0)
				msgs_add(mine->warnings, "latency: no room for "
					 "a %s buffer in cpu %d's node %d: the "
					 "sweep chases memory elsewhere "
					 "(buffer_node says where)",
					 fmt_size(a, sizeof a, want), cpu,
					 node);
			return count;
		}
		/* 4K pages need tables of their own: 8 bytes per page. */
		if (page_bytes < (2ull << 20))
			fmt(t, sizeof t, "%s", fmt_size(a, sizeof a,
							want / 512));
		msgs_add(mine->warnings,
			 "no memory for a %s buffer on %s pages%s%s%s: sizes "
			 "above %s skipped there",
			 fmt_size(a, sizeof a, want), page_label(page_bytes),
			 page_bytes < (2ull << 20) ? " (with " : "",
			 page_bytes < (2ull << 20) ? t : "",
			 page_bytes < (2ull << 20) ? " of page tables)" : "",
			 count > 1 ? fmt_size(b, sizeof b, sizes[count - 2])
				   : "nothing");
		count--;
	}
	return 0;
}

static int alloc_ticks(struct test_out *mine, struct test_outcome *o,
		       uint64_t **ticks)
{
	/* ticks[0..MAX_SAMPLES), core cycles of the same samples, scratch
	 * for the outlier rule, SMIs of each sample. */
	*ticks = plat_alloc(sizeof(uint64_t) * 5 * MAX_SAMPLES);
	if (*ticks)
		return 0;
	msgs_add(mine->errors, "latency: out of pool memory");
	o->failed = 1;
	return -1;
}

/* Measures sizes[0..count) on cpu into mine, printing a row each.
 * Returns the number of points measured. */
static int sweep_on(const struct run_env *env, struct test_out *mine,
		    struct test_outcome *o, int cpu,
		    const struct plat_buffer *buf, int buffer_node,
		    const uint64_t *sizes, size_t count, uint64_t *ticks,
		    int samples, const char *what)
{
	char a[16];
	int done = 0;
	struct progress pr;

	progress_begin(&pr, (int)count);
	for (size_t i = 0; i < count; i++) {
		int r;

		progress_step(&pr, "%s: %s on cpu %d", what,
			      fmt_size(a, sizeof a, sizes[i]), cpu);
		r = measure_point(env, mine, cpu, buf, buffer_node, sizes[i],
				  ticks, samples);
		progress_done(&pr);
		if (r == -1) {
			msgs_add(mine->errors, "latency: more points than "
				 "the results can hold");
			o->failed = 1;
			break;
		}
		if (r == -2) {
			cpus_lost(mine->warnings, o, cpu, "a latency point");
			break;
		}
		print_row(&mine->lat->p[mine->lat->count - 1], 0);
		done++;
	}
	return done;
}

static void print_header(int cpu, uint64_t page_bytes, int samples)
{
	out("\nlatency, cpu %d, %s pages: ns per load (min, median, max of "
	    "%d samples)\n", cpu, page_label(page_bytes), samples);
	print_columns(0);
}

static int page_in_list(const struct bm_config *c, uint64_t page_bytes)
{
	for (int k = 0; k < c->page_count && k < 3; k++)
		if (c->pages[k] == page_bytes)
			return 1;
	return 0;
}

/* The sweep's largest size under the DRAM floor: why, with both sizes. */
static void warn_under_floor(const struct run_env *env,
			     const struct cpu_set *set, struct msgs *warnings,
			     uint64_t largest, uint64_t floor_bytes,
			     uint64_t page_bytes)
{
	char a[16], b[16], l[16];

	if (largest >= floor_bytes)
		return;
	fmt_size(a, sizeof a, largest);
	fmt_size(b, sizeof b, floor_bytes);
	fmt_size(l, sizeof l, dramfloor_llc_bytes(env, set));
	if (env->config->sizes_set)
		msgs_add(warnings, "latency: sizes= ends at %s, under "
			 "the DRAM floor %s (4x the %s last-level cache): no "
			 "point reaches DRAM (the largest is labelled by what "
			 "its latency reads as)", a, b, l);
	else
		msgs_add(warnings, "latency: the DRAM floor is %s (4x "
			 "the %s last-level cache), but the largest buffer "
			 "free memory holds on %s pages is %s: the sweep ends "
			 "there, labelled by what its latency reads as (DRAM "
			 "only where it steps up from the cache)", b, l,
			 page_label(page_bytes), a);
}

/* One pass of the sweep with the buffer on page_bytes pages (the first
 * pass also on the other cpus in profile full). A buffer that could only
 * get smaller pages, which another pass of the list measures, is not
 * measured twice: the pass is skipped, with a warning. Returns the page
 * size measured, or 0. */
static uint64_t sweep_pass(const struct run_env *env,
			   const struct cpu_set *set, struct test_out *mine,
			   struct test_outcome *o, uint64_t page_bytes,
			   int first_pass, const struct numa_topo *t,
			   uint64_t *ticks)
{
	const struct bm_config *c = env->config;
	uint64_t sizes[256], max_bytes, floor_bytes = dramfloor_bytes(env, set);
	int trimmed = 0, samples = sweep_repeats(c), cpu = set->cpu[0];
	int node;
	size_t count;
	struct plat_buffer buf;
	char a[16];

	max_bytes = plat_buffer_max_bytes(page_bytes);
	count = sweep_sizes(c, floor_bytes, max_bytes, sizes,
			    sizeof sizes / sizeof sizes[0], &trimmed);
	if (trimmed)
		msgs_add(mine->warnings,
			 "%d sweep size%s above the %s of free memory left out",
			 trimmed, trimmed > 1 ? "s" : "",
			 fmt_size(a, sizeof a, max_bytes));
	count = get_buffer(mine, sizes, count, page_bytes, t,
			   numa_node_of_cpu(t, cpu), cpu, &buf);
	if (count == 0)
		return 0;
	node = node_of_buffer(&buf, t);
	if (buf.page_bytes < page_bytes) {
		int twice = c->page_count > 1 &&
			    page_in_list(c, buf.page_bytes);
		msgs_add(mine->warnings, "latency buffer mapped with %s pages, "
			 "not the %s asked%s", page_label(buf.page_bytes),
			 page_label(page_bytes), twice ? ": that pass is "
			 "skipped (the smaller pages have their own)" : "");
		if (twice) {
			out("\nlatency on %s pages: skipped, only %s pages "
			    "could be had\n", page_label(page_bytes),
			    page_label(buf.page_bytes));
			plat_buffer_free(&buf);
			return 0;
		}
	}
	print_header(cpu, buf.page_bytes, samples);
	sweep_on(env, mine, o, cpu, &buf, node, sizes, count, ticks, samples,
		 "latency");
	warn_under_floor(env, set, mine->warnings, sizes[count - 1],
			 floor_bytes, buf.page_bytes);
	if (first_pass && c->profile == BM_PROFILE_FULL) {
		for (int i = 1; i < set->count; i++) {
			int other = set->cpu[i];
			if (!cpus_usable(other))
				continue;
			print_header(other, buf.page_bytes, samples);
			sweep_on(env, mine, o, other, &buf, node, sizes, count,
				 ticks, samples, "latency");
		}
	}
	page_bytes = buf.page_bytes;
	/* Frees the buffer's own page tables too (4K pages). */
	plat_buffer_free(&buf);
	return page_bytes;
}

struct test_outcome latency_sweep(const struct run_env *env,
				  const struct cpu_set *set,
				  struct test_out *mine)
{
	struct test_outcome outcome = { 0, 0, 0 }, *o = &outcome;
	const struct bm_config *c = env->config;
	uint64_t *ticks;
	struct numa_topo *t = get_topology(mine, o);
	int first = mine->lat->count, passes = 0;

	/* room for this pass's points, the per-cpu ones after it too */
	lat_reserve(mine, capacity_latency_pass(c, set->count,
					       dramfloor_bytes(env, set)));
	if (!t || alloc_ticks(mine, o, &ticks)) {
		plat_free(t);
		o->nothing = 1;
		return outcome;
	}
	for (int k = 0; k < c->page_count && k < 3; k++)
		if (sweep_pass(env, set, mine, o, c->pages[k], passes == 0, t,
			       ticks))
			passes++;
	plat_free(ticks);
	plat_free(t);
	if (passes == 0) {
		msgs_add(mine->errors, "latency: no memory for any buffer");
		o->failed = o->nothing = 1;
		return outcome;
	}
	if (passes > 1)
		pagecmp_print(mine->lat->p + first, mine->lat->count - first,
			      set->cpu[0]);
	levelcheck_run(env, set, mine, first);
	return outcome;
}

uint64_t latency_dram_bytes(const struct run_env *env,
			    const struct cpu_set *set)
{
	uint64_t llc_bytes = dramfloor_bytes(env, set) / 4, want, floor_bytes;
	/* Far enough above the last level that almost every hop misses it
	 * (a random chase over 4x the LLC hits it < 25 % of the time; 8x in
	 * the longer profiles, < 13 %). */
	if (env->config->profile == BM_PROFILE_QUICK) {
		want = 4 * llc_bytes;
		floor_bytes = 64ull << 20;
	} else {
		want = 8 * llc_bytes;
		floor_bytes = 256ull << 20;
	}
	want = want < floor_bytes ? floor_bytes : want;
	/* Round up to a power of two: the sweep's own sizes. */
	for (uint64_t p = 1ull << 20;; p <<= 1)
		if (p >= want)
			return p;
}

/* How far a cpu is from the buffer it chased: the SLIT distance between
 * their nodes (10 local), 10 or 20 without a SLIT (ACPI's values for
 * local and remote), -1 when either node is unknown. */
static int distance_of(const struct numa_topo *t, int cpu, int buffer_node)
{
	int own = numa_node_of_cpu(t, cpu);

	if (own < 0 || buffer_node < 0 || buffer_node >= t->node_count)
		return -1;
	if (t->has_slit)
		return numa_slit_distance(t, own, buffer_node);
	return own == buffer_node ? 10 : 20;
}

/* The spread of the points [first, first + n) whose distance is d, and
 * the outliers among them (> 5 % from their median: the same DIMMs at the
 * same distance should give the same latency, so a core further away,
 * e.g. on another die, shows up). */
static void spread_at(const struct run_env *env, struct test_out *mine,
		      int first, int n,
		      const int *distance, int d, int groups, int t,
		      uint64_t size, double *v)
{
	int k = 0;
	double lo = 0, hi = 0, med;
	char a[16], at[48] = "", of[48] = "";

	for (int i = 0; i < n; i++) {
		double x = mine->lat->p[first + i].ns_median;
		if (distance[i] != d ||
		    run_env_type(env, mine->lat->p[first + i].cpu) != t)
			continue;
		lo = k == 0 || x < lo ? x : lo;
		hi = k == 0 || x > hi ? x : hi;
		v[k++] = x;
	}
	if (k < 2)
		return;
	med = stats_median_double(v, k);
	if (env->core_type_count > 1)
		fmt(of, sizeof of, " (%s cores)", env->core_types[t].core_type);
	if (groups > 1 && d >= 0)
		fmt(at, sizeof at, ", buffer at distance %d", d);
	else if (groups > 1)
		fmt(at, sizeof at, ", buffer's distance unknown");
	out("spread over %d cpus%s at %s%s: min %.1f, median %.1f, max %.1f "
	    "ns\n", k, of, fmt_size(a, sizeof a, size), at, lo, med, hi);
	for (int i = 0; i < n; i++) {
		const struct lat_point *p = &mine->lat->p[first + i];
		double off = (p->ns_median - med) / med;
		if (distance[i] != d || run_env_type(env, p->cpu) != t ||
		    (off <= 0.05 && off >= -0.05))
			continue;
		out("outlier: cpu %d at %.1f ns, %+.0f%% from the median%s\n",
		    p->cpu, p->ns_median, off * 100, of);
		if (groups > 1)
			msgs_add(mine->warnings, "cpu %d DRAM latency %.1f ns "
				 "is %+.0f%% from the median of the cpus%s at "
				 "its distance from its buffer (%d)", p->cpu,
				 p->ns_median, off * 100, of, d);
		else
			msgs_add(mine->warnings, "cpu %d DRAM latency %.1f ns "
				 "is %+.0f%% from the median of all cpus%s",
				 p->cpu, p->ns_median, off * 100, of);
	}
}

void latency_judge_spread(const struct run_env *env, struct test_out *mine,
			  int first, uint64_t size, const int *distance)
{
	int n = mine->lat->count - first, groups = 0;
	double *v;

	if (n < 2 || !(v = plat_alloc(sizeof(double) * (size_t)n)))
		return;
	/* A cpu chasing a remote buffer (its node had no room) is slower by
	 * the link, not by a fault of its own: compared only with cpus as
	 * far from theirs. */
	for (int i = 0; i < n; i++) {
		int seen = 0;
		for (int j = 0; j < i; j++)
			seen |= distance[j] == distance[i];
		groups += !seen;
	}
	/* On a hybrid part cpus are compared only with cpus of their own
	 * core type too (an E-core's DRAM latency is not a P-core's). */
	for (int t = 0; t < (env->core_type_count ? env->core_type_count : 1);
	     t++)
		for (int i = 0; i < n; i++) {
			int seen = 0;
			for (int j = 0; j < i; j++)
				seen |= distance[j] == distance[i];
			if (!seen)
				spread_at(env, mine, first, n, distance,
					  distance[i], groups, t, size, v);
		}
	plat_free(v);
}

int latency_buffer_node(const struct cpu_set *set, const struct numa_topo *t,
			int cpu, int *rep)
{
	int node;

	if (!cpus_usable(cpu))
		return -2;
	node = t->node_count ? numa_node_of_cpu(t, cpu) : -1;
	*rep = -1;
	for (int i = 0; i < set->count && *rep < 0; i++) {
		int c = set->cpu[i];
		if (cpus_usable(c) &&
		    (t->node_count ? numa_node_of_cpu(t, c) : -1) == node)
			*rep = c;
	}
	return *rep >= 0 ? node : -2;
}

/* Chases one buffer of size, in node where it has room (-1: anywhere),
 * on every selected, usable cpu whose own node is node (rep, the first
 * of them, names the buffer). Returns -1 when there was no buffer (said
 * in errors) or no room for more points, 0 otherwise. */
static int chase_node(const struct run_env *env, const struct cpu_set *set,
		      struct test_out *mine, struct test_outcome *o,
		      const struct numa_topo *t, int node, int rep,
		      uint64_t size, uint64_t *ticks, int samples,
		      struct progress *pr)
{
	struct nodebuf nb;
	struct plat_buffer buf;
	char a[16], what[64];
	int r = 0;

	/* nodebuf: the node's own memory, else the nearest with room. */
	if (nodebuf_alloc(env->config->page_bytes, &rep, 1, size, &nb) != 0) {
		msgs_add(mine->errors, "per-cpu latency: no memory for a %s "
			 "buffer for cpu %d%s", fmt_size(a, sizeof a, size),
			 rep, node >= 0 ? " and the others of its node" : "");
		o->failed = 1;
		return -1;
	}
	fmt(what, sizeof what, "per-cpu latency, the buffer for cpu %d's "
	    "node", rep);
	nodebuf_warn(mine->warnings, &nb, what);
	buf = (struct plat_buffer){ .base = nb.base[0],
				    .bytes = nb.slot_bytes,
				    .page_bytes = nb.page_bytes };
	if (nb.node[0] >= 0)
		fmt(what, sizeof what, "in node %d", nb.node[0]);
	else
		fmt(what, sizeof what, "in a node not known");
	if (node >= 0)
		out("cpus of node %d: buffer %s, %s pages\n", node, what,
		    page_label(buf.page_bytes));
	else
		out("buffer %s, %s pages\n", what, page_label(buf.page_bytes));
	for (int i = 0; i < set->count; i++) {
		int cpu = set->cpu[i];

		if (latency_buffer_node(set, t, cpu, &(int){ 0 }) != node)
			continue;
		progress_step(pr, "latency per cpu: %s on cpu %d",
			      fmt_size(a, sizeof a, size), cpu);
		r = measure_point(env, mine, cpu, &buf, nb.node[0], size, ticks,
				  samples);
		progress_done(pr);
		if (r == -2) {
			/* no longer usable: latency_buffer_node passes it
			 * by from here on, and the runner drops it */
			cpus_lost(mine->warnings, o, cpu, "its latency point");
			continue;
		}
		if (r != 0)
			break;
		print_row(&mine->lat->p[mine->lat->count - 1], 1);
	}
	nodebuf_free(&nb);
	return r == -1 ? -1 : 0;
}

struct test_outcome latency_per_cpu(const struct run_env *env,
				    const struct cpu_set *set,
				    struct test_out *mine)
{
	struct test_outcome outcome = { 0, 0, 0 }, *o = &outcome;
	const struct bm_config *c = env->config;
	uint64_t size = latency_dram_bytes(env, set), max_bytes, *ticks;
	int samples = sweep_repeats(c), first = mine->lat->count;
	int done[NUMA_MAX_NODES + 1] = { 0 }, *distance;
	struct numa_topo *t = get_topology(mine, o);
	struct progress pr;
	char a[16];

	if (!t) {
		o->nothing = 1;
		return outcome;
	}
	lat_reserve(mine, set->count);	/* a point per cpu */
	max_bytes = plat_buffer_max_bytes(c->page_bytes);
	while (size > max_bytes && size > (1ull << 20))
		size >>= 1;
	if (size < dramfloor_bytes(env, set)) {
		char b[16], l[16];
		msgs_add(mine->warnings,
			 "per-cpu latency: the DRAM floor is %s "
			 "(4x the %s last-level cache), but free memory holds "
			 "%s: each cpu chases %s, a figure that may include "
			 "cache hits", fmt_size(a, sizeof a,
						dramfloor_bytes(env, set)),
			 fmt_size(l, sizeof l, dramfloor_llc_bytes(env, set)),
			 fmt_size(b, sizeof b, size), b);
	}
	if (alloc_ticks(mine, o, &ticks)) {
		plat_free(t);
		o->nothing = 1;
		return outcome;
	}
	out("\nlatency per cpu, %s working set, each cpu on a buffer in its "
	    "own node where known: ns per load (min, median, max of %d "
	    "samples)\n", fmt_size(a, sizeof a, size), samples);
	print_columns(1);
	progress_begin(&pr, set->count);
	/* One node at a time, in the order of each node's first cpu: one
	 * buffer held at once, in the memory of the cpus chasing it. */
	for (;;) {
		int rep = -1, node = -1;
		for (int i = 0; i < set->count && rep < 0; i++) {
			int r;
			node = latency_buffer_node(set, t, set->cpu[i], &r);
			if (node >= -1 && !done[node + 1])
				rep = r;
		}
		if (rep < 0)
			break;
		done[node + 1] = 1;
		if (chase_node(env, set, mine, o, t, node, rep, size, ticks,
			       samples, &pr)) {
			o->nothing = 1;
			break;
		}
	}
	distance = plat_alloc(sizeof(int) *
			      (size_t)(mine->lat->count - first + 1));
	if (distance) {
		for (int i = first; i < mine->lat->count; i++) {
			const struct lat_point *p = &mine->lat->p[i];

			distance[i - first] = distance_of(t, p->cpu,
							  p->buffer_node);
		}
		latency_judge_spread(env, mine, first, size, distance);
	}
	plat_free(distance);
	plat_free(ticks);
	plat_free(t);
	return outcome;
}

struct test_outcome latency_run(const struct run_env *env,
				const struct cpu_set *set,
				struct test_out *mine)
{
	struct test_outcome o = latency_sweep(env, set, mine), p;

	if (set->count > 1) {
		p = latency_per_cpu(env, set, mine);
		o.lost += p.lost;
		o.failed |= p.failed;
	}
	return o;
}
