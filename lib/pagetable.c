/* Identity-mapping page tables (SDM vol 3A, 4.5 "4-level paging and
 * 5-level paging"), built into a caller's arena. A leaf is as large as
 * the memory under it allows: one class throughout, and no range in it
 * asking for smaller pages. */
#include "pagetable.h"

#define ENTRIES 512
#define TABLE_BYTES 4096ull

/* ---- ranges ---- */

static void sort_ranges(struct pt_range *r, int n)
{
	for (int i = 1; i < n; i++) {
		struct pt_range t = r[i];
		int j = i;
		while (j > 0 && r[j - 1].base > t.base) {
			r[j] = r[j - 1];
			j--;
		}
		r[j] = t;
	}
}

static uint64_t min_u64(uint64_t a, uint64_t b)
{
	return a < b ? a : b;
}

static uint64_t max_u64(uint64_t a, uint64_t b)
{
	return a > b ? a : b;
}

/* The stricter of two overlapping descriptions: UC beats WB, the smaller
 * page limit wins. */
static void combine(struct pt_range *into, const struct pt_range *other)
{
	if (other->cls == PT_CLASS_UC)
		into->cls = PT_CLASS_UC;
	into->max_page = min_u64(into->max_page, other->max_page);
}

int pt_ranges_normalize(struct pt_range *r, int n, int cap)
{
	int out = 0, changed = 1;

	/* Round out to 4K and drop empty ranges. */
	for (int i = 0; i < n; i++) {
		uint64_t b, e;
		if (r[i].bytes == 0)
			continue;
		b = r[i].base & ~(PT_4K - 1);
		e = (r[i].base + r[i].bytes + PT_4K - 1) & ~(PT_4K - 1);
		r[out] = r[i];
		r[out].base = b;
		r[out].bytes = e - b;
		if (!r[out].max_page)
			r[out].max_page = PT_1G;
		out++;
	}
	n = out;
	/* Split overlaps until none is left: each pass sorts, then cuts the
	 * first overlapping pair into (before, overlap, after). */
	while (changed) {
		changed = 0;
		sort_ranges(r, n);
		for (int i = 0; i + 1 < n; i++) {
			struct pt_range a = r[i], b = r[i + 1], mid;
			uint64_t ae = a.base + a.bytes, be = b.base + b.bytes;
			uint64_t os, oe;
			int k = 0;
			struct pt_range parts[3];

			if (b.base >= ae)
				continue;
			os = b.base;
			oe = min_u64(ae, be);
			mid = a;
			combine(&mid, &b);
			mid.base = os;
			mid.bytes = oe - os;
			if (a.base < os) {
				parts[k] = a;
				parts[k].bytes = os - a.base;
				k++;
			}
			parts[k++] = mid;
			if (max_u64(ae, be) > oe) {
				parts[k] = ae > be ? a : b;
				parts[k].base = oe;
				parts[k].bytes = max_u64(ae, be) - oe;
				k++;
			}
			if (n - 2 + k > cap)
				return -1;
			/* Replace r[i], r[i+1] with parts[0..k). */
			for (int m = n - 1; m > i + 1; m--)
				r[m + k - 2] = r[m];
			for (int m = 0; m < k; m++)
				r[i + m] = parts[m];
			n += k - 2;
			changed = 1;
			break;
		}
	}
	/* Merge touching neighbours that are alike. */
	out = 0;
	for (int i = 0; i < n; i++) {
		if (out > 0 && r[out - 1].base + r[out - 1].bytes == r[i].base &&
		    r[out - 1].cls == r[i].cls &&
		    r[out - 1].max_page == r[i].max_page) {
			r[out - 1].bytes += r[i].bytes;
			continue;
		}
		r[out++] = r[i];
	}
	return out;
}

/* ---- coverage of a block ---- */

enum cover { COVER_NONE, COVER_PARTIAL, COVER_FULL };

/* How ranges cover [a, a + size): *cls and *max_page describe a full,
 * uniform cover (one class, smallest page limit). first is the index of
 * the first range that may overlap (ranges sorted, non-overlapping). */
static enum cover coverage(const struct pt_range *r, int n, int first,
			   uint64_t a, uint64_t size, uint8_t *cls,
			   uint64_t *max_page)
{
	uint64_t e = a + size, at = a;
	int any = 0, uniform = 1;

	*max_page = PT_1G;
	for (int i = first; i < n && r[i].base < e; i++) {
		uint64_t re = r[i].base + r[i].bytes;
		if (re <= a)
			continue;
		if (!any)
			*cls = r[i].cls;
		else if (*cls != r[i].cls)
			uniform = 0;
		any = 1;
		if (r[i].base > at)
			uniform = 0;	/* a hole */
		at = max_u64(at, re);
		*max_page = min_u64(*max_page, r[i].max_page);
	}
	if (!any)
		return COVER_NONE;
	return uniform && at >= e ? COVER_FULL : COVER_PARTIAL;
}

/* First range that ends after a (binary search). */
static int first_after(const struct pt_range *r, int n, uint64_t a)
{
	int lo = 0, hi = n;
	while (lo < hi) {
		int mid = (lo + hi) / 2;
		if (r[mid].base + r[mid].bytes <= a)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* ---- building ---- */

static uint64_t *table_at(const struct pt_arena *a, uint64_t phys)
{
	return (uint64_t *)(a->host + (phys - a->phys));
}

static int new_table(struct pt_arena *a, uint64_t *phys)
{
	uint64_t *t;

	if (a->used + TABLE_BYTES > a->bytes)
		return -1;
	*phys = a->phys + a->used;
	t = table_at(a, *phys);
	for (int i = 0; i < ENTRIES; i++)
		t[i] = 0;
	a->used += TABLE_BYTES;
	return 0;
}

static uint64_t leaf_flags(uint8_t cls)
{
	return PT_P | PT_RW | (cls == PT_CLASS_UC ? PT_PWT | PT_PCD : 0);
}

static const uint64_t level_size[6] = { 0, PT_4K, PT_2M, PT_1G,
					512 * PT_1G, 512 * 512 * PT_1G };

/* Fills the table at `phys` (level 1..5) for the block starting at base. */
static int fill(const struct pt_range *r, int n, uint64_t max_page_all,
		struct pt_arena *a, uint64_t phys, int level, uint64_t base)
{
	uint64_t size = level_size[level];

	for (int i = 0; i < ENTRIES; i++) {
		uint64_t b = base + (uint64_t)i * size, child, maxp;
		uint8_t cls = 0;
		int first = first_after(r, n, b);
		enum cover c;

		if (first >= n)
			break;
		if (r[first].base >= b + size)
			continue;
		c = coverage(r, n, first, b, size, &cls, &maxp);
		if (c == COVER_NONE)
			continue;
		if (c == COVER_FULL && level <= 3 && size <= maxp &&
		    size <= max_page_all) {
			table_at(a, phys)[i] =
				b | leaf_flags(cls) | (level > 1 ? PT_PS : 0);
			continue;
		}
		if (level == 1)	/* partial 4K: ranges are 4K-rounded */
			continue;
		if (new_table(a, &child))
			return -1;
		table_at(a, phys)[i] = child | PT_P | PT_RW;
		if (fill(r, n, max_page_all, a, child, level - 1, b))
			return -1;
	}
	return 0;
}

int pt_build(const struct pt_range *r, int n, uint64_t max_page_all,
	     int levels, struct pt_arena *a, uint64_t *root)
{
	if (levels != 4 && levels != 5)
		return -1;
	if (new_table(a, root))
		return -1;
	return fill(r, n, max_page_all, a, *root, levels, 0);
}

uint64_t pt_lookup(const struct pt_arena *a, uint64_t root, int levels,
		   uint64_t addr, uint64_t *phys_out, uint64_t *flags_out)
{
	uint64_t table = root;

	for (int level = levels; level >= 1; level--) {
		int shift = 12 + 9 * (level - 1);
		uint64_t e = table_at(a, table)[(addr >> shift) & 511];
		if (!(e & PT_P))
			return 0;
		if (level == 1 || (e & PT_PS)) {
			uint64_t size = level_size[level];
			if (phys_out)
				*phys_out = (e & PT_ADDR_MASK & ~(size - 1)) |
					    (addr & (size - 1));
			if (flags_out)
				*flags_out = e & 0xfff;
			return size;
		}
		table = e & PT_ADDR_MASK;
		if (table < a->phys || table >= a->phys + a->used)
			return 0;
	}
	return 0;
}

uint64_t pt_bytes_needed(const struct pt_range *r, int n,
			 uint64_t max_page_all, int levels)
{
	/* Per range: the tables on the path to each end, plus a PD for every
	 * gigabyte and a PT for every 2M block it touches where it might not
	 * get large leaves. An upper bound, not tight. */
	uint64_t tables = 1 + (levels == 5);

	for (int i = 0; i < n; i++) {
		uint64_t b = r[i].base, e = r[i].base + r[i].bytes;
		uint64_t gigs = ((e + PT_1G - 1) >> 30) - (b >> 30);
		uint64_t twos = ((e + PT_2M - 1) >> 21) - (b >> 21);
		uint64_t tbs = ((e + 512 * PT_1G - 1) >> 39) - (b >> 39);
		int big_ok = r[i].max_page >= PT_2M && max_page_all >= PT_2M;

		tables += tbs * 2;		/* PDPT (and PML4 under PML5) */
		tables += gigs;			/* PDs */
		tables += big_ok ? 2 * 2 : twos;	/* PTs at the two ends */
		if (!big_ok)
			tables += 2;
	}
	return tables * TABLE_BYTES;
}
