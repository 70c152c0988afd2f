/* SSE2 bandwidth kernels: the twins of bw_avx2.c with 128-bit registers,
 * for CPUs without AVX2 (every x86-64 has SSE2).
 *
 * The loops are kernels/x86_64/bw_asm.h's, the same as bw_avx2.c's (read its
 * header comment for why): eight 16-byte accesses a 128-byte block
 * (read: 64 bytes from each of four streams an iteration, eight
 * accumulators xmm0..xmm7), a tail loop of single 16-byte accesses, the
 * repeat loop inside the asm; then the mixes and triad at this width.
 * Legacy-SSE encodings throughout, so there is no AVX state to clean up
 * (no vzeroupper); paddq/movdqa/movntdq fault on a buffer that is not
 * 16-byte aligned. Requirements are in bw.h. */
#define BW_V "xmm"
#define BW_W "16"
#define BW_WN 16
#define BW_LOAD "movdqa"
#define BW_STORE_CACHED "movdqa"
#define BW_ADDQ(m, r) "paddq " m ", " r
#define BW_MULPD(m, s, r) "movapd " m ", " r "\n\tmulpd " s ", " r
#define BW_ADDPD(m, r) "addpd " m ", " r
#define BW_ZERO(r) "pxor " r ", " r
#define BW_SPLAT "movq %[pattern], %%xmm0\n\tpunpcklqdq %%xmm0, %%xmm0\n\t"
#define BW_SPLAT4 "movq %[s], %%xmm4\n\tpunpcklqdq %%xmm4, %%xmm4\n\t"
#define BW_NARROW                                                           \
	"pshufd $0x4e, %%xmm0, %%xmm1\n\t"                                   \
	"paddq %%xmm1, %%xmm0\n\t"                                           \
	"movq %%xmm0, %[sum]\n\t"
#define BW_END ""
#include "bw_asm.h"

BW_READ_FN(bw_read_sse2)
/* ntwrite and ntcopy: movntdq, then sfence to drain the write-combining
 * buffers (see bw_asm.h); ntcopy prefetches its block's two lines 1 KiB
 * ahead (BW_PREFETCH_AHEAD). */
BW_STORE_FN(bw_write_sse2, "movdqa", "")
BW_STORE_FN(bw_ntwrite_sse2, "movntdq", "sfence\n\t")
BW_COPY_FN(bw_copy_sse2, "movdqa", "", "")
BW_COPY_FN(bw_ntcopy_sse2, "movntdq", "sfence\n\t",
	   BW_PREFETCH_AHEAD)
/* triad: movapd, mulpd, addpd (SSE2 has no FMA). */
BW_STREAMS_FNS(sse2)
