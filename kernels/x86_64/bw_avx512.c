/* AVX-512 bandwidth kernels: read, write, non-temporal write, copy, the
 * read/write mixes and triad with 512-bit (zmm) accesses; this file alone
 * is built with -mavx512f, and only AVX512F instructions are used.
 *
 * The loops are kernels/x86_64/bw_asm.h's, the same as bw_avx2.c's (read its
 * header for why each has its shape) at twice the width: one access is a
 * whole 64-byte cache line, so
 * - read takes four streams of four lines an iteration (1 KiB, sixteen
 *   loads into eight accumulators zmm0..zmm7, two each): on a core with
 *   two 512-bit load ports an iteration is eight cycles of loads against
 *   six other uops, and each accumulator's adds are eight loads apart;
 * - write, ntwrite and copy move an eight-line (512-byte) block an
 *   iteration, copy's eight loads before its eight stores; ntcopy first
 *   prefetches the eight lines 1 KiB ahead (bw_asm.h's
 *   BW_PREFETCH_AHEAD);
 * - tails are single 64-byte accesses (fewer than 16 for read, 8 for the
 *   others);
 * - buffers must be 64-byte aligned (bw.h): vmovdqa64, vmovntdq and
 *   vpaddq's memory operand fault otherwise, and there a 64-byte access
 *   never splits a line.
 * Only zmm0..zmm7 are used: zmm16..31 would need their own clobbers and
 * bring nothing here. Every function ends in vzeroupper (an EVEX
 * instruction dirties the upper state as a VEX one does). */
#define BW_V "zmm"
#define BW_W "64"
#define BW_WN 64
#define BW_LOAD "vmovdqa64"
#define BW_STORE_CACHED "vmovdqa64"
#define BW_ADDQ(m, r) "vpaddq " m ", " r ", " r
#define BW_MULPD(m, s, r) "vmulpd " m ", " s ", " r
#define BW_ADDPD(m, r) "vaddpd " m ", " r ", " r
#define BW_ZERO(r) "vpxorq " r ", " r ", " r
#define BW_SPLAT "vpbroadcastq %[pattern], %%zmm0\n\t"
#define BW_SPLAT4 "vpbroadcastq %[s], %%zmm4\n\t"
#define BW_NARROW                                                           \
	"vextracti64x4 $1, %%zmm0, %%ymm1\n\t"                               \
	"vpaddq %%ymm1, %%ymm0, %%ymm0\n\t"                                  \
	BW_FOLD_YMM0
#define BW_END "vzeroupper"
#include "bw_asm.h"

BW_READ_FN(bw_read_avx512)
BW_STORE_FN(bw_write_avx512, "vmovdqa64", "")
BW_STORE_FN(bw_ntwrite_avx512, "vmovntdq", "sfence\n\t")
BW_COPY_FN(bw_copy_avx512, "vmovdqa64", "", "")
BW_COPY_FN(bw_ntcopy_avx512, "vmovntdq", "sfence\n\t",
	   BW_PREFETCH_AHEAD)
/* triad: vmulpd then vaddpd, as bw_avx2.c says why (FMA is its own
 * CPUID flag; the loop is bound by its memory accesses). */
BW_STREAMS_FNS(avx512)
