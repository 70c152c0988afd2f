/* SSE2 bandwidth kernels: the twins of bw_avx2.c with 128-bit registers,
 * for CPUs without AVX2 (every x86-64 has SSE2).
 *
 * Same shape as bw_avx2.c (read its header comment for why): inline asm,
 * one 256-byte block per iteration (sixteen 16-byte accesses; read: 64
 * bytes from each of four streams), a tail loop of single 16-byte
 * accesses, the repeat loop inside the asm.
 * Legacy-SSE encodings throughout, so there is no AVX state to clean up
 * (no vzeroupper); paddq/movdqa/movntdq fault on a buffer that is not
 * 16-byte aligned. Requirements are in bw.h. */
#include "bw.h"

#define BLOCK_BYTES 256u

/* read: four streams, as bw_avx2.c reads (see there for why): the first
 * 4q bytes (q = bytes / 256 * 64) as four quarters side by side, 64
 * bytes of each per iteration, one pointer a quarter, then a tail loop
 * of single 16-byte loads (fewer than 256 bytes). Eight accumulators
 * (xmm0..xmm7), each taking two loads an iteration. */
uint64_t bw_read_sse2(void *dst, const void *src, uint64_t bytes,
		      uint64_t repeats)
{
	uint64_t q = bytes / 256 * 64;
	const uint8_t *s0 = src;
	const uint8_t *q_end = s0 + q, *end = s0 + bytes;
	const uint8_t *p0, *p1, *p2, *p3;
	uint64_t r = repeats, sum;

	(void)dst;
	__asm__ volatile(
		".irp k,0,1,2,3,4,5,6,7\n\t"
		"pxor %%xmm\\k, %%xmm\\k\n\t"
		".endr\n\t"
		"test %[r], %[r]\n\t"
		"jz 9f\n"
		"0:\n\t"
		"mov %[src], %[p0]\n\t"
		"cmp %[q_end], %[p0]\n\t"
		"jae 2f\n\t"
		"lea (%[p0],%[q]), %[p1]\n\t"
		"lea (%[p1],%[q]), %[p2]\n\t"
		"lea (%[p2],%[q]), %[p3]\n\t"
		".p2align 5\n"
		"1:\n\t"
		".irp k,0,1,2,3\n\t"
		"paddq \\k*16(%[p0]), %%xmm\\k\n\t"
		".endr\n\t"
		".irp k,4,5,6,7\n\t"
		"paddq (\\k-4)*16(%[p1]), %%xmm\\k\n\t"
		".endr\n\t"
		".irp k,0,1,2,3\n\t"
		"paddq \\k*16(%[p2]), %%xmm\\k\n\t"
		".endr\n\t"
		".irp k,4,5,6,7\n\t"
		"paddq (\\k-4)*16(%[p3]), %%xmm\\k\n\t"
		".endr\n\t"
		"add $64, %[p0]\n\t"
		"add $64, %[p1]\n\t"
		"add $64, %[p2]\n\t"
		"add $64, %[p3]\n\t"
		"cmp %[q_end], %[p0]\n\t"
		"jb 1b\n\t"
		"mov %[p3], %[p0]\n"	/* the tail starts after quarter 4 */
		"2:\n\t"
		"cmp %[end], %[p0]\n\t"
		"jae 4f\n"
		"3:\n\t"
		"paddq (%[p0]), %%xmm0\n\t"
		"add $16, %[p0]\n\t"
		"cmp %[end], %[p0]\n\t"
		"jb 3b\n"
		"4:\n\t"
		"dec %[r]\n\t"
		"jnz 0b\n"
		"9:\n\t"
		"paddq %%xmm1, %%xmm0\n\t"
		"paddq %%xmm3, %%xmm2\n\t"
		"paddq %%xmm5, %%xmm4\n\t"
		"paddq %%xmm7, %%xmm6\n\t"
		"paddq %%xmm2, %%xmm0\n\t"
		"paddq %%xmm6, %%xmm4\n\t"
		"paddq %%xmm4, %%xmm0\n\t"
		"pshufd $0x4e, %%xmm0, %%xmm1\n\t"
		"paddq %%xmm1, %%xmm0\n\t"
		"movq %%xmm0, %[sum]"
		: [p0] "=&r"(p0), [p1] "=&r"(p1), [p2] "=&r"(p2),
		  [p3] "=&r"(p3), [r] "+&r"(r), [sum] "=r"(sum)
		: [src] "r"(src), [q] "r"(q), [q_end] "r"(q_end),
		  [end] "r"(end)
		: "cc", "memory", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4",
		  "xmm5", "xmm6", "xmm7");
	return sum;
}

/* write (movdqa) and ntwrite (movntdq, then sfence to drain the
 * write-combining buffers: see bw_avx2.c). p ends one past the last byte
 * written. */
#define BW_STORE_ASM(store, fence)                                          \
	__asm__ volatile(                                                   \
		"movq %[pattern], %%xmm0\n\t"                               \
		"punpcklqdq %%xmm0, %%xmm0\n\t"                             \
		"test %[r], %[r]\n\t"                                       \
		"jz 9f\n"                                                   \
		"0:\n\t"                                                    \
		"mov %[dst], %[p]\n\t"                                      \
		"cmp %[blocks_end], %[p]\n\t"                               \
		"jae 2f\n\t"                                                \
		".p2align 5\n"                                              \
		"1:\n\t"                                                    \
		".irp k,0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15\n\t"          \
		store " %%xmm0, \\k*16(%[p])\n\t"                           \
		".endr\n\t"                                                 \
		"add $256, %[p]\n\t"                                        \
		"cmp %[blocks_end], %[p]\n\t"                               \
		"jb 1b\n"                                                   \
		"2:\n\t"                                                    \
		"cmp %[end], %[p]\n\t"                                      \
		"jae 4f\n"                                                  \
		"3:\n\t"                                                    \
		store " %%xmm0, (%[p])\n\t"                                 \
		"add $16, %[p]\n\t"                                         \
		"cmp %[end], %[p]\n\t"                                      \
		"jb 3b\n"                                                   \
		"4:\n\t"                                                    \
		"dec %[r]\n\t"                                              \
		"jnz 0b\n"                                                  \
		"9:"                                                        \
		fence                                                       \
		: [p] "+&r"(p), [r] "+&r"(r)                                \
		: [dst] "r"(dst), [blocks_end] "r"(blocks_end),             \
		  [end] "r"(end), [pattern] "r"(pattern)                    \
		: "cc", "memory", "xmm0")

uint64_t bw_write_sse2(void *dst, const void *src, uint64_t bytes,
		       uint64_t repeats)
{
	uint8_t *blocks_end = (uint8_t *)dst +
			      (bytes & ~(uint64_t)(BLOCK_BYTES - 1));
	uint8_t *end = (uint8_t *)dst + bytes, *p = dst;
	uint64_t pattern = BW_PATTERN, r = repeats;

	(void)src;
	BW_STORE_ASM("movdqa", "");
	return (uint64_t)(uintptr_t)p;
}

uint64_t bw_ntwrite_sse2(void *dst, const void *src, uint64_t bytes,
			 uint64_t repeats)
{
	uint8_t *blocks_end = (uint8_t *)dst +
			      (bytes & ~(uint64_t)(BLOCK_BYTES - 1));
	uint8_t *end = (uint8_t *)dst + bytes, *p = dst;
	uint64_t pattern = BW_PATTERN, r = repeats;

	(void)src;
	BW_STORE_ASM("movntdq", "\n\tsfence");
	return (uint64_t)(uintptr_t)p;
}

/* copy and ntcopy: eight loads (xmm0..xmm7, half a block) then their
 * eight stores, twice per block; one pointer each for src and dst so
 * every access is base+displacement (see bw_avx2.c). `store` is movdqa
 * or movntdq, `fence` empty or sfence, as for write. */
#define BW_COPY_ASM(store, fence)                                           \
	__asm__ volatile(                                                   \
		"test %[r], %[r]\n\t"                                       \
		"jz 9f\n"                                                   \
		"0:\n\t"                                                    \
		"mov %[src], %[s]\n\t"                                      \
		"mov %[dst], %[d]\n\t"                                      \
		"cmp %[blocks_end], %[s]\n\t"                               \
		"jae 2f\n\t"                                                \
		".p2align 5\n"                                              \
		"1:\n\t"                                                    \
		".irp k,0,1,2,3,4,5,6,7\n\t"                                \
		"movdqa \\k*16(%[s]), %%xmm\\k\n\t"                        \
		".endr\n\t"                                                 \
		".irp k,0,1,2,3,4,5,6,7\n\t"                                \
		store " %%xmm\\k, \\k*16(%[d])\n\t"                        \
		".endr\n\t"                                                 \
		".irp k,0,1,2,3,4,5,6,7\n\t"                                \
		"movdqa 128+\\k*16(%[s]), %%xmm\\k\n\t"                    \
		".endr\n\t"                                                 \
		".irp k,0,1,2,3,4,5,6,7\n\t"                                \
		store " %%xmm\\k, 128+\\k*16(%[d])\n\t"                    \
		".endr\n\t"                                                 \
		"add $256, %[s]\n\t"                                        \
		"add $256, %[d]\n\t"                                        \
		"cmp %[blocks_end], %[s]\n\t"                               \
		"jb 1b\n"                                                   \
		"2:\n\t"                                                    \
		"cmp %[end], %[s]\n\t"                                      \
		"jae 4f\n"                                                  \
		"3:\n\t"                                                    \
		"movdqa (%[s]), %%xmm0\n\t"                                 \
		store " %%xmm0, (%[d])\n\t"                                 \
		"add $16, %[s]\n\t"                                         \
		"add $16, %[d]\n\t"                                         \
		"cmp %[end], %[s]\n\t"                                      \
		"jb 3b\n"                                                   \
		"4:\n\t"                                                    \
		"dec %[r]\n\t"                                              \
		"jnz 0b\n"                                                  \
		"9:"                                                        \
		fence                                                       \
		: [s] "=&r"(s), [d] "=&r"(d), [r] "+&r"(r)                  \
		: [src] "r"(src), [dst] "r"(dst),                           \
		  [blocks_end] "r"(blocks_end), [end] "r"(end)              \
		: "cc", "memory", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4",   \
		  "xmm5", "xmm6", "xmm7")

/* One copy function around BW_COPY_ASM: copy and ntcopy differ only in
 * the store and the fence. */
#define BW_COPY_FN(name, store, fence)                                      \
	uint64_t name(void *dst, const void *src, uint64_t bytes,           \
		      uint64_t repeats)                                     \
	{                                                                   \
		const uint8_t *blocks_end = (const uint8_t *)src +          \
			(bytes & ~(uint64_t)(BLOCK_BYTES - 1));             \
		const uint8_t *end = (const uint8_t *)src + bytes;          \
		const uint8_t *s;                                           \
		uint8_t *d;                                                 \
		uint64_t r = repeats;                                       \
                                                                            \
		BW_COPY_ASM(store, fence);                                  \
		if (!bytes || !repeats)                                     \
			return 0;                                           \
		return ((const uint64_t *)dst)[bytes / 8 - 1];              \
	}

BW_COPY_FN(bw_copy_sse2, "movdqa", "")
BW_COPY_FN(bw_ntcopy_sse2, "movntdq", "\n\tsfence")
