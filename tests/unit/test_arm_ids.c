/* MIDR_EL1, CLIDR_EL1, CCSIDR_EL1 and CTR_EL0 decoding
 * (lib/arch/aarch64/midr.c, cache_id.c) against the real parts' values
 * in tests/data/arm/id-registers.txt: each part's name, its caches'
 * sizes and lines, and the part table's fixed sizes agreeing with the
 * registers; then FEAT_CCIDX's 64-bit CCSIDR layout, CLIDR's kinds of
 * level and the end of the hierarchy; the cpu description made from
 * them (cpu_desc.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "arch/aarch64/cache_id.h"
#include "arch/aarch64/cpu_desc.h"
#include "arch/arch.h"
#include "arch/aarch64/midr.h"
#include "arm_data.h"
#include "bw.h"

/* "Neoverse_N1" in the file is "Neoverse N1". */
static void assert_name(const struct arm_part *p, const char *word)
{
	char want[64];

	snprintf(want, sizeof want, "%s", word);
	for (char *c = want; *c; c++)
		if (*c == '_')
			*c = ' ';
	assert_non_null(p);
	assert_string_equal(p->name, want);
}

static const struct arm_cache *find(const struct arm_cache *c, int n,
				    int level, char type)
{
	for (int i = 0; i < n; i++)
		if (c[i].level == level && c[i].type == type)
			return &c[i];
	fail_msg("no L%d %c cache", level, type);
	return 0;
}

static void one_line(char **w, int n, void *ctx)
{
	int *lines = ctx;

	(*lines)++;
	if (!strcmp(w[0], "ids")) {
		uint64_t ccsidr[ARM_CACHE_LEVELS][2] = {
			{ arm_hex(w[5]), arm_hex(w[6]) }, { arm_hex(w[7]), 0 },
		};
		struct arm_cache c[8];
		const struct arm_part *p = arm_part_of_midr(arm_hex(w[2]));
		int k;

		assert_int_equal(n, 13);
		assert_name(p, w[1]);
		k = arm_caches_from_ids(arm_hex(w[3]), ccsidr, 0, c, 8);
		assert_int_equal(k, 3);	/* L1D, L1I, L2 */
		assert_int_equal(find(c, k, 1, 'D')->bytes, strtoull(w[8], 0, 0));
		assert_int_equal(find(c, k, 1, 'I')->bytes, strtoull(w[9], 0, 0));
		assert_int_equal(find(c, k, 2, 'U')->bytes, strtoull(w[10], 0, 0));
		assert_int_equal(find(c, k, 1, 'D')->line_bytes,
				 strtoul(w[11], 0, 0));
		assert_int_equal(arm_ctr_dline_bytes(arm_hex(w[4])),
				 strtoul(w[11], 0, 0));
		assert_int_equal(arm_ctr_iline_bytes(arm_hex(w[4])),
				 strtoul(w[12], 0, 0));
		/* a size the part table fixes agrees with the registers */
		if (p->l1d_bytes)
			assert_int_equal(p->l1d_bytes, strtoull(w[8], 0, 0));
		if (p->l1i_bytes)
			assert_int_equal(p->l1i_bytes, strtoull(w[9], 0, 0));
		if (p->l2_bytes)
			assert_int_equal(p->l2_bytes, strtoull(w[10], 0, 0));
	} else if (!strcmp(w[0], "midr")) {
		assert_name(arm_part_of_midr(arm_hex(w[1])), w[2]);
	} else if (!strcmp(w[0], "part")) {
		/* any variant and revision of the part */
		uint64_t midr = arm_hex(w[1]) << 24 | 0xf << 16 |
				arm_hex(w[2]) << 4;
		assert_name(arm_part_of_midr(midr), w[3]);
		assert_name(arm_part_of_midr(midr | 0x3 << 20 | 1), w[3]);
	} else {
		fail_msg("unknown line kind %s", w[0]);
	}
}

static void real_parts(void **state)
{
	int lines = 0;

	(void)state;
	assert_true(arm_data_expect("id-registers.txt", one_line, &lines) >= 10);
}

static void midr_fields(void **state)
{
	/* Neoverse N1 r3p1, as an Ampere Altra reports it */
	struct arm_midr m = arm_midr_decode(0x413fd0c1);

	(void)state;
	assert_int_equal(m.implementer, 0x41);
	assert_int_equal(m.variant, 3);
	assert_int_equal(m.architecture, 0xf);
	assert_int_equal(m.part, 0xd0c);
	assert_int_equal(m.revision, 1);
	assert_string_equal(arm_implementer_name(0x41), "Arm");
	assert_string_equal(arm_implementer_name(0xc0), "Ampere");
	assert_string_equal(arm_implementer_name(0x99), "unknown");
	/* the same part number from another implementer is not the part */
	assert_null(arm_part_of_midr(0x4e0fd0c0));
	assert_null(arm_part_of_midr(0x410fd999));
}

/* FEAT_CCIDX: associativity 23:3, sets 55:32 (a synthetic value: a
 * 2 MiB, 16-way L2 with 64-byte lines, 2048 sets). */
static void ccidx_layout(void **state)
{
	uint64_t v = (uint64_t)(2048 - 1) << 32 | (16 - 1) << 3 | 2;
	struct arm_cache c = { 0 };

	(void)state;
	arm_ccsidr_decode(v, 1, &c);
	assert_int_equal(c.ways, 16);
	assert_int_equal(c.sets, 2048);
	assert_int_equal(c.line_bytes, 64);
	assert_int_equal(c.bytes, 2u << 20);
	/* read as the 32-bit layout it is another cache: the flag matters */
	arm_ccsidr_decode(v, 0, &c);
	assert_int_not_equal(c.bytes, 2u << 20);
	/* ways beyond the 32-bit field's 10 bits */
	arm_ccsidr_decode((uint64_t)(1 - 1) << 32 | (2048ull - 1) << 3 | 2, 1,
			  &c);
	assert_int_equal(c.ways, 2048);
}

static void clidr_kinds(void **state)
{
	/* L1 instruction only, L2 data only, L3 unified, L4 none, L5
	 * unified (never reached: the hierarchy ends at the first none) */
	uint64_t clidr = 1 | 2 << 3 | 4 << 6 | 0 << 9 | 4ull << 12;
	uint64_t ccsidr[ARM_CACHE_LEVELS][2] = {
		{ 0, 0x701fe01a }, { 0x701fe01a, 0 }, { 0x70ffe03a, 0 },
		{ 0, 0 }, { 0x70ffe03a, 0 },
	};
	struct arm_cache c[8];

	(void)state;
	assert_int_equal(arm_caches_from_ids(clidr, ccsidr, 0, c, 8), 3);
	assert_int_equal(c[0].type, 'I');
	assert_int_equal(c[1].type, 'D');
	assert_int_equal(c[2].type, 'U');
	assert_int_equal(c[2].level, 3);
	assert_int_equal(arm_clidr_ctype(clidr, 8), -1);
	/* CTR_EL0 with data and instruction lines apart (synthetic:
	 * DminLine 4, 64 bytes; IminLine 3, 32 bytes) */
	assert_int_equal(arm_ctr_dline_bytes(0x00040003), 64);
	assert_int_equal(arm_ctr_iline_bytes(0x00040003), 32);
	/* out[] full: no more than max written */
	assert_int_equal(arm_caches_from_ids(clidr, ccsidr, 0, c, 2), 2);
}

/* The arch-neutral description (cpu_desc.c) the results and the level
 * planner read: a named part, a part baremem does not name (QEMU's
 * -cpu max, MIDR 0x000f0510), and a decoded cache as cpu_info lists it. */
static void cpu_description(void **state)
{
	struct cpu_info ci;
	struct cpu_cache c;

	(void)state;
	ci.cache_count = 3;	/* cleared by the call */
	arm_cpu_describe(&ci, 0x413fd0c1);
	assert_string_equal(ci.vendor, "Arm");
	assert_string_equal(ci.brand, "Neoverse N1 r3p1");
	assert_int_equal(ci.family, 0x41);
	assert_int_equal(ci.model, 0xd0c);
	assert_int_equal(ci.stepping, 1);
	assert_int_equal(ci.ticks_end_way, TICKS_END_ORDERED);
	assert_true(ci.f.big_pages && ci.f.invariant_ticks);
	assert_false(ci.x86.rdtscp || ci.x86.avx2 || ci.f.core_clock);
	assert_int_equal(ci.f.vector_isas, 1u << BW_NEON);
	assert_int_equal(ci.cache_count, 0);
	arm_cpu_describe(&ci, 0x000f0510);
	assert_string_equal(ci.vendor, "unknown");
	assert_string_equal(ci.brand, "part 0x051 r0p0");
	c = arm_cpu_cache(&(struct arm_cache){ .level = 2, .type = 'U',
		.bytes = 1 << 20, .line_bytes = 64, .ways = 8 });
	assert_int_equal(c.level, 2);
	assert_string_equal(c.type, "unified");
	assert_int_equal(c.size_bytes, 1 << 20);
	assert_int_equal(c.line_bytes, 64);
	assert_int_equal(c.ways, 8);
	assert_int_equal(c.shared_by, 1);	/* not known: one */
	c = arm_cpu_cache(&(struct arm_cache){ .level = 1, .type = 'I',
		.bytes = 65536, .shared_by = 2 });
	assert_string_equal(c.type, "instruction");
	assert_int_equal(c.shared_by, 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(real_parts),
		cmocka_unit_test(midr_fields),
		cmocka_unit_test(ccidx_layout),
		cmocka_unit_test(clidr_kinds),
		cmocka_unit_test(cpu_description),
	};
	return cmocka_run_group_tests(tests, 0, 0);
}
