/* The widest vector ISA an x86 cpu can run now (lib/arch/x86_64/isa.h). */
#include "arch/x86_64/isa.h"

#include "arch/x86_64/x86.h"

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

	if (cpuid(0, 0).eax >= 7)
		b.leaf7_ebx = cpuid(7, 0).ebx;
	if ((b.leaf1_ecx >> 27) & 1)	/* OSXSAVE: xgetbv is allowed */
		b.xcr0 = xgetbv0();
	return b;
}

/* isa_widest(isa_bits_here()): a core without the state never gets #UD. */
enum bw_isa isa_usable_here(void)
{
	struct isa_bits b = isa_bits_here();

	return isa_widest(&b);
}
