/* Builds x86-64 identity-mapping page tables into a caller's buffer.
 * A pure function: the caller (efi/x86_64/paging.c) supplies the memory ranges
 * and the table memory; nothing here touches CR3. */
#ifndef BAREMEM_PAGETABLE_H
#define BAREMEM_PAGETABLE_H

#include <stddef.h>
#include <stdint.h>

#define PT_4K (1ull << 12)
#define PT_2M (1ull << 21)
#define PT_1G (1ull << 30)

/* What a range of physical memory is, for its mapping's memory type. */
enum pt_class {
	PT_CLASS_WB = 1,	/* RAM, write-back: PAT index 0 */
	PT_CLASS_UC = 2		/* MMIO and the rest: PCD|PWT, PAT index 3 */
};

struct pt_range {
	uint64_t base;		/* physical, any alignment (rounded out to 4K) */
	uint64_t bytes;
	uint8_t cls;		/* enum pt_class */
	uint64_t max_page;	/* largest leaf allowed here: PT_4K/2M/1G
				 * (0: no limit) */
};

/* Where the tables go: host points at the memory, phys is its physical
 * (identity) address, as table entries must hold physical addresses.
 * Both 4K-aligned. The builder takes 4K tables from used upwards. */
struct pt_arena {
	uint8_t *host;
	uint64_t phys;
	uint64_t bytes;
	uint64_t used;
};

/* Page-table entry bits (SDM vol 3A, 4.5). */
#define PT_P (1ull << 0)
#define PT_RW (1ull << 1)
#define PT_PWT (1ull << 3)
#define PT_PCD (1ull << 4)
#define PT_PS (1ull << 7)
#define PT_ADDR_MASK 0x000ffffffffff000ull

/* Sorts ranges by base and merges touching or overlapping neighbours of
 * the same class and max_page, in place. Returns the new count. Overlaps
 * between different classes keep the stricter (UC) class for the overlap
 * by splitting; the result is sorted and non-overlapping. cap is the
 * array's capacity (splitting may need room); returns -1 if it is short. */
int pt_ranges_normalize(struct pt_range *r, int n, int cap);

/* Maps every 4K page touched by the ranges (sorted, non-overlapping:
 * normalize first) at its own address, nothing else. A leaf is the
 * largest of 1G, 2M, 4K that lies wholly inside ranges of one class,
 * is allowed by every range it covers (max_page) and by max_page_all
 * (PT_2M when the CPU has no 1G pages). levels is 4, or 5 when the CPU
 * runs with LA57 (then PML5[0] -> the PML4). Returns 0 and the root's
 * physical address in *root, or a PT_ERR_ code. On PT_ERR_ARENA the
 * arena's bytes from a->used up to a->bytes may have been written (never
 * past them), a->used is as it was and *root is 0: the caller can grow
 * the arena (pt_bytes_needed says how much) and build again. */
#define PT_ERR_ARGS (-1)	/* bad arguments: nothing written */
#define PT_ERR_ARENA (-2)	/* the arena is short of room for the tables
				 * (4K pages over a large region need one 4K
				 * table per 2 MiB) */
int pt_build(const struct pt_range *r, int n, uint64_t max_page_all,
	     int levels, struct pt_arena *a, uint64_t *root);

/* Walks the tables: the leaf size mapping addr (PT_4K/2M/1G), or 0 when
 * unmapped; *phys_out (may be 0) gets the translation, *flags_out (may be
 * 0) the leaf entry's low 12 bits. */
uint64_t pt_lookup(const struct pt_arena *a, uint64_t root, int levels,
		   uint64_t addr, uint64_t *phys_out, uint64_t *flags_out);

/* The same builder and walker for another architecture's tables of the
 * same shape (4 KiB tables of 512 entries; leaves of 4K at level 1, 2M
 * at level 2, 1G at level 3): the format writes and reads its entries.
 * pt_build and pt_lookup are these with x86-64's format; AArch64's 4 KiB
 * granule is lib/arch/aarch64/pagetable_arm.c's. */
enum pt_entry_kind { PT_ENTRY_INVALID, PT_ENTRY_TABLE, PT_ENTRY_LEAF };
struct pt_format {
	/* A leaf mapping addr (aligned to the level's size), of RAM or
	 * not (uc: the range's class is not PT_CLASS_WB). */
	uint64_t (*leaf)(const struct pt_format *f, uint64_t addr, int uc,
			 int level);
	/* An entry pointing at the next level's table at child. */
	uint64_t (*table)(const struct pt_format *f, uint64_t child);
	/* What entry e at this level is; for a table or a leaf, *addr gets
	 * the next table's or the leaf's address. */
	int (*decode)(const struct pt_format *f, uint64_t e, int level,
		      uint64_t *addr);
	/* Where identity mapping stops with this many levels. */
	uint64_t (*limit)(const struct pt_format *f, int levels);
	int min_levels, max_levels;
	const void *ctx;	/* the format's own settings */
};
int pt_build_with(const struct pt_format *f, const struct pt_range *r,
		  int n, uint64_t max_page_all, int levels,
		  struct pt_arena *a, uint64_t *root);
uint64_t pt_bytes_needed_with(const struct pt_format *f,
			      const struct pt_range *r, int n,
			      uint64_t max_page_all, int levels);
/* The leaf size mapping addr, or 0; *phys_out (may be 0) the
 * translation, *entry_out (may be 0) the leaf entry whole. */
uint64_t pt_walk_with(const struct pt_format *f, const struct pt_arena *a,
		      uint64_t root, int levels, uint64_t addr,
		      uint64_t *phys_out, uint64_t *entry_out);

/* An upper bound of the arena bytes pt_build needs for these ranges. */
uint64_t pt_bytes_needed(const struct pt_range *r, int n,
			 uint64_t max_page_all, int levels);

/* Where identity mapping stops: 2^47 with 4 levels (the lower canonical
 * half), 2^52 with 5 (the widest physical address). pt_build leaves
 * memory at or above it unmapped; the caller says so. */
uint64_t pt_identity_limit(int levels);

#endif
