/* tests=scan in the results JSON: "scan" as docs/design.md §4d names its fields,
 * and "scan_plan": what the chase covers, what was not scanned and why. */
#include "results/results.h"
#include "results/results_json.h"
#include "results/scan_skip.h"
#include "util/json.h"

const char *scan_skip_name(enum scan_skip_why why)
{
	static const char *const names[SCAN_SKIP_COUNT] = {
		"hole", "app", "firmware", "not write-back", "under 2 MiB",
		"held after a lost cpu",
	};

	return (unsigned)why < SCAN_SKIP_COUNT ? names[why] : "?";
}

static void write_point(struct json_writer *w, const struct scan_point *p)
{
	json_object_begin(w, 0);
	if (p->base_unknown)
		json_null(w, "base");
	else
		json_u64(w, "base", p->base);
	json_u64(w, "bytes", p->bytes);
	json_u64(w, "measured_bytes", p->measured_bytes);
	if (p->page_bytes)
		json_u64(w, "page_bytes", p->page_bytes);
	else
		json_null(w, "page_bytes");
	if (p->node >= 0)
		json_u64(w, "node", (uint64_t)p->node);
	else
		json_null(w, "node");
	if (p->dimm_count < 0) {
		json_null(w, "dimms");
	} else {
		json_array_begin(w, "dimms");
		for (int i = 0; i < p->dimm_count && i < SCAN_POINT_DIMMS; i++)
			json_string(w, 0, p->dimms[i]);
		json_array_end(w);
	}
	if (p->ns_median >= 0)
		json_double(w, "ns_median", p->ns_median, 2);
	else
		json_null(w, "ns_median");
	if (p->gb_per_s_median >= 0)
		json_double(w, "gb_per_s_median", p->gb_per_s_median, 2);
	else
		json_null(w, "gb_per_s_median");
	json_array_begin(w, "cpus");
	for (int i = 0; i < p->cpu_count && p->cpus; i++)
		json_u64(w, 0, (uint64_t)p->cpus[i]);
	json_array_end(w);
	json_string(w, "cpus_from",
		    p->cpus_from ? p->cpus_from : "first-selected");
	if (p->distance >= 0)
		json_u64(w, "distance", (uint64_t)p->distance);
	else
		json_null(w, "distance");
	json_u64(w, "chase_lines", p->chase_lines);
	json_bool(w, "chase_cold", p->chase_cold);
	json_u64(w, "chase_hops", p->chase_hops);
	json_bool(w, "ns_may_be_cached", p->ns_may_be_cached);
	json_bool(w, "phys_contiguous", p->phys_contiguous);
	if (p->flag[0])
		json_string(w, "flag", p->flag);
	else
		json_null(w, "flag");
	json_object_end(w);
}

void results_json_scan(struct json_writer *w, const struct run_results *res)
{
	const struct scan_result *sr = res->scan;

	if (!sr)
		return;
	json_array_begin(w, "scan");
	for (int i = 0; i < sr->count; i++)
		write_point(w, &sr->point[i]);
	json_array_end(w);
	json_object_begin(w, "scan_plan");
	json_u64(w, "chase_lines", sr->chase_lines);
	json_u64(w, "llc_bytes", sr->llc_bytes);
	json_string(w, "source", sr->source ? sr->source : "memory-map");
	json_double(w, "seconds", sr->seconds, 2);
	json_object_begin(w, "seconds_parts");
	json_double(w, "chain_build", sr->build_s, 2);
	json_double(w, "chase", sr->chase_s, 2);
	json_double(w, "read", sr->read_s, 2);
	json_object_end(w);
	if (scan_gib(sr) > 0)
		json_double(w, "seconds_per_gib", sr->seconds / scan_gib(sr),
			    3);
	else
		json_null(w, "seconds_per_gib");
	if (sr->pinned_note[0])
		json_string(w, "pinned_note", sr->pinned_note);
	if (sr->dimms_note)
		json_string(w, "dimms_note", sr->dimms_note);
	else
		json_null(w, "dimms_note");
	json_array_begin(w, "not_scanned");
	for (int i = 0; i < sr->skip_count; i++) {
		json_object_begin(w, 0);
		json_u64(w, "base", sr->skip[i].base);
		json_u64(w, "bytes", sr->skip[i].bytes);
		json_string(w, "why", scan_skip_name(sr->skip[i].why));
		json_object_end(w);
	}
	json_array_end(w);
	json_object_end(w);
}
