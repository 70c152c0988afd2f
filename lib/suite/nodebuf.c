/* Per-cpu buffers in each cpu's own node (see nodebuf.h). */
#include "suite/nodebuf.h"

#include "util/fmt.h"
#include "util/str.h"

#define SLOT_ALIGN 4096u
#define UNKNOWN_NODES "buffers placed without knowing the NUMA nodes"

/* The node a slot's pages are in, asked for in node (-1: anywhere):
 * what the platform finds there (a kernel may place pages elsewhere than
 * mbind asked, a firmware range may not be the node the SRAT says it
 * asked), counted when it differs or cannot be looked at. */
static int where(struct nodebuf *nb, const struct numa_topo *t,
		 const uint8_t *slot, int node)
{
	int found;

	if (t->node_count == 0)
		return node;
	found = plat_buffer_node(slot, nb->slot_bytes, t);
	if (found == -1) {
		nb->unchecked++;
		return node;
	}
	if (found == -2)
		found = -1;
	if (node >= 0 && found != node)
		nb->moved++;
	return found;
}

/* One buffer in node (-1: anywhere) for as many of the slotless cpus
 * idx[0..k) as fit, halving from k; returns how many got a slot. */
static int place(struct nodebuf *nb, const struct numa_topo *t, int node,
		 const int *idx, int k, uint64_t page_bytes)
{
	struct plat_buffer *b = &nb->buf[nb->nbufs];
	int m;

	if (nb->nbufs == NODEBUF_MAX_BUFFERS)
		return 0;
	for (m = k; m > 0; m /= 2) {
		uint64_t bytes = nb->slot_bytes * (uint64_t)m;
		/* the platform's limit: room left for the firmware and the
		 * rest of the run */
		if (bytes > plat_buffer_max_bytes(page_bytes))
			continue;
		if (node < 0 ? plat_buffer_alloc(bytes, page_bytes, b) == 0
			     : plat_buffer_alloc_node(bytes, page_bytes, t,
						      node, b) == 0)
			break;
	}
	if (m == 0)
		return 0;
	nb->nbufs++;
	if (!nb->page_bytes || b->page_bytes < nb->page_bytes)
		nb->page_bytes = b->page_bytes;
	for (int i = 0; i < m; i++) {
		nb->base[idx[i]] = (uint8_t *)b->base + nb->slot_bytes * (uint64_t)i;
		nb->node[idx[i]] = where(nb, t, nb->base[idx[i]], node);
	}
	return m;
}

/* Gives slots in node to the slotless cpus whose own node is `own`
 * (-2: every slotless cpu), as long as node has room. */
static void place_group(struct nodebuf *nb, const struct numa_topo *t,
			int own, int node, int *idx, uint64_t page_bytes)
{
	for (;;) {
		int k = 0;
		for (int i = 0; i < nb->count; i++)
			if (!nb->base[i] && (own == -2 || nb->own[i] == own))
				idx[k++] = i;
		if (k == 0 || place(nb, t, node, idx, k, page_bytes) == 0)
			return;
	}
}

/* Nodes other than own, nearest first (SLIT; without one, by index). */
static int nearest_nodes(const struct numa_topo *t, int own, int *order)
{
	int n = 0;

	for (int m = 0; m < t->node_count; m++) {
		int at = n;
		if (m == own)
			continue;
		while (at > 0 && t->has_slit &&
		       t->slit[own][order[at - 1]] > t->slit[own][m]) {
			order[at] = order[at - 1];
			at--;
		}
		order[at] = m;
		n++;
	}
	return n;
}

int nodebuf_alloc(uint64_t page, const int *cpus, int n,
		  uint64_t slot_bytes, struct nodebuf *nb)
{
	struct numa_topo *t = plat_alloc(sizeof *t);
	int *idx = plat_alloc(sizeof(int) * (size_t)(n > 0 ? n : 1));
	int order[NUMA_MAX_NODES], nodes, ok = -1;

	*nb = (struct nodebuf){ .count = n };
	nb->cpu = plat_alloc(sizeof(int) * (size_t)(n > 0 ? n : 1));
	nb->base = plat_alloc(sizeof(uint8_t *) * (size_t)(n > 0 ? n : 1));
	nb->node = plat_alloc(sizeof(int) * (size_t)(n > 0 ? n : 1));
	nb->own = plat_alloc(sizeof(int) * (size_t)(n > 0 ? n : 1));
	if (!t || !idx || !nb->cpu || !nb->base || !nb->node || !nb->own ||
	    n < 1 || slot_bytes == 0)
		goto out;
	nb->slot_bytes = (slot_bytes + SLOT_ALIGN - 1) / SLOT_ALIGN * SLOT_ALIGN;
	nodes = plat_numa_topology(t);
	nb->topology_known = nodes > 0;
	for (int i = 0; i < n; i++) {
		nb->cpu[i] = cpus[i];
		nb->own[i] = nodes > 0 ? numa_node_of_cpu(t, cpus[i]) : -1;
		nb->node[i] = -1;
	}
	if (nodes > 0) {
		/* Each node's cpus in that node first, then what is left
		 * in the nearest node with room. */
		for (int m = 0; m < t->node_count; m++)
			place_group(nb, t, m, m, idx, page);
		for (int m = 0; m < t->node_count; m++) {
			int k = nearest_nodes(t, m, order);
			for (int j = 0; j < k; j++)
				place_group(nb, t, m, order[j], idx, page);
		}
	}
	/* Anywhere: no topology, a cpu it does not list, or no node with
	 * room (the node is then not known). */
	place_group(nb, t, -2, -1, idx, page);
	ok = 0;
	for (int i = 0; i < n; i++)
		if (!nb->base[i])
			ok = -1;
out:
	plat_free(t);
	plat_free(idx);
	if (ok)
		nodebuf_free(nb);
	return ok;
}

/* Whether a warning already says `text` (the unknown topology is said
 * once a run, whichever test places buffers first). */
static int warned(const struct msgs *warnings, const char *text)
{
	size_t n = str_len(text);

	for (int i = 0; i < warnings->count; i++)
		for (const char *w = warnings->text[i]; *w; w++) {
			size_t k = 0;
			while (k < n && w[k] == text[k])
				k++;
			if (k == n)
				return 1;
		}
	return 0;
}

/* Appends " a" or " a-b" to list while there is room, " ..." once
 * when there is not. */
static size_t add_run(char *list, size_t size, size_t len, int a, int b)
{
	if (len + 24 < size)
		return len + (a == b ? fmt(list + len, size - len, " %d", a)
				     : fmt(list + len, size - len, " %d-%d",
					   a, b));
	if (len + 4 < size && list[len - 1] != '.')
		return len + fmt(list + len, size - len, " ...");
	return len;
}

void nodebuf_warn(struct msgs *warnings, const struct nodebuf *nb,
		  const char *what)
{
	char list[120] = "";
	size_t len = 0;
	int remote = 0, first = -1, last = -1;

	if (!nb->topology_known) {
		if (!warned(warnings, UNKNOWN_NODES))
			msgs_add(warnings, "%s: " UNKNOWN_NODES " (the "
				 "platform gave no topology): on a machine with "
				 "several, a cpu's buffer may be remote", what);
		return;
	}
	for (int i = 0; i < nb->count; i++) {
		if (nb->own[i] >= 0 && nb->node[i] == nb->own[i])
			continue;
		remote++;
		if (first >= 0 && nb->cpu[i] == last + 1) {
			last = nb->cpu[i];
			continue;
		}
		if (first >= 0)
			len = add_run(list, sizeof list, len, first, last);
		first = last = nb->cpu[i];
	}
	if (first >= 0)
		add_run(list, sizeof list, len, first, last);
	if (nb->moved)
		msgs_add(warnings, "%s: %d of %d buffers' pages are not "
			 "in the node they were asked in (found where they "
			 "are: buffer_nodes says so, null for pages in several)",
			 what, nb->moved, nb->count);
	if (nb->unchecked)
		msgs_add(warnings, "%s: %d of %d buffers: the node "
			 "their pages are in could not be checked, so "
			 "buffer_nodes gives the node asked", what,
			 nb->unchecked, nb->count);
	if (remote)
		msgs_add(warnings, "%s: %d of %d buffers not in their "
			 "cpu's own node (no room there, or the topology does "
			 "not list the cpu): cpus%s", what, remote, nb->count,
			 list);
}

uint8_t *nodebuf_slot(const struct nodebuf *nb, int cpu, int *node)
{
	for (int i = 0; i < nb->count; i++)
		if (nb->cpu[i] == cpu) {
			if (node)
				*node = nb->node[i];
			return nb->base[i];
		}
	return 0;
}

int *nodebuf_nodes_of(const struct nodebuf *nb, const int *cpus, int n)
{
	int *nodes = plat_alloc(sizeof(int) * (size_t)(n > 0 ? n : 1));

	for (int i = 0; nodes && i < n; i++)
		if (!nodebuf_slot(nb, cpus[i], &nodes[i])) {
			plat_free(nodes);
			return 0;
		}
	return nodes;
}

void nodebuf_free(struct nodebuf *nb)
{
	for (int i = 0; i < nb->nbufs; i++)
		plat_buffer_free(&nb->buf[i]);
	plat_free(nb->cpu);
	plat_free(nb->base);
	plat_free(nb->node);
	plat_free(nb->own);
	*nb = (struct nodebuf){ 0 };
}
