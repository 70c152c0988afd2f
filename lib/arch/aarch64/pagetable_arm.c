/* AArch64 4 KiB-granule descriptors for lib/hw/pagetable.c's builder
 * (Arm ARM D8.3, VMSAv8-64 translation table descriptors; D19 TCR_ELx
 * and MAIR_ELx), and the TCR those tables need. */
#include "arch/aarch64/pagetable_arm.h"

/* pagetable.c's level 1 maps 4K pages, Arm's level 3; its level 4 is
 * Arm's level 0, where the 4 KiB granule allows no block. */
#define PT_LEVEL_PAGE 1
#define PT_LEVEL_L0 4

#define TCR_T0SZ_MASK 0x3full
#define TCR_EPD0 (1ull << 7)
#define TCR_IRGN0_SHIFT 8
#define TCR_ORGN0_SHIFT 10
#define TCR_SH0_SHIFT 12
#define TCR_TG0_SHIFT 14
#define TCR_WALK_MASK (0xffull << TCR_IRGN0_SHIFT)	/* IRGN0..TG0 */
#define TCR_WB_WA 1ull	/* Normal, write-back read/write-allocate */
#define TCR_TG0_4K 0ull

static const struct pt_arm_regime *regime(const struct pt_format *f)
{
	return f->ctx;
}

static uint64_t arm_leaf(const struct pt_format *f, uint64_t addr, int uc,
			 int level)
{
	const struct pt_arm_regime *r = regime(f);
	uint64_t e = addr | PTA_VALID | PTA_AF |
		     (level == PT_LEVEL_PAGE ? PTA_TABLE : 0);

	if (r->el2_alone)
		e |= PTA_AP1;
	if (uc)
		/* Device: never executed, at any EL */
		return e | (uint64_t)r->device_index << PTA_ATTR_SHIFT |
		       PTA_XN | (r->el2_alone ? 0 : PTA_PXN);
	e |= (uint64_t)r->normal_index << PTA_ATTR_SHIFT |
	     PTA_SH_INNER << PTA_SH_SHIFT;
	/* EL0 never runs from these tables; at EL2 alone the one XN bit
	 * would stop the app's own code. */
	return r->el2_alone ? e : e | PTA_XN;
}

static uint64_t arm_table(const struct pt_format *f, uint64_t child)
{
	(void)f;
	return child | PTA_VALID | PTA_TABLE;
}

static int arm_decode(const struct pt_format *f, uint64_t e, int level,
		      uint64_t *addr)
{
	(void)f;
	if (!(e & PTA_VALID))
		return PT_ENTRY_INVALID;
	*addr = e & PTA_ADDR_MASK;
	if (level == PT_LEVEL_PAGE)
		return e & PTA_TABLE ? PT_ENTRY_LEAF : PT_ENTRY_INVALID;
	if (e & PTA_TABLE)
		return PT_ENTRY_TABLE;
	return level == PT_LEVEL_L0 ? PT_ENTRY_INVALID : PT_ENTRY_LEAF;
}

static uint64_t arm_limit(const struct pt_format *f, int levels)
{
	(void)levels;
	return 1ull << (64 - regime(f)->t0sz);
}

void pt_arm_format(struct pt_format *f, const struct pt_arm_regime *r)
{
	int levels = pt_arm_levels(r->t0sz);

	*f = (struct pt_format){
		.leaf = arm_leaf,
		.table = arm_table,
		.decode = arm_decode,
		.limit = arm_limit,
		/* a T0SZ out of range leaves no level count valid */
		.min_levels = levels ? levels : 1,
		.max_levels = levels,
		.ctx = r,
	};
}

int pt_arm_levels(unsigned t0sz)
{
	if (t0sz >= 16 && t0sz <= 24)
		return 4;
	if (t0sz >= 25 && t0sz <= 33)
		return 3;
	return 0;
}

int pt_arm_mair_index(uint64_t mair, uint8_t attr)
{
	for (int i = 0; i < 8; i++)
		if ((uint8_t)(mair >> (8 * i)) == attr)
			return i;
	return -1;
}

uint64_t pt_arm_tcr(uint64_t fw_tcr, int el2_alone)
{
	uint64_t t = fw_tcr & ~TCR_WALK_MASK;

	t |= TCR_WB_WA << TCR_IRGN0_SHIFT | TCR_WB_WA << TCR_ORGN0_SHIFT |
	     PTA_SH_INNER << TCR_SH0_SHIFT | TCR_TG0_4K << TCR_TG0_SHIFT;
	if (!el2_alone)
		t &= ~TCR_EPD0;
	return t;
}

unsigned pt_arm_t0sz(uint64_t tcr)
{
	return (unsigned)(tcr & TCR_T0SZ_MASK);
}

int pt_arm_el_of(int el, uint64_t hcr_el2, struct pt_arm_el *out)
{
	if (el == 1) {
		*out = (struct pt_arm_el){ PT_ARM_REGS_EL1, 0, "EL1" };
		return 0;
	}
	if (el != 2)
		return -1;
	if (hcr_el2 & PT_ARM_HCR_E2H)
		*out = (struct pt_arm_el){ PT_ARM_REGS_EL2, 0, "EL2 with VHE" };
	else
		*out = (struct pt_arm_el){ PT_ARM_REGS_EL2, 1,
					   "EL2 without VHE" };
	return 0;
}

int pt_arm_class(enum pt_arm_use use, int attr_wb)
{
	if (use == PT_ARM_USE_RAM)
		return attr_wb ? PT_CLASS_WB : PT_CLASS_UC;
	return use == PT_ARM_USE_MMIO ? PT_CLASS_UC : 0;
}

int pt_arm_map_ranges(const struct pt_arm_desc *d, int n,
		      struct pt_range *out, int cap, uint64_t *ram_top)
{
	int count = 0;

	*ram_top = 0;
	for (int i = 0; i < n; i++) {
		int cls = pt_arm_class(d[i].use, d[i].attr_wb);

		if (!cls || !d[i].bytes)
			continue;
		if (count == cap)
			return -1;
		out[count++] = (struct pt_range){ d[i].base, d[i].bytes,
						  (uint8_t)cls, PT_1G };
		if (cls == PT_CLASS_WB && d[i].base + d[i].bytes > *ram_top)
			*ram_top = d[i].base + d[i].bytes;
	}
	return pt_ranges_normalize(out, count, cap);
}
