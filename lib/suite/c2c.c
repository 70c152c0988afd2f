/* Core-to-core latency (see c2c.h): two cpus ping-pong one cache line
 * (kernels/pingpong.c), started on a TSC barrier; one sample is a run of
 * round trips of about the profile's sample time, and the point is the
 * median sample's round trip / 2. */
#include "suite/c2c.h"

#include "suite/barrier.h"
#include "arch/arch.h"
#include "hw/cpuorder.h"
#include "suite/cpus.h"
#include "util/fmt.h"
#include "suite/launch.h"
#include "util/out.h"
#include "suite/pairs.h"
#include "pingpong.h"
#include "platform.h"
#include "util/stats.h"
#include "suite/sweep.h"

#define MAX_SAMPLES 1000
#define RUN_TIMEOUT_US 120000000u
#define BARRIER_TIMEOUT_S 5	/* plus the launch skew (launch.h) */
#define ANSWER_TIMEOUT_S 5	/* a partner silent this long is gone */
#define MATRIX_MAX_CPUS 64	/* larger runs print a list, not a matrix */
/* The shared line sits alone in a 128-byte aligned, 128-byte slot: Intel
 * cores since Sandy Bridge have the "spatial" (adjacent-line) prefetcher,
 * which fetches a line's 128-byte buddy along with it. With anything else
 * hot in the buddy line, each transfer would drag a second line between
 * the cores (or be slowed by false sharing with it). On AMD and on Intel
 * with that prefetcher off, 64 would do; 128 costs nothing. */
#define LINE_SLOT_BYTES 128u

struct pp_job {
	struct barrier *bar;
	int cpu;		/* named if its TSC lags */
	volatile uint64_t *line;
	int serve;		/* 1: server, 0: answerer */
	int samples;
	uint64_t target_ticks, timeout_ticks;
	uint64_t *ticks, *rounds;	/* [samples], server only */
	int failed;
	int end_way;		/* ticks_end's way (lib/arch/arch.h) */
};

static void pp_window(void *arg)
{
	struct pp_job *j = arg;
	uint64_t next = 1;

	if (!barrier_wait(j->bar, j->cpu)) {
		j->failed = 1;
		return;
	}
	if (!j->serve) {
		j->failed = pingpong_answer(j->line, j->timeout_ticks) < 0;
		return;
	}
	for (int s = 0; s < j->samples && !j->failed; s++) {
		uint64_t t0 = ticks_begin(), r;
		r = pingpong_serve(j->line, &next, t0 + j->target_ticks,
				   j->timeout_ticks);
		j->ticks[s] = ticks_end(j->end_way) - t0;
		j->rounds[s] = r;
		j->failed = r == 0;
	}
	*j->line = PINGPONG_STOP;
}

int c2c_pair_cap(enum bm_profile profile, int cpus)
{
	uint64_t all = pairs_total(cpus);

	/* full: every pair up to C2C_FULL_PAIRS (all of ~90 cpus), a seeded
	 * sample beyond: 512 threads have 130816 pairs, hours at the few ms
	 * a pair's windows and samples take on real firmware. */
	if (profile == BM_PROFILE_FULL)
		return all > C2C_FULL_PAIRS ? C2C_FULL_PAIRS : (int)all;
	return profile == BM_PROFILE_QUICK ? 24 : 256;
}

/* One pair: the median one-way ns, or < 0 when it failed. */
static double measure_pair(const struct run_env *env,
			   struct test_out *mine, struct test_outcome *o,
			   int from, int to,
			   volatile uint64_t *line, uint64_t *ticks,
			   uint64_t *rounds)
{
	struct barrier bar;
	struct pp_job j[2];
	void *args[2] = { &j[0], &j[1] };
	int cpus[2] = { from, to }, ok[2], samples = sweep_repeats(env->config);
	uint64_t ns_x1000[MAX_SAMPLES];	/* per sample, integer stats */

	barrier_init(&bar, 2, launch_barrier_ticks(BARRIER_TIMEOUT_S,
						   env->tsc_hz, 2),
		     env->tsc_hz / 10000);
	*line = 0;
	for (int i = 0; i < 2; i++)
		j[i] = (struct pp_job){
			.end_way = env->cpu->ticks_end_way,
			.bar = &bar, .cpu = cpus[i], .line = line,
			.serve = i == 0,
			.samples = samples,
			.target_ticks = sweep_sample_ticks(env->config,
							   env->tsc_hz),
			.timeout_ticks = ANSWER_TIMEOUT_S * env->tsc_hz,
			.ticks = ticks, .rounds = rounds,
		};
	if (plat_run_on_cpus(cpus, 2, pp_window, args, RUN_TIMEOUT_US, ok) < 2) {
		for (int i = 0; i < 2; i++)
			if (!ok[i])
				cpus_lost(mine->warnings, o, cpus[i],
					  "core-to-core");
		o->failed = 1;
		return -1;
	}
	if (j[0].failed || j[1].failed) {
		msgs_add(mine->warnings, "core-to-core %d-%d: the pair did not "
			 "keep up the ping-pong; point dropped", from, to);
		return -1;
	}
	for (int s = 0; s < samples; s++)
		ns_x1000[s] = (uint64_t)((double)ticks[s] * 1e12 /
					 (double)env->tsc_hz /
					 (double)rounds[s] / 2);
	return (double)stats_summarize_u64(ns_x1000, (size_t)samples).median /
	       1000;
}

/* The matrix over the cpus sel[0..n). */
static void print_matrix(const struct test_out *mine, const int *sel, int n,
			 int first)
{
	char line[MATRIX_MAX_CPUS * 8 + 16];
	size_t len;

	int siblings = 0;

	for (int i = first; i < mine->c2c->count; i++)
		siblings |= mine->c2c->p[i].same_core;
	if (n > MATRIX_MAX_CPUS) {
		for (int i = first; i < mine->c2c->count; i++)
			out("%5d %5d %8.1f%s\n", mine->c2c->p[i].from,
			    mine->c2c->p[i].to,
			    mine->c2c->p[i].ns,
			    mine->c2c->p[i].same_core ? "  same core" : "");
		return;
	}
	len = fmt(line, sizeof line, "%6s", "");
	for (int b = 0; b < n; b++)
		len += fmt(line + len, sizeof line - len, " %6d",
			   sel[b]);
	out("%s\n", line);
	for (int a = 0; a < n; a++) {
		len = fmt(line, sizeof line, "%6d", sel[a]);
		for (int b = 0; b < n; b++) {
			double v = -1;
			int x = sel[a], y = sel[b], sib = 0;
			for (int i = first; i < mine->c2c->count; i++) {
				const struct c2c_point *p = &mine->c2c->p[i];
				if ((p->from == x && p->to == y) ||
				    (p->from == y && p->to == x)) {
					v = p->ns;
					sib = p->same_core;
				}
			}
			len += v >= 0 && sib ? fmt(line + len, sizeof line - len,
						   " %5.1fs", v)
			       : v >= 0 ? fmt(line + len, sizeof line - len,
					      " %6.1f", v)
				      : fmt(line + len, sizeof line - len,
					    " %6s", a == b ? "." : "-");
		}
		out("%s\n", line);
	}
	/* A sibling pair's line never leaves the core: it is no
	 * core-to-core figure, so it is marked, not mixed in. */
	if (siblings)
		out("s: SMT threads of one core (the line stays in that core's "
		    "own caches)\n");
}

struct test_outcome c2c_run(const struct run_env *env,
			    const struct cpu_set *set,
			    struct test_out *mine)
{
	struct test_outcome outcome = { 0, 0, 0 }, *o = &outcome;
	int n = set->count, cap, count, *sel;
	struct cpu_pair *pairs;
	uint64_t *ticks, *rounds;
	uint8_t *slot;
	volatile uint64_t *line;

	if (n < 2) {
		msgs_add(mine->warnings, "core-to-core latency needs two cpus "
			 "or more: not measured");
		o->failed = o->nothing = 1;
		return outcome;
	}
	cap = c2c_pair_cap(env->config->profile, n);
	pairs = plat_alloc(sizeof(*pairs) * (size_t)cap);
	ticks = plat_alloc(sizeof(uint64_t) * 2 * MAX_SAMPLES);
	slot = plat_alloc(2 * LINE_SLOT_BYTES);
	/* The plan's own copy of the selection: the pairs index it. */
	sel = plat_alloc(sizeof(int) * (size_t)n);
	count = pairs ? pairs_plan(n, cap, env->config->seed, pairs) : 0;
	mine->c2c->p = plat_alloc(sizeof(*mine->c2c->p) *
				  (size_t)(count ? count : 1));
	if (!pairs || !ticks || !slot || !sel || !mine->c2c->p) {
		msgs_add(mine->errors, "core-to-core: out of pool memory");
		o->failed = 1;
		goto out;
	}
	rounds = ticks + MAX_SAMPLES;
	line = (volatile uint64_t *)(((uintptr_t)slot + LINE_SLOT_BYTES - 1) &
				     ~(uintptr_t)(LINE_SLOT_BYTES - 1));
	for (int i = 0; i < n; i++)
		sel[i] = set->cpu[i];
	for (int i = 0; i < count; i++) {
		int from = sel[pairs[i].a], to = sel[pairs[i].b];
		double ns;

		if (!cpus_usable(from) || !cpus_usable(to))
			continue;
		out_progress("core-to-core: cpus %d and %d (%d of %d)", from, to,
			     i + 1, count);
		ns = measure_pair(env, mine, o, from, to, line, ticks, rounds);
		if (ns >= 0)
			mine->c2c->p[mine->c2c->count++] = (struct c2c_point){
				from, to, ns,
				cpuorder_same_core(&env->cpus[from],
						   &env->cpus[to]) };
	}
	out("\ncore-to-core latency, ns one way (round trip / 2, median of "
	    "%d samples; %d of %llu pairs%s)\n", sweep_repeats(env->config),
	    mine->c2c->count, (unsigned long long)pairs_total(n),
	    (uint64_t)count < pairs_total(n) ? ", a seeded sample" : "");
	/* the matrix leaves out the cpus lost on the way, as the runner
	 * will drop them from the selection */
	print_matrix(mine, sel, o->lost ? cpus_keep_usable(sel, n) : n, 0);
out:
	plat_free(pairs);
	plat_free(ticks);
	plat_free((void *)slot);
	plat_free(sel);
	return outcome;
}
