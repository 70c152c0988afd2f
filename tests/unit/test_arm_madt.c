/* MADT GICC decoding (lib/arch/aarch64/madt_gicc.c) over two real
 * machines' tables (tests/data/arm/README.md): an Ampere Altra (32
 * Neoverse N1 cores) and a SolidRun HoneyComb LX2 (NXP LX2160A, 16
 * Cortex-A72), checked entry by entry against ACPICA's decoding of the
 * same bytes; then bad tables: truncated, short or repeated entries. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "arch/aarch64/madt_gicc.h"
#include "arm_data.h"

static struct madt_gicc m;

struct walk {
	int i, enabled;
};

static void one_gicc(char **w, int n, void *ctx)
{
	struct walk *k = ctx;
	const struct madt_gicc_cpu *c = &m.cpu[k->i++];

	assert_int_equal(n, 4);
	assert_int_equal(c->uid, arm_hex(w[1]));
	assert_int_equal(c->mpidr, arm_hex(w[2]));
	assert_int_equal(c->enabled, arm_hex(w[3]) & 1);
	k->enabled += c->enabled;
}

static void check_against_expect(const char *table, const char *expect)
{
	size_t len;
	uint8_t *t = arm_data_read(table, &len);
	struct walk k = { 0 };
	int enabled = madt_gicc_parse(t, len, &m);

	assert_null(m.problem);
	assert_int_equal(arm_data_expect(expect, one_gicc, &k), m.count);
	assert_int_equal(enabled, k.enabled);
	assert_int_equal(m.enabled, k.enabled);
	for (int i = 0; i < m.count; i++)
		assert_int_equal(madt_gicc_of_uid(&m, m.cpu[i].uid), i);
	free(t);
}

static void altra(void **state)
{
	(void)state;
	check_against_expect("altra-ava-apic.dat", "altra-ava-apic.expect");
	assert_int_equal(m.count, 32);
}

static void honeycomb(void **state)
{
	(void)state;
	check_against_expect("honeycomb-lx2160a-apic.dat",
			     "honeycomb-lx2160a-apic.expect");
	assert_int_equal(m.count, 16);
}

/* A copy of the Altra table, changed by `edit`, parsed from a heap block
 * of exactly `len` bytes. */
static int parse_edited(size_t cut, void (*edit)(uint8_t *t, size_t len))
{
	size_t len;
	uint8_t *t = arm_data_read("altra-ava-apic.dat", &len), *copy;
	int r;

	if (edit) {
		edit(t, len);
		arm_data_checksum(t, len);
	}
	copy = arm_data_prefix(t, len, cut, &cut);
	r = madt_gicc_parse(copy, cut, &m);
	free(copy);
	free(t);
	return r;
}

static void truncated_keeps_whole_entries(void **state)
{
	(void)state;
	/* 44 header bytes, then the GICCs of 80 bytes each: 2.5 of them */
	parse_edited(44 + 80 * 2 + 40, 0);
	assert_int_equal(m.count, 2);
	assert_non_null(m.problem);
	assert_int_equal(parse_edited(20, 0), 0);
	assert_non_null(m.problem);
}

static void disable_second(uint8_t *t, size_t len)
{
	(void)len;
	t[44 + 80 + 12] = 0;		/* flags */
}

static void online_capable(uint8_t *t, size_t len)
{
	(void)len;
	t[44 + 80 + 12] = 8;		/* online capable, not enabled */
}

static void enabled_and_online_capable(uint8_t *t, size_t len)
{
	(void)len;
	t[44 + 80 + 12] = 9;	/* bit 3 is reserved when enabled */
}

static void flags(void **state)
{
	(void)state;
	assert_int_equal(parse_edited(~(size_t)0, disable_second), 31);
	assert_int_equal(m.count, 32);
	assert_false(m.cpu[1].enabled);
	assert_false(m.cpu[1].online_capable);
	assert_int_equal(parse_edited(~(size_t)0, online_capable), 31);
	assert_true(m.cpu[1].online_capable);
	assert_int_equal(parse_edited(~(size_t)0, enabled_and_online_capable),
			 32);
	assert_false(m.cpu[1].online_capable);
}

static void same_mpidr(uint8_t *t, size_t len)
{
	(void)len;
	memcpy(t + 44 + 80 + 68, t + 44 + 68, 8);	/* 2nd MPIDR = 1st */
}

static void zero_length(uint8_t *t, size_t len)
{
	(void)len;
	t[44 + 80 * 3 + 1] = 0;
}

static void bad_entries(void **state)
{
	(void)state;
	parse_edited(~(size_t)0, same_mpidr);
	assert_int_equal(m.count, 31);
	assert_string_equal(m.problem, "an MPIDR listed twice (first kept)");
	parse_edited(~(size_t)0, zero_length);
	assert_int_equal(m.count, 3);
	assert_non_null(m.problem);
}

/* Every prefix of both real tables, each in a block of exactly that
 * many bytes: ASan sees any read past the end; never more cpus than the
 * whole table has. */
static void every_prefix(void **state)
{
	static const char *const names[] = { "altra-ava-apic.dat",
					     "honeycomb-lx2160a-apic.dat" };

	(void)state;
	for (unsigned k = 0; k < 2; k++) {
		size_t len;
		uint8_t *t = arm_data_read(names[k], &len);
		int whole = madt_gicc_parse(t, len, &m);

		for (size_t cut = 0; cut < len; cut++) {
			uint8_t *copy = malloc(cut ? cut : 1);
			memcpy(copy, t, cut);
			assert_true(madt_gicc_parse(copy, cut, &m) <= whole);
			assert_non_null(m.problem);
			free(copy);
		}
		free(t);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(altra),
		cmocka_unit_test(honeycomb),
		cmocka_unit_test(truncated_keeps_whole_entries),
		cmocka_unit_test(flags),
		cmocka_unit_test(bad_entries),
		cmocka_unit_test(every_prefix),
	};
	return cmocka_run_group_tests(tests, 0, 0);
}
