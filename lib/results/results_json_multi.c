/* The results file's entries of the multi-cpu tests:
 * loaded[], c2c[] and numa (docs/design.md §4); results_json.c calls these. */
#include "util/fmt.h"
#include "util/json.h"
#include "hw/numa.h"
#include "results/results_json.h"

void results_json_loaded(struct json_writer *w, const struct run_results *res)
{
	if (!res->loaded.count)
		return;
	json_array_begin(w, "loaded");
	for (int i = 0; i < res->loaded.count; i++) {
		const struct loaded_point *p = &res->loaded.p[i];
		json_object_begin(w, 0);
		if (p->delay < 0)
			json_string(w, "delay", "idle");
		else
			json_i64(w, "delay", p->delay);
		json_u64(w, "loaders", (uint64_t)p->loaders);
		/* the lightest loads read little: 0.004 GB/s is a figure,
		 * not the 0.00 two fixed decimals would make of it */
		json_double(w, "gb_per_s", p->gb_per_s,
			    fmt_decimals_sig(p->gb_per_s, 2, 2));
		json_double(w, "ns", p->ns, 2);
		if (p->cpu_list && p->buffer_nodes) {
			json_array_begin(w, "cpu_list");
			for (int c = 0; c <= p->loaders; c++)
				json_u64(w, 0, (uint64_t)p->cpu_list[c]);
			json_array_end(w);
			json_array_begin(w, "loader_cpus");
			for (int c = 1; c <= p->loaders; c++)
				json_u64(w, 0, (uint64_t)p->cpu_list[c]);
			json_array_end(w);
			results_json_buffer_nodes(w, p->buffer_nodes,
						  p->loaders + 1);
		}
		json_object_end(w);
	}
	json_array_end(w);
}

void results_json_buffer_nodes(struct json_writer *w, const int *nodes,
			       int n)
{
	if (!nodes)
		return;
	json_array_begin(w, "buffer_nodes");
	for (int i = 0; i < n; i++)
		if (nodes[i] < 0)
			json_null(w, 0);
		else
			json_u64(w, 0, (uint64_t)nodes[i]);
	json_array_end(w);
}

void results_json_c2c(struct json_writer *w, const struct run_results *res)
{
	if (!res->c2c.count)
		return;
	json_array_begin(w, "c2c");
	for (int i = 0; i < res->c2c.count; i++) {
		json_object_begin(w, 0);
		json_u64(w, "from", (uint64_t)res->c2c.p[i].from);
		json_u64(w, "to", (uint64_t)res->c2c.p[i].to);
		json_double(w, "ns", res->c2c.p[i].ns, 2);
		json_bool(w, "same_core", res->c2c.p[i].same_core);
		json_object_end(w);
	}
	json_array_end(w);
}

/* A node x node matrix; unmeasured cells are null. */
static void matrix(struct json_writer *w, const char *key, const double *v,
		   int n, int decimals)
{
	json_array_begin(w, key);
	for (int c = 0; c < n; c++) {
		json_array_begin(w, 0);
		for (int m = 0; m < n; m++)
			if (v[c * n + m] < 0)
				json_null(w, 0);
			else
				json_double(w, 0, v[c * n + m], decimals);
		json_array_end(w);
	}
	json_array_end(w);
}

/* A node x node matrix of counts; 0 where no buffer was. */
static void u64_matrix(struct json_writer *w, const char *key,
		       const uint64_t *v, int n)
{
	json_array_begin(w, key);
	for (int c = 0; c < n; c++) {
		json_array_begin(w, 0);
		for (int m = 0; m < n; m++)
			json_u64(w, 0, v[c * n + m]);
		json_array_end(w);
	}
	json_array_end(w);
}

void results_json_numa(struct json_writer *w, const struct run_results *res)
{
	const struct numa_result *r = res->numa;
	const struct numa_topo *t;
	int n;

	if (!r)
		return;
	t = r->topo;
	n = t->node_count;
	json_object_begin(w, "numa");
	json_string(w, "source", r->source);
	json_u64(w, "size_bytes", r->size_bytes);
	json_array_begin(w, "nodes");
	for (int m = 0; m < n; m++) {
		json_object_begin(w, 0);
		json_u64(w, "node", (uint64_t)m);
		json_u64(w, "proximity_domain", t->domain[m]);
		json_array_begin(w, "cpus");
		for (int k = 0; k < t->cpu_count; k++)
			if (t->cpu[k].node == m && t->cpu[k].cpu >= 0)
				json_u64(w, 0, (uint64_t)t->cpu[k].cpu);
		json_array_end(w);
		json_u64(w, "memory_bytes", numa_node_bytes(t, m));
		/* Linux hides physical addresses: sizes only there. */
		json_array_begin(w, "ranges");
		for (int g = 0; g < t->range_count && r->source[0] == 's'; g++) {
			if (t->range[g].node != m)
				continue;
			json_object_begin(w, 0);
			json_u64(w, "base", t->range[g].base);
			json_u64(w, "bytes", t->range[g].bytes);
			json_bool(w, "hotplug", t->range[g].hotplug);
			json_u64(w, "ram_bytes", t->range[g].ram_bytes);
			json_object_end(w);
		}
		json_array_end(w);
		json_object_end(w);
	}
	json_array_end(w);
	matrix(w, "latency_ns", r->latency_ns, n, 2);
	matrix(w, "read_gb_per_s", r->read_gb, n, 2);
	/* Where each cell's buffer was, to check it lies in the node (the
	 * virtual address on Linux), and the pages that mapped it. */
	u64_matrix(w, "buffer_base", r->buffer_base, n);
	u64_matrix(w, "page_bytes", r->page_bytes, n);
	if (t->has_slit) {
		json_array_begin(w, "slit");
		for (int c = 0; c < n; c++) {
			json_array_begin(w, 0);
			for (int m = 0; m < n; m++)
				json_u64(w, 0, t->slit[c][m]);
			json_array_end(w);
		}
		json_array_end(w);
	}
	json_object_end(w);
}
