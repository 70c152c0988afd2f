/* tests=scan: each planned range taken from the platform for the time of
 * its measurement (plat_buffer_alloc_at), chased through lines spread
 * over all of it by one cpu of its node, read by all its node's selected
 * cpus at once, freed; then each judged against its node's median. */
#include "suite/scan.h"

#include "hw/numa.h"
#include "platform.h"
#include "suite/bandwidth.h"
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

/* The DIMMs of [base, base + bytes), SMBIOS type 20 to type 17: their
 * count, or -1 (unknown: written null) where SMBIOS maps nothing there,
 * and the scan says so once (dimms_note). */
static int dimms_for_range(const struct run_results *res, uint64_t base,
			   uint64_t bytes, const char **locators, int max)
{
	int n = smbios_dimms_for_range(res->smbios, base, bytes, locators,
				       max);

	return n > 0 ? n : -1;
}

/* Chase lines per range: 4x the last-level cache (the project's DRAM
 * rule, latency_dram_floor_bytes) in lines, at most one per 128 bytes of
 * the range. */
static uint64_t lines_for(const struct run_results *res, uint64_t bytes)
{
	uint64_t want = latency_dram_floor_bytes(res) / 64;

	return want < bytes / 128 ? want : bytes / 128;
}

/* Returns 0 when the range was measured (its figures may still be < 0:
 * a cpu that did not finish), -1 when the firmware no longer gives it. */
static int measure(struct run_results *res, const struct numa_topo *t,
		    const struct scan_range *r, struct scan_point *pt,
		    int *cpus)
{
	struct plat_buffer buf;
	char a[24];

	pt->cpu_count = scan_readers(t, res->selected, res->selected_count,
				     r->node, cpus, &pt->cpus_of_node);
	pt->distance = scan_reader_distance(t, cpus[0], r->node);
	pt->cpus = plat_alloc(sizeof(int) * (size_t)pt->cpu_count);
	if (pt->cpus)
		for (int i = 0; i < pt->cpu_count; i++)
			pt->cpus[i] = cpus[i];
	if (plat_buffer_alloc_at(r->base, r->bytes, r->page_bytes, &buf) != 0) {
		msgs_add(&res->warnings, "scan: %#llx+%s not measured: the "
			 "firmware did not give it (allocated there since the "
			 "plan)", (unsigned long long)r->base,
			 fmt_size(a, sizeof a, r->bytes));
		return -1;
	}
	pt->measured_bytes = buf.bytes;
	pt->page_bytes = buf.page_bytes;
	{
		uint64_t lines = lines_for(res, buf.bytes);
		void *start = chase_build_spread(buf.base, buf.bytes, lines,
						 res->config.seed ^ r->base);

		pt->ns_median = latency_chase_ns(res, cpus[0], start, lines);
	}
	pt->gb_per_s_median = bandwidth_read_together(
		res, cpus, pt->cpu_count, buf.base, buf.bytes,
		(buf.bytes / (uint64_t)pt->cpu_count) & ~4095ull, "scan");
	plat_buffer_free(&buf);
	return 0;
}

static void judge(struct run_results *res, struct scan_result *sr)
{
	struct scan_judged *j = plat_alloc(sizeof *j * (size_t)sr->count);
	double *work = plat_alloc(sizeof(double) * 2 * (size_t)sr->count);

	if (j && work) {
		for (int i = 0; i < sr->count; i++)
			j[i] = (struct scan_judged){
				.node = sr->point[i].node,
				.ns = sr->point[i].ns_median,
				.gb = sr->point[i].gb_per_s_median,
			};
		scan_flag_all(j, sr->count, SCAN_FLAG_THRESHOLD, work);
		for (int i = 0; i < sr->count; i++)
			str_copy(sr->point[i].flag, sizeof sr->point[i].flag,
				 j[i].flag);
	} else {
		msgs_add(&res->warnings, "scan: out of pool memory: ranges "
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

static void print_table(const struct scan_result *sr)
{
	char a[24], b[24], line[SCAN_POINT_FLAG_BYTES + 96];

	out("\nscan: %d ranges, chase over up to %llu lines (4x the "
	    "last-level cache of %s) spread over each, read by the node's "
	    "cpus\n", sr->count, (unsigned long long)sr->chase_lines,
	    fmt_size(a, sizeof a, sr->llc_bytes));
	out("%-18s %8s %5s %4s %4s %9s %9s %5s  %s\n", "base", "bytes",
	    "page", "node", "dist", "ns", "GB/s", "cpus", "flag");
	for (int i = 0; i < sr->count; i++) {
		const struct scan_point *p = &sr->point[i];
		size_t n = fmt(line, sizeof line, "%#018llx %8s %5s ",
			       (unsigned long long)p->base,
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
		fmt(line + n, sizeof line - n, " %4d%s  %s", p->cpu_count,
		    p->cpus_of_node ? " " : "*", p->flag);
		out("%s\n", line);
	}
	out("dist: the SLIT distance from the readers' node to the range's "
	    "(10: local; -: no SLIT)\n");
	print_dimms(sr);
	for (int i = 0; i < sr->skip_count; i++)
		out("not scanned: %#llx+%s (%s)\n",
		    (unsigned long long)sr->skip[i].base,
		    fmt_size(a, sizeof a, sr->skip[i].bytes),
		    scan_skip_name(sr->skip[i].why));
	for (int i = 0; i < sr->count; i++)
		if (!sr->point[i].cpus_of_node && sr->point[i].cpu_count) {
			out("* the node has no selected cpu: the first "
			    "selected cpu read it\n");
			break;
		}
	if (sr->dimms_note)
		out("dimms: %s\n", sr->dimms_note);
}

int scan_run(struct run_results *res)
{
	struct scan_result *sr = plat_alloc(sizeof *sr);
	struct numa_topo *t = plat_alloc(sizeof *t);
	struct scan_span *spans = plat_alloc(sizeof *spans * MAX_SPANS);
	struct scan_plan plan = { .cap = MAX_RANGES, .skip_cap = MAX_SKIPS };
	struct progress prog;
	uint64_t free_bytes = 0;
	int *cpus = plat_alloc(sizeof(int) * (size_t)(res->selected_count + 1));
	int n, known_dimms = 0;

	plan.range = plat_alloc(sizeof *plan.range * MAX_RANGES);
	plan.skip = plat_alloc(sizeof *plan.skip * MAX_SKIPS);
	if (!sr || !t || !spans || !cpus || !plan.range || !plan.skip) {
		msgs_add(&res->errors, "scan: out of pool memory");
		res->failed = 1;
		return -1;
	}
	n = plat_memory_spans(spans, MAX_SPANS);
	if (n < 0) {
		msgs_add(&res->errors, "scan: the platform gives no map of "
			 "physical memory (tests=scan needs the UEFI app)");
		res->failed = 1;
		return -1;
	}
	if (plat_numa_topology(t) <= 0)
		t->node_count = t->cpu_count = t->range_count = 0;
	scan_plan_build(spans, n, res->cpu.f.page1g ? SCAN_GIB : 2ull << 20,
			t, &plan);
	if (plan.dropped)
		msgs_add(&res->warnings, "scan: %d ranges or gaps past the "
			 "planner's room (%d ranges) not scanned or named",
			 plan.dropped, MAX_RANGES);
	for (int i = 0; i < n; i++)
		free_bytes += spans[i].kind == SCAN_FREE ? spans[i].bytes : 0;
	sr->point = plat_alloc(sizeof *sr->point * (size_t)(plan.count + 1));
	if (!sr->point) {
		msgs_add(&res->errors, "scan: out of pool memory");
		res->failed = 1;
		return -1;
	}
	sr->skip = plan.skip;
	sr->skip_count = plan.skip_count;
	sr->llc_bytes = latency_dram_floor_bytes(res) / 4;
	sr->chase_lines = latency_dram_floor_bytes(res) / 64;
	res->scan = sr;
	progress_begin(&prog, plan.count);
	for (int i = 0; i < plan.count; i++) {
		const struct scan_range *r = &plan.range[i];
		struct scan_point *pt = &sr->point[sr->count++];
		char a[24];

		*pt = (struct scan_point){
			.base = r->base, .bytes = r->bytes, .node = r->node,
			.ns_median = -1, .gb_per_s_median = -1,
			.distance = -1,
		};
		progress_step(&prog, "scan: %#llx+%s, node %d",
			      (unsigned long long)r->base,
			      fmt_size(a, sizeof a, r->bytes), r->node);
		/* A range not taken is named (a warning), not a failure:
		 * it is memory someone holds now, like the excepted. */
		if (free_bytes < r->bytes + HEADROOM_BYTES)
			msgs_add(&res->warnings, "scan: %#llx+%s not measured: "
				 "the firmware would be left under 64 MiB",
				 (unsigned long long)r->base, a);
		else if (measure(res, t, r, pt, cpus) == 0 &&
			 (pt->ns_median < 0 || pt->gb_per_s_median < 0))
			res->failed = 1;
		/* SMBIOS type 20: which DIMMs hold the range. */
		pt->dimm_count = dimms_for_range(res, r->base, r->bytes,
						 pt->dimms, SCAN_POINT_DIMMS);
		known_dimms += pt->dimm_count >= 0;
		progress_done(&prog);
	}
	/* A null dimms is explained once: no map at all, or a map with
	 * gaps (firmware that maps only some of its memory). */
	if (!known_dimms)
		sr->dimms_note = "SMBIOS type 20 gives no DIMM map";
	else if (known_dimms < sr->count)
		sr->dimms_note = "SMBIOS type 20 maps no DIMM to some ranges "
				 "(their dimms are null)";
	judge(res, sr);
	print_table(sr);
	plat_free(spans);
	plat_free(cpus);
	plat_free(plan.range);
	return 0;
}
