/* The bandwidth plan (DESIGN §5): per level (half of each cache, and a
 * DRAM size) every kernel on one cpu, then on all selected cpus at once
 * started on a TSC barrier, then a read scaling curve at the DRAM size.
 *
 * Copy at DRAM is measured twice, with cached stores and with
 * non-temporal ones, and the faster is the copy point. A cached store
 * first reads the destination line for ownership and later writes it
 * back, so a cached copy from DRAM moves three bytes for the two it
 * counts; non-temporal stores write the line whole, around the caches.
 * That is why memcpy switches to them past the cache sizes, and why
 * tools that use them report more. Inside the caches the cached copy
 * is the right one (non-temporal stores would send every line to DRAM),
 * and on some cores one cpu's non-temporal stores are the slower, so
 * neither is assumed: both medians are kept in the point. */
#include "bandwidth.h"

#include "barrier.h"
#include "bw.h"
#include "cpu.h"
#include "cpuinfo.h"
#include "cpus.h"
#include "fmt.h"
#include "latency.h"
#include "launch.h"
#include "out.h"
#include "platform.h"
#include "progress.h"
#include "stats.h"
#include "sweep.h"
#include "together.h"

#define MAX_LEVELS 4
#define MAX_SAMPLES 1000
#define RUN_TIMEOUT_US 300000000u	/* 5 min: a cpu that takes longer is stuck */
#define BARRIER_TIMEOUT_S 5		/* all cpus start within this, plus
				 * their launch skew (launch.h) */
#define BUF_ALIGN 4096u
#define SMI_RETAKES 2		/* rounds of retakes for samples an SMI hit */

static const char *const ops[] = { "read", "write", "ntwrite", "copy" };
#define OP_COUNT 4

struct level {
	const char *name;
	uint64_t size_bytes;	/* working set of one cpu alone */
	uint64_t shared_by;	/* cpus sharing one instance of it */
};

/* One cpu's share of a point; runs inside its measurement window. */
struct bw_job {
	const struct bw_kernel *k;
	void *dst;
	const void *src;
	uint64_t bytes;		/* per buffer (copy: src and dst each) */
	uint64_t passes;	/* 0: calibrate to target_ticks */
	uint64_t target_ticks;
	int samples;
	struct barrier *barriers;	/* [samples], or 0 when alone */
	uint64_t *start, *end;		/* [samples] */
	uint64_t (*smi_count)(void);	/* 0: SMIs not counted */
	uint64_t *smis;		/* [samples]: SMIs seen, when smi_count */
	int rdtscp;		/* tsc_end's way (lib/cpu.h) */
	uint64_t sink;
};

static void bw_window(void *arg)
{
	struct bw_job *j = arg;
	uint64_t t0, t1, passes = j->passes;

	/* One pass puts the set where it belongs (and fills the TLB). */
	j->sink += j->k->run(j->dst, j->src, j->bytes, 1);
	if (!passes) {
		passes = 1;
		for (;;) {
			t0 = tsc_begin();
			j->sink += j->k->run(j->dst, j->src, j->bytes, passes);
			t1 = tsc_end(j->rdtscp);
			if (t1 - t0 >= j->target_ticks / 8 || passes >= (1u << 30))
				break;
			passes *= 2;
		}
		passes = passes * j->target_ticks / (t1 - t0 ? t1 - t0 : 1);
		j->passes = passes ? passes : 1;
	}
	for (int s = 0; s < j->samples; s++) {
		uint64_t s0 = j->smi_count ? j->smi_count() : 0;
		if (j->barriers) {
			t0 = barrier_wait(&j->barriers[s]);
			if (!t0) {
				j->start[s] = j->end[s] = 0;
				continue;
			}
		} else {
			t0 = tsc_begin();
		}
		j->sink += j->k->run(j->dst, j->src, j->bytes, j->passes);
		t1 = tsc_end(j->rdtscp);
		j->start[s] = t0;
		j->end[s] = t1;
		if (j->smi_count)
			j->smis[s] = j->smi_count() - s0;
	}
}

/* Levels from CPUID: half of each data/unified cache, then DRAM. */
static int plan_levels(const struct run_results *res, struct level *lv)
{
	static const char *const names[] = { "L1", "L2", "L3" };
	int n = 0;

	for (int l = 1; l <= 3; l++) {
		const struct cpu_cache *c = cpuinfo_cache(&res->cpu, l);
		if (!c)
			continue;
		lv[n].name = names[l - 1];
		lv[n].size_bytes = (c->size_bytes / 2) & ~(uint64_t)4095;
		lv[n].shared_by = c->shared_by > 0 ? (uint64_t)c->shared_by : 1;
		n++;
	}
	lv[n].name = "DRAM";
	lv[n].size_bytes = latency_dram_bytes(res);
	lv[n].shared_by = 0;
	return n + 1;
}

/* Per-cpu working set when `cpus` run at once: a shared cache is split
 * between the cpus that share it, so the all-cpu point stays in that
 * level instead of spilling into the next one. */
static uint64_t size_for(const struct level *lv, int cpus)
{
	uint64_t share = lv->shared_by, size = lv->size_bytes;

	if (share > (uint64_t)cpus)
		share = (uint64_t)cpus;
	if (share > 1)
		size /= share;
	size &= ~(uint64_t)255;
	return size < 4096 ? 4096 : size;
}

struct point_ctx {
	struct run_results *res;
	const int *cpu_list;	/* who runs: res->selected for the table */
	const char *what;	/* the point in messages; 0: the kernel */
	struct bw_job *jobs;
	void **args;
	int *ok;
	struct barrier *barriers;
	uint64_t *times;	/* [cpus * samples * 2] */
	uint64_t *smis;		/* [cpus * samples], or 0: SMIs not read */
	struct cpu_span *spans;	/* [cpus]: one sample's, for its GB/s */
	uint8_t *mem;		/* the buffer, split per cpu */
	uint64_t mem_bytes;
	int samples;
};

/* The per-cpu and per-sample arrays of x for up to ncpu cpus (x->res
 * and x->samples set); -1 when the pool is short (ctx_free cleans up). */
static int ctx_alloc(struct point_ctx *x, int ncpu)
{
	size_t n = (size_t)ncpu, samples = (size_t)x->samples;

	x->jobs = plat_alloc(sizeof(*x->jobs) * n);
	x->args = plat_alloc(sizeof(void *) * n);
	x->ok = plat_alloc(sizeof(int) * n);
	x->spans = plat_alloc(sizeof(*x->spans) * n);
	x->barriers = plat_alloc(sizeof(struct barrier) * samples);
	x->times = plat_alloc(sizeof(uint64_t) * 2 * samples * n);
	if (x->res->smi_count)
		x->smis = plat_alloc(sizeof(uint64_t) * samples * n);
	return x->jobs && x->args && x->ok && x->spans && x->barriers &&
	       x->times && (!x->res->smi_count || x->smis) ? 0 : -1;
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
}

/* One run of n samples of kernel k on the first `cpus` of x->cpu_list
 * (passes 0: each sizes its own). Returns 0, or -1 when a cpu did not
 * finish (it is dropped from the run). */
static int run_once(struct point_ctx *x, const struct bw_kernel *k, int cpus,
		    uint64_t size, uint64_t per_buf, uint64_t passes,
		    uint64_t target, int n)
{
	struct run_results *res = x->res;
	uint64_t slot = (size + BUF_ALIGN - 1) / BUF_ALIGN * BUF_ALIGN;
	int done;

	for (int s = 0; s < n && cpus > 1; s++)
		barrier_init(&x->barriers[s], (uint32_t)cpus,
			     launch_barrier_ticks(BARRIER_TIMEOUT_S, res->tsc_hz,
						  cpus), res->tsc_hz / 10000);
	for (int i = 0; i < cpus; i++) {
		uint8_t *base = x->mem + slot * (uint64_t)i;
		x->jobs[i] = (struct bw_job){
			.rdtscp = res->cpu.f.rdtscp,
			.k = k,
			.dst = base,
			.src = k->needs_src && k->needs_dst ? base + per_buf : base,
			.bytes = per_buf,
			.passes = passes,
			.target_ticks = target,
			.samples = n,
			.barriers = cpus > 1 ? x->barriers : 0,
			.start = x->times + (uint64_t)i * 2 * x->samples,
			.end = x->times + (uint64_t)i * 2 * x->samples + x->samples,
			.smi_count = x->smis ? res->smi_count : 0,
			.smis = x->smis ? x->smis + (uint64_t)i * x->samples : 0,
		};
		x->args[i] = &x->jobs[i];
	}
	done = plat_run_on_cpus(x->cpu_list, cpus, bw_window, x->args,
				RUN_TIMEOUT_US, x->ok);
	if (done < cpus) {
		for (int i = 0; i < cpus; i++)
			if (!x->ok[i])
				cpus_lost(res, x->cpu_list[i],
					  x->what ? x->what : k->name);
		res->failed = 1;
		cpus_prune(res);
		return -1;
	}
	return 0;
}

/* Measures kernel k on the first `cpus` of x->cpu_list together, each
 * over its own `size` bytes of x->mem (passes 0: sized on the first cpu
 * alone). Fills *pt but its level and scaling; 0, or -1 when a cpu did
 * not finish or no sample is left (warned). `level` names the point in
 * the warnings. */
static int measure(struct point_ctx *x, const struct bw_kernel *k,
		   const char *level, uint64_t size, int cpus,
		   uint64_t passes, struct bw_point *pt)
{
	struct run_results *res = x->res;
	const char *what = x->what ? x->what : k->name;
	uint64_t per_buf = k->bytes_per_byte == 2 ? size / 2 : size;
	uint64_t slot = (size + BUF_ALIGN - 1) / BUF_ALIGN * BUF_ALIGN;
	uint64_t target = sweep_sample_ns(&res->config) * res->tsc_hz /
			  1000000000u;
	uint64_t kbs[MAX_SAMPLES];
	int good = 0, smi = 0, retaken = 0;
	struct stats_u64 st;

	per_buf &= ~(uint64_t)63;
	if (cpus < 1 || slot * (uint64_t)cpus > x->mem_bytes)
		return -1;
	/* cpus started together must do the same work: size it on one cpu
	 * first (a sample then lasts about the target on one cpu, longer when
	 * they share a bottleneck). */
	if (cpus > 1 && passes == 0) {
		struct bw_job cal = { .rdtscp = res->cpu.f.rdtscp,
				      .k = k, .dst = x->mem,
				      .src = k->needs_src && k->needs_dst
						     ? x->mem + per_buf : x->mem,
				      .bytes = per_buf, .target_ticks = target };
		void *arg = &cal;
		int ok = 0;
		plat_run_on_cpus(x->cpu_list, 1, bw_window, &arg,
				 RUN_TIMEOUT_US, &ok);
		if (!ok)
			return -1;
		passes = cal.passes;
	}
	/* Samples an SMI hit are dropped and taken again, a few rounds at
	 * most, all cpus together (an SMI stops every core of the package). */
	for (int round = 0, n = x->samples, hit = 1;
	     hit && n > 0 && round <= SMI_RETAKES; round++, n = x->samples - good) {
		if (round) {
			retaken += n;
			passes = x->jobs[0].passes;
		}
		hit = 0;
		if (run_once(x, k, cpus, size, per_buf, passes, target, n) < 0)
			return -1;
		/* GB/s of a sample: lib/together.h's rule. */
		for (int s = 0; s < n; s++) {
			int valid = 1, smi_seen = 0;
			double gb;
			for (int i = 0; i < cpus; i++) {
				valid &= x->jobs[i].start[s] != 0;
				smi_seen |= x->smis && x->jobs[i].smis[s];
				x->spans[i] = (struct cpu_span){
					.bytes = per_buf * (uint64_t)
						 k->bytes_per_byte *
						 x->jobs[i].passes,
					.t0 = x->jobs[i].start[s],
					.t1 = x->jobs[i].end[s] };
			}
			if (smi_seen) {
				smi++;
				hit = 1;
				continue;
			}
			gb = together_gb_per_s(x->spans, cpus, res->tsc_hz);
			if (valid && gb > 0)
				kbs[good++] = (uint64_t)(gb * 1e6); /* kB/s */
		}
	}
	if (good == 0) {
		msgs_add(&res->warnings, smi ? "%s on %d cpus: every sample "
			 "hit by an SMI; point dropped" : "%s on %d cpus: the "
			 "cpus did not start together; point dropped", what,
			 cpus);
		return -1;
	}
	st = stats_summarize_u64(kbs, (size_t)good);
	*pt = (struct bw_point){
		.kernel = k->name,
		.cpus = cpus,
		.size_bytes = size,
		.bytes = per_buf * (uint64_t)k->bytes_per_byte *
			 x->jobs[0].passes * (uint64_t)cpus,
		.repeats = good,
		.gb_min = (double)st.min / 1e6,
		.gb_median = (double)st.median / 1e6,
		.gb_max = (double)st.max / 1e6,
		.smi = x->smis ? smi : -1,
		.retaken = retaken,
		.nontemporal = k->nontemporal,
	};
	if (smi && good < x->samples)
		msgs_add(&res->warnings, "%s on %d cpu%s at %s: %d samples "
			 "lost to SMIs after retakes", what, cpus,
			 cpus > 1 ? "s" : "", level, x->samples - good);
	return 0;
}

/* Runs kernel k on the first `cpus` selected cpus, each over its own
 * `size` bytes. Appends the point; returns it, or 0 on failure. */
static struct bw_point *run_point(struct point_ctx *x,
				  const struct bw_kernel *k, const char *level,
				  uint64_t size, int cpus, uint64_t passes,
				  int scaling)
{
	struct run_results *res = x->res;
	struct bw_point pt;

	if (res->bw_count >= res->bw_cap)
		return 0;
	/* A cpu dropped earlier in this row: the row's `cpus` is stale. */
	if (cpus > res->selected_count)
		return 0;
	if (measure(x, k, level, size, cpus, passes, &pt) < 0)
		return 0;
	pt.level = level;
	pt.scaling = scaling;
	res->bw[res->bw_count] = pt;
	return &res->bw[res->bw_count++];
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

struct bw_point *bandwidth_keep_faster(struct run_results *res,
				       struct bw_point *cached,
				       struct bw_point *nt)
{
	struct bw_point keep;

	if (!cached || !nt)
		return nt ? nt : cached;
	keep = nt->gb_median > cached->gb_median ? *nt : *cached;
	keep.stores_compared = 1;
	keep.cached_gb_median = cached->gb_median;
	keep.nontemporal_gb_median = nt->gb_median;
	res->bw_count--;	/* nt was the last point appended */
	*cached = keep;
	return cached;
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

int bandwidth_run(struct run_results *res, int have_avx2)
{
	struct level lv[MAX_LEVELS + 1];
	const struct bw_kernel *ks[OP_COUNT], *ntcopy;
	struct bw_point *compared[2] = { 0, 0 };	/* DRAM copy, 1 and all */
	struct point_ctx x = { .res = res };
	int nlv = plan_levels(res, lv), ncpu = res->selected_count;
	/* ncpu sizes the buffers; the loops read res->selected_count, which
	 * drops when a cpu stops answering. */
	int counts[64], ncounts;
	uint64_t max_size = 0, mem_want;
	struct plat_buffer buf;
	struct progress pr;
	char a[16];

	for (int o = 0; o < OP_COUNT; o++)
		ks[o] = bw_kernel_for(ops[o], have_avx2);
	ntcopy = bw_kernel_for("ntcopy", have_avx2);
	res->bw_isa = have_avx2 ? "avx2" : "sse2";
	x.samples = sweep_repeats(&res->config);
	for (int i = 0; i < nlv; i++)
		if (lv[i].size_bytes > max_size)
			max_size = lv[i].size_bytes;

	/* One buffer, split into per-cpu slots; shrink the DRAM size when
	 * memory is short, with a warning. */
	for (;;) {
		mem_want = (max_size + BUF_ALIGN) * (uint64_t)ncpu;
		if (mem_want <= plat_buffer_max_bytes(res->config.page_bytes) &&
		    plat_buffer_alloc(mem_want, res->config.page_bytes, &buf) == 0)
			break;
		if (max_size <= (4u << 20)) {
			msgs_add(&res->errors, "bandwidth: no memory for %d "
				 "buffers", ncpu);
			res->failed = 1;
			return -1;
		}
		max_size /= 2;
		lv[nlv - 1].size_bytes = max_size;
		msgs_add(&res->warnings, "bandwidth: DRAM working set cut to "
			 "%s per cpu for lack of memory",
			 fmt_size(a, sizeof a, max_size));
	}
	x.mem = buf.base;
	x.mem_bytes = buf.bytes;
	x.cpu_list = res->selected;
	if (ctx_alloc(&x, ncpu) < 0) {
		msgs_add(&res->errors, "bandwidth: out of pool memory");
		res->failed = 1;
		goto out;
	}
	if (!have_avx2)
		msgs_add(&res->warnings, "CPU has no AVX2: bandwidth measured "
			 "with the SSE2 kernels");

	out("\nbandwidth, GB/s (median of %d samples; GB = 10^9 bytes; "
	    "%s pages)\n", x.samples, buf.page_bytes >= (1ull << 30) ? "1G"
	    : buf.page_bytes >= (2ull << 20) ? "2M" : "4K");
	print_table_head(ks);
	ncounts = res->selected_count > 1
			  ? bandwidth_scaling_counts(res->selected_count, counts, 64)
			  : 0;
	/* + 1 a row: DRAM's copy runs twice */
	progress_begin(&pr, (nlv * OP_COUNT + 1) *
					    (1 + (res->selected_count > 1)) +
				    ncounts);
	for (int l = 0; l < nlv; l++) {
		for (int all = 0; all <= (res->selected_count > 1); all++) {
			int cpus = all ? res->selected_count : 1;
			uint64_t size = all ? size_for(&lv[l], cpus)
					    : lv[l].size_bytes;
			char line[200];
			size_t n = fmt(line, sizeof line, "%-6s %8s %5d",
				       lv[l].name, fmt_size(a, sizeof a, size),
				       cpus);
			for (int o = 0; o < OP_COUNT; o++) {
				int both = ks[o]->bytes_per_byte == 2 &&
					   l == nlv - 1;
				struct bw_point *pt;
				progress_step(&pr, "bandwidth: %s %s on %d cpu%s%s",
					      lv[l].name, ks[o]->name, cpus,
					      cpus > 1 ? "s" : "", both ?
					      ", cached stores" : "");
				pt = run_point(&x, ks[o], lv[l].name, size, cpus,
					       0, 0);
				if (both) {
					struct bw_point *nt;
					progress_done(&pr);
					progress_step(&pr, "bandwidth: %s %s on "
						      "%d cpu%s, non-temporal "
						      "stores", lv[l].name,
						      ntcopy->name, cpus,
						      cpus > 1 ? "s" : "");
					nt = run_point(&x, ntcopy, lv[l].name,
						       size, cpus, 0, 0);
					pt = bandwidth_keep_faster(res, pt, nt);
					compared[all] = pt;
				}
				progress_done(&pr);
				if (!pt)
					n += fmt(line + n, sizeof line - n,
						 " %13s", "-");
				else if (both && pt->nontemporal)
					n += fmt(line + n, sizeof line - n,
						 " %10.1f nt", pt->gb_median);
				else
					n += fmt(line + n, sizeof line - n,
						 " %13.1f", pt->gb_median);
			}
			out("%s\n", line);
		}
	}

	for (int i = 0, head = 1; i < 2; i++) {
		struct bw_point *pt = compared[i];
		if (!pt || !pt->stores_compared)
			continue;
		if (head--)
			out("DRAM copy, cached against non-temporal stores "
			    "(the faster is in the table; nt: non-temporal)\n");
		out("%5d cpu%s %8.1f cached %8.1f non-temporal\n", pt->cpus,
		    pt->cpus > 1 ? "s" : " ", pt->cached_gb_median,
		    pt->nontemporal_gb_median);
	}

	if (res->selected_count > 1) {
		ncpu = res->selected_count;
		ncounts = bandwidth_scaling_counts(ncpu, counts, 64);
		pr.total = pr.done + ncounts;
		out("\nscaling, %s at %s per cpu (DRAM)\n%5s %10s %12s\n",
		    ks[0]->name, fmt_size(a, sizeof a, lv[nlv - 1].size_bytes),
		    "cpus", "GB/s", "GB/s per cpu");
		for (int i = 0; i < ncounts; i++) {
			struct bw_point *pt;
			progress_step(&pr, "bandwidth: scaling, %d of %d cpus",
				      counts[i], ncpu);
			pt = run_point(&x, ks[0], "DRAM",
				       lv[nlv - 1].size_bytes, counts[i], 0, 1);
			progress_done(&pr);
			if (pt)
				out("%5d %10.1f %12.2f\n", counts[i],
				    pt->gb_median, pt->gb_median / counts[i]);
		}
	}
out:
	ctx_free(&x);
	plat_buffer_free(&buf);
	return 0;
}

double bandwidth_read_together(struct run_results *res, const int *cpus,
			       int n, uint8_t *buf, uint64_t buf_bytes,
			       uint64_t size, const char *what)
{
	struct point_ctx x = { .res = res, .cpu_list = cpus, .what = what,
			       .mem = buf, .mem_bytes = buf_bytes,
			       .samples = sweep_repeats(&res->config) };
	struct bw_point pt;
	double gb = -1;

	if (n < 1)
		return -1;
	if (ctx_alloc(&x, n) == 0 &&
	    measure(&x, bw_kernel_for("read", res->avx2_usable), "DRAM",
		    size, n, 0, &pt) == 0)
		gb = pt.gb_median;
	ctx_free(&x);
	return gb;
}
