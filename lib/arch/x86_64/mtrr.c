/* MTRR decoding and type lookup (SDM vol 3A, 12.11.4 - 12.11.4.1). */
#include "arch/x86_64/mtrr.h"

#include "util/fmt.h"

#define VALID (1ull << 11)
#define ONE_MIB 0x100000ull
#define FOUR_GIB 0x100000000ull

static uint64_t addr_mask(int phys_bits)
{
	return ((1ull << phys_bits) - 1) & ~0xfffull;
}

void mtrr_decode(struct mtrr_state *s, uint64_t cap, uint64_t def,
		 const uint64_t *var, int var_count, const uint64_t *fixed,
		 int phys_bits)
{
	uint64_t am = addr_mask(phys_bits);

	*s = (struct mtrr_state){ 0 };
	s->phys_bits = phys_bits;
	s->enabled = (int)((def >> 11) & 1);
	s->fixed_enabled = s->enabled && ((def >> 10) & 1) && ((cap >> 8) & 1);
	s->def_type = (uint8_t)(def & 0xff);
	if (var_count > MTRR_MAX_VAR)
		var_count = MTRR_MAX_VAR;
	for (int i = 0; i < var_count; i++) {
		uint64_t mask = var[2 * i + 1];
		if (!(mask & VALID))
			continue;
		s->var[s->var_count].base = var[2 * i];
		s->var[s->var_count].mask = mask;
		s->var_count++;
		/* Contiguous: the mask's address bits are ones from the top
		 * down to its lowest set bit. */
		mask &= am;
		if (mask && ((~mask & am) & ~((mask & -mask) - 1)))
			s->noncontiguous = 1;
	}
	for (int m = 0; m < 11 && fixed; m++)
		for (int b = 0; b < 8; b++)
			s->fixed[m * 8 + b] = (uint8_t)(fixed[m] >> (8 * b));
}

int mtrr_set_amd_tom2(struct mtrr_state *s, uint64_t syscfg, uint64_t tom2)
{
	uint64_t both = AMD_SYSCFG_MTRR_TOM2_EN | AMD_SYSCFG_TOM2_FORCE_WB;

	tom2 &= AMD_TOM2_ADDR_MASK;
	if ((syscfg & both) != both || tom2 <= FOUR_GIB)
		return 0;
	s->tom2_wb_end = tom2;
	return 1;
}

void mtrr_amd_tom2_text(uint64_t syscfg, uint64_t tom2, char *buf,
			size_t cap)
{
	uint64_t both = AMD_SYSCFG_MTRR_TOM2_EN | AMD_SYSCFG_TOM2_FORCE_WB;

	tom2 &= AMD_TOM2_ADDR_MASK;
	if ((syscfg & both) != both)
		fmt(buf, cap, "not in force (SYSCFG bits 21, 22 not both set)");
	else if (tom2 <= FOUR_GIB)
		fmt(buf, cap, "not in force (SYSCFG bits 21, 22 set, but TOM2 "
		    "0x%llx is not above 4 GiB)", (unsigned long long)tom2);
	else
		fmt(buf, cap, "[4 GiB, TOM2) write-back by default (SYSCFG "
		    "bits 21, 22; TOM2 0x%llx)", (unsigned long long)tom2);
}

/* The type where no variable range matches. */
static int default_type(const struct mtrr_state *s, uint64_t addr)
{
	if (addr >= FOUR_GIB && addr < s->tom2_wb_end)
		return MTRR_WB;
	return s->def_type;
}

static int fixed_slot(uint64_t addr)
{
	if (addr < 0x80000)
		return (int)(addr >> 16);		/* 64K slots */
	if (addr < 0xc0000)
		return 8 + (int)((addr - 0x80000) >> 14);	/* 16K */
	return 24 + (int)((addr - 0xc0000) >> 12);	/* 4K */
}

int mtrr_type_at(const struct mtrr_state *s, uint64_t addr)
{
	uint64_t am = addr_mask(s->phys_bits);
	int matched = 0, type = -1, uc = 0, wt = 0;

	if (!s->enabled)
		return MTRR_UC;
	if (s->fixed_enabled && addr < ONE_MIB)
		return s->fixed[fixed_slot(addr)];
	for (int i = 0; i < s->var_count; i++) {
		uint64_t mask = s->var[i].mask & am;
		int t = (int)(s->var[i].base & 0xff);
		if ((addr & mask) != (s->var[i].base & mask))
			continue;
		if (t == MTRR_UC)
			uc = 1;
		if (t == MTRR_WT)
			wt = 1;
		if (matched && type != t)
			type = -2;	/* differing overlap */
		else
			type = t;
		matched = 1;
	}
	if (!matched)
		return default_type(s, addr);
	if (uc)
		return MTRR_UC;	/* UC wins any overlap */
	if (type == -2)
		return wt ? MTRR_WT : MTRR_UC;	/* WT+WB is WT; else undefined */
	return type;
}

static void consider(uint64_t b, uint64_t lo, uint64_t hi, uint64_t *next)
{
	if (b > lo && b < hi && b < *next)
		*next = b;
}

/* The first place after lo (and before hi) where a type may change:
 * fixed-range slot edges below 1 MiB, the ends of contiguous variable
 * ranges, and 4 GiB and TOM2 where the AMD rule holds. */
static uint64_t next_boundary(const struct mtrr_state *s, uint64_t lo,
			      uint64_t hi)
{
	uint64_t am = addr_mask(s->phys_bits), next = hi;

	if (s->fixed_enabled && lo < ONE_MIB) {
		uint64_t step = lo < 0x80000 ? 0x10000 : lo < 0xc0000 ? 0x4000
								       : 0x1000;
		consider((lo & ~(step - 1)) + step, lo, hi, &next);
		consider(ONE_MIB, lo, hi, &next);
	}
	if (s->tom2_wb_end) {
		consider(FOUR_GIB, lo, hi, &next);
		consider(s->tom2_wb_end, lo, hi, &next);
	}
	for (int i = 0; i < s->var_count; i++) {
		uint64_t mask = s->var[i].mask & am;
		uint64_t size = mask & -mask, base = s->var[i].base & mask;
		if (!mask)
			continue;
		consider(base, lo, hi, &next);
		consider(base + size, lo, hi, &next);
	}
	return next;
}

int mtrr_split(const struct mtrr_state *s, uint64_t base, uint64_t bytes,
	       struct mtrr_piece *out, int max)
{
	uint64_t end = base + bytes, at = base, from = base;
	int n = 0, type;

	if (max < 1)
		return -1;
	if (bytes == 0 || s->noncontiguous) {
		out[0] = (struct mtrr_piece){ base, bytes,
					      bytes && s->noncontiguous
						      ? MTRR_MIXED
						      : mtrr_type_at(s, base) };
		return 1;
	}
	type = mtrr_type_at(s, base);
	while ((at = next_boundary(s, at, end)) < end) {
		int t = mtrr_type_at(s, at);
		if (t == type)
			continue;
		if (n == max)
			return -1;
		out[n++] = (struct mtrr_piece){ from, at - from, type };
		from = at;
		type = t;
	}
	if (n == max)
		return -1;
	out[n++] = (struct mtrr_piece){ from, end - from, type };
	return n;
}

int mtrr_range_type(const struct mtrr_state *s, uint64_t base,
		    uint64_t bytes)
{
	uint64_t end = base + bytes, at = base;
	int type;

	if (bytes == 0)
		return mtrr_type_at(s, base);
	type = mtrr_type_at(s, base);
	if (s->noncontiguous)
		return MTRR_MIXED;	/* holes in a mask: cannot bound it */
	while ((at = next_boundary(s, at, end)) < end)
		if (mtrr_type_at(s, at) != type)
			return MTRR_MIXED;
	return type;
}
