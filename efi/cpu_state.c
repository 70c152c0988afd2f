/* CPU state the kernels need and firmware does not set up: AVX. */
#include "baremem_efi.h"
#include "hw/cpu.h"

#define CR4_OSXSAVE (1ull << 18)
#define XCR0_X87_SSE_AVX 0x7ull

/* Enables the AVX register state on the calling cpu (UEFI-NOTES: firmware
 * enables SSE only). Safe on APs: no firmware calls. Returns 0 when AVX
 * state is usable, -1 when the CPU cannot have it. */
int cpu_enable_avx(void)
{
	struct cpuid_regs r1 = cpuid(1, 0), rd;
	uint64_t cr4;
	uint32_t lo, hi;

	if (!((r1.ecx >> 26) & 1) || !((r1.ecx >> 28) & 1))
		return -1;	/* no XSAVE or no AVX */
	rd = cpuid(0xd, 0);
	if ((rd.eax & XCR0_X87_SSE_AVX) != XCR0_X87_SSE_AVX)
		return -1;
	__asm__ volatile("mov %%cr4, %0" : "=r"(cr4));
	if (!(cr4 & CR4_OSXSAVE)) {
		cr4 |= CR4_OSXSAVE;
		__asm__ volatile("mov %0, %%cr4" : : "r"(cr4) : "memory");
	}
	__asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
	if ((lo & XCR0_X87_SSE_AVX) != XCR0_X87_SSE_AVX) {
		lo |= XCR0_X87_SSE_AVX;
		__asm__ volatile("xsetbv" : : "a"(lo), "d"(hi), "c"(0));
	}
	return 0;
}
