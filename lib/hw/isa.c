/* The widest vector ISA a cpu can run now (lib/hw/isa.h). */
#include "hw/isa.h"

#include "hw/cpu.h"

#define XCR0_SSE_AVX 0x06ull		/* bits 1-2: XMM, YMM upper halves */
#define XCR0_AVX512 0xe0ull		/* bits 5-7: opmask, ZMM_Hi256,
					 * Hi16_ZMM (SDM vol 1, 13.1) */

enum bw_isa isa_widest(const struct isa_bits *b)
{
	int osxsave = (b->leaf1_ecx >> 27) & 1;
	int avx = (b->leaf1_ecx >> 28) & 1;
	int avx_state = osxsave &&
		(b->xcr0 & XCR0_SSE_AVX) == XCR0_SSE_AVX;

	if (!avx || !avx_state || !((b->leaf7_ebx >> 5) & 1))
		return BW_SSE2;
	if (((b->leaf7_ebx >> 16) & 1) &&
	    (b->xcr0 & XCR0_AVX512) == XCR0_AVX512)
		return BW_AVX512;
	return BW_AVX2;
}

struct isa_bits isa_bits_here(void)
{
	struct isa_bits b = { .leaf1_ecx = cpuid(1, 0).ecx };
	uint32_t lo, hi;

	if (cpuid(0, 0).eax >= 7)
		b.leaf7_ebx = cpuid(7, 0).ebx;
	if ((b.leaf1_ecx >> 27) & 1) {
		__asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
		b.xcr0 = (uint64_t)hi << 32 | lo;
	}
	return b;
}

enum bw_isa isa_usable_here(void)
{
	struct isa_bits b = isa_bits_here();

	return isa_widest(&b);
}
