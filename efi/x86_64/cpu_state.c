/* CPU state the kernels need and firmware does not set up: AVX, and
 * AVX-512 where the CPU has it. */
#include "../baremem_efi.h"
#include "arch/x86_64/x86.h"


/* Enables the AVX register state on the calling cpu (docs/design.md §7: firmware
 * enables SSE only), and the AVX-512 state too where CPUID 7 says
 * AVX512F and CPUID 0Dh sub-leaf 0 EAX says XCR0 may hold bits 5-7 (all
 * three, or none: SDM vol 1, 13.3, xsetbv faults on a part of them).
 * Safe on APs: no firmware calls. Every cpu calls it before its window;
 * lib/arch/x86_64/isa.h then reads what it got. Returns 0 when AVX state is
 * usable, -1 when the CPU cannot have it. */
int cpu_enable_avx(void)
{
	struct cpuid_regs r1 = cpuid(1, 0), rd;
	uint64_t xcr0, want;

	if (!((r1.ecx >> 26) & 1) || !((r1.ecx >> 28) & 1))
		return -1;	/* no XSAVE or no AVX */
	rd = cpuid(0xd, 0);
	if ((rd.eax & XCR0_X87_SSE_AVX) != XCR0_X87_SSE_AVX)
		return -1;
	if (!(read_cr4() & CR4_OSXSAVE))
		write_cr4(read_cr4() | CR4_OSXSAVE);
	xcr0 = xgetbv0();
	want = xcr0 | XCR0_X87_SSE_AVX;
	if (cpuid(0, 0).eax >= 7 && ((cpuid(7, 0).ebx >> 16) & 1) &&
	    (rd.eax & XCR0_AVX512) == XCR0_AVX512)
		want |= XCR0_AVX512;
	if (want != xcr0)
		xsetbv0(want);
	return 0;
}
