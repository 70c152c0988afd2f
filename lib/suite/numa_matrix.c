/* The NUMA matrix (see numa_matrix.h): Intel MLC's --latency_matrix and
 * --bandwidth_matrix, from the ACPI tables instead of an OS. */
#include "suite/numa_matrix.h"

#include "suite/bandwidth.h"
#include "bw.h"
#include "suite/cpus.h"
#include "util/fmt.h"
#include "suite/latency.h"
#include "suite/loaded.h"
#include "hw/numa.h"
#include "util/out.h"
#include "platform.h"
#include "suite/sweep.h"

/* Every selected cpu in one node: the fallback without a topology. */
static void one_node(const struct cpu_set *set, struct numa_topo *t)
{
	const char *why = t->problem;

	*t = (struct numa_topo){ .node_count = 1, .problem = why };
	for (int i = 0; i < set->count && i < NUMA_MAX_CPUS; i++) {
		struct plat_cpu c;
		if (plat_cpu_info(set->cpu[i], &c))
			continue;
		t->cpu[t->cpu_count++] = (struct numa_cpu){
			.apic_id = c.apic_id, .node = 0, .cpu = c.cpu };
	}
}

/* The selected, usable cpus of node, in the selection's order. */
static int node_cpus(const struct cpu_set *set, const struct numa_topo *t,
		     int node, int *out)
{
	int n = 0;

	for (int i = 0; i < set->count; i++) {
		int cpu = set->cpu[i];
		if (!cpus_usable(cpu))
			continue;
		for (int k = 0; k < t->cpu_count; k++)
			if (t->cpu[k].cpu == cpu && t->cpu[k].node == node) {
				out[n++] = cpu;
				break;
			}
	}
	return n;
}

/* Ranges only from the SRAT: Linux hides physical addresses. */
static void print_nodes(const struct numa_topo *t, int ranges)
{
	char line[400], a[16], b[16];

	for (int m = 0; m < t->node_count; m++) {
		int shown = 0;
		size_t len = fmt(line, sizeof line, "node %d (proximity domain "
				 "%u): cpus", m, (unsigned)t->domain[m]);
		for (int k = 0; k < t->cpu_count; k++)
			if (t->cpu[k].node == m && t->cpu[k].cpu >= 0 &&
			    shown++ < 32)
				len += fmt(line + len, sizeof line - len, " %d",
					   t->cpu[k].cpu);
		if (shown > 32)
			len += fmt(line + len, sizeof line - len, " ... (%d)",
				   shown);
		if (!shown)
			len += fmt(line + len, sizeof line - len, " none");
		out("%s, memory %s\n", line, t->range_count
		    ? fmt_size(a, sizeof a, numa_node_bytes(t, m)) : "all");
		for (int r = 0; r < t->range_count && ranges; r++)
			if (t->range[r].node == m)
				out("  0x%llx + %s%s\n",
				    (unsigned long long)t->range[r].base,
				    fmt_size(b, sizeof b, t->range[r].bytes),
				    t->range[r].hotplug ? " (hot-plug)" : "");
	}
}

static void print_matrix(const struct numa_topo *t, const double *v,
			 const char *title, const char *f)
{
	int n = t->node_count;
	char line[20 + NUMA_MAX_NODES * 12];
	size_t len = fmt(line, sizeof line, "%-10s", "cpu\\mem");

	out("%s\n", title);
	for (int m = 0; m < n; m++)
		len += fmt(line + len, sizeof line - len, " %9d", m);
	out("%s\n", line);
	for (int c = 0; c < n; c++) {
		len = fmt(line, sizeof line, "%-10d", c);
		for (int m = 0; m < n; m++)
			len += v[c * n + m] < 0
				? fmt(line + len, sizeof line - len, " %9s", "-")
				: fmt(line + len, sizeof line - len, f,
				      v[c * n + m]);
		out("%s\n", line);
	}
}

struct test_outcome numa_run(const struct run_env *env,
			     const struct cpu_set *set,
			     struct test_out *mine)
{
	struct test_outcome outcome = { 0, 0, 0 }, *o = &outcome;
	struct numa_result *r = plat_alloc(sizeof *r);
	struct numa_topo *t = plat_alloc(sizeof *t);
	int *cpus = plat_alloc(sizeof(int) * (size_t)env->cpu_count);
	uint64_t size = latency_dram_bytes(env, set);
	int n;
	char a[16];

	if (!r || !t || !cpus) {
		msgs_add(mine->errors, "numa: out of pool memory");
		o->failed = 1;
		plat_free(r);
		plat_free(t);
		plat_free(cpus);
		o->nothing = 1;
		return outcome;
	}
	n = plat_numa_topology(t);
	r->source = env->platform && env->platform[0] == 'l' ? "linux" : "srat";
	if (n <= 0) {
		msgs_add(mine->warnings, "numa: %s: measured as one node",
			 t->problem ? t->problem : "no topology");
		one_node(set, t);
		r->source = "none";
	} else if (t->problem) {
		msgs_add(mine->warnings, "numa: %s", t->problem);
	}
	n = t->node_count;
	r->topo = t;
	r->size_bytes = size;
	r->latency_ns = plat_alloc(sizeof(double) * (size_t)(n * n));
	r->read_gb = plat_alloc(sizeof(double) * (size_t)(n * n));
	r->buffer_base = plat_alloc(sizeof(uint64_t) * (size_t)(n * n));
	r->page_bytes = plat_alloc(sizeof(uint64_t) * (size_t)(n * n));
	if (!r->latency_ns || !r->read_gb || !r->buffer_base ||
	    !r->page_bytes) {
		msgs_add(mine->errors, "numa: out of pool memory");
		o->failed = o->nothing = 1;
		plat_free(cpus);
		return outcome;
	}
	for (int i = 0; i < n * n; i++)
		r->latency_ns[i] = r->read_gb[i] = -1;
	*mine->numa = r;

	out("\nnuma: %d node%s (%s)\n", n, n > 1 ? "s" : "",
	    r->source[0] == 's' ? "ACPI SRAT" : r->source[0] == 'l'
	    ? "/sys/devices/system/node" : "no topology: one node");
	print_nodes(t, r->source[0] == 's');
	for (int c = 0; c < n; c++) {
		for (int m = 0; m < n; m++) {
			struct plat_buffer buf;
			char what[64];
			/* Again per cell: a cpu lost in the last one is gone. */
			int k = node_cpus(set, t, c, cpus), used = k;

			if (k == 0)
				break;
			if (r->source[0] != 'n' && numa_node_bytes(t, m) == 0)
				continue;	/* a node without memory */
			out_progress("numa: cpus of node %d, memory of node %d",
				     c, m);
			/* A slice per cpu; with too little room, fewer
			 * cpus read (the latency needs one slice). */
			while (plat_buffer_alloc_node(size * (uint64_t)used,
						      env->config->page_bytes,
						      t, m, &buf) != 0) {
				used /= 2;
				if (used == 0)
					break;
			}
			if (used == 0) {
				msgs_add(mine->warnings, "numa: no %s buffer "
					 "in node %d", fmt_size(a, sizeof a,
					 size), m);
				continue;
			}
			if (used < k)
				msgs_add(mine->warnings, "numa: node %d has "
					 "room for %d of node %d's %d cpus' "
					 "buffers: %d read", m, used, c, k,
					 used);
			r->buffer_base[c * n + m] =
				(uint64_t)(uintptr_t)buf.base;
			r->page_bytes[c * n + m] = buf.page_bytes;
			r->latency_ns[c * n + m] =
				loaded_idle_ns(env, cpus[0], buf.base, size);
			/* The bandwidth table's all-cpus DRAM read, on this
			 * node's cpus and memory: the diagonal of a one-node
			 * machine is that table's figure. */
			fmt(what, sizeof what, "numa read of node %d by "
			    "node %d", m, c);
			r->read_gb[c * n + m] = bandwidth_read_together(
				env, mine->warnings, o, cpus, used, buf.base,
				buf.bytes, size, 0,
				what);
			plat_buffer_free(&buf);
		}
	}
	fmt_size(a, sizeof a, size);
	out("idle latency from the first selected cpu of each node over %s, "
	    "and read bandwidth of all its selected cpus together, %s each, "
	    "measured as the bandwidth table's all-cpus %s (median of %d "
	    "samples; GB = 10^9 bytes)\n", a, a,
	    bw_kernel_for("read", (enum bw_isa)env->isa_widest)->name,
	    sweep_repeats(env->config));
	print_matrix(t, r->latency_ns, "latency ns", " %9.1f");
	print_matrix(t, r->read_gb, "read GB/s", " %9.2f");
	if (t->has_slit) {
		double d[NUMA_MAX_NODES * NUMA_MAX_NODES];
		for (int c = 0; c < n; c++)
			for (int m = 0; m < n; m++)
				d[c * n + m] = t->slit[c][m];
		print_matrix(t, d, "SLIT distances", " %9.0f");
	}
	plat_free(cpus);
	return outcome;
}
