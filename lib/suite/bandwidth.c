/* The bandwidth plan (docs/design.md §5): per level (the sizes and cpu counts
 * of lib/suite/levels.h, by each cpu's own caches, and a DRAM size)
 * every kernel on one cpu, then on all selected cpus at once (or as
 * many as the level holds) started on a TSC barrier, then a read scaling
 * curve at the DRAM size.
 *
 * Copy at DRAM is measured with cached stores and with non-temporal
 * ones, and the faster is the copy point. A cached store
 * first reads the destination line for ownership and later writes it
 * back, so a cached copy from DRAM moves three bytes for the two it
 * counts; non-temporal stores write the line whole, around the caches.
 * That is why memcpy switches to them past the cache sizes, and why
 * tools that use them report more. Inside the caches the cached copy
 * is the right one (non-temporal stores would send every line to DRAM),
 * and on some cores one cpu's non-temporal stores are the slower, so
 * neither is assumed: both medians are kept in the point. Write at DRAM
 * is compared the same way with ntwrite. Each pair is timed in turn
 * sample by sample in one window (a machine whose DRAM bandwidth drifts
 * between points would otherwise pick the kind by the moment each ran).
 *
 * Every cpu's buffer is in its own NUMA node (lib/suite/nodebuf.h), and each
 * point records where (buffer_nodes). No point called DRAM is under 4x
 * the last-level cache a cpu: the one-cpu DRAM size is its own, and when
 * memory cannot give every cpu that much, the all-cpu DRAM points run on
 * fewer cpus. ntwrite in the cache rows is marked as the DRAM writes it
 * is (its stores go around the caches). */
#include "suite/bandwidth.h"

#include "suite/barrier.h"
#include "suite/calibrate.h"
#include "suite/capacity.h"
#include "suite/coretypes.h"
#include "bw.h"
#include "arch/arch.h"
#include "util/str.h"
#include "hw/cpuinfo.h"
#include "suite/isa_plan.h"
#include "suite/cpus.h"
#include "util/fmt.h"
#include "suite/latency.h"
#include "suite/launch.h"
#include "suite/nodebuf.h"
#include "suite/settle.h"
#include "util/out.h"
#include "platform.h"
#include "suite/progress.h"
#include "util/stats.h"
#include "suite/sweep.h"
#include "suite/together.h"

#define MAX_SAMPLES 1000
#define RUN_TIMEOUT_US 300000000u	/* 5 min: a cpu that takes longer is stuck */
#define BARRIER_TIMEOUT_S 5		/* all cpus start within this, plus
				 * their launch skew (launch.h) */
#define BUF_ALIGN 4096u
#define SMI_RETAKES 2		/* rounds of retakes for samples an SMI hit */

static const char *const ops[] = { "read", "write", "ntwrite", "copy" };
#define OP_COUNT 4
/* The read/write mixes, measured at DRAM (kernels/x86_64/bw_asm.h). */
static const char *const mixes[] = { "mix31", "mix21", "mix11", "triad" };
#define MIX_COUNT 4

/* One cpu's share of a point; runs inside its measurement window. */
struct bw_job {
	const struct bw_kernel *k;
	const struct bw_kernel *ran;	/* k, or its twin of the widest ISA
					 * this cpu could run */
	/* 0, or the kernel timed in alternation with k: it runs the odd
	 * samples, k the even ones, so both see the same moments of a
	 * machine whose bandwidth drifts; alt_ran and alt_passes as ran
	 * and passes. */
	const struct bw_kernel *alt, *alt_ran;
	uint64_t alt_passes;
	void *dst;
	const void *src;
	uint64_t bytes;		/* per buffer (copy: src and dst each) */
	uint64_t passes;	/* 0: calibrate to target_ticks */
	uint64_t target_ticks;
	int samples;
	struct barrier *barriers;	/* [samples], or 0 when alone */
	int cpu;		/* whose share: named if its TSC lags */
	uint64_t *start, *end;		/* [samples] */
	uint64_t (*smi_count)(void);	/* 0: SMIs not counted */
	int (*isa_here)(void);	/* 0: isa_usable_here */
	uint64_t *smis;		/* [samples]: SMIs seen, when smi_count */
	/* The core clock: APERF/MPERF read around each sample (0: not
	 * read), the deltas kept in [samples] each. */
	coreclock_read_fn clock_read;
	uint64_t *daperf, *dmperf;
	/* k is 512-bit: the window ends with the licence's settle time
	 * (lib/suite/settle.h), its reference ratio taken first. */
	int wide;
	struct settle_rule rule;
	struct settle_result settled;	/* out, when wide */
	int end_way;		/* ticks_end's way (lib/arch/arch.h) */
	uint64_t sink;
};

/* Units past which doubling the passes stops (calibrate.h). */
#define MAX_PASSES (1ull << 30)

static uint64_t bw_timed(void *ctx, uint64_t passes)
{
	struct bw_job *j = ctx;
	uint64_t t0 = ticks_begin();

	j->sink += j->ran->run(j->dst, j->src, j->bytes, passes);
	return ticks_end(j->end_way) - t0;
}

static void bw_window(void *arg)
{
	struct bw_job *j = arg;
	uint64_t t0, t1, passes = j->passes, a0 = 0, m0 = 0, a1, m1;
	/* the clock before any 512-bit work (a settled earlier point left
	 * it there), what the settle at the end waits to see again */
	double ref = j->wide ? settle_spin_ratio(j->clock_read,
						 j->rule.ref_ticks) : -1;
	/* Checked on this cpu, just before: a core without k's ISA or its
	 * register state (a mixed machine, a firmware that left it off)
	 * runs the widest twin it can instead of taking #UD; measure()
	 * records and warns. */
	enum bw_isa here = j->isa_here ? (enum bw_isa)j->isa_here()
				       : isa_usable_here();
	const struct bw_kernel *k = j->k->isa <= here ? j->k
				    : bw_kernel_for(j->k->op, here);
	const struct bw_kernel *alt = !j->alt || j->alt->isa <= here
				      ? j->alt : bw_kernel_for(j->alt->op, here);

	j->ran = alt;
	/* One pass puts the set where it belongs (and fills the TLB). */
	j->sink += k->run(j->dst, j->src, j->bytes, 1);
	if (alt && !j->alt_passes)
		j->alt_passes = calibrate_units(bw_timed, j, 1, MAX_PASSES,
						j->target_ticks);
	j->alt_ran = alt;
	j->ran = k;
	if (!passes)
		j->passes = calibrate_units(bw_timed, j, 1, MAX_PASSES,
					    j->target_ticks);
	for (int s = 0, missed = 0; s < j->samples; s++) {
		int odd = alt && s & 1;	/* alt's sample */
		const struct bw_kernel *ks = odd ? alt : k;
		uint64_t s0;
		/* In turn, a sample would start where the other kind left the
		 * caches: after a cached write, dirty lines the next sample
		 * pays to write back, so the cached write gains what the
		 * non-temporal one loses. One untimed pass of its own kind
		 * first leaves them as back-to-back samples of it would. */
		if (alt)
			j->sink += ks->run(j->dst, j->src, j->bytes, 1);
		s0 = j->smi_count ? j->smi_count() : 0;
		if (j->barriers) {
			t0 = barrier_wait(&j->barriers[s], j->cpu);
			/* after the start line (the clock of the kernel, not of
			 * the wait), inside the timed span: two MSR reads,
			 * well under a microsecond of a >= 1 ms sample */
			if (j->clock_read)
				j->clock_read(&a0, &m0);
			if (!t0) {
				j->start[s] = j->end[s] = 0;
				if (j->clock_read)
					j->daperf[s] = j->dmperf[s] = 0;
				if (++missed < 2)
					continue;
				/* A cpu late once (an SMI, a descheduled vCPU)
				 * meets the others at the next start line; one
				 * missing from two in a row is gone (a fault, a
				 * hang), and each sample left would wait the
				 * whole timeout for it. */
				while (++s < j->samples) {
					j->start[s] = j->end[s] = 0;
					if (j->clock_read)
						j->daperf[s] = j->dmperf[s] = 0;
				}
				break;
			}
			missed = 0;
		} else {
			if (j->clock_read)
				j->clock_read(&a0, &m0);
			t0 = ticks_begin();
		}
		j->sink += ks->run(j->dst, j->src, j->bytes,
				   odd ? j->alt_passes : j->passes);
		t1 = ticks_end(j->end_way);
		if (j->clock_read) {
			j->clock_read(&a1, &m1);
			j->daperf[s] = a1 - a0;
			j->dmperf[s] = m1 - m0;
		}
		j->start[s] = t0;
		j->end[s] = t1;
		if (j->smi_count)
			j->smis[s] = j->smi_count() - s0;
	}
	/* A cpu that asked for 512-bit kernels waits out the licence before
	 * anything else runs on it (one that fell back to its AVX2 twin
	 * too: 2 ms, and its neighbour may not have). */
	if (j->wide)
		settle_after_wide(j->clock_read, ref, ticks_read(), &j->rule,
				  &j->settled);
}

struct point_ctx {
	const struct run_env *env;	/* the run's inputs */
	struct msgs *warnings;		/* the run's */
	/* the series run_point appends to (0: bandwidth_read_together's
	 * points are its caller's) */
	struct test_out *mine;
	struct test_outcome *o;	/* the test's: cpus lost go there */
	const int *cpu_list;	/* who runs: own for the table */
	/* The table's own copy of the selection (0 elsewhere): a cpu lost
	 * leaves it at once, as the runner drops it after the test. */
	int *own, own_count;
	const char *what;	/* the point in messages; 0: the kernel */
	/* 0, or the kernel the next point times in alternation with its
	 * own (struct bw_job's alt), keeping the faster */
	const struct bw_kernel *alt;
	struct bw_job *jobs;
	void **args;
	int *ok;
	struct barrier *barriers;
	uint64_t *times;	/* [cpus * samples * 2] */
	uint64_t *smis;		/* [cpus * samples], or 0: SMIs not read */
	/* [cpus * samples] each, or 0: the core clock is not read */
	uint64_t *daperf, *dmperf, *clock_khz;
	int unsettled;		/* 512-bit points a cpu did not settle after */
	struct cpu_span *spans;	/* [cpus]: one sample's, for its GB/s */
	/* Each cpu's buffer: its slot in bufs (placed per node), or, with
	 * bufs 0, slot i of mem for cpu_list[i]. */
	const struct nodebuf *bufs;
	uint8_t *mem;
	uint64_t mem_bytes;
	int samples;
	int refused;		/* points the full series did not keep */
};

/* The per-cpu and per-sample arrays of x for up to ncpu cpus (x->env
 * and x->samples set; room for twice the samples, a point timed in
 * alternation); -1 when the pool is short (ctx_free cleans up). */
static int ctx_alloc(struct point_ctx *x, int ncpu)
{
	size_t n = (size_t)ncpu, samples = 2 * (size_t)x->samples;

	x->jobs = plat_alloc(sizeof(*x->jobs) * n);
	x->args = plat_alloc(sizeof(void *) * n);
	x->ok = plat_alloc(sizeof(int) * n);
	x->spans = plat_alloc(sizeof(*x->spans) * n);
	x->barriers = plat_alloc(sizeof(struct barrier) * samples);
	x->times = plat_alloc(sizeof(uint64_t) * 2 * samples * n);
	if (x->env->smi_count)
		x->smis = plat_alloc(sizeof(uint64_t) * samples * n);
	if (x->env->clock_read) {
		x->daperf = plat_alloc(sizeof(uint64_t) * samples * n);
		x->dmperf = plat_alloc(sizeof(uint64_t) * samples * n);
		x->clock_khz = plat_alloc(sizeof(uint64_t) * samples * n);
	}
	return x->jobs && x->args && x->ok && x->spans && x->barriers &&
	       x->times && (!x->env->smi_count || x->smis) &&
	       (!x->env->clock_read || (x->daperf && x->dmperf &&
					x->clock_khz)) ? 0 : -1;
}

static void ctx_free(struct point_ctx *x)
{
	plat_free(x->jobs);
	plat_free(x->args);
	plat_free(x->ok);
	plat_free(x->spans);
	plat_free(x->barriers);
	plat_free(x->times);
	plat_free(x->smis);
	plat_free(x->daperf);
	plat_free(x->dmperf);
	plat_free(x->clock_khz);
	plat_free(x->own);
}

/* The buffer of cpu_list[i] for a point of `size` bytes a cpu; 0 when
 * it has none that large. */
static uint8_t *slot_of(const struct point_ctx *x, int i, uint64_t size)
{
	uint64_t slot = (size + BUF_ALIGN - 1) / BUF_ALIGN * BUF_ALIGN;

	if (x->bufs)
		return size <= x->bufs->slot_bytes
			       ? nodebuf_slot(x->bufs, x->cpu_list[i], 0) : 0;
	return slot * (uint64_t)(i + 1) <= x->mem_bytes
		       ? x->mem + slot * (uint64_t)i : 0;
}

/* One run of n samples of kernel k on the first `cpus` of x->cpu_list,
 * x->alt's on the odd ones when set (passes, alt_passes 0: each sizes
 * its own). Returns 0, or -1 when a cpu did not finish (it is dropped
 * from the run). */
static int run_once(struct point_ctx *x, const struct bw_kernel *k, int cpus,
		    uint64_t size, uint64_t per_buf, uint64_t passes,
		    uint64_t alt_passes, uint64_t target, int n)
{
	const struct run_env *env = x->env;
	uint64_t cap = 2 * (uint64_t)x->samples;	/* ctx_alloc's room */
	int done;

	for (int s = 0; s < n && cpus > 1; s++)
		barrier_init(&x->barriers[s], (uint32_t)cpus,
			     launch_barrier_ticks(BARRIER_TIMEOUT_S, env->tsc_hz,
						  cpus), env->tsc_hz / 10000);
	for (int i = 0; i < cpus; i++) {
		uint8_t *base = slot_of(x, i, size);
		x->jobs[i] = (struct bw_job){
			.end_way = env->cpu->ticks_end_way,
			.k = k,
			.alt = x->alt,
			.alt_passes = alt_passes,
			.dst = base,
			.src = k->needs_src && k->needs_dst ? base + per_buf : base,
			.bytes = per_buf,
			.passes = passes,
			.target_ticks = target,
			.samples = n,
			.barriers = cpus > 1 ? x->barriers : 0,
			.cpu = x->cpu_list[i],
			.start = x->times + (uint64_t)i * 2 * cap,
			.end = x->times + (uint64_t)i * 2 * cap + cap,
			.smi_count = x->smis ? env->smi_count : 0,
			.isa_here = env->isa_here,
			.smis = x->smis ? x->smis + (uint64_t)i * cap : 0,
			.clock_read = x->daperf ? env->clock_read : 0,
			.daperf = x->daperf ? x->daperf + (uint64_t)i * cap : 0,
			.dmperf = x->dmperf ? x->dmperf + (uint64_t)i * cap : 0,
			.wide = k->isa == BW_AVX512,
			.rule = settle_rule(env->tsc_hz),
		};
		x->args[i] = &x->jobs[i];
	}
	done = plat_run_on_cpus(x->cpu_list, cpus, bw_window, x->args,
				RUN_TIMEOUT_US, x->ok);
	if (done < cpus) {
		for (int i = 0; i < cpus; i++)
			if (!x->ok[i])
				cpus_lost(x->warnings, x->o, x->cpu_list[i],
					  x->what ? x->what : k->name);
		x->o->failed = 1;
		if (x->own)
			x->own_count = cpus_keep_usable(x->own, x->own_count);
		return -1;
	}
	return 0;
}

/* The settle after a 512-bit point (lib/suite/settle.h) into *pt: the
 * longest wait of its cpus, and whether each came back near its clock
 * before the point (-1 where none could tell); the first point a cpu
 * did not is warned about (once: the warnings are few), since what
 * follows it may run at the lowered clock. */
static void record_settle(struct point_ctx *x, int cpus, const char *what,
			  const char *level, struct bw_point *pt)
{
	uint64_t waited = 0;
	int back = -1, slow = -1;
	double ratio = 0;

	for (int i = 0; i < cpus; i++) {
		const struct settle_result *r = &x->jobs[i].settled;
		waited = r->waited_ticks > waited ? r->waited_ticks : waited;
		if (r->back < 0)
			continue;
		if (back < 0)
			back = 1;
		if (!r->back && slow < 0) {
			back = 0;
			slow = x->cpu_list[i];
			ratio = r->ratio;
		}
	}
	pt->settle_ms = (double)waited * 1e3 / (double)x->env->tsc_hz;
	pt->settle_back = back;
	if (!back && !x->unsettled++)
		msgs_add(x->warnings, "%s on %d cpu%s at %s: cpu %d's "
			 "clock at %.2f of its clock before, %.1f ms after (AVX-512 "
			 "licence; the first such point: see each point's settle)",
			 what, cpus, cpus > 1 ? "s" : "", level, slow, ratio,
			 pt->settle_ms);
}

/* Measures kernel k on the first `cpus` of x->cpu_list together, each
 * over its own `size` bytes of x->mem (passes 0: sized on the first cpu
 * alone). Fills *pt but its level and scaling; 0, or -1 when a cpu did
 * not finish or no sample is left (warned). `level` names the point in
 * the warnings. With x->alt (a store twin of k: ntwrite for write,
 * ntcopy for copy), the two alternate sample by sample and the point is
 * the faster, named k, its stores the winner's, both medians kept
 * (stores_compared). */
static int measure(struct point_ctx *x, const struct bw_kernel *k,
		   const char *level, uint64_t size, int cpus,
		   uint64_t passes, struct bw_point *pt)
{
	const struct run_env *env = x->env;
	const char *what = x->what ? x->what : k->name;
	/* bytes_per_byte streams of per_buf bytes: dst first, then src */
	uint64_t per_buf = size / (uint64_t)k->bytes_per_byte;
	uint64_t target = sweep_sample_ticks(env->config, env->tsc_hz);
	/* [0] k's samples, [1] x->alt's */
	static uint64_t kbs[2][MAX_SAMPLES];
	const struct bw_kernel *alt = x->alt;
	int good[2] = { 0, 0 }, smi = 0, retaken = 0, fell_back = 0;
	int kinds = alt ? 2 : 1, win = 0;
	uint64_t alt_passes = 0;
	size_t nclock = 0;
	struct stats_u64 st[2] = { { 0 }, { 0 } }, clock = { 0 };

	const int *nodes = 0;
	uint8_t *first;

	per_buf &= ~(uint64_t)63;
	if (cpus < 1)
		return -1;
	for (int i = 0; i < cpus; i++)
		if (!slot_of(x, i, size))
			return -1;
	first = slot_of(x, 0, size);
	/* cpus started together must do the same work: size it on one cpu
	 * first (a sample then lasts about the target on one cpu, longer when
	 * they share a bottleneck). */
	if (cpus > 1 && passes == 0) {
		struct bw_job cal = { .end_way = env->cpu->ticks_end_way,
				      .k = k, .alt = alt, .dst = first,
				      .src = k->needs_src && k->needs_dst
						     ? first + per_buf : first,
				      .bytes = per_buf, .target_ticks = target,
				      .isa_here = env->isa_here };
		void *arg = &cal;
		int ok = 0;
		plat_run_on_cpus(x->cpu_list, 1, bw_window, &arg,
				 RUN_TIMEOUT_US, &ok);
		if (!ok)
			return -1;
		passes = cal.passes;
		alt_passes = cal.alt_passes;
	}
	/* Samples an SMI hit are dropped and taken again, a few rounds at
	 * most, all cpus together (an SMI stops every core of the package). */
	for (int round = 0, n = x->samples, hit = 1; hit && n > 0 &&
	     round <= SMI_RETAKES; round++, n = x->samples -
	     (good[0] < good[kinds - 1] ? good[0] : good[kinds - 1])) {
		if (round) {
			retaken += n * kinds;
			passes = x->jobs[0].passes;
			alt_passes = x->jobs[0].alt_passes;
		}
		hit = 0;
		if (run_once(x, k, cpus, size, per_buf, passes, alt_passes,
			     target, n * kinds) < 0)
			return -1;
		/* GB/s of a sample: lib/suite/together.h's rule. */
		for (int s = 0; s < n * kinds; s++) {
			int valid = 1, smi_seen = 0, w = s % kinds;
			double gb;
			if (good[w] >= x->samples)
				continue;	/* the other kind's retake */
			for (int i = 0; i < cpus; i++) {
				valid &= x->jobs[i].start[s] != 0;
				smi_seen |= x->smis && x->jobs[i].smis[s];
				x->spans[i] = (struct cpu_span){
					.bytes = per_buf * (uint64_t)
						 k->bytes_per_byte *
						 (w ? x->jobs[i].alt_passes
						    : x->jobs[i].passes),
					.t0 = x->jobs[i].start[s],
					.t1 = x->jobs[i].end[s] };
			}
			if (smi_seen) {
				smi++;
				hit = 1;
				continue;
			}
			gb = together_gb_per_s(x->spans, cpus, env->tsc_hz);
			if (!valid || gb <= 0)
				continue;
			kbs[w][good[w]++] = (uint64_t)(gb * 1e6); /* kB/s */
			/* every cpu's clock in the samples kept */
			for (int i = 0; i < cpus && x->clock_khz; i++) {
				double hz = coreclock_hz(env->tsc_hz,
							 x->jobs[i].daperf[s],
							 x->jobs[i].dmperf[s]);
				if (hz > 0)
					x->clock_khz[nclock++] =
						(uint64_t)(hz / 1e3);
			}
		}
	}
	for (int i = 0; i < cpus; i++)
		if ((x->jobs[i].ran && x->jobs[i].ran != k) ||
		    (x->jobs[i].alt_ran && x->jobs[i].alt_ran != alt)) {
			if (!fell_back++)
				msgs_add(x->warnings, "%s on %d cpu%s at %s: "
					 "cpu %d cannot run it (CPUID or XCR0) "
					 "and ran %s", what, cpus, cpus > 1 ?
					 "s" : "", level, x->cpu_list[i],
					 (x->jobs[i].ran != k ? x->jobs[i].ran
					  : x->jobs[i].alt_ran)->name);
		}
	if (good[0] == 0 || good[kinds - 1] == 0) {
		msgs_add(x->warnings, smi ? "%s on %d cpus: every sample "
			 "hit by an SMI; point dropped" : "%s on %d cpus: the "
			 "cpus did not start together; point dropped", what,
			 cpus);
		return -1;
	}
	/* Where each cpu's buffer is (the point's buffer_nodes). */
	if (x->bufs)
		nodes = nodebuf_nodes_of(x->bufs, x->cpu_list, cpus);
	for (int w = 0; w < kinds; w++)
		st[w] = stats_summarize_u64(kbs[w], (size_t)good[w]);
	win = alt && st[1].median > st[0].median;
	if (nclock)
		clock = stats_summarize_u64(x->clock_khz, nclock);
	*pt = (struct bw_point){
		.kernel = k->name,
		.cpus = cpus,
		.size_bytes = size,
		.bytes = per_buf * (uint64_t)k->bytes_per_byte *
			 (win ? x->jobs[0].alt_passes : x->jobs[0].passes) *
			 (uint64_t)cpus,
		.repeats = good[win],
		.gb_min = (double)st[win].min / 1e6,
		.gb_median = (double)st[win].median / 1e6,
		.gb_max = (double)st[win].max / 1e6,
		.smi = x->smis ? smi : -1,
		.retaken = retaken,
		.nontemporal = (win ? alt : k)->nontemporal,
		.stores_compared = alt != 0,
		.cached_gb_median = alt ? (double)st[alt->nontemporal ? 0 : 1]
						  .median / 1e6 : 0,
		.nontemporal_gb_median = alt ? (double)st[alt->nontemporal]
						       .median / 1e6 : 0,
		.page_bytes = x->bufs ? x->bufs->page_bytes : 0,
		.buffer_nodes = nodes,
		.fallback_cpus = fell_back,
		.clock_ghz = nclock ? (double)clock.median / 1e6 : -1,
		.clock_ghz_min = nclock ? (double)clock.min / 1e6 : -1,
		.settle_ms = -1,
		.settle_back = -1,
	};
	if (x->jobs[0].wide)
		record_settle(x, cpus, what, level, pt);
	if (smi && good[win] < x->samples)
		msgs_add(x->warnings, "%s on %d cpu%s at %s: %d samples "
			 "lost to SMIs after retakes", what, cpus,
			 cpus > 1 ? "s" : "", level, x->samples - good[win]);
	return 0;
}

/* Runs kernel k on the first `cpus` selected cpus, each over its own
 * `size` bytes. Appends the point; returns it, or 0 on failure. */
static struct bw_point *run_point(struct point_ctx *x,
				  const struct bw_kernel *k, const char *level,
				  uint64_t size, int cpus, uint64_t passes,
				  int scaling)
{
	struct test_out *mine = x->mine;
	struct bw_point pt;

	if (mine->bw->count >= mine->bw->cap) {
		if (!x->refused++)
			msgs_add(x->warnings, "bandwidth: more points than "
				 "the results can hold: points past %d are not "
				 "kept", mine->bw->cap);
		return 0;
	}
	/* A cpu dropped earlier in this row: the row's `cpus` is stale. */
	if (cpus > x->own_count)
		return 0;
	if (measure(x, k, level, size, cpus, passes, &pt) < 0)
		return 0;
	pt.level = level;
	pt.scaling = scaling;
	return bw_append(mine, &pt);
}

int bandwidth_scaling_counts(int n, int *counts, int cap)
{
	int m = 0;

	for (int c = 1; c <= n && m < cap; ) {
		counts[m++] = c;
		if (c < 8)
			c++;
		else
			c += c / 4;	/* 8, 10, 12, 15, 18, ...: ~4 per doubling */
	}
	if (m > 0 && counts[m - 1] != n) {
		if (m < cap)
			counts[m++] = n;
		else
			counts[m - 1] = n;
	}
	return m;
}

static void print_table_head(const struct bw_kernel *const *ks)
{
	char line[200];
	size_t n = fmt(line, sizeof line, "%-6s %8s %5s", "level", "size",
		       "cpus");
	for (int o = 0; o < OP_COUNT; o++)
		n += fmt(line + n, sizeof line - n, " %13s", ks[o]->name);
	out("%s\n", line);
}

/* v halved, but not below floor_bytes (4 KiB multiples). */
static uint64_t half_to(uint64_t v, uint64_t floor_bytes)
{
	v = v / 2 & ~(uint64_t)(BUF_ALIGN - 1);
	return v > floor_bytes ? v : floor_bytes;
}

/* The one-cpu points' buffer, in the first cpu's node: the largest
 * cache-level size and the DRAM size, the DRAM one sized on its own
 * (never cut by the cpu count) and cut only when memory is short, not
 * below floor_bytes; *dram becomes 0 when even the floor does not fit
 * (no one-cpu DRAM points). -1: no buffer at all. */
static int alloc_one(const struct run_env *env, const struct cpu_set *set,
		     struct msgs *warnings, uint64_t cache,
		     uint64_t floor_bytes, uint64_t *dram, struct nodebuf *nb)
{
	uint64_t want = *dram;
	char a[16], b[16];

	for (;;) {
		uint64_t slot = *dram > cache ? *dram : cache;
		if (slot && nodebuf_alloc(env->config->page_bytes, set->cpu, 1,
					  slot, nb) == 0)
			break;
		if (*dram > floor_bytes)
			*dram = half_to(*dram, floor_bytes);
		else if (*dram && cache)
			*dram = 0;
		else
			return -1;
	}
	if (!*dram)
		msgs_add(warnings, "bandwidth: no %s buffer for one cpu "
			 "(4x the last-level cache, the least a DRAM point "
			 "may use): no DRAM points", fmt_size(a, sizeof a,
			 floor_bytes));
	else if (*dram < want)
		msgs_add(warnings, "bandwidth: one-cpu DRAM working set "
			 "cut to %s (of %s) for lack of memory",
			 fmt_size(a, sizeof a, *dram), fmt_size(b, sizeof b,
								  want));
	nodebuf_warn(warnings, nb, "bandwidth");
	return 0;
}

/* The all-cpu DRAM points' buffers, each cpu's in its node: *size per
 * cpu, cut when memory is short but not below floor_bytes; below it, fewer
 * cpus (*cpus, the first of the selection), so no point called DRAM
 * measures a cache. -1 (and *cpus 0): not even two cpus fit. */
static int alloc_dram_all(const struct run_env *env, const struct cpu_set *set,
			  struct msgs *warnings, uint64_t floor_bytes,
			  uint64_t *size, int *cpus, struct nodebuf *nb)
{
	uint64_t want = *size;
	int all = *cpus;
	char a[16], b[16];

	for (;;) {
		if (nodebuf_alloc(env->config->page_bytes, set->cpu, *cpus,
				  *size, nb) == 0)
			break;
		if (*size > floor_bytes) {
			*size = half_to(*size, floor_bytes);
		} else if (*cpus > 2) {
			*cpus = *cpus * 3 / 4;
		} else {
			*cpus = 0;
			msgs_add(warnings, "bandwidth: no memory for %s "
				 "a cpu on two cpus (4x the last-level cache, "
				 "the least a DRAM point may use): no all-cpu "
				 "DRAM points", fmt_size(a, sizeof a, floor_bytes));
			return -1;
		}
	}
	if (*size < want)
		msgs_add(warnings, "bandwidth: DRAM working set cut to "
			 "%s per cpu (of %s) for lack of memory",
			 fmt_size(a, sizeof a, *size), fmt_size(b, sizeof b,
								  want));
	if (*cpus < all)
		msgs_add(warnings, "bandwidth: memory holds %s a cpu "
			 "(4x the last-level cache, the least a DRAM point may "
			 "use) for %d of the %d cpus: the all-cpu DRAM points "
			 "and the scaling curve run on those", fmt_size(a,
			 sizeof a, *size), *cpus, all);
	nodebuf_warn(warnings, nb, "bandwidth");
	return 0;
}

static const char *page_name(uint64_t page_bytes)
{
	return page_bytes >= (1ull << 30) ? "1G" : page_bytes >= (2ull << 20)
	       ? "2M" : "4K";
}

/* The smallest page size of the sets that have buffers. */
static uint64_t smallest_page(const struct nodebuf *const *sets, int n)
{
	uint64_t p = 0;

	for (int i = 0; i < n; i++)
		if (sets[i]->nbufs && (!p || sets[i]->page_bytes < p))
			p = sets[i]->page_bytes;
	return p;
}

/* A cache level's point the plan (levels.h) left out, or runs on fewer
 * cpus than selected: a warning that says why, and a line above the
 * table. */
static void note_row(const struct cpu_set *set, struct msgs *warnings,
		     const struct levels_row *row)
{
	if (row->one.why[0]) {
		msgs_add(warnings, "bandwidth: no one-cpu %s point: %s",
			 row->name, row->one.why);
		out("%s on one cpu: left out: %s\n", row->name, row->one.why);
	}
	if (row->all.why[0] && set->count > 1) {
		msgs_add(warnings, "bandwidth: %s %s", row->name,
			 row->all.why);
		out("%s %s\n", row->name, row->all.why);
	}
}

/* What the table, the mixes and the scaling curve share. */
struct plan {
	struct test_out *mine;
	struct point_ctx x;
	/* each level's sizes and cpu counts, by the cpus' own caches */
	struct levels_plan lv;
	int dram_cpus;		/* the all-cpu DRAM points run on these */
	uint64_t dram_one, dram_all;	/* DRAM working set a cpu */
	/* one: the one-cpu points; caches, dram: the all-cpu points' per-cpu
	 * buffers in each cpu's node (lib/suite/nodebuf.h) */
	struct nodebuf one, caches, dram;
	struct progress pr;
};

/* The row's cpus and size for level l alone (all 0) or on all cpus
 * (as many as the level plan, levels.h, lets share it); 0 size: no
 * point (the plan says why) or no buffer for it (warned when
 * allocated). Points p->x.bufs at the row's buffers. */
static uint64_t row_size(struct plan *p, int l, int all, int *cpus)
{
	const struct levels_row *row = &p->lv.rows[l];
	int is_dram = l == p->lv.count - 1, sel = p->x.own_count;
	int planned = is_dram ? p->dram_cpus : row->all.cpus;

	*cpus = !all ? 1 : planned < sel ? planned : sel;
	p->x.bufs = !all ? &p->one : is_dram ? &p->dram : &p->caches;
	if (!p->x.bufs->count)
		return 0;
	return !all ? (is_dram ? p->dram_one : row->one.bytes)
		    : is_dram ? p->dram_all : row->all.bytes;
}

/* One ISA's table: per level (DRAM alone with dram_only), every
 * operation on one cpu then on all. */
static void run_table(struct plan *p, enum bw_isa isa, int dram_only)
{
	const struct bw_kernel *ks[OP_COUNT];
	/* DRAM copy [0] and write [1], on 1 cpu and on all */
	struct bw_point *compared[2][2] = { { 0, 0 }, { 0, 0 } };
	int nt_cache = 0;
	char a[16];

	for (int o = 0; o < OP_COUNT; o++)
		ks[o] = bw_kernel_for(ops[o], isa);
	if (dram_only)
		out("%s kernels at DRAM alone (isa=auto: narrower vectors copy "
		    "and write DRAM faster on some parts; the summary keeps "
		    "the fastest)\n", bw_isa_name(isa));
	print_table_head(ks);
	for (int l = 0; l < p->lv.count; l++) {
		int is_dram = l == p->lv.count - 1;
		if (dram_only && !is_dram)
			continue;
		for (int all = 0; all <= (p->x.own_count > 1); all++) {
			int cpus;
			uint64_t size = row_size(p, l, all, &cpus);
			char line[200];
			size_t n;

			if (!size)
				continue;	/* warned: no memory for it */
			n = fmt(line, sizeof line, "%-6s %8s %5d", p->lv.rows[l].name,
				fmt_size(a, sizeof a, size), cpus);
			for (int o = 0; o < OP_COUNT; o++) {
				/* copy and write at DRAM: in turn with their
				 * non-temporal twins */
				const struct bw_kernel *twin =
					is_dram ? bw_kernel_nt_twin(ks[o]) : 0;
				struct bw_point *pt;
				progress_step(&p->pr, "bandwidth: %s %s on %d "
					      "cpu%s%s", p->lv.rows[l].name,
					      ks[o]->name, cpus, cpus > 1 ? "s"
					      : "", twin ? ", cached and "
					      "non-temporal stores in turn" : "");
				p->x.alt = twin;
				pt = run_point(&p->x, ks[o], p->lv.rows[l].name, size,
					       cpus, 0, 0);
				p->x.alt = 0;
				if (twin)
					compared[!ks[o]->needs_src][all] = pt;
				progress_done(&p->pr);
				if (!pt)
					n += fmt(line + n, sizeof line - n,
						 " %13s", "-");
				else if (twin && pt->nontemporal)
					n += fmt(line + n, sizeof line - n,
						 " %10.1f nt", pt->gb_median);
				else if (ks[o]->nontemporal && !is_dram) {
					/* DRAM writes at a cache size: said so */
					n += fmt(line + n, sizeof line - n,
						 " %8.1f DRAM", pt->gb_median);
					nt_cache = 1;
				} else
					n += fmt(line + n, sizeof line - n,
						 " %13.1f", pt->gb_median);
			}
			out("%s\n", line);
		}
	}
	if (nt_cache)
		out("%s in the cache rows: non-temporal stores go around the "
		    "caches, so those cells are DRAM writes (marked DRAM), not "
		    "the cache's bandwidth\n", ks[2]->name);

	for (int c = 0; c < 2; c++)
		for (int i = 0, head = 1; i < 2; i++) {
			struct bw_point *pt = compared[c][i];
			if (!pt || !pt->stores_compared)
				continue;
			if (head--)
				out("DRAM %s, cached against non-temporal "
				    "stores, in turn sample by sample (the "
				    "faster is in the table; nt: non-temporal)"
				    "\n", c ? "write" : "copy");
			out("%5d cpu%s %8.1f cached %8.1f non-temporal\n",
			    pt->cpus, pt->cpus > 1 ? "s" : " ",
			    pt->cached_gb_median, pt->nontemporal_gb_median);
		}
}

/* The read/write mixes at DRAM, one cpu then all, every ISA. */
static void run_mixes(struct plan *p, const enum bw_isa *isas, int nisa)
{
	int l = p->lv.count - 1;
	char a[16];

	out("\nread/write mixes at DRAM, GB/s (bytes read + written; cached "
	    "stores; mix31 d=a+b+c, mix21 d=a+b, mix11 d=a, triad d=b+3a)\n"
	    "%-7s %8s %5s %9s %9s %9s %9s\n", "isa", "size", "cpus",
	    mixes[0], mixes[1], mixes[2], mixes[3]);
	for (int all = 0; all <= (p->x.own_count > 1); all++) {
		for (int t = 0; t < nisa; t++) {
			int cpus;
			uint64_t size = row_size(p, l, all, &cpus);
			char line[200];
			size_t n;

			if (!size)
				continue;
			n = fmt(line, sizeof line, "%-7s %8s %5d",
				bw_isa_name(isas[t]), fmt_size(a, sizeof a,
							       size), cpus);
			for (int m = 0; m < MIX_COUNT; m++) {
				const struct bw_kernel *k =
					bw_kernel_for(mixes[m], isas[t]);
				struct bw_point *pt;
				progress_step(&p->pr, "bandwidth: DRAM %s on %d "
					      "cpu%s", k->name, cpus,
					      cpus > 1 ? "s" : "");
				pt = run_point(&p->x, k, "DRAM", size, cpus, 0,
					       0);
				progress_done(&p->pr);
				if (pt)
					n += fmt(line + n, sizeof line - n,
						 " %9.1f", pt->gb_median);
				else
					n += fmt(line + n, sizeof line - n,
						 " %9s", "-");
			}
			out("%s\n", line);
		}
	}
}

/* The read scaling curve at DRAM with kernel k: 1..N cpus. */
static void run_scaling(struct plan *p, const struct bw_kernel *k)
{
	int counts[64], ncounts, ncpu;
	char a[16];

	if (p->x.own_count < 2 || p->dram_cpus < 2)
		return;
	ncpu = p->x.own_count < p->dram_cpus ? p->x.own_count : p->dram_cpus;
	ncounts = bandwidth_scaling_counts(ncpu, counts, 64);
	p->pr.total = p->pr.done + ncounts;
	p->x.bufs = &p->dram;
	out("\nscaling, %s at %s per cpu (DRAM)\n%5s %10s %12s\n", k->name,
	    fmt_size(a, sizeof a, p->dram_all), "cpus", "GB/s",
	    "GB/s per cpu");
	for (int i = 0; i < ncounts; i++) {
		struct bw_point *pt;
		progress_step(&p->pr, "bandwidth: scaling, %d of %d cpus",
			      counts[i], ncpu);
		pt = run_point(&p->x, k, "DRAM", p->dram_all, counts[i], 0, 1);
		progress_done(&p->pr);
		if (pt)
			out("%5d %10.1f %12.2f\n", counts[i], pt->gb_median,
			    pt->gb_median / counts[i]);
	}
}

struct test_outcome bandwidth_run(const struct run_env *env,
				  const struct cpu_set *set,
				  struct test_out *mine)
{
	struct test_outcome outcome = { 0, 0, 0 }, *o = &outcome;
	static struct plan zero;
	struct plan pl = zero, *p = &pl;
	enum bw_isa isas[BW_ISA_COUNT], extra[BW_ISA_COUNT];
	const char *why;
	int nisa = isa_plan(env, mine->warnings, isas, &why), ncpu = set->count;
	int nextra = isa_plan_dram_extra(env, isas, nisa, extra);
	/* The mixes are DRAM's, where the vector width does not decide:
	 * isa=auto measures them with the widest alone, a list with each. */
	int nmix = env->config->isa_mask ? nisa : 1;
	/* ncpu sizes the buffers; the loops read p->x.own_count, which
	 * drops when a cpu stops answering. */
	int counts[64], ncounts, rows;
	uint64_t cache_one = 0, cache_all = 0;
	uint64_t floor_bytes;
	const struct nodebuf *const sets[3] = { &pl.one, &pl.caches, &pl.dram };

	p->mine = mine;
	p->x.env = env;
	p->x.warnings = mine->warnings;
	p->x.mine = mine;
	p->x.o = o;
	bw_reserve(mine, capacity_bandwidth_pass(env->config));
	if (coretypes_plan(env, set, latency_dram_bytes(env, set),
			   &p->lv) != 0) {
		msgs_add(mine->errors, "bandwidth: out of pool memory");
		o->failed = o->nothing = 1;
		return outcome;
	}
	floor_bytes = p->lv.dram_floor_bytes;
	p->dram_cpus = ncpu;
	p->dram_one = p->dram_all = p->lv.rows[p->lv.count - 1].one.bytes;
	mine->bw->isa = bw_isa_name(isas[0]);
	for (int t = 0; t < nisa; t++)
		mine->bw->avx512_used |= isas[t] == BW_AVX512;
	p->x.samples = sweep_repeats(env->config);
	for (int i = 0; i < p->lv.count - 1; i++) {
		const struct levels_row *row = &p->lv.rows[i];
		cache_one = row->one.bytes > cache_one ? row->one.bytes
						       : cache_one;
		cache_all = row->all.bytes > cache_all ? row->all.bytes
						       : cache_all;
	}

	if (alloc_one(env, set, mine->warnings, cache_one, floor_bytes,
		      &p->dram_one, &p->one) < 0) {
		msgs_add(mine->errors, "bandwidth: no memory for a buffer");
		o->failed = o->nothing = 1;
		return outcome;
	}
	if (ncpu > 1) {
		if (cache_all && nodebuf_alloc(env->config->page_bytes,
					       set->cpu, ncpu, cache_all,
					       &p->caches) == 0)
			nodebuf_warn(mine->warnings, &p->caches, "bandwidth");
		else if (cache_all)
			msgs_add(mine->warnings, "bandwidth: no memory for %d "
				 "cache-sized buffers: no all-cpu cache points",
				 ncpu);
		alloc_dram_all(env, set, mine->warnings, floor_bytes,
			       &p->dram_all, &p->dram_cpus, &p->dram);
	}
	p->x.own = plat_alloc(sizeof(int) * (size_t)ncpu);
	p->x.own_count = p->x.own ? cpus_in_play(set, o, p->x.own) : 0;
	p->x.cpu_list = p->x.own;
	if (!p->x.own || ctx_alloc(&p->x, ncpu) < 0) {
		msgs_add(mine->errors, "bandwidth: out of pool memory");
		o->failed = 1;
		goto out;
	}
	/* x86-64 without AVX2 is a fallback to 128-bit kernels; an AArch64
	 * core without SVE (Neoverse N1) runs NEON as it was designed to */
	if (isas[0] == BW_SSE2 && str_eq(bw_isa_name(BW_SSE2), "sse2") &&
	    !env->config->isa_mask)
		msgs_add(mine->warnings, "CPU has no AVX2: bandwidth measured "
			 "with the SSE2 kernels");

	out("\nbandwidth, GB/s (median of %d samples; GB = 10^9 bytes; "
	    "%s pages)\n", p->x.samples, page_name(smallest_page(sets, 3)));
	if (why[0])
		out("%s kernels, the widest this cpu can run (%s)\n",
		    bw_isa_name(isas[0]), why);
	for (int i = 0; i < p->lv.count - 1; i++)
		note_row(set, mine->warnings, &p->lv.rows[i]);
	ncounts = p->dram_cpus > 1
			  ? bandwidth_scaling_counts(p->dram_cpus, counts, 64)
			  : 0;
	rows = 1 + (set->count > 1);
	progress_begin(&p->pr, (nisa * p->lv.count * OP_COUNT +
				nextra * OP_COUNT +
				nmix * MIX_COUNT) * rows + ncounts);
	for (int t = 0; t < nisa; t++)
		run_table(p, isas[t], 0);
	for (int t = 0; t < nextra; t++)
		run_table(p, extra[t], 1);
	run_mixes(p, isas, nmix);
	run_scaling(p, bw_kernel_for("read", isas[0]));
out:
	ctx_free(&p->x);
	nodebuf_free(&p->one);
	nodebuf_free(&p->caches);
	nodebuf_free(&p->dram);
	return outcome;
}

double bandwidth_read_together(const struct run_env *env,
			       struct msgs *warnings, struct test_outcome *o,
			       const int *cpus, int n, uint8_t *buf,
			       uint64_t buf_bytes, uint64_t size, uint64_t passes,
			       const char *what)
{
	struct point_ctx x = { .env = env, .warnings = warnings, .o = o,
			       .cpu_list = cpus, .what = what,
			       .mem = buf, .mem_bytes = buf_bytes,
			       .samples = sweep_repeats(env->config) };
	struct bw_point pt;
	double gb = -1;

	if (n < 1)
		return -1;
	if (ctx_alloc(&x, n) == 0 &&
	    measure(&x, bw_kernel_for("read", (enum bw_isa)env->isa_widest),
		    "DRAM", size, n, passes, &pt) == 0)
		gb = pt.gb_median;
	ctx_free(&x);
	return gb;
}
