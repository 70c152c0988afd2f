/* AVX2 bandwidth kernels (this file alone is built with -mavx2).
 *
 * Each inner loop moves one 256-byte block with eight aligned 32-byte
 * accesses, then add/cmp/jb: loop overhead is 3 of 11 instructions and
 * eight independent accesses are in flight. read adds into eight
 * accumulators (no chain between the loads) and folds them at the end,
 * which keeps every load live. A 64-byte tail loop covers sizes that are
 * not multiples of 256. The repeat loop is inside the same asm statement
 * so the compiler never touches the ymm registers in between; vzeroupper
 * on exit avoids the AVX-to-SSE transition penalty in the caller. */
#include "bw.h"

#define BLOCK 256u

uint64_t bw_read_avx2(void *dst, const void *src, uint64_t bytes,
		      uint64_t repeats)
{
	const uint8_t *end = (const uint8_t *)src + bytes / BLOCK * BLOCK;
	const uint8_t *tail = (const uint8_t *)src + bytes;
	const uint8_t *p = src;
	uint64_t out[4], r = repeats;

	(void)dst;
	__asm__ volatile(
		"vpxor %%ymm0, %%ymm0, %%ymm0\n\t"
		"vpxor %%ymm1, %%ymm1, %%ymm1\n\t"
		"vpxor %%ymm2, %%ymm2, %%ymm2\n\t"
		"vpxor %%ymm3, %%ymm3, %%ymm3\n\t"
		"vpxor %%ymm4, %%ymm4, %%ymm4\n\t"
		"vpxor %%ymm5, %%ymm5, %%ymm5\n\t"
		"vpxor %%ymm6, %%ymm6, %%ymm6\n\t"
		"vpxor %%ymm7, %%ymm7, %%ymm7\n\t"
		"test %[r], %[r]\n\t"
		"jz 9f\n"
		"0:\n\t"
		"mov %[src], %[p]\n\t"
		"cmp %[end], %[p]\n\t"
		"jae 2f\n\t"
		".p2align 5\n"
		"1:\n\t"
		"vpaddq 0(%[p]), %%ymm0, %%ymm0\n\t"
		"vpaddq 32(%[p]), %%ymm1, %%ymm1\n\t"
		"vpaddq 64(%[p]), %%ymm2, %%ymm2\n\t"
		"vpaddq 96(%[p]), %%ymm3, %%ymm3\n\t"
		"vpaddq 128(%[p]), %%ymm4, %%ymm4\n\t"
		"vpaddq 160(%[p]), %%ymm5, %%ymm5\n\t"
		"vpaddq 192(%[p]), %%ymm6, %%ymm6\n\t"
		"vpaddq 224(%[p]), %%ymm7, %%ymm7\n\t"
		"add $256, %[p]\n\t"
		"cmp %[end], %[p]\n\t"
		"jb 1b\n"
		"2:\n\t"
		"cmp %[tail], %[p]\n\t"
		"jae 4f\n"
		"3:\n\t"
		"vpaddq 0(%[p]), %%ymm0, %%ymm0\n\t"
		"vpaddq 32(%[p]), %%ymm1, %%ymm1\n\t"
		"add $64, %[p]\n\t"
		"cmp %[tail], %[p]\n\t"
		"jb 3b\n"
		"4:\n\t"
		"dec %[r]\n\t"
		"jnz 0b\n"
		"9:\n\t"
		"vpaddq %%ymm1, %%ymm0, %%ymm0\n\t"
		"vpaddq %%ymm3, %%ymm2, %%ymm2\n\t"
		"vpaddq %%ymm5, %%ymm4, %%ymm4\n\t"
		"vpaddq %%ymm7, %%ymm6, %%ymm6\n\t"
		"vpaddq %%ymm2, %%ymm0, %%ymm0\n\t"
		"vpaddq %%ymm6, %%ymm4, %%ymm4\n\t"
		"vpaddq %%ymm4, %%ymm0, %%ymm0\n\t"
		"vmovdqu %%ymm0, %[out]\n\t"
		"vzeroupper"
		: [p] "+&r"(p), [r] "+&r"(r), [out] "=m"(out)
		: [src] "r"(src), [end] "r"(end), [tail] "r"(tail)
		: "cc", "memory", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4",
		  "xmm5", "xmm6", "xmm7");
	return out[0] + out[1] + out[2] + out[3];
}

/* One asm body for write (vmovdqa) and ntwrite (vmovntdq). */
#define STORE_ASM(insn)                                                     \
	__asm__ volatile(                                                   \
		"vpbroadcastq %[v], %%ymm0\n\t"                             \
		"test %[r], %[r]\n\t"                                       \
		"jz 9f\n"                                                   \
		"0:\n\t"                                                    \
		"mov %[dst], %[p]\n\t"                                      \
		"cmp %[end], %[p]\n\t"                                      \
		"jae 2f\n\t"                                                \
		".p2align 5\n"                                              \
		"1:\n\t"                                                    \
		insn " %%ymm0, 0(%[p])\n\t"                                 \
		insn " %%ymm0, 32(%[p])\n\t"                                \
		insn " %%ymm0, 64(%[p])\n\t"                                \
		insn " %%ymm0, 96(%[p])\n\t"                                \
		insn " %%ymm0, 128(%[p])\n\t"                               \
		insn " %%ymm0, 160(%[p])\n\t"                               \
		insn " %%ymm0, 192(%[p])\n\t"                               \
		insn " %%ymm0, 224(%[p])\n\t"                               \
		"add $256, %[p]\n\t"                                        \
		"cmp %[end], %[p]\n\t"                                      \
		"jb 1b\n"                                                   \
		"2:\n\t"                                                    \
		"cmp %[tail], %[p]\n\t"                                     \
		"jae 4f\n"                                                  \
		"3:\n\t"                                                    \
		insn " %%ymm0, 0(%[p])\n\t"                                 \
		insn " %%ymm0, 32(%[p])\n\t"                                \
		"add $64, %[p]\n\t"                                         \
		"cmp %[tail], %[p]\n\t"                                     \
		"jb 3b\n"                                                   \
		"4:\n\t"                                                    \
		"dec %[r]\n\t"                                              \
		"jnz 0b\n"                                                  \
		"9:\n\t"                                                    \
		"sfence\n\t"                                                \
		"vzeroupper"                                                \
		: [p] "+&r"(p), [r] "+&r"(r)                                 \
		: [dst] "r"(dst), [end] "r"(end), [tail] "r"(tail),         \
		  [v] "m"(pattern)                                          \
		: "cc", "memory", "xmm0")

/* sfence: non-temporal stores are weakly ordered and sit in write-
 * combining buffers; the fence drains them before the caller reads the
 * clock (harmless after ordinary stores). */
uint64_t bw_write_avx2(void *dst, const void *src, uint64_t bytes,
		       uint64_t repeats)
{
	uint8_t *end = (uint8_t *)dst + bytes / BLOCK * BLOCK, *p = dst;
	uint8_t *tail = (uint8_t *)dst + bytes;
	uint64_t pattern = BW_PATTERN, r = repeats;

	(void)src;
	STORE_ASM("vmovdqa");
	return (uint64_t)(uintptr_t)p;
}

uint64_t bw_ntwrite_avx2(void *dst, const void *src, uint64_t bytes,
			 uint64_t repeats)
{
	uint8_t *end = (uint8_t *)dst + bytes / BLOCK * BLOCK, *p = dst;
	uint8_t *tail = (uint8_t *)dst + bytes;
	uint64_t pattern = BW_PATTERN, r = repeats;

	(void)src;
	STORE_ASM("vmovntdq");
	return (uint64_t)(uintptr_t)p;
}

/* copy: four loads, then their four stores, twice per block, so the
 * loads of each half-block are in flight together. dst is addressed as
 * src + delta to keep one pointer increment. */
uint64_t bw_copy_avx2(void *dst, const void *src, uint64_t bytes,
		      uint64_t repeats)
{
	const uint8_t *end = (const uint8_t *)src + bytes / BLOCK * BLOCK;
	const uint8_t *tail = (const uint8_t *)src + bytes;
	const uint8_t *p = src;
	intptr_t delta = (uint8_t *)dst - (const uint8_t *)src;
	uint64_t r = repeats;

	__asm__ volatile(
		"test %[r], %[r]\n\t"
		"jz 9f\n"
		"0:\n\t"
		"mov %[src], %[p]\n\t"
		"cmp %[end], %[p]\n\t"
		"jae 2f\n\t"
		".p2align 5\n"
		"1:\n\t"
		"vmovdqa 0(%[p]), %%ymm0\n\t"
		"vmovdqa 32(%[p]), %%ymm1\n\t"
		"vmovdqa 64(%[p]), %%ymm2\n\t"
		"vmovdqa 96(%[p]), %%ymm3\n\t"
		"vmovdqa %%ymm0, 0(%[p],%[d])\n\t"
		"vmovdqa %%ymm1, 32(%[p],%[d])\n\t"
		"vmovdqa %%ymm2, 64(%[p],%[d])\n\t"
		"vmovdqa %%ymm3, 96(%[p],%[d])\n\t"
		"vmovdqa 128(%[p]), %%ymm0\n\t"
		"vmovdqa 160(%[p]), %%ymm1\n\t"
		"vmovdqa 192(%[p]), %%ymm2\n\t"
		"vmovdqa 224(%[p]), %%ymm3\n\t"
		"vmovdqa %%ymm0, 128(%[p],%[d])\n\t"
		"vmovdqa %%ymm1, 160(%[p],%[d])\n\t"
		"vmovdqa %%ymm2, 192(%[p],%[d])\n\t"
		"vmovdqa %%ymm3, 224(%[p],%[d])\n\t"
		"add $256, %[p]\n\t"
		"cmp %[end], %[p]\n\t"
		"jb 1b\n"
		"2:\n\t"
		"cmp %[tail], %[p]\n\t"
		"jae 4f\n"
		"3:\n\t"
		"vmovdqa 0(%[p]), %%ymm0\n\t"
		"vmovdqa 32(%[p]), %%ymm1\n\t"
		"vmovdqa %%ymm0, 0(%[p],%[d])\n\t"
		"vmovdqa %%ymm1, 32(%[p],%[d])\n\t"
		"add $64, %[p]\n\t"
		"cmp %[tail], %[p]\n\t"
		"jb 3b\n"
		"4:\n\t"
		"dec %[r]\n\t"
		"jnz 0b\n"
		"9:\n\t"
		"vzeroupper"
		: [p] "+&r"(p), [r] "+&r"(r)
		: [src] "r"(src), [end] "r"(end), [tail] "r"(tail),
		  [d] "r"(delta)
		: "cc", "memory", "xmm0", "xmm1", "xmm2", "xmm3");
	return bytes ? *(volatile const uint64_t *)((const uint8_t *)dst +
						    bytes - 8)
		     : 0;
}
