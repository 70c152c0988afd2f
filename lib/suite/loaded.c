/* Loaded latency (see loaded.h): the latency a core sees as the memory
 * gets busier, the curve Intel MLC's --loaded_latency draws. The chaser
 * runs on the first selected cpu; every other selected cpu not on the
 * chaser's core runs loadgen_read over its own DRAM-sized buffer, all
 * started on one TSC barrier, and stops when the chaser has its samples. Each cpu's buffer
 * is in its own node (lib/suite/nodebuf.h): a loader reading another node's
 * memory would load the link between the sockets, not the memory the
 * chaser sees. */
#include "suite/loaded.h"

#include "suite/barrier.h"
#include "suite/calibrate.h"
#include "chase.h"
#include "suite/cpus.h"
#include "arch/arch.h"
#include "hw/cpuorder.h"
#include "suite/delays.h"
#include "util/fmt.h"
#include "suite/latency.h"
#include "suite/launch.h"
#include "loadgen.h"
#include "suite/nodebuf.h"
#include "util/out.h"
#include "suite/perm.h"
#include "platform.h"
#include "util/stats.h"
#include "suite/sweep.h"
#include "suite/together.h"

#define NODE_BYTES 64
#define MAX_SAMPLES 1000
#define MAX_DELAYS 32
#define CHUNK_BYTES (16u << 10)	/* loader's work between two stop checks */
#define RUN_TIMEOUT_US 120000000u	/* a cpu that takes longer is stuck */
#define BARRIER_TIMEOUT_S 5	/* plus the launch skew (launch.h) */
#define LOADER_CAP_S 30		/* loaders stop by then, chaser or not */
#define BAR_WIDTH 40

/* One cpu's part of a point: the chaser (start != 0) or a loader. */
struct load_job {
	struct barrier *bar;	/* 0: alone */
	int cpu;		/* whose part: named if its TSC lags */
	/* chaser */
	void *start;
	uint64_t nodes;		/* in the chain: the warm pass */
	uint64_t hops;		/* per sample; 0: calibrate to target */
	uint64_t target_ticks;
	int samples;
	uint64_t *ticks;	/* [samples] */
	uint64_t ramp_ticks;	/* loaders run this long before sampling */
	int loaders;		/* and this many have read a chunk (for at
				 * most 2000 ramps: 1 s) */
	void *end;
	/* loaders */
	const uint8_t *src;
	uint64_t slice;		/* multiple of CHUNK_BYTES */
	uint64_t delay;
	uint64_t run_ticks;	/* stop after this long, chaser or not */
	uint64_t bytes, t0, t1, sink;
	/* both */
	int *stop;		/* atomic: the chaser is done */
	int *running;		/* atomic: loaders that have read a chunk */
	int failed;
	int end_way;		/* ticks_end's way (lib/arch/arch.h) */
};

static void chase_part(struct load_job *j, uint64_t go)
{
	void *p = j->start;
	uint64_t t0, t1;

	/* The idle run warms (a full pass: the set in DRAM, the TLB set)
	 * and sizes the samples; loaded points reuse its hops. */
	if (!j->hops) {
		p = chase_run(p, j->nodes);
		j->hops = calibrate_chase_hops(&p, j->end_way, j->target_ticks,
					      0);
	}
	while (go && ticks_read() < go + j->ramp_ticks)
		cpu_relax();
	/* Sample only once every loader is reading: a loader that starts
	 * late (a slow wake-up, a vCPU the host has not scheduled yet)
	 * would leave the first samples unloaded. Bounded: a loader that
	 * never starts costs a second, not a hang. */
	if (go && j->running) {
		uint64_t t = ticks_read(), limit = j->ramp_ticks * 2000;
		while (__atomic_load_n(j->running, __ATOMIC_ACQUIRE) <
			       j->loaders &&
		       ticks_read() - t < limit)
			cpu_relax();
	}
	for (int s = 0; s < j->samples; s++) {
		t0 = ticks_begin();
		p = chase_run(p, j->hops);
		t1 = ticks_end(j->end_way);
		j->ticks[s] = t1 - t0;
	}
	j->end = p;
}

static void load_part(struct load_job *j, uint64_t go)
{
	uint64_t off = 0, now = go, limit = go + j->run_ticks;

	for (;;) {
		j->sink += loadgen_read(j->src + off, CHUNK_BYTES, j->delay);
		if (!j->bytes && j->running)
			__atomic_add_fetch(j->running, 1, __ATOMIC_RELEASE);
		j->bytes += CHUNK_BYTES;
		off += CHUNK_BYTES;
		if (off >= j->slice)
			off = 0;
		now = ticks_read();
		if (now >= limit ||
		    (j->stop && __atomic_load_n(j->stop, __ATOMIC_ACQUIRE)))
			break;
	}
	j->t0 = go;
	j->t1 = now;
}

static void load_window(void *arg)
{
	struct load_job *j = arg;
	uint64_t go = 0;

	if (j->bar) {
		go = barrier_wait(j->bar, j->cpu);
		if (!go) {
			j->failed = 1;
			return;
		}
	}
	if (j->start) {
		chase_part(j, go);
		if (j->stop)
			__atomic_store_n(j->stop, 1, __ATOMIC_RELEASE);
	} else {
		load_part(j, go ? go : ticks_read());
	}
}

static double median_ns(const struct run_env *env, const struct load_job *j)
{
	struct stats_u64 st = stats_summarize_u64(j->ticks, (size_t)j->samples);

	return (double)st.median * 1e9 / (double)env->tsc_hz / (double)j->hops;
}

/* The idle chase; *hops gets the calibrated hops per sample, *end where
 * the chain stopped. */
static double idle_chase(const struct run_env *env, int cpu, void *buf,
			 uint64_t bytes, uint64_t *ticks, uint64_t *hops,
			 void **end)
{
	struct load_job j = {
		.end_way = env->cpu->ticks_end_way,
		.start = chase_build(buf, bytes, NODE_BYTES,
				     env->config->seed ^ bytes),
		.nodes = bytes / NODE_BYTES,
		.target_ticks = sweep_sample_ticks(env->config, env->tsc_hz),
		.samples = sweep_repeats(env->config),
		.ticks = ticks,
	};
	void *arg = &j;
	int ok = 0;

	plat_run_on_cpus(&cpu, 1, load_window, &arg, RUN_TIMEOUT_US, &ok);
	if (!ok || !j.hops)
		return -1;
	*hops = j.hops;
	*end = j.end;
	return median_ns(env, &j);
}

double loaded_idle_ns(const struct run_env *env, int cpu, void *buf,
		      uint64_t bytes)
{
	uint64_t *ticks = plat_alloc(sizeof(uint64_t) * MAX_SAMPLES), hops;
	void *end;
	double ns;

	if (!ticks)
		return -1;
	ns = idle_chase(env, cpu, buf, bytes, ticks, &hops, &end);
	plat_free(ticks);
	return ns;
}

/* Aggregate GB/s of the loaders jobs[first..n): the rule of every
 * "cpus together" figure (lib/suite/together.h), all their bytes from the
 * common start to the last one's stop. spans has room for n. */
static double loaders_gb(const struct run_env *env, const struct load_job *j,
			 int first, int n, struct cpu_span *spans)
{
	for (int i = first; i < n; i++)
		spans[i - first] = (struct cpu_span){
			.bytes = j[i].bytes, .t0 = j[i].t0, .t1 = j[i].t1 };
	return together_gb_per_s(spans, n - first, env->tsc_hz);
}

/* Runs jobs on cpus together; 0 when all finished and started together. */
static int run_together(const struct run_env *env, struct test_out *mine,
			struct test_outcome *o,
			const int *cpus, int n, struct load_job *jobs,
			const char *what)
{
	struct barrier bar;
	void **args = plat_alloc(sizeof(void *) * (size_t)n);
	int *ok = plat_alloc(sizeof(int) * (size_t)n), done, bad = 0;

	if (!args || !ok) {
		plat_free(args);
		plat_free(ok);
		return -1;
	}
	barrier_init(&bar, (uint32_t)n,
		     launch_barrier_ticks(BARRIER_TIMEOUT_S, env->tsc_hz, n),
		     env->tsc_hz / 10000);
	for (int i = 0; i < n; i++) {
		jobs[i].bar = n > 1 ? &bar : 0;
		jobs[i].cpu = cpus[i];
		args[i] = &jobs[i];
	}
	done = plat_run_on_cpus(cpus, n, load_window, args, RUN_TIMEOUT_US, ok);
	if (done < n) {
		for (int i = 0; i < n; i++)
			if (!ok[i])
				cpus_lost(mine->warnings, o, cpus[i], what);
		o->failed = 1;
		bad = -1;
	}
	for (int i = 0; i < n && !bad; i++)
		if (jobs[i].failed) {
			msgs_add(mine->warnings, "%s: the cpus did not start "
				 "together; point dropped", what);
			bad = -1;
		}
	plat_free(args);
	plat_free(ok);
	return bad;
}

/* A pool copy of v[0..n) (kept with the results); 0 when out of pool. */
static const int *copy_ints(const int *v, int n)
{
	int *c = plat_alloc(sizeof(int) * (size_t)n);

	for (int i = 0; c && i < n; i++)
		c[i] = v[i];
	return c;
}

static void print_row(const struct loaded_point *pt, double max_ns)
{
	char delay[24], bar[BAR_WIDTH + 1];
	int w = max_ns > 0 ? (int)(pt->ns / max_ns * BAR_WIDTH + 0.5) : 0;

	if (pt->delay < 0)
		fmt(delay, sizeof delay, "idle");
	else
		fmt(delay, sizeof delay, "%lld", (long long)pt->delay);
	for (int i = 0; i < BAR_WIDTH; i++)
		bar[i] = i < w ? '#' : ' ';
	bar[w < BAR_WIDTH ? w : BAR_WIDTH] = 0;
	out("%8s %9.*f %9.1f  %s\n", delay,
	    fmt_decimals_sig(pt->gb_per_s, 2, 2), pt->gb_per_s, pt->ns, bar);
}

/* Each of the first *n selected cpus' buffer in its node, *size bytes
 * (whole chunks): cut when memory is short, not below the DRAM floor
 * (4x the LLC: the chase must stay a DRAM latency); below it, fewer
 * loaders. -1 when not even two cpus fit. */
static int alloc_buffers(const struct run_env *env,
			 const struct cpu_set *set, struct test_out *mine,
			 struct test_outcome *o,
			 const int *team, uint64_t *size, int *n,
			 struct nodebuf *nb)
{
	uint64_t floor_bytes = latency_dram_floor_bytes(env, set), want = *size;
	int all = *n;
	char a[16];

	floor_bytes = (floor_bytes + CHUNK_BYTES - 1) / CHUNK_BYTES *
		      CHUNK_BYTES;
	for (;;) {
		if (nodebuf_alloc(env->config->page_bytes, team, *n, *size, nb) == 0)
			break;
		if (*size > floor_bytes) {
			*size = *size / 2 / CHUNK_BYTES * CHUNK_BYTES;
			*size = *size > floor_bytes ? *size : floor_bytes;
		} else if (*n > 2) {
			*n = *n * 3 / 4;
		} else {
			msgs_add(mine->errors, "loaded latency: no memory for "
				 "two %s buffers", fmt_size(a, sizeof a, *size));
			o->failed = 1;
			return -1;
		}
	}
	if (*size < want)
		msgs_add(mine->warnings, "loaded latency: working set cut to "
			 "%s per cpu for lack of memory",
			 fmt_size(a, sizeof a, *size));
	if (*n < all)
		msgs_add(mine->warnings, "loaded latency: memory holds %s "
			 "buffers (4x the last-level cache) for %d of the %d "
			 "cpus: %d load", fmt_size(a, sizeof a, *size), *n, all,
			 *n - 1);
	nodebuf_warn(mine->warnings, nb, "loaded latency");
	return 0;
}

/* The chaser (the first selected cpu), then every other selected cpu
 * that is not a thread of the chaser's core: a loader there would share
 * its L1, L2 and load ports, and the curve would show that, not the
 * memory getting busier. The selection less the cpus this test lost
 * (cpus_in_play); team has room for set->count. Returns the
 * count. */
static int team_of(const struct run_env *env, const struct cpu_set *set,
		   const struct test_outcome *o, int *team)
{
	const struct plat_cpu *chaser;
	int n = 1, in_play = cpus_in_play(set, o, team);

	if (in_play < 1)
		return 0;
	chaser = &env->cpus[team[0]];
	for (int i = 1; i < in_play; i++)
		if (!cpuorder_same_core(&env->cpus[team[i]], chaser))
			team[n++] = team[i];
	return n;
}

struct test_outcome loaded_run(const struct run_env *env,
			       const struct cpu_set *set,
			       struct test_out *mine)
{
	struct test_outcome outcome = { 0, 0, 0 }, *o = &outcome;
	int n = set->count, ndelays, samples, *team;
	uint64_t size = latency_dram_bytes(env, set), hops = 0, *ticks;
	uint32_t delays[MAX_DELAYS];
	struct load_job *jobs;
	struct cpu_span *spans;
	struct nodebuf bufs;
	uint8_t *chase_buf;
	void *at;		/* where the chain goes on */
	int stop, running;
	double idle, max_ns = 0;
	char a[16];

	if (n < 2) {
		msgs_add(mine->warnings, "loaded latency needs two cpus or "
			 "more (one chases, the others load): not measured");
		o->failed = o->nothing = 1;
		return outcome;
	}
	team = plat_alloc(sizeof(int) * (size_t)n);
	if (!team || (n = team_of(env, set, o, team)) < 2) {
		if (team)
			msgs_add(mine->warnings, "loaded latency: every other "
				 "selected cpu is a thread of the chaser's core "
				 "(cpu %d), and loaders never share it: not "
				 "measured", set->cpu[0]);
		o->failed = o->nothing = 1;
		plat_free(team);
		return outcome;
	}
	size = size / CHUNK_BYTES * CHUNK_BYTES;
	if (alloc_buffers(env, set, mine, o, team, &size, &n, &bufs) < 0) {
		plat_free(team);
		o->nothing = 1;
		return outcome;
	}
	chase_buf = nodebuf_slot(&bufs, team[0], 0);
	ndelays = delays_plan(env->config->profile, delays, MAX_DELAYS);
	samples = sweep_repeats(env->config);
	ticks = plat_alloc(sizeof(uint64_t) * MAX_SAMPLES);
	jobs = plat_alloc(sizeof(*jobs) * (size_t)n);
	spans = plat_alloc(sizeof(*spans) * (size_t)n);
	mine->loaded->p = plat_alloc(sizeof(*mine->loaded->p) *
				     (size_t)(ndelays + 1));
	if (!ticks || !jobs || !spans || !mine->loaded->p) {
		msgs_add(mine->errors, "loaded latency: out of pool memory");
		o->failed = 1;
		goto out;
	}
	out_progress("loaded latency: idle");
	idle = idle_chase(env, team[0], chase_buf, size, ticks, &hops, &at);
	if (idle < 0) {
		msgs_add(mine->warnings, "cpu %d did not finish the idle "
			 "chase (timed out or faulted: the errors say "
			 "which)", team[0]);
		o->failed = 1;
		goto out;
	}
	out("\nloaded latency: cpu %d chases %s while %d cpu%s read %s each "
	    "(delay: dec-loop iterations per 256 bytes read; GB = 10^9 "
	    "bytes; ns median of %d samples)\n%8s %9s %9s\n",
	    team[0], fmt_size(a, sizeof a, size), n - 1,
	    n > 2 ? "s" : "", a, samples, "delay", "GB/s", "ns");
	for (int d = 0; d < ndelays; d++) {
		/* n: the cpus with a buffer (fewer when memory is short);
		 * the team again, less any cpu lost since */
		int have = team_of(env, set, o, team), cpus = have < n ? have : n;
		uint8_t *src = 0;

		if (cpus < 2)
			break;
		out_progress("loaded latency: delay %u (%d of %d)",
			     (unsigned)delays[d], d + 1, ndelays);
		stop = 0;
		running = 0;
		jobs[0] = (struct load_job){
			.end_way = env->cpu->ticks_end_way,
			.start = at,
			.nodes = size / NODE_BYTES,
			.hops = hops,
			.samples = samples,
			.ticks = ticks,
			.ramp_ticks = env->tsc_hz / 2000,	/* 0.5 ms */
			.loaders = cpus - 1,
			.stop = &stop,
			.running = &running,
		};
		/* Each point goes on where the last one stopped: starting
		 * over would walk lines the last point just brought into
		 * the caches, not DRAM. */
		for (int i = 1; i < cpus; i++) {
			/* a cpu lost earlier shifted the list: one without
			 * a buffer stops the point */
			if (!(src = nodebuf_slot(&bufs, team[i], 0)))
				break;
			jobs[i] = (struct load_job){
				.end_way = env->cpu->ticks_end_way,
				.src = src,
				.slice = size,
				.delay = delays[d],
				.run_ticks = LOADER_CAP_S * env->tsc_hz,
				.stop = &stop,
				.running = &running,
			};
		}
		if (!src || nodebuf_slot(&bufs, team[0], 0) != chase_buf)
			break;
		if (run_together(env, mine, o, team, cpus, jobs,
				 "loaded latency"))
			continue;
		at = jobs[0].end;
		mine->loaded->p[mine->loaded->count++] = (struct loaded_point){
			.delay = delays[d],
			.loaders = cpus - 1,
			.gb_per_s = loaders_gb(env, jobs, 1, cpus, spans),
			.ns = median_ns(env, &jobs[0]),
			.cpu_list = copy_ints(team, cpus),
			.buffer_nodes = nodebuf_nodes_of(&bufs, team, cpus),
		};
	}
	mine->loaded->p[mine->loaded->count++] = (struct loaded_point){
		.delay = -1, .ns = idle,
	};
	/* The rows once all are in, so the bars share one scale. */
	for (int i = 0; i < mine->loaded->count; i++)
		if (mine->loaded->p[i].ns > max_ns)
			max_ns = mine->loaded->p[i].ns;
	for (int i = 0; i < mine->loaded->count; i++)
		print_row(&mine->loaded->p[i], max_ns);
out:
	plat_free(ticks);
	plat_free(jobs);
	plat_free(spans);
	nodebuf_free(&bufs);
	plat_free(team);
	return outcome;
}
