/* pagetable: the tables pt_build writes, walked back entry by entry: every
 * page of every range mapped at its own address with its class, nothing
 * else, each leaf as large as allowed and no larger; the range normalizer;
 * exact arena sizes; 5-level tables; large machines built quickly. */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <cmocka.h>

#include "arch/x86_64/pagetable_x86.h"

#define K 1024ull
#define M (1024ull * K)
#define G (1024ull * M)
#define T (1024ull * G)

#define WB PT_CLASS_WB
#define UC PT_CLASS_UC
#define UC_BITS (PT_PWT | PT_PCD)

/* Unlike any host address, so every entry must be translated through
 * the arena to be followed. */
#define ARENA_PHYS 0x3210000000ull
#define GARBAGE 0xa5
#define GUARD_BYTES 4096

#define ULL(x) ((unsigned long long)(x))

static uint64_t rand_next(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static uint64_t rand_below(uint64_t *s, uint64_t n)
{
	return n ? rand_next(s) % n : 0;
}

/* ---- the reference: what the ranges ask for, page by page ---- */

/* The spec's reading of max_page, written apart from the builder's. */
static uint64_t page_limit(uint64_t max_page)
{
	if (max_page == 0 || max_page >= PT_1G)
		return PT_1G;
	if (max_page >= PT_2M)
		return PT_2M;
	return PT_4K;
}

/* The 4K pages a caller's range touches (clamped like the builder's at
 * 2^57, above anything paging maps). */
static bool touched(const struct pt_range *r, uint64_t *s, uint64_t *e)
{
	unsigned __int128 end = (unsigned __int128)r->base + r->bytes;

	if (r->bytes == 0 || r->base >= 1ull << 57)
		return false;
	if (end > (unsigned __int128)1 << 57)
		end = (unsigned __int128)1 << 57;
	*s = r->base & ~(PT_4K - 1);
	*e = ((uint64_t)end + PT_4K - 1) & ~(PT_4K - 1);
	return true;
}

struct attr {
	bool mapped;
	bool uc;		/* some range over the page is not WB */
	uint64_t max_page;	/* the smallest limit over the page */
};

static struct attr page_attr(const struct pt_range *r, int n, uint64_t limit,
			     uint64_t addr)
{
	struct attr at = { false, false, PT_1G };

	if (addr >= limit)
		return at;
	for (int i = 0; i < n; i++) {
		uint64_t s, e;
		if (!touched(&r[i], &s, &e) || addr < s || addr >= e)
			continue;
		at.mapped = true;
		if (r[i].cls != WB)
			at.uc = true;
		if (page_limit(r[i].max_page) < at.max_page)
			at.max_page = page_limit(r[i].max_page);
	}
	return at;
}

/* Whether [blk, blk + size) is all mapped, of one class and allowed
 * pages of this size: attributes only change at range edges, so one look
 * per piece between edges decides. */
static bool block_fits(const struct pt_range *r, int n, uint64_t limit,
		       uint64_t blk, uint64_t size)
{
	struct attr first = page_attr(r, n, limit, blk);
	uint64_t end = blk + size;

	if (!first.mapped || first.max_page < size || end > limit)
		return false;
	for (int i = 0; i < n; i++) {
		uint64_t s, e, edge[2];
		if (!touched(&r[i], &s, &e))
			continue;
		edge[0] = s;
		edge[1] = e;
		for (int k = 0; k < 2; k++) {
			struct attr at;
			if (edge[k] <= blk || edge[k] >= end)
				continue;
			at = page_attr(r, n, limit, edge[k]);
			if (!at.mapped || at.uc != first.uc ||
			    at.max_page < size)
				return false;
		}
	}
	return true;
}

/* The leaf size the contract asks for at addr (0: unmapped). */
static uint64_t expected_leaf(const struct pt_range *r, int n, uint64_t limit,
			      uint64_t max_all, uint64_t addr)
{
	static const uint64_t sizes[] = { PT_1G, PT_2M };

	if (!page_attr(r, n, limit, addr).mapped)
		return 0;
	for (int i = 0; i < 2; i++)
		if (sizes[i] <= page_limit(max_all) &&
		    block_fits(r, n, limit, addr & ~(sizes[i] - 1), sizes[i]))
			return sizes[i];
	return PT_4K;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

/* Bytes in the union of the ranges' pages below limit. */
static uint64_t union_bytes(const struct pt_range *r, int n, uint64_t limit)
{
	uint64_t *edge = malloc(sizeof(*edge) * (size_t)(2 * n + 2));
	uint64_t total = 0;
	int k = 0;

	assert_non_null(edge);
	edge[k++] = 0;
	edge[k++] = limit;
	for (int i = 0; i < n; i++) {
		uint64_t s, e;
		if (!touched(&r[i], &s, &e))
			continue;
		edge[k++] = s < limit ? s : limit;
		edge[k++] = e < limit ? e : limit;
	}
	qsort(edge, (size_t)k, sizeof(*edge), cmp_u64);
	for (int i = 0; i + 1 < k; i++)
		if (edge[i] < edge[i + 1] &&
		    page_attr(r, n, limit, edge[i]).mapped)
			total += edge[i + 1] - edge[i];
	free(edge);
	return total;
}

/* ---- building ---- */

struct map {
	uint8_t *mem;		/* the arena, then a guard */
	struct pt_arena a;
	uint64_t root;
	int levels;
	uint64_t max_all;
};

/* Builds into an arena of exactly arena_bytes past `used` (filled with
 * garbage first, as firmware pages may be), checking that nothing past
 * it was written. Returns pt_build's status. */
static int build_in(const struct pt_range *r, int n, uint64_t max_all,
		    int levels, uint64_t used, uint64_t arena_bytes,
		    struct map *m)
{
	uint64_t total = used + arena_bytes;
	int rc;

	m->mem = aligned_alloc(4096, total + GUARD_BYTES);
	assert_non_null(m->mem);
	memset(m->mem, GARBAGE, total + GUARD_BYTES);
	m->a = (struct pt_arena){ .host = m->mem, .phys = ARENA_PHYS,
				  .bytes = total, .used = used };
	m->levels = levels;
	m->max_all = max_all;
	m->root = ~0ull;
	rc = pt_build(r, n, max_all, levels, &m->a, &m->root);
	for (uint64_t i = 0; i < GUARD_BYTES; i++)
		if (m->mem[total + i] != GARBAGE)
			fail_msg("pt_build wrote %llu bytes past the arena",
				 ULL(i + 1));
	for (uint64_t i = 0; i < used; i++)
		if (m->mem[i] != GARBAGE)
			fail_msg("pt_build wrote below arena.used");
	assert_true(m->a.used <= m->a.bytes);
	return rc;
}

/* Builds with exactly pt_bytes_needed, which must succeed and be used to
 * the byte; one table less must fail cleanly. */
static void build_exact(const struct pt_range *r, int n, uint64_t max_all,
			int levels, struct map *m)
{
	uint64_t need = pt_bytes_needed(r, n, max_all, levels);

	assert_true(need >= 4096 && need % 4096 == 0);
	{
		struct map small;
		assert_int_equal(build_in(r, n, max_all, levels, 0,
					  need - 4096, &small), PT_ERR_ARENA);
		free(small.mem);
	}
	assert_int_equal(build_in(r, n, max_all, levels, 0, need, m), 0);
	assert_int_equal(m->a.used, need);
	assert_int_equal(m->root, ARENA_PHYS);
}

static void free_map(struct map *m)
{
	free(m->mem);
	m->mem = 0;
}

static void normalize_copy(const struct pt_range *in, int n,
			   struct pt_range **out, int *out_n)
{
	int cap = 2 * n + 1;

	*out = calloc((size_t)cap, sizeof(**out));
	assert_non_null(*out);
	memcpy(*out, in, sizeof(*in) * (size_t)n);
	*out_n = pt_ranges_normalize(*out, n, cap);
	assert_true(*out_n >= 0);
}

/* ---- walking every table ---- */

struct walk {
	const struct map *m;
	const struct pt_range *in;	/* the ranges before normalizing */
	int n;
	uint64_t limit;
	uint8_t *seen;			/* per arena table */
	uint64_t tables, mapped, next_va;
	uint64_t leaves[4][2];		/* [level][uc] */
	uint64_t fits_blk[4];		/* block_fits cache, by level */
	bool fits[4];
};

static uint64_t level_bytes(int level)
{
	return 1ull << (12 + 9 * (level - 1));
}

static void check_leaf(struct walk *w, int level, uint64_t va, uint64_t e)
{
	uint64_t size = level_bytes(level), want_size = PT_4K;
	struct attr at = page_attr(w->in, w->n, w->limit, va);
	uint64_t want = PT_P | PT_RW | (at.uc ? UC_BITS : 0) |
			(level > 1 ? PT_PS : 0);

	if ((e & PT_ADDR_MASK) != va)
		fail_msg("leaf at %#llx maps %#llx: not identity", ULL(va),
			 ULL(e & PT_ADDR_MASK));
	if (!at.mapped)
		fail_msg("%#llx mapped but in no range", ULL(va));
	if ((e & ~PT_ADDR_MASK) != want)
		fail_msg("leaf at %#llx: flags %#llx, want %#llx", ULL(va),
			 ULL(e & ~PT_ADDR_MASK), ULL(want));
	if (va < w->next_va)
		fail_msg("leaf at %#llx overlaps the one before", ULL(va));
	/* Leaves come in address order: one block_fits per block. */
	for (int l = 3; l >= 2; l--) {
		uint64_t bs = level_bytes(l), blk = va & ~(bs - 1);
		if (bs > page_limit(w->m->max_all))
			continue;
		if (w->fits_blk[l] != blk) {
			w->fits_blk[l] = blk;
			w->fits[l] = block_fits(w->in, w->n, w->limit, blk, bs);
		}
		if (w->fits[l]) {
			want_size = bs;
			break;
		}
	}
	if (size != want_size)
		fail_msg("leaf at %#llx is %#llx bytes, want %#llx", ULL(va),
			 ULL(size), ULL(want_size));
	w->leaves[level][at.uc]++;
	w->mapped += size;
	w->next_va = va + size;
}

static void walk_table(struct walk *w, uint64_t table, int level,
		       uint64_t base)
{
	const struct pt_arena *a = &w->m->a;
	const uint64_t *t;
	uint64_t idx;

	if (table < a->phys || table % 4096 ||
	    table - a->phys >= a->used)
		fail_msg("table %#llx outside the arena", ULL(table));
	idx = (table - a->phys) / 4096;
	if (w->seen[idx])
		fail_msg("table %#llx reached twice", ULL(table));
	w->seen[idx] = 1;
	w->tables++;
	t = (const uint64_t *)(const void *)(a->host + (table - a->phys));
	for (int i = 0; i < 512; i++) {
		uint64_t e = t[i], va = base + (uint64_t)i * level_bytes(level);

		if (!(e & PT_P)) {
			if (e)
				fail_msg("not-present entry %#llx at level %d "
					 "index %d", ULL(e), level, i);
			continue;
		}
		if (level == w->m->levels && i >= 256)
			fail_msg("entry in the upper half of the root");
		if (level == 1 || (e & PT_PS)) {
			if (level > 3)
				fail_msg("PS at level %d", level);
			check_leaf(w, level, va, e);
			continue;
		}
		if ((e & ~PT_ADDR_MASK) != (PT_P | PT_RW))
			fail_msg("table entry flags %#llx at level %d",
				 ULL(e & ~PT_ADDR_MASK), level);
		walk_table(w, e & PT_ADDR_MASK, level - 1, va);
	}
}

/* Walks everything the builder wrote and checks it against the caller's
 * ranges: identity, class, leaf sizes, no table shared or orphaned, and
 * the mapped bytes equal to the union of the ranges. */
static void walk_all(const struct map *m, const struct pt_range *in, int n,
		     struct walk *w)
{
	memset(w, 0, sizeof(*w));
	w->m = m;
	w->in = in;
	w->n = n;
	w->limit = pt_identity_limit(m->levels);
	for (int l = 0; l < 4; l++)
		w->fits_blk[l] = 1;	/* no block starts there */
	w->seen = calloc((size_t)(m->a.used / 4096) + 1, 1);
	assert_non_null(w->seen);
	walk_table(w, m->root, m->levels, 0);
	free(w->seen);
	assert_int_equal(w->tables, m->a.used / 4096);
	assert_int_equal(w->mapped, union_bytes(in, n, w->limit));
}

/* pt_lookup at addr, against the reference. */
static void check_lookup(const struct map *m, const struct pt_range *in,
			 int n, uint64_t addr)
{
	uint64_t limit = pt_identity_limit(m->levels), phys = 0, flags = 0;
	uint64_t size = pt_lookup(&m->a, m->root, m->levels, addr, &phys,
				  &flags);
	struct attr at = page_attr(in, n, limit, addr);
	uint64_t want = expected_leaf(in, n, limit, m->max_all, addr);

	if (size != want)
		fail_msg("lookup %#llx: leaf %#llx, want %#llx", ULL(addr),
			 ULL(size), ULL(want));
	if (!size)
		return;
	if (phys != addr)
		fail_msg("lookup %#llx gives %#llx", ULL(addr), ULL(phys));
	if ((flags & UC_BITS) != (at.uc ? UC_BITS : 0))
		fail_msg("lookup %#llx: flags %#llx, class %s", ULL(addr),
			 ULL(flags), at.uc ? "UC" : "WB");
}

/* Looks up both ends of every range, the bytes just outside them, and
 * `random` addresses below `space`. */
static void check_lookups(const struct map *m, const struct pt_range *in,
			  int n, uint64_t space, int random, uint64_t *seed)
{
	for (int i = 0; i < n; i++) {
		uint64_t b = in[i].base, e = in[i].base + in[i].bytes;
		uint64_t probe[] = { b - 1, b, e - 1, e,
				     (b & ~(PT_4K - 1)) - 1,
				     (e + PT_4K - 1) & ~(PT_4K - 1) };
		for (size_t k = 0; k < sizeof probe / sizeof probe[0]; k++)
			check_lookup(m, in, n, probe[k]);
	}
	for (int i = 0; i < random; i++)
		check_lookup(m, in, n, rand_below(seed, space));
}

/* ---- a typical PC ---- */

#define PC_N 8
static const struct pt_range pc_map[PC_N] = {
	{ 0, 0xa0000, WB, PT_1G },			/* 640K */
	{ 0x100000, 0x7f000000 - 0x100000, WB, PT_1G },
	{ 0x7f000000, 0x800000, UC, PT_1G },		/* reserved */
	/* 0x7f800000..0x7f900000: not in the map */
	{ 0x7f900000, 0x80000000 - 0x7f900000, WB, PT_1G },
	{ 0xfec00000, 0x1000, UC, PT_1G },		/* IOAPIC */
	{ 0xfee00000, 0x1000, UC, PT_1G },		/* LAPIC */
	{ 4 * G, 12 * G, WB, PT_1G },
	{ 0, 0, WB, PT_1G },				/* empty */
};

/* Leaf counts of pc_map, worked out by hand:
 * 1G: gigabytes 4..15. 2M WB: [2M, 0x7f000000) is 1015 blocks, and
 * [0x7fa00000, 2G) 3 more; 2M UC: the reserved 8M. 4K WB: 160 pages below
 * 640K, 256 in [1M, 2M), 256 in [0x7f900000, 0x7fa00000); 4K UC: 2. */
#define PC_1G 12
#define PC_2M_WB 1018
#define PC_2M_UC 4
#define PC_4K_WB 672
#define PC_4K_UC 2

static void expect_leaves(const struct walk *w, uint64_t g1, uint64_t m2_wb,
			  uint64_t m2_uc, uint64_t k4_wb, uint64_t k4_uc)
{
	assert_int_equal(w->leaves[3][0], g1);
	assert_int_equal(w->leaves[3][1], 0);
	assert_int_equal(w->leaves[2][0], m2_wb);
	assert_int_equal(w->leaves[2][1], m2_uc);
	assert_int_equal(w->leaves[1][0], k4_wb);
	assert_int_equal(w->leaves[1][1], k4_uc);
}

/* Lookup at addr gives this leaf size and class (UC or not). */
static void expect_at(const struct map *m, uint64_t addr, uint64_t size,
		      bool uc)
{
	uint64_t phys = 0, flags = 0;
	uint64_t got = pt_lookup(&m->a, m->root, m->levels, addr, &phys,
				 &flags);

	if (got != size)
		fail_msg("%#llx: leaf %#llx, want %#llx", ULL(addr), ULL(got),
			 ULL(size));
	if (size && (phys != addr || ((flags & UC_BITS) != 0) != uc))
		fail_msg("%#llx: maps %#llx flags %#llx", ULL(addr),
			 ULL(phys), ULL(flags));
}

/* A normal PC's map: 1G leaves exactly on the uniform WB gigabytes, 2M
 * where 2M blocks are whole, 4K at the edges, UC where the map says. */
static void pc_map_leaves(void **state)
{
	struct pt_range *r;
	struct map m;
	struct walk w;
	uint64_t seed = 1;
	int n;
	(void)state;

	normalize_copy(pc_map, PC_N, &r, &n);
	assert_int_equal(n, 7);
	build_exact(r, n, PT_1G, 4, &m);
	walk_all(&m, pc_map, PC_N, &w);
	expect_leaves(&w, PC_1G, PC_2M_WB, PC_2M_UC, PC_4K_WB, PC_4K_UC);
	expect_at(&m, 0, PT_4K, false);
	expect_at(&m, 0x9ffff, PT_4K, false);
	expect_at(&m, 0xa0000, 0, false);
	expect_at(&m, 0xfffff, 0, false);
	expect_at(&m, 0x100000, PT_4K, false);
	expect_at(&m, 0x200000, PT_2M, false);
	expect_at(&m, 0x7effffff, PT_2M, false);
	expect_at(&m, 0x7f000000, PT_2M, true);
	expect_at(&m, 0x7f7fffff, PT_2M, true);
	expect_at(&m, 0x7f800000, 0, false);
	expect_at(&m, 0x7f900000, PT_4K, false);
	expect_at(&m, 0x7fa00000, PT_2M, false);
	expect_at(&m, 0x80000000, 0, false);
	expect_at(&m, 0xfec00000, PT_4K, true);
	expect_at(&m, 0xfec00fff, PT_4K, true);
	expect_at(&m, 0xfec01000, 0, false);
	expect_at(&m, 0xfee00000, PT_4K, true);
	expect_at(&m, 4 * G, PT_1G, false);
	expect_at(&m, 16 * G - 1, PT_1G, false);
	expect_at(&m, 16 * G, 0, false);
	expect_at(&m, 1ull << 47, 0, false);	/* past 4-level's reach */
	check_lookups(&m, pc_map, PC_N, 20 * G, 5000, &seed);
	free_map(&m);
	free(r);
}

/* Without 1G pages (max_page_all 2M) the same map has no 1G leaf: each
 * of its 12 gigabytes becomes 512 2M leaves. With 4K only, every leaf is
 * 4K. */
static void pc_map_smaller_pages(void **state)
{
	struct pt_range *r;
	struct map m;
	struct walk w;
	uint64_t seed = 2, pages;
	int n;
	(void)state;

	normalize_copy(pc_map, PC_N, &r, &n);
	build_exact(r, n, PT_2M, 4, &m);
	walk_all(&m, pc_map, PC_N, &w);
	expect_leaves(&w, 0, PC_2M_WB + PC_1G * 512, PC_2M_UC, PC_4K_WB,
		      PC_4K_UC);
	expect_at(&m, 4 * G, PT_2M, false);
	check_lookups(&m, pc_map, PC_N, 20 * G, 2000, &seed);
	free_map(&m);

	build_exact(r, n, PT_4K, 4, &m);
	walk_all(&m, pc_map, PC_N, &w);
	pages = union_bytes(pc_map, PC_N, 1ull << 47) / PT_4K;
	assert_int_equal(w.leaves[1][1], PC_4K_UC + PC_2M_UC * 512);
	assert_int_equal(w.leaves[1][0], pages - w.leaves[1][1]);
	expect_at(&m, 4 * G, PT_4K, false);
	check_lookups(&m, pc_map, PC_N, 20 * G, 2000, &seed);
	free_map(&m);
	free(r);
}

/* paging_limit's use: a buffer that must have 4K pages, inside the
 * 1G-eligible gigabyte 5, takes that gigabyte down to 2M and its own 2M
 * block to 4K; the other gigabytes keep their 1G leaves. A 2M limit over
 * gigabytes 7 and 8 takes both (and only them) down to 2M. */
static void page_limits(void **state)
{
	struct pt_range in[PC_N + 2], *r;
	struct map m;
	struct walk w;
	uint64_t seed = 3, buf = 5 * G + 6 * M + 0x3000;
	int n;
	(void)state;

	memcpy(in, pc_map, sizeof(pc_map));
	in[PC_N] = (struct pt_range){ buf, 0x5000, WB, PT_4K };
	normalize_copy(in, PC_N + 1, &r, &n);
	build_exact(r, n, PT_1G, 4, &m);
	walk_all(&m, in, PC_N + 1, &w);
	expect_leaves(&w, PC_1G - 1, PC_2M_WB + 511, PC_2M_UC,
		      PC_4K_WB + 512, PC_4K_UC);
	expect_at(&m, 4 * G, PT_1G, false);
	expect_at(&m, 5 * G, PT_2M, false);
	expect_at(&m, 5 * G + 6 * M, PT_4K, false);
	expect_at(&m, buf, PT_4K, false);
	expect_at(&m, buf + 0x4fff, PT_4K, false);
	expect_at(&m, 5 * G + 8 * M, PT_2M, false);
	expect_at(&m, 6 * G - 1, PT_2M, false);
	expect_at(&m, 6 * G, PT_1G, false);
	check_lookups(&m, in, PC_N + 1, 20 * G, 2000, &seed);
	free_map(&m);
	free(r);

	in[PC_N + 1] = (struct pt_range){ 7 * G + 100 * M, G, WB, PT_2M };
	normalize_copy(in, PC_N + 2, &r, &n);
	build_exact(r, n, PT_1G, 4, &m);
	walk_all(&m, in, PC_N + 2, &w);
	expect_leaves(&w, PC_1G - 3, PC_2M_WB + 511 + 1024, PC_2M_UC,
		      PC_4K_WB + 512, PC_4K_UC);
	expect_at(&m, 7 * G, PT_2M, false);
	expect_at(&m, 9 * G - 1, PT_2M, false);
	expect_at(&m, 9 * G, PT_1G, false);
	check_lookups(&m, in, PC_N + 2, 20 * G, 2000, &seed);
	free_map(&m);
	free(r);
}

/* page=all: the same 2 GiB buffer mapped by 4K, 2M and 1G leaves. Every
 * sampled address translates the same way in all three (same physical
 * address, same memory type, mapped or not alike); inside the buffer the
 * leaf is the size asked, outside it the tables are untouched; the 4K
 * tables need the arena a 2 GiB buffer of 4K pages must have. */
static void same_region_three_page_sizes(void **state)
{
	static const uint64_t sizes[3] = { PT_1G, PT_2M, PT_4K };
	const uint64_t buf = 5 * G, buf_bytes = 2 * G, space = 20 * G;
	struct pt_range in[PC_N + 1], *r;
	struct map m[3];
	uint64_t seed = 77, need[3];
	int n;
	(void)state;

	memcpy(in, pc_map, sizeof(pc_map));
	for (int k = 0; k < 3; k++) {
		in[PC_N] = (struct pt_range){ buf, buf_bytes, WB, sizes[k] };
		normalize_copy(in, PC_N + 1, &r, &n);
		need[k] = pt_bytes_needed(r, n, PT_1G, 4);
		build_exact(r, n, PT_1G, 4, &m[k]);
		free(r);
	}
	/* 512 page tables of 4K each per gigabyte, and a directory. */
	assert_true(need[2] >= need[0] + 2 * 512 * 4096);
	assert_true(need[1] >= need[0] + 2 * 4096);
	for (int i = 0; i < 20000; i++) {
		uint64_t a = i < 10000 ? buf + rand_below(&seed, buf_bytes)
				       : rand_below(&seed, space);
		uint64_t leaf[3], phys[3], flags[3];
		int inside = a >= buf && a < buf + buf_bytes;

		for (int k = 0; k < 3; k++) {
			phys[k] = flags[k] = 0;
			leaf[k] = pt_lookup(&m[k].a, m[k].root, 4, a,
					    &phys[k], &flags[k]);
		}
		for (int k = 0; k < 3; k++) {
			if ((leaf[k] != 0) != (leaf[0] != 0))
				fail_msg("%#llx: mapped differently by %#llx "
					 "pages", ULL(a), ULL(sizes[k]));
			if (leaf[k] && (phys[k] != a ||
					(flags[k] & UC_BITS) !=
						(flags[0] & UC_BITS)))
				fail_msg("%#llx: %#llx pages map it to %#llx "
					 "flags %#llx", ULL(a), ULL(sizes[k]),
					 ULL(phys[k]), ULL(flags[k]));
			if (inside && leaf[k] != sizes[k])
				fail_msg("%#llx: leaf %#llx, asked %#llx",
					 ULL(a), ULL(leaf[k]), ULL(sizes[k]));
			if (!inside && leaf[k] != leaf[0])
				fail_msg("%#llx outside the buffer: leaf %#llx "
					 "changed to %#llx", ULL(a),
					 ULL(leaf[0]), ULL(leaf[k]));
		}
	}
	for (int k = 0; k < 3; k++)
		free_map(&m[k]);
}

/* A gigabyte wholly of one class gets a 1G leaf of that class, UC
 * included (the header's rule: one class throughout); a class change on
 * a gigabyte boundary spoils neither side. */
static void uniform_uc_gigabytes(void **state)
{
	static const struct pt_range in[] = {
		{ 64 * G, 2 * G, UC, PT_1G },
		{ 66 * G, G, WB, PT_1G },
		{ 67 * G, 2 * M, UC, PT_1G },
	};
	struct pt_range *r;
	struct map m;
	struct walk w;
	int n;
	(void)state;

	normalize_copy(in, 3, &r, &n);
	assert_int_equal(n, 3);
	build_exact(r, n, PT_1G, 4, &m);
	walk_all(&m, in, 3, &w);
	assert_int_equal(w.leaves[3][1], 2);
	assert_int_equal(w.leaves[3][0], 1);
	assert_int_equal(w.leaves[2][1], 1);
	expect_at(&m, 65 * G, PT_1G, true);
	expect_at(&m, 66 * G, PT_1G, false);
	expect_at(&m, 67 * G, PT_2M, true);
	free_map(&m);
	free(r);
}

/* 5-level tables: the PML5's entry 0 leads to the PML4 of the low 256 TiB
 * and the same map as with 4 levels; memory at 2^50 (beyond 4-level's
 * reach) gets its own PML5 entry, and is left out with 4 levels. */
static void five_level(void **state)
{
	struct pt_range in[PC_N + 1], *r;
	struct map m;
	struct walk w;
	const uint64_t *root;
	uint64_t seed = 5, hi = 1ull << 50;
	int n;
	(void)state;

	memcpy(in, pc_map, sizeof(pc_map));
	in[PC_N] = (struct pt_range){ hi, 3 * G + 2 * M + 4 * K, WB, PT_1G };
	normalize_copy(in, PC_N + 1, &r, &n);
	build_exact(r, n, PT_1G, 5, &m);
	walk_all(&m, in, PC_N + 1, &w);
	expect_leaves(&w, PC_1G + 3, PC_2M_WB + 1, PC_2M_UC, PC_4K_WB + 1,
		      PC_4K_UC);
	root = (const uint64_t *)(const void *)m.mem;
	for (int i = 0; i < 512; i++)
		assert_int_equal(!!(root[i] & PT_P), i == 0 || i == 4);
	expect_at(&m, 4 * G, PT_1G, false);
	expect_at(&m, hi, PT_1G, false);
	expect_at(&m, hi + 3 * G, PT_2M, false);
	expect_at(&m, hi + 3 * G + 2 * M, PT_4K, false);
	expect_at(&m, hi + 3 * G + 2 * M + 4 * K, 0, false);
	check_lookups(&m, in, PC_N + 1, 20 * G, 2000, &seed);
	check_lookups(&m, in, PC_N + 1, hi + 4 * G, 2000, &seed);
	free_map(&m);

	build_exact(r, n, PT_1G, 4, &m);
	walk_all(&m, in, PC_N + 1, &w);
	expect_leaves(&w, PC_1G, PC_2M_WB, PC_2M_UC, PC_4K_WB, PC_4K_UC);
	expect_at(&m, hi, 0, false);
	free_map(&m);
	free(r);
}

/* The edges of what can be identity mapped: 2^47 with 4 levels, 2^52
 * with 5. Ranges crossing them are mapped up to them; a range whose end
 * wraps past 2^64 is taken as running to the end. */
static void address_limits(void **state)
{
	static const struct pt_range in[] = {
		{ (1ull << 47) - G - 2 * M - 1, G + 4 * M, WB, PT_1G },
		{ (1ull << 52) - 2 * G, 3 * G, WB, PT_1G },
		{ (1ull << 51) + 0x1234, 0x10, UC, PT_1G },
	};
	struct pt_range wrap = { 1ull << 46, ~0ull, WB, 0 }, *r;
	struct map m;
	struct walk w;
	int n;
	(void)state;

	assert_int_equal(pt_identity_limit(4), 1ull << 47);
	assert_int_equal(pt_identity_limit(5), 1ull << 52);

	normalize_copy(in, 3, &r, &n);
	assert_int_equal(n, 3);
	build_exact(r, n, PT_1G, 4, &m);
	walk_all(&m, in, 3, &w);
	expect_at(&m, (1ull << 47) - 1, PT_1G, false);
	expect_at(&m, (1ull << 47) - G - 1, PT_2M, false);
	expect_at(&m, (1ull << 47) - G - 2 * M - 1, PT_4K, false);
	expect_at(&m, 1ull << 47, 0, false);
	expect_at(&m, 1ull << 51, 0, false);
	free_map(&m);

	build_exact(r, n, PT_1G, 5, &m);
	walk_all(&m, in, 3, &w);
	expect_at(&m, (1ull << 47), PT_2M, false);
	expect_at(&m, (1ull << 47) + 2 * M, 0, false);
	expect_at(&m, (1ull << 52) - 1, PT_1G, false);
	expect_at(&m, 1ull << 52, 0, false);
	expect_at(&m, (1ull << 51) + 0x1000, PT_4K, true);
	expect_at(&m, ~0ull, 0, false);
	free_map(&m);
	free(r);

	normalize_copy(&wrap, 1, &r, &n);
	assert_int_equal(n, 1);
	assert_int_equal(r[0].base, 1ull << 46);
	assert_int_equal(r[0].base + r[0].bytes, 1ull << 57);
	build_exact(r, n, PT_1G, 4, &m);
	walk_all(&m, &wrap, 1, &w);
	assert_int_equal(w.leaves[3][0], (1ull << 46) / G);
	free_map(&m);
	free(r);
}

/* pt_bytes_needed is exact: the build fits it to the byte, and every
 * smaller arena fails with PT_ERR_ARENA without writing past its end. An
 * arena already partly used keeps what is below `used`. */
static void arena_sizes(void **state)
{
	struct pt_range in[PC_N + 1], *r;
	struct map m;
	struct walk w;
	int n, levels[] = { 4, 5 };
	(void)state;

	memcpy(in, pc_map, sizeof(pc_map));
	in[PC_N] = (struct pt_range){ 5 * G + 3 * M, 9 * K, WB, PT_4K };
	normalize_copy(in, PC_N + 1, &r, &n);
	for (int l = 0; l < 2; l++) {
		uint64_t need = pt_bytes_needed(r, n, PT_1G, levels[l]);
		/* root (+ PML4), PDPT, PDs of GiB 0, 1, 3, 5, PTs of 2M
		 * blocks 0, 0x7f800000, 0xfec00000, 0xfee00000, 5G+2M */
		assert_int_equal(need, (uint64_t)(11 + l) * 4096);
		for (uint64_t b = 0; b < need; b += 4096) {
			assert_int_equal(build_in(r, n, PT_1G, levels[l], 0, b,
						  &m), PT_ERR_ARENA);
			free_map(&m);
		}
		assert_int_equal(build_in(r, n, PT_1G, levels[l], 8192 + 100,
					  need + 4096 - 100, &m), 0);
		assert_int_equal(m.root, ARENA_PHYS + 12288);
		assert_int_equal(m.a.used, 12288 + need);
		m.a.phys += 12288;	/* walk_all counts from phys */
		m.a.host += 12288;
		m.a.used -= 12288;
		walk_all(&m, in, PC_N + 1, &w);
		free_map(&m);
	}
	free(r);
}

/* page=4K short of memory for its tables: a 1 GiB buffer on 4K pages
 * needs a page directory and 512 page tables where 1G pages need none
 * (2M pages: the directory). An arena with room for the 1G or the 2M
 * map, or one table short of the 4K map, fails with PT_ERR_ARENA: not a
 * byte written past the arena or below `used`, `used` given back, root
 * 0. The arena pt_bytes_needed asks for then builds the buffer on 4K
 * leaves, and the gigabyte after it keeps its 1G leaf. */
static void short_of_memory_for_4k_tables(void **state)
{
	static const uint64_t limit[3] = { PT_1G, PT_2M, PT_4K };
	const uint64_t buf = 5 * G, used = 3 * 4096;
	struct pt_range in[PC_N + 1], *r = 0;
	struct map m;
	uint64_t need[3], short_by[3];
	int n = 0;
	(void)state;

	memcpy(in, pc_map, sizeof(pc_map));
	for (int k = 0; k < 3; k++) {
		free(r);
		in[PC_N] = (struct pt_range){ buf, G, WB, limit[k] };
		normalize_copy(in, PC_N + 1, &r, &n);
		need[k] = pt_bytes_needed(r, n, PT_1G, 4);
	}
	assert_int_equal(need[1], need[0] + 4096);
	assert_int_equal(need[2], need[0] + 513 * 4096);
	/* r is the 4K map now. */
	short_by[0] = need[0];
	short_by[1] = need[1];
	short_by[2] = need[2] - 4096;
	for (int k = 0; k < 3; k++) {
		assert_int_equal(build_in(r, n, PT_1G, 4, used, short_by[k],
					  &m), PT_ERR_ARENA);
		assert_int_equal(m.a.used, used);
		assert_int_equal(m.root, 0);
		free_map(&m);
	}
	assert_int_equal(build_in(r, n, PT_1G, 4, used, need[2], &m), 0);
	assert_int_equal(m.a.used, used + need[2]);
	assert_int_equal(m.root, ARENA_PHYS + used);
	expect_at(&m, buf, PT_4K, false);
	expect_at(&m, buf + G / 2 + 12345, PT_4K, false);
	expect_at(&m, buf + G - 1, PT_4K, false);
	expect_at(&m, buf + G, PT_1G, false);
	expect_at(&m, buf - 1, PT_1G, false);
	free_map(&m);
	free(r);
}

/* Nothing to map: only the (empty) root; zero-length ranges are
 * nothing too. */
static void empty_map(void **state)
{
	static const struct pt_range zero[] = { { 4096, 0, WB, PT_1G },
						{ 0x1001, 0, UC, PT_4K } };
	struct pt_range r[4];
	struct map m;
	struct walk w;
	(void)state;

	assert_int_equal(pt_bytes_needed(0, 0, PT_1G, 4), 4096);
	assert_int_equal(pt_bytes_needed(zero, 2, PT_1G, 5), 4096);
	build_exact(0, 0, PT_1G, 4, &m);
	walk_all(&m, 0, 0, &w);
	assert_int_equal(w.mapped, 0);
	expect_at(&m, 0, 0, false);
	expect_at(&m, 4096, 0, false);
	free_map(&m);
	build_exact(zero, 2, PT_1G, 5, &m);
	walk_all(&m, zero, 2, &w);
	assert_int_equal(w.mapped, 0);
	free_map(&m);
	memcpy(r, zero, sizeof(zero));
	assert_int_equal(pt_ranges_normalize(r, 2, 4), 0);
	assert_int_equal(pt_ranges_normalize(r, 0, 0), 0);
}

/* Bad arguments fail rather than write. */
static void bad_arguments(void **state)
{
	struct map m;
	uint64_t root;
	struct pt_arena a;
	(void)state;

	assert_int_equal(build_in(pc_map, PC_N, PT_1G, 3, 0, 1 << 20, &m),
			 PT_ERR_ARGS);
	free_map(&m);
	assert_int_equal(build_in(pc_map, PC_N, PT_1G, 6, 0, 1 << 20, &m),
			 PT_ERR_ARGS);
	a = m.a;
	a.phys = ARENA_PHYS + 8;	/* not 4K aligned */
	assert_int_equal(pt_build(pc_map, PC_N, PT_1G, 4, &a, &root),
			 PT_ERR_ARGS);
	assert_int_equal(a.used, 0);
	/* nothing built: no table to walk */
	assert_int_equal(pt_lookup(&m.a, ARENA_PHYS, 4, 0, 0, 0), 0);
	assert_int_equal(pt_bytes_needed(pc_map, PC_N, PT_1G, 3), 0);
	free_map(&m);
}

/* pt_lookup believes no entry blindly: a table address outside the arena
 * or PS where it is reserved (PML4) reads as unmapped, not as a crash. */
static void lookup_distrusts_entries(void **state)
{
	struct pt_range *r;
	struct map m;
	uint64_t *root, *pdpt;
	int n;
	(void)state;

	normalize_copy(pc_map, PC_N, &r, &n);
	build_exact(r, n, PT_1G, 4, &m);
	root = (uint64_t *)(void *)m.mem;
	pdpt = (uint64_t *)(void *)(m.mem + ((root[0] & PT_ADDR_MASK) -
					     ARENA_PHYS));
	expect_at(&m, 4 * G, PT_1G, false);
	pdpt[4] = (ARENA_PHYS + m.a.used) | PT_P | PT_RW;
	expect_at(&m, 4 * G, 0, false);
	pdpt[4] = (ARENA_PHYS - 4096) | PT_P | PT_RW;
	expect_at(&m, 4 * G, 0, false);
	/* a misaligned root: read as a table it would find GiB 1's PD */
	assert_int_equal(pt_lookup(&m.a, (root[0] & PT_ADDR_MASK) + 8, 4, 0,
				   0, 0), 0);
	root[0] |= PT_PS;
	expect_at(&m, 0, 0, false);
	expect_at(&m, 5 * G, 0, false);
	free_map(&m);
	free(r);
}

/* ---- normalizing ---- */

static void expect_ranges(const struct pt_range *r, int n,
			  const struct pt_range *want, int want_n)
{
	assert_int_equal(n, want_n);
	for (int i = 0; i < n; i++)
		if (r[i].base != want[i].base || r[i].bytes != want[i].bytes ||
		    r[i].cls != want[i].cls ||
		    r[i].max_page != want[i].max_page)
			fail_msg("range %d: %#llx+%#llx cls %d max %#llx, want "
				 "%#llx+%#llx cls %d max %#llx", i,
				 ULL(r[i].base), ULL(r[i].bytes), r[i].cls,
				 ULL(r[i].max_page), ULL(want[i].base),
				 ULL(want[i].bytes), want[i].cls,
				 ULL(want[i].max_page));
}

#define NORMALIZE(cap, want, ...)                                          \
	do {                                                               \
		struct pt_range in_[] = { __VA_ARGS__ };                   \
		struct pt_range buf_[16];                                  \
		int n_ = (int)(sizeof in_ / sizeof in_[0]);                \
		memcpy(buf_, in_, sizeof in_);                             \
		n_ = pt_ranges_normalize(buf_, n_, cap);                   \
		expect_ranges(buf_, n_, want,                              \
			      (int)(sizeof want / sizeof want[0]));        \
	} while (0)

/* Hand-made cases: order, merging, cutting overlaps, rounding, limits. */
static void normalize_cases(void **state)
{
	(void)state;
	{	/* unsorted, disjoint: sorted, kept */
		struct pt_range want[] = { { 0, 4 * K, WB, PT_1G },
					   { 8 * K, 4 * K, UC, PT_1G },
					   { G, G, WB, PT_1G } };
		NORMALIZE(3, want, { G, G, WB, PT_1G },
			  { 8 * K, 4 * K, UC, PT_1G },
			  { 0, 4 * K, WB, PT_1G });
	}
	{	/* UC inside WB: cut in three */
		struct pt_range want[] = { { 0, 4 * M, WB, PT_1G },
					   { 4 * M, M, UC, PT_1G },
					   { 5 * M, 11 * M, WB, PT_1G } };
		NORMALIZE(3, want, { 0, 16 * M, WB, PT_1G },
			  { 4 * M, M, UC, PT_1G });
	}
	{	/* the same with room for two only, or less than the input */
		struct pt_range buf[2] = { { 0, 16 * M, WB, PT_1G },
					   { 4 * M, M, UC, PT_1G } };
		assert_int_equal(pt_ranges_normalize(buf, 2, 2), -1);
		assert_int_equal(pt_ranges_normalize(buf, 2, 1), -1);
		buf[1].base = G;	/* no overlap: but n > cap */
		assert_int_equal(pt_ranges_normalize(buf, 2, 1), -1);
	}
	{	/* touching alike: one; touching unlike: two */
		struct pt_range want[] = { { 0, 2 * M, WB, PT_1G },
					   { 2 * M, M, WB, PT_2M },
					   { 3 * M, M, UC, PT_2M } };
		NORMALIZE(4, want, { M, M, WB, PT_1G }, { 0, M, WB, PT_1G },
			  { 2 * M, M, WB, PT_2M }, { 3 * M, M, UC, PT_2M });
	}
	{	/* partial overlap of classes: the overlap is UC */
		struct pt_range want[] = { { 0, 2 * M, WB, PT_1G },
					   { 2 * M, 3 * M, UC, PT_1G } };
		NORMALIZE(4, want, { 2 * M, 3 * M, UC, PT_1G },
			  { 0, 3 * M, WB, PT_1G });
	}
	{	/* same class, a smaller limit inside: the limit wins there */
		struct pt_range want[] = {
			{ 0, 100 * M, WB, PT_1G },
			{ 100 * M, 8 * K, WB, PT_4K },
			{ 100 * M + 8 * K, G - 100 * M - 8 * K, WB, PT_1G } };
		NORMALIZE(4, want, { 0, G, WB, PT_1G },
			  { 100 * M, 8 * K, WB, PT_4K });
	}
	{	/* UC with a large limit over WB with a small one: UC, small */
		struct pt_range want[] = { { 0, 4 * K, WB, PT_4K },
					   { 4 * K, 4 * K, UC, PT_4K },
					   { 8 * K, 4 * K, UC, PT_1G } };
		NORMALIZE(4, want, { 0, 8 * K, WB, PT_4K },
			  { 4 * K, 8 * K, UC, PT_1G });
	}
	{	/* rounding out to 4K; zero lengths dropped; duplicates */
		struct pt_range want[] = { { 0, 8 * K, WB, PT_1G },
					   { 12 * K, 4 * K, UC, PT_1G } };
		NORMALIZE(8, want, { 0x1234, 0x10, WB, PT_1G },
			  { 0xfff, 2, WB, PT_1G }, { 0x5000, 0, UC, PT_1G },
			  { 0x3001, 0, UC, PT_1G },
			  { 12 * K + 1, 1, UC, PT_1G },
			  { 12 * K, 4 * K, UC, PT_1G });
	}
	{	/* max_page 0 or odd sizes read as a leaf size; unknown
		 * classes as UC */
		struct pt_range want[] = { { 0, 4 * K, WB, PT_1G },
					   { 4 * K, 4 * K, UC, PT_2M },
					   { 8 * K, 4 * K, UC, PT_4K } };
		NORMALIZE(4, want, { 0, 4 * K, WB, 0 },
			  { 4 * K, 4 * K, 0, 3 * M },
			  { 8 * K, 4 * K, 7, 100 });
	}
	{	/* across 2^52, unaligned */
		struct pt_range want[] = {
			{ (1ull << 52) - 4 * K, 8 * K, WB, PT_1G } };
		NORMALIZE(1, want, { (1ull << 52) - 5, 10, WB, PT_1G });
	}
}

/* Random ranges in a small space, every page checked: the result is
 * sorted, disjoint, 4K aligned, with no alike neighbours touching, and
 * gives every page the class and limit the reference gives it. 2n - 1
 * entries of room always suffice (n ranges have at most 2n edges). */
static void normalize_random(void **state)
{
	uint64_t seed = 0x6e6f726d;
	(void)state;

	for (int iter = 0; iter < 3000; iter++) {
		int n = (int)rand_below(&seed, 24) + 1, out, cap = 2 * n - 1;
		struct pt_range in[24], r[48];
		static const uint64_t limits[] = { 0, PT_4K, PT_2M, PT_1G };

		for (int i = 0; i < n; i++) {
			in[i].base = rand_below(&seed, 256 * K);
			in[i].bytes = rand_below(&seed, 4) == 0
					      ? 0
					      : rand_below(&seed, 64 * K);
			if (rand_below(&seed, 2)) {	/* mostly aligned */
				in[i].base &= ~(PT_4K - 1);
				in[i].bytes &= ~(PT_4K - 1);
			}
			in[i].cls = rand_below(&seed, 3) ? WB : UC;
			in[i].max_page = limits[rand_below(&seed, 4)];
		}
		memcpy(r, in, sizeof(in[0]) * (size_t)n);
		out = pt_ranges_normalize(r, n, cap);
		if (out < 0)
			fail_msg("iteration %d: %d ranges need more than %d",
				 iter, n, cap);
		for (int i = 0; i < out; i++) {
			uint64_t end;

			assert_true(r[i].bytes > 0);
			assert_int_equal(r[i].base % PT_4K, 0);
			assert_int_equal(r[i].bytes % PT_4K, 0);
			assert_true(r[i].cls == WB || r[i].cls == UC);
			if (i == 0)
				continue;
			end = r[i - 1].base + r[i - 1].bytes;
			assert_true(r[i].base >= end);
			if (r[i].base == end && r[i].cls == r[i - 1].cls &&
			    r[i].max_page == r[i - 1].max_page)
				fail_msg("iteration %d: alike neighbours %d, "
					 "%d not merged", iter, i - 1, i);
		}
		for (uint64_t p = 0; p < 400 * K; p += PT_4K) {
			struct attr want = page_attr(in, n, ~0ull, p);
			struct attr got = page_attr(r, out, ~0ull, p);
			if (want.mapped != got.mapped || want.uc != got.uc ||
			    (want.mapped && want.max_page != got.max_page))
				fail_msg("iteration %d: page %#llx differs",
					 iter, ULL(p));
		}
	}
}

/* A thousand descriptors in reverse order (no two touching) come out
 * sorted, none lost or merged. */
static void normalize_large_unsorted(void **state)
{
	enum { N = 1000 };
	struct pt_range *r = calloc(N, sizeof(*r));
	int n;
	(void)state;

	assert_non_null(r);
	for (int i = 0; i < N; i++)	/* descending, alternating classes */
		r[i] = (struct pt_range){ (uint64_t)(N - i) * 64 * K, 32 * K,
					  i % 2 ? WB : UC, PT_1G };
	n = pt_ranges_normalize(r, N, N);
	assert_int_equal(n, N);
	for (int i = 0; i < N; i++)
		assert_int_equal(r[i].base, (uint64_t)(i + 1) * 64 * K);
	free(r);
}

/* ---- random machines ---- */

/* A random memory map below `space`: large RAM, MMIO, odd-sized and
 * unaligned ranges, overlaps, page limits, empty ones. */
static int random_ranges(uint64_t *seed, uint64_t space, struct pt_range *r,
			 int max_n)
{
	int n = (int)rand_below(seed, (uint64_t)max_n) + 1;

	for (int i = 0; i < n; i++) {
		uint64_t kind = rand_below(seed, 10), align, bytes;
		uint64_t base = rand_below(seed, space);

		r[i].cls = rand_below(seed, 4) ? WB : UC;
		r[i].max_page = PT_1G;
		if (kind < 3) {		/* RAM, GiBs */
			bytes = rand_below(seed, space / 4) + 1;
		} else if (kind < 5) {	/* MMIO */
			r[i].cls = UC;
			bytes = (rand_below(seed, 16) + 1) * PT_4K;
		} else if (kind < 7) {	/* MiBs */
			bytes = rand_below(seed, 64 * M) + 1;
		} else if (kind < 8) {	/* a 4K-page buffer */
			r[i].cls = WB;
			r[i].max_page = PT_4K;
			bytes = rand_below(seed, 3 * M) + 1;
		} else if (kind < 9) {	/* a 2M-page buffer */
			r[i].cls = WB;
			r[i].max_page = PT_2M;
			bytes = rand_below(seed, space / 8) + 1;
		} else {
			bytes = rand_below(seed, 3) ? 0 : rand_below(seed, 9);
		}
		switch (rand_below(seed, 4)) {	/* alignment of both ends */
		case 0: align = PT_1G; break;
		case 1: align = PT_2M; break;
		case 2: align = PT_4K; break;
		default: align = 1; break;
		}
		if (bytes >= align) {
			base &= ~(align - 1);
			bytes &= ~(align - 1);
		}
		r[i].base = base;
		r[i].bytes = bytes;
	}
	return n;
}

/* Random maps in 64 GiB (256 MiB with 4K pages only), 4 and 5 levels:
 * the whole table tree checked against the reference, exact arena, and
 * lookups at every range edge and at random addresses. */
static void random_maps(void **state)
{
	static const uint64_t max_alls[] = { PT_1G, PT_1G, PT_2M, PT_4K };
	uint64_t seed = 0x72616e64;
	(void)state;

	for (int iter = 0; iter < 150; iter++) {
		uint64_t max_all = max_alls[rand_below(&seed, 4)];
		uint64_t space = max_all == PT_4K ? 256 * M : 64 * G;
		int levels = rand_below(&seed, 2) ? 4 : 5, n, rn;
		struct pt_range in[20], *r;
		struct map m;
		struct walk w;

		n = random_ranges(&seed, space, in, 20);
		normalize_copy(in, n, &r, &rn);
		build_exact(r, rn, max_all, levels, &m);
		walk_all(&m, in, n, &w);
		check_lookups(&m, in, n, space + space / 8, 300, &seed);
		free_map(&m);
		free(r);
	}
}

/* ---- large machines ---- */

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* A firmware-like map: below 4 GiB, `small` descriptors of mixed types
 * (RAM pieces of odd sizes with reserved and MMIO between), then RAM from
 * 4 GiB in `nodes` pieces of `node_bytes`, each but the last running
 * 64 MiB short (a hole the firmware keeps) to make the ends uneven. */
static int firmware_map(struct pt_range *r, int small, int nodes,
			uint64_t node_bytes)
{
	uint64_t at = 0, seed = 0x66776d;
	int n = 0;

	for (int i = 0; i < small; i++) {
		uint64_t bytes = (rand_below(&seed, 64) + 1) * PT_4K;
		r[n++] = (struct pt_range){ at, bytes,
					    i % 3 == 2 ? UC : WB, PT_1G };
		at += bytes + (i % 5 == 0 ? PT_4K : 0);
	}
	r[n++] = (struct pt_range){ at, 3 * G - at, WB, PT_1G };
	r[n++] = (struct pt_range){ 0xe0000000, 256 * M, UC, PT_1G };
	r[n++] = (struct pt_range){ 0xfec00000, 4 * K, UC, PT_1G };
	r[n++] = (struct pt_range){ 0xfee00000, 4 * K, UC, PT_1G };
	for (int i = 0; i < nodes; i++)
		r[n++] = (struct pt_range){
			4 * G + (uint64_t)i * node_bytes,
			node_bytes - (i + 1 < nodes ? 64 * M : 0), WB, PT_1G };
	return n;
}

/* 1 TiB of RAM and ~300 descriptors: every whole gigabyte above 4 GiB in
 * a 1G leaf, tables of a few hundred KiB, built in milliseconds. Then
 * 64 TiB, which a per-4K scan could not build within the limit. */
static void large_machines(void **state)
{
	enum { SMALL = 300, NODES = 8 };
	struct pt_range *in = calloc(SMALL + NODES + 8, sizeof(*in)), *r;
	struct map m;
	struct walk w;
	uint64_t need, seed = 9, gigs;
	int n, rn;
	double t0, t_build;
	(void)state;

	assert_non_null(in);
	n = firmware_map(in, SMALL, NODES, 128 * G);
	normalize_copy(in, n, &r, &rn);
	t0 = now_s();
	need = pt_bytes_needed(r, rn, PT_1G, 4);
	build_exact(r, rn, PT_1G, 4, &m);
	t_build = now_s() - t0;
	walk_all(&m, in, n, &w);
	/* 1 TiB from 4G, less 7 holes of 64M, each costing its gigabyte */
	gigs = 1024 - 7;
	assert_int_equal(w.leaves[3][0], gigs + 2);	/* + GiB 1 and 2 */
	/* root, 3 PDPTs, PDs for GiB 0, 3 and 7 holes, PTs: at most two
	 * per descriptor below 4 GiB */
	assert_true(need <= (1 + 3 + 2 + 7 + 2 * (uint64_t)SMALL) * 4096);
	check_lookups(&m, in, n, 1100 * G, 2000, &seed);
	print_message("1 TiB map, %d descriptors (%d normalized): %llu bytes "
		      "of tables, %llu 1G / %llu 2M / %llu 4K leaves, "
		      "needed + build %.1f ms\n", n, rn, ULL(need),
		      ULL(w.leaves[3][0] + w.leaves[3][1]),
		      ULL(w.leaves[2][0] + w.leaves[2][1]),
		      ULL(w.leaves[1][0] + w.leaves[1][1]), t_build * 1e3);
	free_map(&m);
	free(r);

	n = firmware_map(in, SMALL, NODES, 8 * T);
	normalize_copy(in, n, &r, &rn);
	t0 = now_s();
	build_exact(r, rn, PT_1G, 4, &m);
	t_build = now_s() - t0;
	expect_at(&m, 40 * T, PT_1G, false);
	expect_at(&m, 4 * G + 64 * T - 1, PT_1G, false);
	expect_at(&m, 4 * G + 64 * T, 0, false);
	print_message("64 TiB map: %llu bytes of tables, built in %.1f ms\n",
		      ULL(m.a.used), t_build * 1e3);
	assert_true(t_build < 2.0);
	free_map(&m);
	free(r);
	free(in);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(pc_map_leaves),
		cmocka_unit_test(pc_map_smaller_pages),
		cmocka_unit_test(page_limits),
		cmocka_unit_test(same_region_three_page_sizes),
		cmocka_unit_test(uniform_uc_gigabytes),
		cmocka_unit_test(five_level),
		cmocka_unit_test(address_limits),
		cmocka_unit_test(arena_sizes),
		cmocka_unit_test(short_of_memory_for_4k_tables),
		cmocka_unit_test(empty_map),
		cmocka_unit_test(bad_arguments),
		cmocka_unit_test(lookup_distrusts_entries),
		cmocka_unit_test(normalize_cases),
		cmocka_unit_test(normalize_random),
		cmocka_unit_test(normalize_large_unsorted),
		cmocka_unit_test(random_maps),
		cmocka_unit_test(large_machines),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
