/* CPU state the kernels need and firmware does not set up: AVX. */
#include "baremem_efi.h"
#include "hw/x86.h"

/* Enables the AVX register state on the calling cpu (UEFI-NOTES: firmware
 * enables SSE only). Safe on APs: no firmware calls. Returns 0 when AVX
 * state is usable, -1 when the CPU cannot have it. */
int cpu_enable_avx(void)
{
	struct cpuid_regs r1 = cpuid(1, 0), rd;
	uint64_t xcr0;

	if (!((r1.ecx >> 26) & 1) || !((r1.ecx >> 28) & 1))
		return -1;	/* no XSAVE or no AVX */
	rd = cpuid(0xd, 0);
	if ((rd.eax & XCR0_X87_SSE_AVX) != XCR0_X87_SSE_AVX)
		return -1;
	if (!(read_cr4() & CR4_OSXSAVE))
		write_cr4(read_cr4() | CR4_OSXSAVE);
	xcr0 = xgetbv0();
	if ((xcr0 & XCR0_X87_SSE_AVX) != XCR0_X87_SSE_AVX)
		xsetbv0(xcr0 | XCR0_X87_SSE_AVX);
	return 0;
}
