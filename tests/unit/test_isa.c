/* isa_widest: which kernels CPUID bits and XCR0 allow, from synthetic
 * registers: each missing bit (a feature, OSXSAVE, any one XCR0 state
 * bit) narrows the choice, never widens it. Then this host's own
 * answer agrees with what the compiler's runtime check says. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "arch/x86_64/isa.h"

#define ECX_OSXSAVE (1u << 27)
#define ECX_AVX (1u << 28)
#define EBX_AVX2 (1u << 5)
#define EBX_AVX512F (1u << 16)
#define XCR0_ALL 0xe7ull	/* x87, SSE, AVX, opmask, ZMM_Hi256, Hi16_ZMM */

static const struct isa_bits full = {
	.leaf1_ecx = ECX_OSXSAVE | ECX_AVX | (1u << 26),
	.leaf7_ebx = EBX_AVX2 | EBX_AVX512F,
	.xcr0 = XCR0_ALL,
};

static void everything_set_is_avx512(void **state)
{
	(void)state;
	assert_int_equal(isa_widest(&full), BW_AVX512);
}

/* AVX-512 needs every one of XCR0 bits 5-7 and AVX512F: without any of
 * them, AVX2 (an OS that saves only YMM state, like a firmware that
 * enabled only AVX). */
static void avx512_state_or_flag_missing_is_avx2(void **state)
{
	(void)state;
	for (int bit = 5; bit <= 7; bit++) {
		struct isa_bits b = full;
		b.xcr0 &= ~(1ull << bit);
		assert_int_equal(isa_widest(&b), BW_AVX2);
	}
	struct isa_bits b = full;
	b.leaf7_ebx &= ~EBX_AVX512F;
	assert_int_equal(isa_widest(&b), BW_AVX2);
	b = full;
	b.xcr0 = 0x7;
	assert_int_equal(isa_widest(&b), BW_AVX2);
}

/* AVX2 needs AVX, AVX2, OSXSAVE and XCR0 bits 1-2; without any, SSE2,
 * whatever the AVX-512 bits say. */
static void avx_state_or_flag_missing_is_sse2(void **state)
{
	static const struct {
		uint32_t ecx_off, ebx_off;
		uint64_t xcr0_off;
	} cut[] = {
		{ ECX_OSXSAVE, 0, 0 }, { ECX_AVX, 0, 0 }, { 0, EBX_AVX2, 0 },
		{ 0, 0, 1ull << 1 }, { 0, 0, 1ull << 2 }, { 0, 0, XCR0_ALL },
	};

	(void)state;
	for (size_t i = 0; i < sizeof cut / sizeof cut[0]; i++) {
		struct isa_bits b = full;
		b.leaf1_ecx &= ~cut[i].ecx_off;
		b.leaf7_ebx &= ~cut[i].ebx_off;
		b.xcr0 &= ~cut[i].xcr0_off;
		assert_int_equal(isa_widest(&b), BW_SSE2);
	}
}

/* This host: the same answer as GCC's runtime check (which reads CPUID
 * and XCR0 itself). */
static void this_host_agrees_with_the_compiler(void **state)
{
	enum bw_isa want = __builtin_cpu_supports("avx512f") ? BW_AVX512 :
			   __builtin_cpu_supports("avx2") ? BW_AVX2 : BW_SSE2;

	(void)state;
	assert_int_equal(isa_usable_here(), want);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(everything_set_is_avx512),
		cmocka_unit_test(avx512_state_or_flag_missing_is_avx2),
		cmocka_unit_test(avx_state_or_flag_missing_is_sse2),
		cmocka_unit_test(this_host_agrees_with_the_compiler),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
