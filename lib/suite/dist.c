/* Latency distributions: the timing of dist=on. The overhead of the two
 * serialized TSC reads is the median of empty segments timed the same
 * way; each segment loses it (floored at 0, so jitter of the reads never
 * makes a negative latency) before it becomes ns per hop. */
#include "suite/dist.h"

#include "chase_seg.h"
#include "util/out.h"
#include "platform.h"
#include "util/stats.h"

#define RUN_TIMEOUT_US 120000000u

struct dist_job {
	void *start;
	uint64_t *empty;	/* [DIST_EMPTY] */
	uint64_t *seg;		/* [DIST_SEGMENTS] */
	int end_way;		/* ticks_end's way (lib/arch/arch.h) */
	void *end;
};

static void dist_window(void *arg)
{
	struct dist_job *j = arg;
	void *p = j->start;

	/* A few empty segments first so the code and the out array are in
	 * cache when the counted ones run. */
	p = chase_segments(p, 0, 16, j->empty, j->end_way);
	p = chase_segments(p, 0, DIST_EMPTY, j->empty, j->end_way);
	p = chase_segments(p, DIST_HOPS, DIST_SEGMENTS, j->seg,
			       j->end_way);
	j->end = p;
}

void dist_fill(struct lat_point *pt, uint64_t *seg, size_t n, int hops,
	       uint64_t overhead_ticks, double ns_per_tick)
{
	static const unsigned per10k[4] = { 5000, 9000, 9900, 9990 };
	double *dst[4] = { &pt->ns_p50, &pt->ns_p90, &pt->ns_p99,
			   &pt->ns_p999 };
	double scale = ns_per_tick / (double)(hops > 0 ? hops : 1);

	pt->dist_segments = (int)n;
	pt->dist_hops = hops;
	pt->dist_overhead_ns = (double)overhead_ticks * ns_per_tick;
	pt->hist = (struct hist){ { 0 }, 0, 0 };
	for (size_t i = 0; i < n; i++) {
		seg[i] = seg[i] > overhead_ticks ? seg[i] - overhead_ticks : 0;
		hist_add(&pt->hist, (double)seg[i] * scale);
	}
	stats_sort_u64(seg, n);
	for (int k = 0; k < 4; k++) {
		uint64_t v;
		*dst[k] = hist_percentile(seg, n, per10k[k], &v) == 0
				  ? (double)v * scale
				  : -1;
	}
}

int dist_measure(const struct run_env *env, int cpu, void *start,
		 struct lat_point *pt)
{
	struct dist_job job = { .start = start,
				.end_way = env->cpu->ticks_end_way };
	uint64_t *mem, overhead;
	void *arg = &job;
	int ok = 0;

	mem = plat_alloc(sizeof(uint64_t) * (DIST_EMPTY + DIST_SEGMENTS));
	if (!mem)
		return -1;
	job.empty = mem;
	job.seg = mem + DIST_EMPTY;
	plat_run_on_cpus(&cpu, 1, dist_window, &arg, RUN_TIMEOUT_US, &ok);
	if (!ok) {
		plat_free(mem);
		return -2;
	}
	overhead = stats_summarize_u64(job.empty, DIST_EMPTY).median;
	dist_fill(pt, job.seg, DIST_SEGMENTS, DIST_HOPS, overhead,
		  1e9 / (double)env->tsc_hz);
	plat_free(mem);
	return 0;
}

void dist_print(const struct lat_point *pt)
{
	if (!pt->dist_segments)
		return;
	/* Each percentile is of a segment's mean over dist_hops loads: a
	 * single slow load is diluted dist_hops-fold, so tails are far
	 * shallower than single accesses'. Said on every line. */
	out("%10s %-5s p50 %.2f  p90 %.2f  p99 %.2f  p99.9 %.2f ns  "
	    "(%d x %d hops, %.1f ns timing overhead subtracted; percentiles "
	    "of %d-hop means, not of single loads)\n", "", "",
	    pt->ns_p50, pt->ns_p90, pt->ns_p99, pt->ns_p999,
	    pt->dist_segments, pt->dist_hops, pt->dist_overhead_ns,
	    pt->dist_hops);
}
