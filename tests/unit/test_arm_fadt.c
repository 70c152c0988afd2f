/* The FADT's ARM boot flags (lib/arch/aarch64/fadt_arm.c) over a real
 * Ampere Altra FADT (tests/data/arm/README.md: PSCI by SMC), the same
 * bytes with the HVC flag or without PSCI, and tables too old or too
 * short to hold the flags. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "arch/aarch64/fadt_arm.h"
#include "arm_data.h"

static struct fadt_arm f;

/* The Altra table, boot flags and revision set, checksum mended, parsed
 * from a heap block of exactly `cut` bytes (all of it when larger). */
static int parse_altra(int flags, int major, int minor, size_t cut)
{
	size_t len;
	uint8_t *t = arm_data_read("altra-ava-facp.dat", &len), *copy;
	int r;

	if (flags >= 0)
		t[129] = (uint8_t)flags;
	if (major >= 0)
		t[8] = (uint8_t)major;
	if (minor >= 0)
		t[131] = (uint8_t)minor;
	arm_data_checksum(t, len);
	copy = arm_data_prefix(t, len, cut, &cut);
	r = fadt_arm_parse(copy, cut, &f);
	free(copy);
	free(t);
	return r;
}

static void altra_is_psci_by_smc(void **state)
{
	(void)state;
	assert_int_equal(parse_altra(-1, -1, -1, ~(size_t)0), 0);
	assert_null(f.problem);
	assert_int_equal(f.major, 6);
	assert_int_equal(f.minor, 3);
	assert_int_equal(f.boot_flags, 1);
	assert_int_equal(f.conduit, PSCI_SMC);
	assert_string_equal(psci_conduit_name(f.conduit), "SMC");
}

static void hvc_flag(void **state)
{
	(void)state;
	assert_int_equal(parse_altra(3, -1, -1, ~(size_t)0), 0);
	assert_int_equal(f.conduit, PSCI_HVC);
	assert_string_equal(psci_conduit_name(f.conduit), "HVC");
	/* HVC without PSCI compliance: no PSCI at all */
	assert_int_equal(parse_altra(2, -1, -1, ~(size_t)0), 0);
	assert_int_equal(f.conduit, PSCI_NONE);
	assert_string_equal(psci_conduit_name(f.conduit), "none");
}

static void before_acpi_5_1(void **state)
{
	(void)state;
	assert_int_equal(parse_altra(1, 5, 0, ~(size_t)0), -1);
	assert_int_equal(f.conduit, PSCI_NONE);
	assert_non_null(f.problem);
	assert_int_equal(parse_altra(1, 4, 3, ~(size_t)0), -1);
	assert_int_equal(f.conduit, PSCI_NONE);
	assert_int_equal(parse_altra(1, 5, 1, ~(size_t)0), 0);
	assert_int_equal(f.conduit, PSCI_SMC);
}

/* Every prefix, in a block of exactly that many bytes (ASan sees any
 * read past it): the flags only from a table that holds them whole. */
static void every_prefix(void **state)
{
	(void)state;
	for (size_t cut = 0; cut < 276; cut++) {
		int r = parse_altra(-1, -1, -1, cut);

		assert_int_equal(r, cut >= 132 ? 0 : -1);
		assert_int_equal(f.conduit, cut >= 132 ? PSCI_SMC : PSCI_NONE);
		assert_non_null(f.problem);	/* truncated */
	}
}

static void not_a_fadt(void **state)
{
	uint8_t apic[64] = { 'A', 'P', 'I', 'C', 64 };

	(void)state;
	assert_int_equal(fadt_arm_parse(apic, sizeof apic, &f), -1);
	assert_int_equal(f.conduit, PSCI_NONE);
	assert_non_null(f.problem);
	assert_int_equal(fadt_arm_parse(0, 0, &f), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(altra_is_psci_by_smc),
		cmocka_unit_test(hvc_flag),
		cmocka_unit_test(before_acpi_5_1),
		cmocka_unit_test(every_prefix),
		cmocka_unit_test(not_a_fadt),
	};
	return cmocka_run_group_tests(tests, 0, 0);
}
