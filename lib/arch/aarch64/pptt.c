/* PPTT parsing (ACPI 6.5, 5.2.30: processor hierarchy nodes, type 0;
 * cache type structures, type 1) into pptt.h's hierarchy and each cpu's
 * caches. */
#include "arch/aarch64/pptt.h"

#include "hw/acpi_table.h"
#include "util/str.h"

#define PPTT_FIRST_ENTRY 36	/* the structures follow the header */
#define PPTT_NODE 0
#define PPTT_NODE_BYTES 20	/* without its private resources */
#define PPTT_CACHE 1
#define PPTT_CACHE_BYTES 24	/* revision 2; 3 adds a cache id */

/* processor hierarchy node flags */
#define NODE_PACKAGE 1u
#define NODE_ID_VALID 2u
#define NODE_THREAD 4u
#define NODE_LEAF 8u
/* cache type structure flags: which fields are valid */
#define CACHE_SIZE_VALID 1u
#define CACHE_SETS_VALID 2u
#define CACHE_WAYS_VALID 4u
#define CACHE_TYPE_VALID 16u
#define CACHE_LINE_VALID 64u

static void add_node(struct pptt *t, const uint8_t *e, uint32_t off,
		     uint8_t elen)
{
	uint32_t flags = acpi_rd32(e + 4), nres = acpi_rd32(e + 16);
	struct pptt_node *n;

	if (nres > (uint32_t)(elen - PPTT_NODE_BYTES) / 4) {
		acpi_note(&t->problem,
			      "PPTT node lists more resources than it holds");
		nres = (uint32_t)(elen - PPTT_NODE_BYTES) / 4;
	}
	if (t->node_count == PPTT_MAX_NODES ||
	    t->resource_count + (int)nres > PPTT_MAX_RESOURCES) {
		t->dropped++;
		acpi_note(&t->problem,
			      "more PPTT nodes than baremem handles");
		return;
	}
	n = &t->node[t->node_count++];
	*n = (struct pptt_node){
		.offset = off,
		.parent = acpi_rd32(e + 8),
		.acpi_id = acpi_rd32(e + 12),
		.package = !!(flags & NODE_PACKAGE),
		.id_valid = !!(flags & NODE_ID_VALID),
		.thread = !!(flags & NODE_THREAD),
		.leaf = !!(flags & NODE_LEAF),
		.first_resource = t->resource_count,
		.resources = (int)nres,
	};
	for (uint32_t i = 0; i < nres; i++)
		t->resource[t->resource_count++] =
			acpi_rd32(e + PPTT_NODE_BYTES + 4 * i);
}

static void add_cache(struct pptt *t, const uint8_t *e, uint32_t off)
{
	uint32_t flags = acpi_rd32(e + 4);
	static const char types[4] = { 'D', 'I', 'U', 'U' };

	if (t->cache_count == PPTT_MAX_CACHES) {
		t->dropped++;
		acpi_note(&t->problem,
			      "more PPTT caches than baremem handles");
		return;
	}
	t->cache[t->cache_count++] = (struct pptt_cache){
		.offset = off,
		.next = acpi_rd32(e + 8),
		.bytes = flags & CACHE_SIZE_VALID ? acpi_rd32(e + 12) : 0,
		.sets = flags & CACHE_SETS_VALID ? acpi_rd32(e + 16) : 0,
		.ways = flags & CACHE_WAYS_VALID ? e[20] : 0,
		/* attributes bits 3:2 */
		.type = flags & CACHE_TYPE_VALID ? types[e[21] >> 2 & 3] : 'U',
		.line_bytes = flags & CACHE_LINE_VALID ? acpi_rd16(e + 22)
						       : 0,
	};
}

/* Nodes and caches are stored in table order, so ascending offsets:
 * a binary search finds one (a cpu's shared_by walks every cpu's
 * caches, thousands of look-ups on a big server). */
#define FIND_AT(name, array, count)                                         \
	static int name(const struct pptt *t, uint32_t off)                 \
	{                                                                   \
		int lo = 0, hi = t->count;                                  \
									    \
		while (lo < hi) {                                           \
			int mid = lo + (hi - lo) / 2;                       \
			if (t->array[mid].offset < off)                     \
				lo = mid + 1;                               \
			else                                                \
				hi = mid;                                   \
		}                                                           \
		return lo < t->count && t->array[lo].offset == off ? lo : -1; \
	}
FIND_AT(node_at, node, node_count)
FIND_AT(cache_at, cache, cache_count)

static int is_cpu(const struct pptt *t, int i)
{
	return t->node[i].id_valid && t->node[i].leaf;
}

int pptt_parse(const void *table, size_t len, struct pptt *t)
{
	const uint8_t *p = table, *e;
	size_t end, off = PPTT_FIRST_ENTRY;
	int has_leaf_flag = 0;

	mem_set(t, 0, sizeof *t);
	end = acpi_table_bytes(p, len, "PPTT", PPTT_FIRST_ENTRY,
				   &t->problem);
	if (!end)
		return 0;
	while ((e = acpi_next(p, end, &off, &t->problem))) {
		uint8_t type = e[0], elen = e[1];
		uint32_t at = (uint32_t)(e - p);

		if (type == PPTT_NODE && elen >= PPTT_NODE_BYTES)
			add_node(t, e, at, elen);
		else if (type == PPTT_CACHE && elen >= PPTT_CACHE_BYTES)
			add_cache(t, e, at);
		else if (type <= PPTT_CACHE)
			acpi_note(&t->problem,
				      "PPTT entry shorter than its type needs: skipped");
	}
	for (int i = 0; i < t->node_count; i++)
		has_leaf_flag |= t->node[i].leaf;
	/* Before ACPI 6.3 no node carries the leaf flag: a leaf is a node
	 * no other node names as its parent. */
	if (!has_leaf_flag) {
		for (int i = 0; i < t->node_count; i++)
			t->node[i].leaf = 1;
		for (int i = 0; i < t->node_count; i++) {
			int up = node_at(t, t->node[i].parent);
			if (up >= 0)
				t->node[up].leaf = 0;
		}
	}
	for (int i = 0; i < t->node_count; i++)
		t->cpu_count += is_cpu(t, i);
	if (!t->cpu_count)
		acpi_note(&t->problem,
			      "PPTT has no leaf node with a processor id");
	return t->cpu_count;
}

int pptt_cpu_of_uid(const struct pptt *t, uint32_t uid)
{
	for (int i = 0; i < t->node_count; i++)
		if (is_cpu(t, i) && t->node[i].acpi_id == uid)
			return i;
	return -1;
}

/* The node indices from cpu `i` up to its root, at most max (a parent
 * loop in a bad table ends the walk). Returns how many. */
static int path_up(const struct pptt *t, int i, int *path, int max)
{
	int n = 0;

	while (i >= 0 && n < max) {
		for (int k = 0; k < n; k++)
			if (path[k] == i)
				return n;	/* a loop */
		path[n++] = i;
		i = t->node[i].parent ? node_at(t, t->node[i].parent) : -1;
	}
	return n;
}

int pptt_package_of_uid(const struct pptt *t, uint32_t uid)
{
	int path[PPTT_MAX_DEPTH], n, ordinal = 0;
	int cpu = pptt_cpu_of_uid(t, uid);

	if (cpu < 0)
		return -1;
	n = path_up(t, cpu, path, PPTT_MAX_DEPTH);
	for (int k = 0; k < n; k++) {
		if (!t->node[path[k]].package)
			continue;
		for (int i = 0; i < path[k]; i++)
			ordinal += t->node[i].package;
		return ordinal;
	}
	return -1;
}

int pptt_parent_of_uid(const struct pptt *t, uint32_t uid)
{
	int path[2], cpu = pptt_cpu_of_uid(t, uid);

	if (cpu < 0 || path_up(t, cpu, path, 2) < 2)
		return -1;
	return path[1];
}

int pptt_package_count(const struct pptt *t)
{
	int n = 0;

	for (int i = 0; i < t->node_count; i++)
		n += t->node[i].package;
	return n;
}

int pptt_place_of_uid(const struct pptt *t, uint32_t uid, int *core,
		      int *cluster)
{
	int path[3], n, cpu = pptt_cpu_of_uid(t, uid), c = 0;

	if (cpu < 0)
		return -1;
	n = path_up(t, cpu, path, 3);
	if (t->node[cpu].thread && n > 1)
		c = 1;
	*core = path[c];
	*cluster = c + 1 < n && !t->node[path[c]].package &&
			   !t->node[path[c + 1]].package
		   ? path[c + 1] : -1;
	return 0;
}

/* The cpu's caches as (cache index, level) pairs, nearest first.
 * Returns how many (at most max). */
static int collect(const struct pptt *t, int cpu, int *idx, int *lvl, int max)
{
	int path[PPTT_MAX_DEPTH], depth, n = 0, top = 0;

	depth = path_up(t, cpu, path, PPTT_MAX_DEPTH);
	for (int d = 0; d < depth; d++) {
		const struct pptt_node *nd = &t->node[path[d]];
		int base = top;

		for (int r = 0; r < nd->resources; r++) {
			int c = cache_at(t, t->resource[nd->first_resource + r]);
			int level = base + 1;

			/* the chain, bounded: no table has more levels */
			for (int hop = 0; c >= 0 && hop < ARM_CACHE_LEVELS;
			     hop++, level++) {
				int seen = 0;
				for (int k = 0; k < n; k++)
					seen |= idx[k] == c;
				if (!seen && n < max) {
					idx[n] = c;
					lvl[n++] = level;
					if (level > top)
						top = level;
				}
				c = t->cache[c].next ?
					    cache_at(t, t->cache[c].next) : -1;
			}
		}
	}
	return n;
}

#define PPTT_CPU_CACHES 32

int pptt_cpu_caches(const struct pptt *t, uint32_t uid, struct arm_cache *out,
		    int max)
{
	int idx[PPTT_CPU_CACHES], lvl[PPTT_CPU_CACHES], n, k = 0;
	int cpu = pptt_cpu_of_uid(t, uid);

	if (cpu < 0)
		return 0;
	n = collect(t, cpu, idx, lvl, PPTT_CPU_CACHES);
	for (int i = 0; i < n && k < max; i++) {
		const struct pptt_cache *c = &t->cache[idx[i]];
		int shared = 0;

		/* every cpu whose caches include this structure */
		for (int o = 0; o < t->node_count; o++) {
			int oidx[PPTT_CPU_CACHES], olvl[PPTT_CPU_CACHES], m;
			if (!is_cpu(t, o))
				continue;
			m = collect(t, o, oidx, olvl, PPTT_CPU_CACHES);
			for (int j = 0; j < m; j++)
				if (oidx[j] == idx[i]) {
					shared++;
					break;
				}
		}
		out[k++] = (struct arm_cache){
			.level = lvl[i], .type = c->type,
			.line_bytes = c->line_bytes, .ways = c->ways,
			.sets = c->sets, .bytes = c->bytes,
			.shared_by = shared, .pptt_offset = c->offset,
			.source = "pptt",
		};
	}
	return k;
}
