/* Memory types from the MTRRs (SDM vol 3A, 12.11 "Memory Type Range
 * Registers"): what decides whether a large page may span a range. */
#ifndef BAREMEM_MTRR_H
#define BAREMEM_MTRR_H

#include <stddef.h>
#include <stdint.h>

#define MTRR_UC 0
#define MTRR_WC 1
#define MTRR_WT 4
#define MTRR_WP 5
#define MTRR_WB 6
#define MTRR_MIXED -1

#define MTRR_MAX_VAR 32
#define MTRR_FIXED_SLOTS 88	/* 8 x 64K, 16 x 16K, 64 x 4K below 1 MiB */

struct mtrr_state {
	int enabled;		/* IA32_MTRR_DEF_TYPE.E */
	int fixed_enabled;	/* IA32_MTRR_DEF_TYPE.FE (and FIX in MTRRCAP) */
	uint8_t def_type;
	int phys_bits;		/* MAXPHYADDR */
	int var_count;
	struct {
		uint64_t base, mask;	/* PHYSBASEn / PHYSMASKn as read */
	} var[MTRR_MAX_VAR];
	uint8_t fixed[MTRR_FIXED_SLOTS];
	int noncontiguous;	/* a valid mask with holes was seen */
	/* AMD and Hygon: [4 GiB, tom2_wb_end) has WB, not def_type, as its
	 * default type (mtrr_set_amd_tom2); 0 when no such rule holds. */
	uint64_t tom2_wb_end;
};

/* Decodes raw MSR values: cap = IA32_MTRRCAP (0xFE), def =
 * IA32_MTRR_DEF_TYPE (0x2FF), var[2n], var[2n+1] = PHYSBASEn, PHYSMASKn
 * (0x200 + 2n, 0x201 + 2n), fixed = the 11 fixed-range MSRs in the order
 * 0x250, 0x258, 0x259, 0x268..0x26F. */
void mtrr_decode(struct mtrr_state *s, uint64_t cap, uint64_t def,
		 const uint64_t *var, int var_count, const uint64_t *fixed,
		 int phys_bits);

/* AMD's second top of memory (APM vol 2, 7.9.1 "Top of Memory", and
 * the SYSCFG register): with SYSCFG (MSR C001_0010) bit 21 MtrrTom2En
 * and bit 22 Tom2ForceMemTypeWB both set, the default memory type of
 * [4 GiB, TOM2) is WB instead of MTRRdefType's; variable MTRRs that
 * cover part of it still decide there, as anywhere. tom2 is MSR
 * C001_001D (bits 51:23). Firmware commonly leaves the default type UC
 * and covers only the low 4 GiB with variable MTRRs, so without this
 * rule all RAM above 4 GiB would look uncached. Call after mtrr_decode;
 * a state without both bits (or a TOM2 at or below 4 GiB) is unchanged.
 * Returns 1 when the rule applies. */
#define AMD_SYSCFG_MTRR_TOM2_EN (1ull << 21)
#define AMD_SYSCFG_TOM2_FORCE_WB (1ull << 22)
#define AMD_TOM2_ADDR_MASK 0x000fffffff800000ull
int mtrr_set_amd_tom2(struct mtrr_state *s, uint64_t syscfg, uint64_t tom2);
/* What the TOM2 rule does with these SYSCFG and TOM2 values, in words
 * for the console ("[4 GiB, TOM2) write-back by default ...", or why it
 * is not in force: the SYSCFG bits, or a TOM2 at or below 4 GiB). */
void mtrr_amd_tom2_text(uint64_t syscfg, uint64_t tom2, char *buf,
			size_t cap);

/* The memory type at one address. */
int mtrr_type_at(const struct mtrr_state *s, uint64_t addr);

/* The type of [base, base + bytes), or MTRR_MIXED when it changes. */
int mtrr_range_type(const struct mtrr_state *s, uint64_t base,
		    uint64_t bytes);

/* [base, base + bytes) cut where its memory type changes: out[0..n) in
 * address order, each one type over all of it, together the whole
 * range. A range the MTRRs cannot bound (non-contiguous masks) is one
 * piece of MTRR_MIXED. Returns n, or -1 when more than max pieces. */
struct mtrr_piece {
	uint64_t base, bytes;
	int type;
};
int mtrr_split(const struct mtrr_state *s, uint64_t base, uint64_t bytes,
	       struct mtrr_piece *out, int max);

#endif
