/* The AArch64 app's FP/SIMD, SVE and cycle counter register values
 * (lib/arch/aarch64/sve_access.c): which register traps at each level,
 * the bits that untrap FP/SIMD and SVE in each layout (Arm ARM D19:
 * CPACR_EL1, CPTR_EL2 with E2H 0 and 1), ZCR's longest length, the
 * rule over the cpus' read-back lengths, and the PMU fields. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "arch/aarch64/sve_access.h"

/* EL1 traps with CPACR_EL1; EL2 with CPTR_EL2, whose layout follows
 * HCR_EL2.E2H. */
static void trap_register_of_each_level(void **state)
{
	(void)state;
	assert_int_equal(arm_trap_reg_of(1, 0), ARM_TRAP_CPACR_EL1);
	assert_int_equal(arm_trap_reg_of(1, 1), ARM_TRAP_CPACR_EL1);
	assert_int_equal(arm_trap_reg_of(2, 0), ARM_TRAP_CPTR_EL2);
	assert_int_equal(arm_trap_reg_of(2, 1), ARM_TRAP_CPTR_EL2_E2H);
}

/* CPACR_EL1 (and CPTR_EL2 with E2H): FPEN 21:20 and ZEN 17:16 set to
 * 0b11, nothing else touched; FP/SIMD alone leaves ZEN. */
static void cpacr_layout_sets_fpen_and_zen(void **state)
{
	(void)state;
	/* AAVMF's CPACR_EL1 at EL1: FPEN 0b11, ZEN 0 */
	assert_int_equal(arm_trap_untrapped(0x300000, ARM_TRAP_CPACR_EL1, 1),
			 0x330000);
	assert_int_equal(arm_trap_untrapped(0, ARM_TRAP_CPACR_EL1, 0),
			 0x300000);
	assert_int_equal(arm_trap_untrapped(0x10000000, ARM_TRAP_CPTR_EL2_E2H,
					    1), 0x10330000);
	assert_false(arm_trap_allows_sve(0x300000, ARM_TRAP_CPACR_EL1));
	assert_false(arm_trap_allows_sve(0x310000, ARM_TRAP_CPACR_EL1));
	assert_false(arm_trap_allows_sve(0x230000, ARM_TRAP_CPACR_EL1));
	assert_true(arm_trap_allows_sve(0x330000, ARM_TRAP_CPACR_EL1));
	assert_true(arm_trap_allows_sve(0x330000, ARM_TRAP_CPTR_EL2_E2H));
}

/* CPTR_EL2 without E2H: TFP (bit 10) and TZ (bit 8) trap when set, and
 * are cleared; its RES1 bits (13:12, 9, 7:0) stay. */
static void cptr_el2_layout_clears_tfp_and_tz(void **state)
{
	(void)state;
	/* RES1 bits (13:12, 9, 7:0) and TZ set */
	assert_int_equal(arm_trap_untrapped(0x33ff, ARM_TRAP_CPTR_EL2, 1),
			 0x32ff);
	assert_int_equal(arm_trap_untrapped(0x37ff, ARM_TRAP_CPTR_EL2, 1),
			 0x32ff);
	assert_int_equal(arm_trap_untrapped(0x37ff, ARM_TRAP_CPTR_EL2, 0),
			 0x33ff);
	assert_false(arm_trap_allows_sve(0x33ff, ARM_TRAP_CPTR_EL2));
	assert_false(arm_trap_allows_sve(0x36ff, ARM_TRAP_CPTR_EL2));
	assert_true(arm_trap_allows_sve(0x32ff, ARM_TRAP_CPTR_EL2));
}

/* ID_AA64PFR0_EL1.SVE is bits 35:32; ZCR's LEN 3:0 all ones. */
static void sve_field_and_longest_length(void **state)
{
	(void)state;
	assert_false(arm_sve_implemented(0x0000000011112222ull));
	assert_true(arm_sve_implemented(0x0000000111112222ull));
	assert_false(arm_sve_implemented(0x0000001011112222ull));
	assert_int_equal(arm_zcr_longest(0), 0xf);
	assert_int_equal(arm_zcr_longest(0x1), 0xf);
	assert_int_equal(arm_zcr_longest(0x100), 0x10f);
}

/* Every cpu the same valid length: that length; one odd (another
 * length, none, or one CNTB cannot give) names it. */
static void vector_lengths_agree_or_name_the_odd_cpu(void **state)
{
	static const uint32_t same[] = { 32, 32, 32, 32 };
	static const uint32_t odd_len[] = { 64, 64, 32, 64 };
	static const uint32_t none[] = { 16, 16, 16, 0 };
	static const uint32_t bad[] = { 24, 24 };
	static const uint32_t big[] = { 512 };
	int odd;

	(void)state;
	assert_int_equal(arm_sve_vl_agree(same, 4, &odd), 32);
	assert_int_equal(odd, -1);
	assert_int_equal(arm_sve_vl_agree(odd_len, 4, &odd), 0);
	assert_int_equal(odd, 2);
	assert_int_equal(arm_sve_vl_agree(none, 4, &odd), 0);
	assert_int_equal(odd, 3);
	assert_int_equal(arm_sve_vl_agree(bad, 2, &odd), 0);
	assert_int_equal(odd, 0);
	assert_int_equal(arm_sve_vl_agree(big, 1, &odd), 0);
	assert_int_equal(arm_sve_vl_agree(same, 0, &odd), 0);
	assert_true(arm_sve_vl_valid(16) && arm_sve_vl_valid(48) &&
		    arm_sve_vl_valid(256));
	assert_false(arm_sve_vl_valid(0) || arm_sve_vl_valid(8) ||
		     arm_sve_vl_valid(272));
}

/* PMUVer (11:8): 0 none, 15 IMPLEMENTATION DEFINED, else Arm's PMU;
 * the cycle counter's filter sets NSH at EL2 alone. */
static void pmu_version_and_filter(void **state)
{
	(void)state;
	assert_false(arm_pmu_implemented(0x0));
	assert_false(arm_pmu_implemented(0xf00));
	assert_true(arm_pmu_implemented(0x100));
	assert_true(arm_pmu_implemented(0x10305106ull));
	assert_int_equal(arm_pmccfiltr_for(1), 0);
	assert_int_equal(arm_pmccfiltr_for(2), 1ull << 27);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(trap_register_of_each_level),
		cmocka_unit_test(cpacr_layout_sets_fpen_and_zen),
		cmocka_unit_test(cptr_el2_layout_clears_tfp_and_tz),
		cmocka_unit_test(sve_field_and_longest_length),
		cmocka_unit_test(vector_lengths_agree_or_name_the_odd_cpu),
		cmocka_unit_test(pmu_version_and_filter),
	};
	return cmocka_run_group_tests(tests, 0, 0);
}
