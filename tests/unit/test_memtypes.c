/* Memory types for baremem's page tables: the MTRR lookup with AMD's
 * TOM2 rule (synthetic MTRR + SYSCFG/TOM2 states), the class each kind
 * of memory-map range gets (memclass_of), and what that does to the
 * leaves pt_build chooses (no 1 GiB page over RAM and reserved memory). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "arch/x86_64/memclass.h"
#include "arch/x86_64/mtrr.h"
#include "arch/x86_64/pagetable_x86.h"

#define M (1ull << 20)
#define G (1ull << 30)
#define T (1ull << 40)
#define PHYS_BITS 48
#define ADDR_MASK (((1ull << PHYS_BITS) - 1) & ~0xfffull)
#define VALID (1ull << 11)
#define DEF_E (1ull << 11)
#define DEF_FE (1ull << 10)
#define CAP_FIX (1ull << 8)
#define SYSCFG_BOTH (AMD_SYSCFG_MTRR_TOM2_EN | AMD_SYSCFG_TOM2_FORCE_WB)

/* Variable MTRR pair for a power-of-two range. */
static void var_range(uint64_t *var, int i, uint64_t base, uint64_t size,
		      int type)
{
	var[2 * i] = base | (uint64_t)type;
	var[2 * i + 1] = (~(size - 1) & ADDR_MASK) | VALID;
}

/* What AMD firmware commonly leaves: default UC, MTRRs enabled, the low
 * 3 GiB WB through two variable ranges (0-2G, 2G-3G), MMIO below 4 GiB
 * left to the default; extra ranges appended by the caller. */
static int amd_like(uint64_t *var)
{
	var_range(var, 0, 0, 2 * G, MTRR_WB);
	var_range(var, 1, 2 * G, 1 * G, MTRR_WB);
	return 2;
}

static struct mtrr_state state_of(const uint64_t *var, int n, uint64_t def)
{
	struct mtrr_state s;
	uint64_t fixed[11] = { 0 };

	mtrr_decode(&s, 8 | CAP_FIX, def, var, n, fixed, PHYS_BITS);
	return s;
}

/* TOM2 at 64 GiB with both SYSCFG bits: [4G, 64G) is WB, 64G up is the
 * default again, and the hole below 4 GiB stays UC. */
static void tom2_at_64g_makes_high_ram_wb(void **state)
{
	uint64_t var[16];
	int n = amd_like(var);
	struct mtrr_state s = state_of(var, n, DEF_E | DEF_FE | MTRR_UC);
	(void)state;

	assert_int_equal(mtrr_type_at(&s, 4 * G), MTRR_UC);	/* the defect */
	assert_int_equal(mtrr_set_amd_tom2(&s, SYSCFG_BOTH, 64 * G), 1);
	assert_int_equal(mtrr_type_at(&s, 1 * G), MTRR_WB);
	assert_int_equal(mtrr_type_at(&s, 3 * G + 512 * M), MTRR_UC);
	assert_int_equal(mtrr_type_at(&s, 4 * G), MTRR_WB);
	assert_int_equal(mtrr_type_at(&s, 64 * G - 4096), MTRR_WB);
	assert_int_equal(mtrr_type_at(&s, 64 * G), MTRR_UC);
	assert_int_equal(mtrr_range_type(&s, 4 * G, 60 * G), MTRR_WB);
	assert_int_equal(mtrr_range_type(&s, 63 * G, 1 * G), MTRR_WB);
	/* The range checks find both edges of the rule. */
	assert_int_equal(mtrr_range_type(&s, 4 * G, 61 * G), MTRR_MIXED);
	assert_int_equal(mtrr_range_type(&s, 3 * G, 2 * G), MTRR_MIXED);
	assert_int_equal(mtrr_range_type(&s, 64 * G, 1 * G), MTRR_UC);
}

static void tom2_at_1t(void **state)
{
	uint64_t var[16];
	int n = amd_like(var);
	struct mtrr_state s = state_of(var, n, DEF_E | DEF_FE | MTRR_UC);
	(void)state;

	assert_int_equal(mtrr_set_amd_tom2(&s, SYSCFG_BOTH, 1 * T), 1);
	assert_int_equal(mtrr_range_type(&s, 512 * G, 1 * G), MTRR_WB);
	assert_int_equal(mtrr_type_at(&s, 1 * T - 4096), MTRR_WB);
	assert_int_equal(mtrr_type_at(&s, 1 * T), MTRR_UC);
	assert_int_equal(mtrr_range_type(&s, 1 * T - 1 * G, 2 * G),
			 MTRR_MIXED);
}

/* Either bit clear, or a TOM2 at or below 4 GiB: no rule, the default
 * type stays as the MTRRs say. Bits 22:0 of TOM2 are not an address. */
static void tom2_off_or_odd(void **state)
{
	uint64_t var[16];
	int n = amd_like(var);
	struct mtrr_state s = state_of(var, n, DEF_E | DEF_FE | MTRR_UC);
	(void)state;

	assert_int_equal(mtrr_set_amd_tom2(&s, AMD_SYSCFG_MTRR_TOM2_EN,
					   64 * G), 0);
	assert_int_equal(mtrr_set_amd_tom2(&s, AMD_SYSCFG_TOM2_FORCE_WB,
					   64 * G), 0);
	assert_int_equal(mtrr_set_amd_tom2(&s, SYSCFG_BOTH, 4 * G), 0);
	assert_int_equal(mtrr_set_amd_tom2(&s, SYSCFG_BOTH, 0), 0);
	assert_int_equal(mtrr_type_at(&s, 8 * G), MTRR_UC);
	assert_int_equal(mtrr_range_type(&s, 4 * G, 1 * G), MTRR_UC);
	assert_int_equal(mtrr_set_amd_tom2(&s, SYSCFG_BOTH | 0xff,
					   64 * G | 0x7fffff), 1);
	assert_int_equal(s.tom2_wb_end, 64 * G);
}

/* The console names the reason the rule is off: both SYSCFG bits set
 * with TOM2 at or below 4 GiB is not "bits not both set"; and the text
 * says "in force" exactly when mtrr_set_amd_tom2 applies the rule. */
static void tom2_text_names_the_reason(void **state)
{
	static const struct {
		uint64_t syscfg, tom2;
		const char *text;
	} cases[] = {
		{ SYSCFG_BOTH, 64 * G, "[4 GiB, TOM2) write-back by default "
		  "(SYSCFG bits 21, 22; TOM2 0x1000000000)" },
		{ SYSCFG_BOTH, 4 * G, "not in force (SYSCFG bits 21, 22 set, "
		  "but TOM2 0x100000000 is not above 4 GiB)" },
		{ SYSCFG_BOTH, 0, "not in force (SYSCFG bits 21, 22 set, but "
		  "TOM2 0x0 is not above 4 GiB)" },
		{ AMD_SYSCFG_MTRR_TOM2_EN, 64 * G,
		  "not in force (SYSCFG bits 21, 22 not both set)" },
		{ AMD_SYSCFG_TOM2_FORCE_WB, 4 * G,
		  "not in force (SYSCFG bits 21, 22 not both set)" },
	};
	char text[120];
	(void)state;

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct mtrr_state s = { 0 };
		int applied = mtrr_set_amd_tom2(&s, cases[i].syscfg,
						cases[i].tom2);

		mtrr_amd_tom2_text(cases[i].syscfg, cases[i].tom2, text,
				   sizeof text);
		assert_string_equal(text, cases[i].text);
		assert_int_equal(applied, text[0] == '[');
	}
}

/* The rule changes only the default type: variable MTRRs above 4 GiB
 * still decide where they match (a UC hole, a WC aperture), and with
 * the MTRRs disabled everything is UC. */
static void variable_mtrrs_still_win(void **state)
{
	uint64_t var[16];
	int n = amd_like(var);
	struct mtrr_state s;
	(void)state;

	var_range(var, n++, 8 * G, 1 * G, MTRR_UC);
	var_range(var, n++, 16 * G, 1 * G, MTRR_WC);
	s = state_of(var, n, DEF_E | DEF_FE | MTRR_UC);
	assert_int_equal(mtrr_set_amd_tom2(&s, SYSCFG_BOTH, 64 * G), 1);
	assert_int_equal(mtrr_type_at(&s, 8 * G), MTRR_UC);
	assert_int_equal(mtrr_type_at(&s, 16 * G), MTRR_WC);
	assert_int_equal(mtrr_type_at(&s, 9 * G), MTRR_WB);
	assert_int_equal(mtrr_range_type(&s, 7 * G, 2 * G), MTRR_MIXED);
	assert_int_equal(mtrr_range_type(&s, 9 * G, 7 * G), MTRR_WB);
	assert_int_equal(mtrr_range_type(&s, 16 * G, 1 * G), MTRR_WC);

	s = state_of(var, n, DEF_FE | MTRR_UC);	/* E clear */
	mtrr_set_amd_tom2(&s, SYSCFG_BOTH, 64 * G);
	assert_int_equal(mtrr_type_at(&s, 9 * G), MTRR_UC);
}

/* Only RAM that is WB throughout gets the class a large page spans:
 * reserved memory is UC even when the map and the MTRRs say WB. */
static void memclass_rule(void **state)
{
	uint64_t var[16];
	int n = amd_like(var);
	struct mtrr_state s = state_of(var, n, DEF_E | DEF_FE | MTRR_UC);
	(void)state;

	assert_int_equal(memclass_of(MEM_KIND_RAM, 1, &s, 1 * G, 1 * G),
			 PT_CLASS_WB);
	assert_int_equal(memclass_of(MEM_KIND_RESERVED, 1, &s, 1 * G, 8 * M),
			 PT_CLASS_UC);
	assert_int_equal(memclass_of(MEM_KIND_RESERVED, 1, 0, 1 * G, 8 * M),
			 PT_CLASS_UC);
	assert_int_equal(memclass_of(MEM_KIND_OTHER, 1, &s, 1 * G, 8 * M),
			 PT_CLASS_UC);
	assert_int_equal(memclass_of(MEM_KIND_RAM, 0, &s, 1 * G, 1 * G),
			 PT_CLASS_UC);
	assert_int_equal(memclass_of(MEM_KIND_RAM, 1, 0, 4 * G, 1 * G),
			 PT_CLASS_WB);
	/* RAM above 4 GiB on the AMD-like machine: UC by the MTRRs alone,
	 * WB once TOM2 is applied. */
	assert_int_equal(memclass_of(MEM_KIND_RAM, 1, &s, 4 * G, 12 * G),
			 PT_CLASS_UC);
	mtrr_set_amd_tom2(&s, SYSCFG_BOTH, 64 * G);
	assert_int_equal(memclass_of(MEM_KIND_RAM, 1, &s, 4 * G, 12 * G),
			 PT_CLASS_WB);
	assert_int_equal(memclass_of(MEM_KIND_RAM, 1, &s, 3 * G, 2 * G),
			 PT_CLASS_UC);
}

/* A gigabyte of RAM holding an 8 MiB reserved range (TSEG-like) gets no
 * 1 GiB leaf: 2M leaves around the range, the range itself UC; the
 * RAM-only gigabyte beside it keeps its 1 GiB leaf. */
static void reserved_range_splits_its_gigabyte(void **state)
{
	struct pt_range r[] = {
		{ 1 * G, 512 * M, 0, PT_1G },
		{ 1 * G + 512 * M, 8 * M, 0, PT_1G },
		{ 1 * G + 520 * M, 504 * M, 0, PT_1G },
		{ 2 * G, 1 * G, 0, PT_1G },
	};
	static const enum mem_kind kind[] = { MEM_KIND_RAM, MEM_KIND_RESERVED,
					      MEM_KIND_RAM, MEM_KIND_RAM };
	struct pt_arena a = { 0 };
	uint64_t root = 0, flags = 0, need;
	int n = 4;
	(void)state;

	for (int i = 0; i < n; i++)
		r[i].cls = (uint8_t)memclass_of(kind[i], 1, 0, r[i].base,
						r[i].bytes);
	n = pt_ranges_normalize(r, n, 4);
	assert_true(n > 0);
	need = pt_bytes_needed(r, n, PT_1G, 4);
	a.host = aligned_alloc(4096, need);
	assert_non_null(a.host);
	a.phys = 0x10000000000ull;	/* not the host address: translated */
	a.bytes = need;
	assert_int_equal(pt_build(r, n, PT_1G, 4, &a, &root), 0);
	assert_int_equal(pt_lookup(&a, root, 4, 1 * G, 0, &flags), PT_2M);
	assert_int_equal(flags & (PT_PCD | PT_PWT), 0);
	assert_int_equal(pt_lookup(&a, root, 4, 1 * G + 512 * M, 0, &flags),
			 PT_2M);
	assert_int_equal(flags & (PT_PCD | PT_PWT), PT_PCD | PT_PWT);
	assert_int_equal(pt_lookup(&a, root, 4, 1 * G + 520 * M, 0, &flags),
			 PT_2M);
	assert_int_equal(flags & (PT_PCD | PT_PWT), 0);
	assert_int_equal(pt_lookup(&a, root, 4, 2 * G, 0, &flags), PT_1G);
	free(a.host);
}

/* A memory-map entry is cut where its MTRR type changes, each piece one
 * type over all of it: the AMD-like machine's WB below 3 GiB and the
 * default UC above it, and with TOM2 a UC hole in the middle of RAM.
 * Judged by its first address, [2.5G, 3.5G) was all WB and its UC half
 * was scanned as cached memory. */
static void split_by_type_over_all_of_it(void **state)
{
	uint64_t var[16];
	int n = amd_like(var);
	struct mtrr_state s;
	struct mtrr_piece p[4];
	(void)state;

	var_range(var, n++, 8 * G, 1 * G, MTRR_UC);
	s = state_of(var, n, DEF_E | DEF_FE | MTRR_UC);
	assert_int_equal(mtrr_split(&s, 2 * G + 512 * M, 1 * G, p, 4), 2);
	assert_true(p[0].base == 2 * G + 512 * M && p[0].bytes == 512 * M);
	assert_int_equal(p[0].type, MTRR_WB);
	assert_true(p[1].base == 3 * G && p[1].bytes == 512 * M);
	assert_int_equal(p[1].type, MTRR_UC);
	/* one type throughout: one piece, the whole range */
	assert_int_equal(mtrr_split(&s, 1 * G, 1 * G + 512 * M, p, 4), 1);
	assert_true(p[0].base == 1 * G && p[0].bytes == 1 * G + 512 * M);
	assert_int_equal(p[0].type, MTRR_WB);
	/* the two WB variable ranges meet at 2 GiB: no cut there */
	assert_int_equal(mtrr_split(&s, 1 * G, 2 * G, p, 4), 1);
	/* TOM2: [6G, 12G) is WB, UC over [8G, 9G), WB again */
	mtrr_set_amd_tom2(&s, SYSCFG_BOTH, 64 * G);
	assert_int_equal(mtrr_split(&s, 6 * G, 6 * G, p, 4), 3);
	assert_int_equal(p[0].type, MTRR_WB);
	assert_true(p[1].base == 8 * G && p[1].bytes == 1 * G);
	assert_int_equal(p[1].type, MTRR_UC);
	assert_true(p[2].base == 9 * G && p[2].bytes == 3 * G);
	assert_int_equal(p[2].type, MTRR_WB);
	/* more pieces than room: -1, the caller takes the range whole */
	assert_int_equal(mtrr_split(&s, 6 * G, 6 * G, p, 2), -1);
	/* non-contiguous masks cannot be bounded: one mixed piece */
	s.noncontiguous = 1;
	assert_int_equal(mtrr_split(&s, 6 * G, 6 * G, p, 4), 1);
	assert_int_equal(p[0].type, MTRR_MIXED);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(tom2_at_64g_makes_high_ram_wb),
		cmocka_unit_test(tom2_at_1t),
		cmocka_unit_test(tom2_off_or_odd),
		cmocka_unit_test(tom2_text_names_the_reason),
		cmocka_unit_test(variable_mtrrs_still_win),
		cmocka_unit_test(memclass_rule),
		cmocka_unit_test(split_by_type_over_all_of_it),
		cmocka_unit_test(reserved_range_splits_its_gigabyte),
	};
	return cmocka_run_group_tests(tests, 0, 0);
}
