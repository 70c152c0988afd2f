/* Which x86 vector kernels a cpu can run now: what CPUID says it has and
 * what XCR0 says is enabled (by the OS, or by efi/x86_64/cpu_state.c on that
 * cpu). The suite asks through lib/arch/arch.h's isa_usable_here. */
#ifndef BAREMEM_ISA_H
#define BAREMEM_ISA_H

#include <stdint.h>

#include "bw.h"	/* isa_usable_here */

/* The CPUID bits and XCR0 that decide it (pure, for the tests). */
struct isa_bits {
	uint32_t leaf1_ecx;	/* CPUID 1: XSAVE 26, OSXSAVE 27, AVX 28 */
	uint32_t leaf7_ebx;	/* CPUID 7.0 (0 without that leaf): AVX2 5,
				 * AVX512F 16 */
	uint64_t xcr0;		/* XCR0; 0 when CR4.OSXSAVE is off */
};

/* The widest ISA those bits allow: AVX-512 needs AVX512F and XCR0 bits
 * 1-2 and 5-7 (SSE, AVX, opmask, ZMM_Hi256, Hi16_ZMM: the state the
 * kernels' registers live in), AVX2 needs AVX, AVX2 and XCR0 bits 1-2;
 * else SSE2, which every x86-64 has. */
enum bw_isa isa_widest(const struct isa_bits *b);

/* The calling cpu's bits (CPUID, and xgetbv where CPUID says CR4.OSXSAVE
 * is set: xgetbv faults otherwise). */
struct isa_bits isa_bits_here(void);


#endif
