/* x86 register access: CPUID, MSRs and their numbers, control
 * registers, XCR0, interrupts, port I/O; the TSC reads and the spin hint
 * the suite times with are cpu.h's, reached through lib/arch/arch.h.
 * Only lib/arch/x86_64/, efi/ and linux/ include it. Header-only so
 * every caller inlines them; no firmware, no libc. Ring-0 instructions
 * (CR*, xsetbv, wrmsr, cli, in) are for efi/ and for code that runs
 * inside a UEFI measurement window. */
#ifndef BAREMEM_X86_H
#define BAREMEM_X86_H

#include <stdint.h>

#include "hw/cpuinfo.h"	/* struct cpuid_regs */

static inline struct cpuid_regs cpuid(uint32_t leaf, uint32_t subleaf)
{
	struct cpuid_regs r;
	__asm__ volatile("cpuid"
			 : "=a"(r.eax), "=b"(r.ebx), "=c"(r.ecx), "=d"(r.edx)
			 : "a"(leaf), "c"(subleaf));
	return r;
}

/* Only for MSRs the caller has checked exist (CPUID, vendor, model):
 * a missing MSR raises #GP, which firmware turns into a hang. */
static inline uint64_t rdmsr(uint32_t msr)
{
	uint32_t lo, hi;
	__asm__ volatile("rdmsr" : "=a"(lo), "=d"(hi) : "c"(msr));
	return ((uint64_t)hi << 32) | lo;
}

static inline void wrmsr(uint32_t msr, uint64_t v)
{
	__asm__ volatile("wrmsr"
			 :
			 : "c"(msr), "a"((uint32_t)v), "d"((uint32_t)(v >> 32))
			 : "memory");
}

/* MSR numbers: Intel SDM vol 4 (architectural and model-specific MSRs),
 * AMD APM vol 2 and the family PPRs. Each is read only where CPUID,
 * vendor and model vouch for it (see efi/x86_64/msr.c). */
#define MSR_SMI_COUNT		0x34		/* Intel, Nehalem on */
#define MSR_BIOS_SIGN_ID	0x8b		/* Intel: microcode revision */
#define MSR_PATCH_LEVEL		0x8b		/* AMD: microcode revision */
#define MSR_MTRR_CAP		0xfe		/* IA32_MTRRCAP */
#define MSR_MPERF		0xe7		/* CPUID.6:ECX[0] */
#define MSR_APERF		0xe8
#define MSR_IA32_MISC_ENABLE	0x1a0		/* bit 38: turbo disabled */
#define MSR_MTRR_PHYSBASE0	0x200		/* PHYSBASEn = 0x200 + 2n,
						 * PHYSMASKn = 0x201 + 2n */
#define MSR_MTRR_DEF_TYPE	0x2ff
#define MSR_MCG_CAP		0x179		/* CPUID.1:EDX.MCA[14] */
#define MSR_MCG_STATUS		0x17a		/* bit 2: MCIP */
#define MSR_MC0_STATUS		0x401		/* IA32_MCi_STATUS = 0x401 + 4i,
						 * ADDR + 1, MISC + 2 */
#define MSR_IA32_PM_ENABLE	0x770		/* bit 0: HWP enabled */
#define MSR_AMD_SYSCFG		0xc0010010u	/* bits 21, 22: TOM2 */
#define MSR_AMD_HWCR		0xc0010015u	/* bit 25: CPB disabled */
#define MSR_AMD_TOM2		0xc001001du
#define MSR_AMD_CPPC_ENABLE	0xc00102b1u
/* The fixed-range MTRRs, in address order (SDM vol 3A, 12.11.2.2). */
#define MSR_MTRR_FIX64K_00000	0x250
#define MSR_MTRR_FIX16K_80000	0x258
#define MSR_MTRR_FIX16K_A0000	0x259
#define MSR_MTRR_FIX4K_C0000	0x268		/* ... 0x26f */

/* Control register and XCR0 bits (SDM vol 3A, 2.5 and 13.3). */
#define CR0_WP		(1ull << 16)
#define CR4_PGE		(1ull << 7)
#define CR4_LA57	(1ull << 12)
#define CR4_OSXSAVE	(1ull << 18)
#define CR4_CET		(1ull << 23)
#define XCR0_X87_SSE_AVX 0x7ull	/* bits 0-2: x87, XMM, YMM upper halves */
#define XCR0_SSE_AVX	0x6ull	/* bits 1-2 */
#define XCR0_AVX512	0xe0ull	/* bits 5-7: opmask, ZMM_Hi256, Hi16_ZMM
				 * (SDM vol 1, 13.1) */
#define RFLAGS_IF	(1ull << 9)

#define X86_CR_ACCESS(n)						\
	static inline uint64_t read_cr##n(void)				\
	{								\
		uint64_t v;						\
		__asm__ volatile("mov %%cr" #n ", %0" : "=r"(v));	\
		return v;						\
	}
X86_CR_ACCESS(0)
X86_CR_ACCESS(2)
X86_CR_ACCESS(3)
X86_CR_ACCESS(4)
#undef X86_CR_ACCESS

static inline void write_cr0(uint64_t v)
{
	__asm__ volatile("mov %0, %%cr0" : : "r"(v) : "memory");
}

static inline void write_cr3(uint64_t v)
{
	__asm__ volatile("mov %0, %%cr3" : : "r"(v) : "memory");
}

static inline void write_cr4(uint64_t v)
{
	__asm__ volatile("mov %0, %%cr4" : : "r"(v) : "memory");
}

/* XCR0, the state XSAVE manages (valid once CR4.OSXSAVE is set). */
static inline uint64_t xgetbv0(void)
{
	uint32_t lo, hi;
	__asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
	return ((uint64_t)hi << 32) | lo;
}

static inline void xsetbv0(uint64_t v)
{
	__asm__ volatile("xsetbv"
			 :
			 : "a"((uint32_t)v), "d"((uint32_t)(v >> 32)), "c"(0));
}

/* Interrupts off; returns the RFLAGS to give irq_restore. */
static inline uint64_t irq_save(void)
{
	uint64_t flags;
	__asm__ volatile("pushfq\n\tpop %0\n\tcli" : "=r"(flags) : : "memory");
	return flags;
}

static inline void irq_restore(uint64_t flags)
{
	if (flags & RFLAGS_IF)
		__asm__ volatile("sti" : : : "memory");
}

static inline uint32_t port_in32(uint16_t port)
{
	uint32_t v;
	__asm__ volatile("inl %1, %0" : "=a"(v) : "Nd"(port));
	return v;
}

static inline uint8_t port_in8(uint16_t port)
{
	uint8_t v;
	__asm__ volatile("inb %1, %0" : "=a"(v) : "Nd"(port));
	return v;
}

#endif
