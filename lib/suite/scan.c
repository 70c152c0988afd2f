/* tests=scan: each planned range taken from the platform for the time of
 * its measurement (plat_buffer_alloc_at), chased through lines spread
 * over all of it by one cpu of its node, read by all its node's selected
 * cpus at once (a node with none: the nearest node's, scan_readers.h),
 * freed; then each judged against its node's median. Where
 * the platform has no map of physical memory (Linux), the ranges are
 * the pieces it can pin (plat_scan_pin), measured the same way. */
#include "suite/scan.h"

#include "chase.h"
#include "hw/numa.h"
#include "arch/arch.h"
#include "platform.h"
#include "suite/bandwidth.h"
#include "suite/cpus.h"
#include "suite/latency.h"
#include "suite/perm.h"
#include "suite/scan_flag.h"
#include "suite/scan_plan.h"
#include "suite/scan_readers.h"
#include "util/fmt.h"
#include "hw/smbios.h"
#include "util/out.h"
#include "suite/progress.h"
#include "util/str.h"

#define MAX_SPANS 1024		/* firmware maps hold a few hundred */
#define MAX_RANGES 8192		/* 8 TiB of GiBs, with room for splits */
#define MAX_SKIPS 1024
/* Free memory left to the firmware while a range is held: what
 * efi/memory.c keeps for any buffer. */
#define HEADROOM_BYTES (64ull << 20)

_Static_assert(SCAN_POINT_DIMMS == SMBIOS_MAX_DIMMS,
	       "a range must hold every DIMM SMBIOS can list");

/* What every range's measurement shares: the run's inputs, the test's
 * cpus and outcome, where its messages go and the result it fills. */
struct scan_ctx {
	const struct run_env *env;
	const struct cpu_set *set;
	struct test_outcome *o;
	struct msgs *errors, *warnings;
	const struct numa_topo *t;
	struct scan_result *sr;
	/* room for twice set->count + 1: the readers, then the selection
	 * less the cpus lost so far */
	int *cpus;
};

/* The DIMMs of [base, base + bytes), SMBIOS type 20 to type 17: their
 * count, or -1 (unknown: written null) where SMBIOS maps nothing there,
 * and the scan says so once (dimms_note). */
static int dimms_for_range(const struct smbios_info *smbios, uint64_t base,
			   uint64_t bytes, const char **locators, int max)
{
	int n = smbios_dimms_for_range(smbios, base, bytes, locators, max);

	return n > 0 ? n : -1;
}

/* Measures buf (the range pt names, in node pt->node): its chain and
 * its read; the figures stay < 0 where a cpu did not finish (lost into
 * c->o). The TSC ticks each part took are added to c->sr's. */
static void measure(const struct scan_ctx *c, const struct plat_buffer *buf,
		    struct scan_point *pt)
{
	const struct run_env *env = c->env;
	const struct numa_topo *t = c->t;
	struct scan_result *sr = c->sr;
	int *cpus = c->cpus, *sel = cpus + c->set->count + 1;
	int nsel = cpus_in_play(c->set, c->o, sel);
	int whole, cold = 0;
	enum scan_readers_from from;
	uint64_t floor = latency_dram_floor_bytes(env, c->set);
	uint64_t lines, chased = 0, t0, t1, t2;
	uint32_t *index;
	void *start;

	pt->cpu_count = scan_readers(t, sel, nsel, pt->node, cpus, &from);
	pt->cpus_from = scan_readers_from_name(from);
	pt->distance = scan_reader_distance(t, cpus[0], pt->node);
	pt->cpus = plat_alloc(sizeof(int) * (size_t)pt->cpu_count);
	if (pt->cpus)
		for (int i = 0; i < pt->cpu_count; i++)
			pt->cpus[i] = cpus[i];
	pt->measured_bytes = buf->bytes;
	pt->page_bytes = buf->page_bytes;
	/* A chain written cold needs only more lines than the chase takes
	 * hops; one of ordinary stores 4x the last-level cache. */
	lines = chase_lines_cold()
			? scan_cold_lines(buf->bytes, floor,
					  latency_chase_samples_max(env->config))
			: scan_chase_lines(buf->bytes, floor, &whole);
	/* The shuffle in a compact index, the lines written once in
	 * order, cold where the cpu can (non-temporal stores: no line of
	 * the chain in any cache, so no cache needs warming away); in the
	 * lines themselves when the pool has no room (not cold: a short
	 * chain is then marked ns_may_be_cached). */
	index = plat_alloc(sizeof *index * (size_t)lines);
	t0 = ticks_read();
	start = chase_build_spread_cold(buf->base, buf->bytes, lines,
					env->config->seed ^ pt->base, index,
					&cold);
	t1 = ticks_read();
	plat_free(index);
	if (start) {
		pt->chase_lines = lines;
		pt->chase_cold = cold;
		pt->ns_median = latency_chase_ns(
			env, cpus[0], start, lines,
			cold ? scan_cold_warm_hops(lines, buf->bytes,
						   buf->page_bytes)
			     : scan_warm_hops(lines, floor),
			SCAN_SAMPLE_NS, &chased);
		pt->chase_hops = chased;
		pt->ns_may_be_cached = scan_may_be_cached(
			lines, floor, cold, chased, pt->ns_median);
	}
	t2 = ticks_read();
	pt->gb_per_s_median = bandwidth_read_together(
		env, c->warnings, c->o, cpus, pt->cpu_count, buf->base,
		buf->bytes,
		(buf->bytes / (uint64_t)pt->cpu_count) & ~4095ull,
		scan_read_passes(buf->bytes), "scan");
	sr->build_ticks += t1 - t0;
	sr->chase_ticks += t2 - t1;
	sr->read_ticks += ticks_read() - t2;
}

/* Gives buf back; 0, or -1 when the platform refused (a lost cpu may
 * still write baremem's memory: nothing is freed from then on). */
static int give_back(struct plat_buffer *buf)
{
	plat_buffer_free(buf);
	return buf->base ? -1 : 0;
}

static void judge(struct msgs *warnings, struct scan_result *sr)
{
	struct scan_judged *j = plat_alloc(sizeof *j * (size_t)sr->count);
	double *work = plat_alloc(sizeof(double) * 2 * (size_t)sr->count);

	if (j && work) {
		for (int i = 0; i < sr->count; i++)
			j[i] = (struct scan_judged){
				.node = sr->point[i].node,
				.ns = sr->point[i].ns_median,
				.gb = sr->point[i].gb_per_s_median,
				.readers = sr->point[i].cpu_count,
				.ns_may_be_cached =
					sr->point[i].ns_may_be_cached,
			};
		scan_flag_all(j, sr->count, SCAN_FLAG_THRESHOLD, work);
		for (int i = 0; i < sr->count; i++)
			str_copy(sr->point[i].flag, sizeof sr->point[i].flag,
				 j[i].flag);
	} else {
		msgs_add(warnings, "scan: out of pool memory: ranges "
			 "not judged");
	}
	plat_free(j);
	plat_free(work);
}

static int same_dimms(const struct scan_point *a, const struct scan_point *b)
{
	if (a->dimm_count != b->dimm_count)
		return 0;
	for (int k = 0; k < a->dimm_count && k < SCAN_POINT_DIMMS; k++)
		if (a->dimms[k] != b->dimms[k])
			return 0;
	return 1;
}

/* The DIMMs behind each run of ranges with the same ones (SMBIOS type
 * 20), a line a run: an interleaved node is one line. */
static void print_dimms(const struct scan_result *sr)
{
	char line[512];

	for (int i = 0, j; i < sr->count; i = j) {
		const struct scan_point *p = &sr->point[i];
		const struct scan_point *last;
		size_t n;

		for (j = i + 1; j < sr->count && same_dimms(p, &sr->point[j]); j++)
			;
		if (p->dimm_count <= 0)
			continue;
		last = &sr->point[j - 1];
		n = fmt(line, sizeof line, "dimms %#llx-%#llx:",
			(unsigned long long)p->base,
			(unsigned long long)(last->base + last->bytes - 1));
		for (int k = 0; k < p->dimm_count && k < SCAN_POINT_DIMMS; k++)
			n += fmt(line + n, sizeof line - n, "%s %s", k ? "," : "",
				 p->dimms[k]);
		out("%s\n", line);
	}
}

/* The cpus column's mark: none for the node's own cpus, + for the
 * nearest node's, * for the first selected cpu alone. */
static const char *readers_mark(const struct scan_point *p)
{
	if (!p->cpus_from || !p->cpu_count || str_eq(p->cpus_from, "node"))
		return " ";
	return str_eq(p->cpus_from, "nearest-node") ? "+" : "*";
}

/* Whether a measured range of sr was read by readers `from`. */
static int readers_from(const struct scan_result *sr, const char *from)
{
	for (int i = 0; i < sr->count; i++)
		if (sr->point[i].cpu_count && sr->point[i].cpus_from &&
		    str_eq(sr->point[i].cpus_from, from))
			return 1;
	return 0;
}

static void print_table(const struct scan_result *sr)
{
	char a[24], b[24], line[SCAN_POINT_FLAG_BYTES + 96];
	int cached = 0, scattered = 0, cold = 0;

	for (int i = 0; i < sr->count; i++)
		cold += sr->point[i].chase_cold;
	out("\nscan: %d ranges, chase over up to %llu lines (%s; the "
	    "last-level cache %s) spread over each, read by the node's "
	    "cpus\n", sr->count, (unsigned long long)sr->chase_lines,
	    cold ? "written cold, more than the chase takes hops: each "
		   "a first visit"
		 : "4x the last-level cache",
	    fmt_size(a, sizeof a, sr->llc_bytes));
	out("%-18s %8s %5s %4s %4s %9s %9s %5s  %s\n", "base", "bytes",
	    "page", "node", "dist", "ns", "GB/s", "cpus", "flag");
	for (int i = 0; i < sr->count; i++) {
		const struct scan_point *p = &sr->point[i];
		size_t n = p->base_unknown
				   ? fmt(line, sizeof line, "%-18s ", "-")
				   : fmt(line, sizeof line, "%#018llx ",
					 (unsigned long long)p->base);

		n += fmt(line + n, sizeof line - n, "%8s %5s ",
			       fmt_size(a, sizeof a, p->bytes),
			       p->page_bytes ? fmt_size(b, sizeof b,
							p->page_bytes)
					     : "-");
		n += p->node >= 0 ? fmt(line + n, sizeof line - n, "%4d", p->node)
				  : fmt(line + n, sizeof line - n, "%4s", "-");
		n += p->distance >= 0
			     ? fmt(line + n, sizeof line - n, " %4d", p->distance)
			     : fmt(line + n, sizeof line - n, " %4s", "-");
		n += p->ns_median >= 0
			     ? fmt(line + n, sizeof line - n, " %9.1f", p->ns_median)
			     : fmt(line + n, sizeof line - n, " %9s", "-");
		n += p->gb_per_s_median >= 0
			     ? fmt(line + n, sizeof line - n, " %9.2f",
				   p->gb_per_s_median)
			     : fmt(line + n, sizeof line - n, " %9s", "-");
		fmt(line + n, sizeof line - n, " %4d%s  %s%s%s", p->cpu_count,
		    readers_mark(p),
		    p->ns_may_be_cached ? "cached?" : "",
		    p->ns_may_be_cached && p->flag[0] ? "; " : "", p->flag);
		out("%s\n", line);
		cached += p->ns_may_be_cached;
		scattered += !p->phys_contiguous;
	}
	out("dist: the SLIT distance from the readers' node to the range's "
	    "(10: local; -: no SLIT)\n");
	print_dimms(sr);
	for (int i = 0; i < sr->skip_count; i++)
		out("not scanned: %#llx+%s (%s)\n",
		    (unsigned long long)sr->skip[i].base,
		    fmt_size(a, sizeof a, sr->skip[i].bytes),
		    scan_skip_name(sr->skip[i].why));
	if (readers_from(sr, "nearest-node"))
		out("+ the node has no selected cpu: the selected cpus of "
		    "the node nearest it (SLIT) read it\n");
	if (readers_from(sr, "first-selected"))
		out("* the first selected cpu alone read it (its node is "
		    "unknown, or no node with selected cpus is)\n");
	if (sr->dimms_note)
		out("dimms: %s\n", sr->dimms_note);
	if (cached)
		out("cached?: %d ranges whose chain is under 4x the "
		    "last-level cache (%s) and not known to be in no cache "
		    "(not written cold, or chased round), or was read faster "
		    "than any memory: the caches may answer part of it\n",
		    cached,
		    fmt_size(a, sizeof a, 4 * sr->llc_bytes));
	if (scan_gib(sr) > 0)
		out("scan: %.1f GiB measured in %.1f s, %.2f s a GiB (the "
		    "chain's build %.2f, its chase %.2f, the read %.2f)\n",
		    scan_gib(sr), sr->seconds, sr->seconds / scan_gib(sr),
		    sr->build_s / scan_gib(sr), sr->chase_s / scan_gib(sr),
		    sr->read_s / scan_gib(sr));
	if (sr->pinned_note[0])
		out("pinned: %s%s\n", sr->pinned_note,
		    scattered ? "; base: the physical address of a range's "
				"first page (its pages are scattered)"
			      : "");
}

/* A point for the range [base, base + bytes) of node, not measured yet. */
static struct scan_point *point_add(struct scan_result *sr, uint64_t base,
				    uint64_t bytes, int node)
{
	struct scan_point *pt = &sr->point[sr->count++];

	*pt = (struct scan_point){
		.base = base, .bytes = bytes, .node = node,
		.ns_median = -1, .gb_per_s_median = -1, .distance = -1,
		.phys_contiguous = 1,
	};
	return pt;
}

/* Stops the scan after a refused free: an error naming the range and
 * how many planned ranges that leaves unmeasured. */
static void held_stop(const struct scan_ctx *c, const struct scan_point *pt,
		      int left)
{
	char a[24];

	msgs_add(c->errors, "scan: %#llx+%s could not be given back (a lost "
		 "cpu may still write baremem's memory, so nothing is freed): "
		 "the scan stops, %d planned ranges not scanned (scan_plan."
		 "not_scanned: held after a lost cpu)",
		 (unsigned long long)pt->base,
		 fmt_size(a, sizeof a, pt->bytes), left);
	c->o->failed = 1;
}

/* The ranges of the plan, each taken at its address, measured and given
 * back, until a range cannot be given back: the rest are named in the
 * plan's skips. free_bytes: the free memory the map listed. */
static void scan_planned(const struct scan_ctx *c, struct scan_plan *plan,
			 uint64_t free_bytes)
{
	struct scan_result *sr = c->sr;
	struct progress prog;
	int held = 0;

	sr->point = plat_alloc(sizeof *sr->point * (size_t)(plan->count + 1));
	if (!sr->point) {
		msgs_add(c->errors, "scan: out of pool memory");
		c->o->failed = 1;
		return;
	}
	progress_begin(&prog, plan->count);
	sr->measure_tsc = ticks_read();
	for (int i = 0; i < plan->count; i++) {
		const struct scan_range r = plan->range[i];
		struct scan_point *pt;
		struct plat_buffer buf;
		char a[24];

		if (held) {
			scan_plan_skip_insert(plan, r.base, r.bytes,
					      SCAN_SKIP_HELD);
			continue;
		}
		pt = point_add(sr, r.base, r.bytes, r.node);
		fmt_size(a, sizeof a, r.bytes);
		progress_step(&prog, "scan: %#llx+%s, node %d",
			      (unsigned long long)r.base, a, r.node);
		/* A range not taken is named (a warning), not a failure:
		 * it is memory someone holds now, like the excepted. */
		if (free_bytes < r.bytes + HEADROOM_BYTES) {
			msgs_add(c->warnings, "scan: %#llx+%s not measured: "
				 "the firmware would be left under 64 MiB",
				 (unsigned long long)r.base, a);
		} else if (plat_buffer_alloc_at(r.base, r.bytes, r.page_bytes,
						&buf) != 0) {
			msgs_add(c->warnings, "scan: %#llx+%s not measured: "
				 "the firmware did not give it (allocated there "
				 "since the plan)", (unsigned long long)r.base, a);
		} else {
			measure(c, &buf, pt);
			if (pt->ns_median < 0 || pt->gb_per_s_median < 0)
				c->o->failed = 1;
			if (give_back(&buf) != 0) {
				free_bytes -= r.bytes;
				held = 1;
				held_stop(c, pt, plan->count - i - 1);
			}
		}
		/* SMBIOS type 20: which DIMMs hold the range. */
		pt->dimm_count = dimms_for_range(c->env->smbios, r.base,
						 r.bytes, pt->dimms,
						 SCAN_POINT_DIMMS);
		progress_done(&prog);
	}
	sr->skip = plan->skip;
	sr->skip_count = plan->skip_count;
}

/* Linux: every piece the platform can pin, held at once (so each is
 * memory none of the others is), then each measured and given back;
 * its node from where the pages really are (plat_buffer_node). */
static void scan_pinned(const struct scan_ctx *c)
{
	struct scan_result *sr = c->sr;
	struct test_outcome *o = c->o;
	struct plat_buffer *bufs = plat_alloc(sizeof *bufs * MAX_RANGES);
	struct plat_pin *pins = plat_alloc(sizeof *pins * MAX_RANGES);
	struct progress prog;
	int n = 0;

	sr->source = "pinned";
	if (!bufs || !pins) {
		msgs_add(c->errors, "scan: out of pool memory");
		o->failed = 1;
		return;
	}
	while (n < MAX_RANGES &&
	       plat_scan_pin(c->env->config->page_bytes, &bufs[n], &pins[n],
			     sr->pinned_note,
			     sizeof sr->pinned_note) == 0)
		n++;
	if (n == MAX_RANGES)
		fmt(sr->pinned_note, sizeof sr->pinned_note, "%d ranges, the "
		    "scan's room; more not pinned", MAX_RANGES);
	sr->point = plat_alloc(sizeof *sr->point * (size_t)(n + 1));
	if (!sr->point) {
		msgs_add(c->errors, "scan: out of pool memory");
		while (n > 0)
			plat_buffer_free(&bufs[--n]);
	} else if (n == 0) {
		msgs_add(c->errors, "scan: nothing could be pinned: %s",
			 sr->pinned_note);
	}
	o->failed |= n == 0;
	progress_begin(&prog, n);
	sr->measure_tsc = ticks_read();
	for (int i = 0; i < n; i++) {
		int node = plat_buffer_node(bufs[i].base, bufs[i].bytes, c->t);
		int known = pins[i].phys != ~0ull;
		struct scan_point *pt = point_add(sr, known ? pins[i].phys : 0,
						  bufs[i].bytes,
						  node >= 0 ? node : -1);
		char a[24];

		pt->base_unknown = !known;
		pt->phys_contiguous = pins[i].phys_contiguous;
		progress_step(&prog, "scan: pinned range %d of %d (%s), node "
			      "%d", i + 1, n, fmt_size(a, sizeof a,
						       bufs[i].bytes), pt->node);
		measure(c, &bufs[i], pt);
		if (pt->ns_median < 0 || pt->gb_per_s_median < 0)
			o->failed = 1;
		pt->dimm_count = known && pt->phys_contiguous
					 ? dimms_for_range(c->env->smbios,
							   pt->base,
							   pt->bytes, pt->dimms,
							   SCAN_POINT_DIMMS)
					 : -1;
		plat_buffer_free(&bufs[i]);
		progress_done(&prog);
	}
	msgs_add(c->warnings, "scan: Linux scans only the memory it could "
		 "pin (%s), not every GiB: boot baremem for that",
		 sr->pinned_note);
	plat_free(bufs);
	plat_free(pins);
}

struct test_outcome scan_run(const struct run_env *env,
			     const struct cpu_set *set,
			     struct test_out *mine)
{
	struct test_outcome outcome = { 0, 0, 0 }, *o = &outcome;
	struct scan_result *sr = plat_alloc(sizeof *sr);
	struct numa_topo *t = plat_alloc(sizeof *t);
	struct scan_span *spans = plat_alloc(sizeof *spans * MAX_SPANS);
	struct scan_plan plan = { .cap = MAX_RANGES, .skip_cap = MAX_SKIPS };
	uint64_t free_bytes = 0;
	int *cpus = plat_alloc(sizeof(int) * 2 *
			       (size_t)(set->count + 1));
	int n, known_dimms = 0;
	const struct scan_ctx c = { env, set, o, mine->errors, mine->warnings,
				    t, sr, cpus };

	plan.range = plat_alloc(sizeof *plan.range * MAX_RANGES);
	plan.skip = plat_alloc(sizeof *plan.skip * MAX_SKIPS);
	if (!sr || !t || !spans || !cpus || !plan.range || !plan.skip) {
		msgs_add(mine->errors, "scan: out of pool memory");
		o->failed = o->nothing = 1;
		return outcome;
	}
	if (plat_numa_topology(t) <= 0)
		t->node_count = t->cpu_count = t->range_count = 0;
	sr->llc_bytes = latency_dram_floor_bytes(env, set) / 4;
	sr->chase_lines = chase_lines_cold()
				  ? scan_cold_lines(~0ull,
						    latency_dram_floor_bytes(env, set),
						    latency_chase_samples_max(
							    env->config))
				  : latency_dram_floor_bytes(env, set) / 64;
	sr->source = "memory-map";
	*mine->scan = sr;
	n = plat_memory_spans(spans, MAX_SPANS);
	if (n < 0) {
		scan_pinned(&c);
		plat_free(plan.skip);
	} else {
		scan_plan_build(spans, n,
				env->cpu->f.big_pages ? SCAN_GIB : 2ull << 20, t,
				&plan);
		for (int i = 0; i < n; i++)
			free_bytes += spans[i].kind == SCAN_FREE
					      ? spans[i].bytes
					      : 0;
		scan_planned(&c, &plan, free_bytes);
		if (plan.dropped)
			msgs_add(mine->warnings, "scan: %d ranges or gaps past "
				 "the planner's room (%d ranges, %d gaps) not "
				 "scanned or named", plan.dropped, MAX_RANGES,
				 MAX_SKIPS);
	}
	for (int i = 0; i < sr->count; i++)
		known_dimms += sr->point[i].dimm_count >= 0;
	/* A null dimms is explained once: no map at all, or a map with
	 * gaps (firmware that maps only some of its memory). */
	if (!known_dimms)
		sr->dimms_note = "SMBIOS type 20 gives no DIMM map";
	else if (known_dimms < sr->count)
		sr->dimms_note = "SMBIOS type 20 maps no DIMM to some ranges "
				 "(their dimms are null)";
	if (sr->measure_tsc && plat_tsc_hz()) {
		double hz = (double)plat_tsc_hz();

		sr->seconds = (double)(ticks_read() - sr->measure_tsc) / hz;
		sr->build_s = (double)sr->build_ticks / hz;
		sr->chase_s = (double)sr->chase_ticks / hz;
		sr->read_s = (double)sr->read_ticks / hz;
	}
	judge(mine->warnings, sr);
	print_table(sr);
	plat_free(t);
	plat_free(spans);
	plat_free(cpus);
	plat_free(plan.range);
	return outcome;
}
