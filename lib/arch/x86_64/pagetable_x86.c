/* x86-64's page-table entries (SDM vol 3A, 4.5 "4-level paging and
 * 5-level paging") for lib/hw/pagetable.c's builder and walker. */
#include "arch/x86_64/pagetable_x86.h"

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

const struct pt_format pt_x86_format = {
	.leaf = x86_leaf,
	.table = x86_table,
	.decode = x86_decode,
	.limit = x86_limit,
	.min_levels = 4,
	.max_levels = 5,
};

int pt_build(const struct pt_range *r, int n, uint64_t max_page_all,
	     int levels, struct pt_arena *a, uint64_t *root)
{
	return pt_build_with(&pt_x86_format, r, n, max_page_all, levels, a, root);
}

uint64_t pt_bytes_needed(const struct pt_range *r, int n,
			 uint64_t max_page_all, int levels)
{
	return pt_bytes_needed_with(&pt_x86_format, r, n, max_page_all, levels);
}

uint64_t pt_lookup(const struct pt_arena *a, uint64_t root, int levels,
		   uint64_t addr, uint64_t *phys_out, uint64_t *flags_out)
{
	uint64_t e = 0, size;

	/* The lower canonical half: 2^47 with 4 levels, 2^56 with 5. */
	if (addr >> (9 * levels + 11))
		return 0;
	size = pt_walk_with(&pt_x86_format, a, root, levels, addr, phys_out, &e);
	if (size && flags_out)
		*flags_out = e & 0xfff;
	return size;
}
