/* AArch64 bandwidth kernels: NEON (bw_neon.c) and SVE (bw_sve.c, vector
 * length read at run time), chosen by name from bw_table_arm.c (bw.h's lookups). Calling
 * shape, requirements and return values are kernels/bw.h's (bw_fn): a
 * kernel makes `repeats` passes over `bytes` bytes (a multiple of 64,
 * buffers 64-byte aligned) and returns a value the caller keeps. */
#ifndef BAREMEM_BW_ARM_H
#define BAREMEM_BW_ARM_H

#include <stdint.h>

#include "bw.h"

/* The ISAs are bw.h's BW_NEON and BW_SVE: NEON is in every AArch64
 * core; SVE (FEAT_SVE, ID_AA64PFR0_EL1.SVE) must also be enabled for the
 * exception level running it (CPACR_EL1.ZEN, CPTR_EL2). The table
 * (bw_table_arm.c) implements bw.h's lookups with bw.h's struct
 * bw_kernel; its one op beyond bw.h's is "zva" (bw_zva_neon: zeros
 * written by DC ZVA, no read for ownership; its own op, so it is never
 * taken for ntwrite). */

/* bw_read_neon ... bw_triad_sve (mix11 is the cached copy, as on x86). */
BW_FN_DECLS(neon)
BW_FN_DECLS(sve)

/* Writes zeros with DC ZVA (bw_neon.c); returns dst + bytes, or 0 with
 * nothing written when DC ZVA is prohibited. */
uint64_t bw_zva_neon(void *dst, const void *src, uint64_t bytes,
		     uint64_t repeats);
/* DC ZVA's block in bytes from DCZID_EL0, 0 when DZP prohibits it. */
uint64_t bw_zva_block_bytes(void);
/* SVE's vector length in bytes (CNTB; 16..256). Only on a cpu with SVE
 * enabled: elsewhere the instruction is undefined. */
uint64_t bw_sve_vector_bytes(void);

/* The repeat loop every kernel's asm runs inside (kernels/aarch64/
 * only): %[r] passes over the loop between BEGIN and END, none when it
 * is 0 (label 9 ends the asm's loops; 0 starts a pass). */
#define BW_ARM_REPEAT_BEGIN "cbz %[r], 9f\n" "0:\n\t"
#define BW_ARM_REPEAT_END "subs %[r], %[r], #1\n\t" "b.ne 0b\n" "9:\n\t"

/* What copy, the mixes and triad return (bw.h): the last word stored,
 * 0 when nothing was. */
static inline uint64_t bw_arm_last_word(const void *dst, uint64_t bytes,
					uint64_t repeats)
{
	return bytes && repeats ? ((const uint64_t *)dst)[bytes / 8 - 1] : 0;
}

#endif
