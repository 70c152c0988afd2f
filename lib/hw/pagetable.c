/* Identity-mapping page tables (SDM vol 3A, 4.5 "4-level paging and
 * 5-level paging") built into a caller's arena, each leaf as large as the
 * ranges under it allow; and the sorting and merging of those ranges. */
#include <stdbool.h>

#include "hw/pagetable.h"

#define ENTRIES 512
#define TABLE_BYTES 4096ull
#define OFFSET_4K (PT_4K - 1)
/* Range ends are clamped here: beyond anything 5-level paging reaches,
 * and far enough below 2^64 that rounding and sums cannot wrap. */
#define ADDR_END (1ull << 57)

/* Bytes one entry maps, by table level (1 PT, 2 PD, 3 PDPT, 4 PML4,
 * 5 PML5). */
static const uint64_t entry_bytes[6] = { 0, PT_4K, PT_2M, PT_1G,
					 512 * PT_1G, 512 * 512 * PT_1G };

static uint64_t min_u64(uint64_t a, uint64_t b)
{
	return a < b ? a : b;
}

static uint64_t max_u64(uint64_t a, uint64_t b)
{
	return a > b ? a : b;
}

/* The 4K pages a range touches, [*start, *end); false when none. */
static bool range_pages(const struct pt_range *r, uint64_t *start,
			uint64_t *end)
{
	uint64_t e;

	if (r->bytes == 0 || r->base >= ADDR_END)
		return false;
	e = r->bytes > ADDR_END - r->base ? ADDR_END : r->base + r->bytes;
	*start = r->base & ~OFFSET_4K;
	*end = (e + OFFSET_4K) & ~OFFSET_4K;
	return true;
}

/* max_page as a leaf size; 0 means the caller set no limit. */
static uint64_t leaf_limit(uint64_t max_page)
{
	if (max_page == 0 || max_page >= PT_1G)
		return PT_1G;
	return max_page >= PT_2M ? PT_2M : PT_4K;
}

/* Anything not known to be write-back is treated as uncached. */
static bool is_uc(uint8_t cls)
{
	return cls != PT_CLASS_WB;
}

uint64_t pt_identity_limit(int levels)
{
	/* 4-level: the lower canonical half ends at 2^47. 5-level: entries
	 * hold at most 52-bit physical addresses (PT_ADDR_MASK). */
	return levels == 5 ? 1ull << 52 : 1ull << 47;
}

/* ---- normalizing ranges ---- */

static bool alike(const struct pt_range *a, const struct pt_range *b)
{
	return a->cls == b->cls && a->max_page == b->max_page;
}

/* Heapsort by base: in place, no recursion, n log n even for the ~1000
 * descriptors of a large machine's memory map in any order. */
static void sift_down(struct pt_range *r, int root, int n)
{
	for (;;) {
		int child = 2 * root + 1;
		struct pt_range t;

		if (child >= n)
			return;
		if (child + 1 < n && r[child + 1].base > r[child].base)
			child++;
		if (r[root].base >= r[child].base)
			return;
		t = r[root];
		r[root] = r[child];
		r[child] = t;
		root = child;
	}
}

static void sort_by_base(struct pt_range *r, int n)
{
	for (int i = n / 2 - 1; i >= 0; i--)
		sift_down(r, i, n);
	for (int end = n - 1; end > 0; end--) {
		struct pt_range t = r[0];

		r[0] = r[end];
		r[end] = t;
		sift_down(r, 0, end);
	}
}

static void remove_at(struct pt_range *r, int *n, int at)
{
	for (int i = at; i + 1 < *n; i++)
		r[i] = r[i + 1];
	(*n)--;
}

/* Puts p into r[from..*n), which stays sorted by base; r has room. */
static void insert_sorted(struct pt_range *r, int *n, int from,
			  const struct pt_range *p)
{
	int at = *n;

	while (at > from && r[at - 1].base > p->base) {
		r[at] = r[at - 1];
		at--;
	}
	r[at] = *p;
	(*n)++;
}

/* Walks the sorted array once: r[0..i) is final and ends at or below
 * r[i].base. Overlapping neighbours are merged when alike, else cut into
 * (a alone, overlap, the longer one alone), the last piece re-inserted in
 * base order. Every cut shrinks the total overlap, so this ends. */
static int resolve_overlaps(struct pt_range *r, int n, int cap)
{
	int i = 0;

	while (i + 1 < n) {
		struct pt_range a = r[i], b = r[i + 1], mid, tail;
		uint64_t a_end = a.base + a.bytes, b_end = b.base + b.bytes;
		uint64_t lo = b.base, hi = min_u64(a_end, b_end);
		uint64_t top = max_u64(a_end, b_end);
		int pieces;

		if (b.base >= a_end) {
			i++;
			continue;
		}
		if (alike(&a, &b)) {
			r[i].bytes = top - a.base;
			remove_at(r, &n, i + 1);
			continue;
		}
		mid = a;
		mid.base = lo;
		mid.bytes = hi - lo;
		mid.cls = is_uc(a.cls) || is_uc(b.cls) ? PT_CLASS_UC
						       : PT_CLASS_WB;
		mid.max_page = min_u64(a.max_page, b.max_page);
		tail = a_end > b_end ? a : b;
		tail.base = hi;
		tail.bytes = top - hi;
		pieces = (a.base < lo) + 1 + (top > hi);
		if (n - 2 + pieces > cap)
			return -1;
		if (a.base < lo) {
			r[i].bytes = lo - a.base;
			r[i + 1] = mid;
		} else {
			r[i] = mid;
			remove_at(r, &n, i + 1);
		}
		if (top > hi)
			insert_sorted(r, &n, i, &tail);
	}
	return n;
}

int pt_ranges_normalize(struct pt_range *r, int n, int cap)
{
	int m = 0;

	if (n < 0 || n > cap)
		return -1;
	for (int i = 0; i < n; i++) {
		uint64_t start, end;

		if (!range_pages(&r[i], &start, &end))
			continue;
		r[m] = r[i];
		r[m].base = start;
		r[m].bytes = end - start;
		r[m].cls = is_uc(r[i].cls) ? PT_CLASS_UC : PT_CLASS_WB;
		r[m].max_page = leaf_limit(r[i].max_page);
		m++;
	}
	sort_by_base(r, m);
	n = resolve_overlaps(r, m, cap);
	if (n < 0)
		return -1;
	m = 0;
	for (int i = 0; i < n; i++) {
		struct pt_range *last = m ? &r[m - 1] : 0;

		if (last && alike(last, &r[i]) &&
		    last->base + last->bytes >= r[i].base) {
			last->bytes = max_u64(last->base + last->bytes,
					      r[i].base + r[i].bytes) -
				      last->base;
			continue;
		}
		r[m++] = r[i];
	}
	return m;
}

/* ---- building ---- */

struct builder {
	const struct pt_format *f;
	const struct pt_range *r;
	int n;
	int next;		/* ranges before it end at or below the block
				 * in hand: blocks come in address order */
	uint64_t max_leaf;	/* max_page_all as a leaf size */
	uint64_t limit;		/* pt_identity_limit */
	struct pt_arena *a;	/* 0: only count tables (pt_bytes_needed) */
	uint64_t tables;
};

/* What the ranges put in one block. */
struct cover {
	bool uniform;		/* wholly inside ranges, all of one class */
	bool uc;		/* some of it is UC */
	uint64_t max_page;	/* the smallest limit among its ranges */
};

static struct cover cover_block(const struct builder *b, uint64_t start,
				uint64_t bytes)
{
	struct cover c = { true, false, PT_1G };
	uint64_t end = start + bytes, at = start;
	bool wb = false;

	for (int i = b->next; i < b->n; i++) {
		uint64_t s, e;

		if (!range_pages(&b->r[i], &s, &e))
			continue;
		if (s >= end)
			break;
		if (e <= start)
			continue;
		if (s > at)
			c.uniform = false;	/* a hole */
		at = max_u64(at, e);
		if (is_uc(b->r[i].cls))
			c.uc = true;
		else
			wb = true;
		c.max_page = min_u64(c.max_page, leaf_limit(b->r[i].max_page));
	}
	if (at < end || (c.uc && wb))
		c.uniform = false;
	return c;
}

/* Moves b->next past the ranges that end at or below addr. */
static void skip_ended(struct builder *b, uint64_t addr)
{
	while (b->next < b->n) {
		uint64_t s, e;

		if (range_pages(&b->r[b->next], &s, &e) && e > addr)
			return;
		b->next++;
	}
}

static int new_table(struct builder *b, uint64_t *phys)
{
	struct pt_arena *a = b->a;
	uint64_t at, *t;

	b->tables++;
	*phys = 0;
	if (!a)
		return 0;
	if (a->used > a->bytes)
		return -1;
	at = (a->used + OFFSET_4K) & ~OFFSET_4K;
	if (at > a->bytes || a->bytes - at < TABLE_BYTES)
		return -1;
	/* The arena may hold anything: a table starts all not-present. */
	t = (uint64_t *)(void *)(a->host + at);
	for (int i = 0; i < ENTRIES; i++)
		t[i] = 0;
	*phys = a->phys + at;
	a->used = at + TABLE_BYTES;
	return 0;
}

static void put(struct builder *b, uint64_t table, int i, uint64_t entry)
{
	if (b->a)
		((uint64_t *)(void *)(b->a->host + (table - b->a->phys)))[i] =
			entry;
}

/* ---- x86-64's entries (SDM vol 3A, 4.5) ---- */

/* PAT index 0 (WB) or 3 (UC under the power-on PAT, SDM vol 3A 13.12.4). */
static uint64_t x86_leaf(const struct pt_format *f, uint64_t addr, int uc,
			 int level)
{
	(void)f;
	return addr | PT_P | PT_RW | (uc ? PT_PWT | PT_PCD : 0) |
	       (level > 1 ? PT_PS : 0);
}

static uint64_t x86_table(const struct pt_format *f, uint64_t child)
{
	(void)f;
	return child | PT_P | PT_RW;
}

static int x86_decode(const struct pt_format *f, uint64_t e, int level,
		      uint64_t *addr)
{
	(void)f;
	if (!(e & PT_P))
		return PT_ENTRY_INVALID;
	*addr = e & PT_ADDR_MASK;
	if (level == 1 || (e & PT_PS))
		return level > 3 ? PT_ENTRY_INVALID	/* PS reserved there */
				 : PT_ENTRY_LEAF;
	return PT_ENTRY_TABLE;
}

static uint64_t x86_limit(const struct pt_format *f, int levels)
{
	(void)f;
	return pt_identity_limit(levels);
}

static const struct pt_format x86_format = {
	.leaf = x86_leaf,
	.table = x86_table,
	.decode = x86_decode,
	.limit = x86_limit,
	.min_levels = 4,
	.max_levels = 5,
};

/* Fills the level-`level` table at `table`, which maps from base. */
static int fill(struct builder *b, uint64_t table, int level, uint64_t base)
{
	uint64_t bytes = entry_bytes[level];

	for (int i = 0; i < ENTRIES; i++) {
		uint64_t start = base + (uint64_t)i * bytes, s, e, child;
		struct cover c;

		skip_ended(b, start);
		if (b->next >= b->n || start >= b->limit)
			return 0;
		range_pages(&b->r[b->next], &s, &e);
		if (s >= start + bytes) {
			/* Nothing here: on to the entry of the next range. */
			uint64_t to = (s - base) / bytes;
			if (to >= ENTRIES)
				return 0;
			i = (int)to - 1;
			continue;
		}
		c = cover_block(b, start, bytes);
		/* A 4K page is either in a range or not (ranges are 4K
		 * rounded); one touched by both classes takes UC. */
		if (level == 1 ||
		    (level <= 3 && c.uniform && bytes <= c.max_page &&
		     bytes <= b->max_leaf)) {
			put(b, table, i, b->f->leaf(b->f, start, c.uc, level));
			continue;
		}
		if (new_table(b, &child))
			return -1;
		put(b, table, i, b->f->table(b->f, child));
		if (fill(b, child, level - 1, start))
			return -1;
	}
	return 0;
}

static struct builder builder(const struct pt_format *f,
			      const struct pt_range *r, int n,
			      uint64_t max_page_all, int levels,
			      struct pt_arena *a)
{
	return (struct builder){
		.f = f,
		.r = r,
		.n = n,
		.max_leaf = leaf_limit(max_page_all),
		.limit = f->limit(f, levels),
		.a = a,
	};
}

static bool levels_ok(const struct pt_format *f, int levels)
{
	return levels >= f->min_levels && levels <= f->max_levels;
}

int pt_build_with(const struct pt_format *f, const struct pt_range *r,
		  int n, uint64_t max_page_all, int levels,
		  struct pt_arena *a, uint64_t *root)
{
	struct builder b;
	uint64_t used;

	if (!levels_ok(f, levels))
		return PT_ERR_ARGS;
	b = builder(f, r, n, max_page_all, levels, a);
	if (n < 0 || (n && !r) || !a ||
	    !a->host || !root || (a->phys & OFFSET_4K) ||
	    ((uintptr_t)a->host & 7))
		return PT_ERR_ARGS;
	/* Half-built tables are no use: give their room back, so a short
	 * arena leaves the caller's accounting as it found it. */
	used = a->used;
	if (new_table(&b, root) || fill(&b, *root, levels, 0)) {
		a->used = used;
		*root = 0;
		return PT_ERR_ARENA;
	}
	return 0;
}

int pt_build(const struct pt_range *r, int n, uint64_t max_page_all,
	     int levels, struct pt_arena *a, uint64_t *root)
{
	return pt_build_with(&x86_format, r, n, max_page_all, levels, a, root);
}

uint64_t pt_bytes_needed_with(const struct pt_format *f,
			      const struct pt_range *r, int n,
			      uint64_t max_page_all, int levels)
{
	/* The build itself, counting tables instead of writing them: exact,
	 * and as quick as the build. */
	struct builder b;
	uint64_t root;

	if (!levels_ok(f, levels) || n < 0 || (n && !r))
		return 0;
	b = builder(f, r, n, max_page_all, levels, 0);
	new_table(&b, &root);
	fill(&b, root, levels, 0);
	return b.tables * TABLE_BYTES;
}

uint64_t pt_bytes_needed(const struct pt_range *r, int n,
			 uint64_t max_page_all, int levels)
{
	return pt_bytes_needed_with(&x86_format, r, n, max_page_all, levels);
}

/* ---- walking ---- */

static bool table_in_arena(const struct pt_arena *a, uint64_t table)
{
	return !(table & OFFSET_4K) && table >= a->phys &&
	       a->used >= TABLE_BYTES &&
	       table - a->phys <= a->used - TABLE_BYTES;
}

uint64_t pt_walk_with(const struct pt_format *f, const struct pt_arena *a,
		      uint64_t root, int levels, uint64_t addr,
		      uint64_t *phys_out, uint64_t *entry_out)
{
	uint64_t table = root;

	/* Identity maps live in the table's lowest 512^levels * 4K only
	 * (x86's lower canonical half). */
	if (!levels_ok(f, levels) || addr >> (9 * levels + 12))
		return 0;
	for (int level = levels; level >= 1; level--) {
		const uint64_t *t;
		uint64_t e, next, size = entry_bytes[level];
		int kind;

		if (!table_in_arena(a, table))
			return 0;
		t = (const uint64_t *)(const void *)(a->host +
						     (table - a->phys));
		e = t[(addr >> (9 * level + 3)) & (ENTRIES - 1)];
		kind = f->decode(f, e, level, &next);
		if (kind == PT_ENTRY_INVALID)
			return 0;
		if (kind == PT_ENTRY_LEAF) {
			if (phys_out)
				*phys_out = (next & ~(size - 1)) |
					    (addr & (size - 1));
			if (entry_out)
				*entry_out = e;
			return size;
		}
		table = next;
	}
	return 0;
}

uint64_t pt_lookup(const struct pt_arena *a, uint64_t root, int levels,
		   uint64_t addr, uint64_t *phys_out, uint64_t *flags_out)
{
	uint64_t e = 0, size;

	/* The lower canonical half: 2^47 with 4 levels, 2^56 with 5. */
	if (addr >> (9 * levels + 11))
		return 0;
	size = pt_walk_with(&x86_format, a, root, levels, addr, phys_out, &e);
	if (size && flags_out)
		*flags_out = e & 0xfff;
	return size;
}
