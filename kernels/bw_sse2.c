/* SSE2 bandwidth kernels: the twins of bw_avx2.c with 128-bit registers,
 * for CPUs without AVX2 (every x86-64 has SSE2). Same shape: a 256-byte
 * block per iteration (sixteen 16-byte accesses into eight accumulators
 * for read), a 64-byte tail loop, and the repeat loop inside the asm so
 * the compiler never touches the xmm registers in between. */
#include "bw.h"

#define BLOCK 256u

uint64_t bw_read_sse2(void *dst, const void *src, uint64_t bytes,
		      uint64_t repeats)
{
	const uint8_t *end = (const uint8_t *)src + bytes / BLOCK * BLOCK;
	const uint8_t *tail = (const uint8_t *)src + bytes;
	const uint8_t *p = src;
	uint64_t out[2], r = repeats;

	(void)dst;
	__asm__ volatile(
		"pxor %%xmm0, %%xmm0\n\t"
		"pxor %%xmm1, %%xmm1\n\t"
		"pxor %%xmm2, %%xmm2\n\t"
		"pxor %%xmm3, %%xmm3\n\t"
		"pxor %%xmm4, %%xmm4\n\t"
		"pxor %%xmm5, %%xmm5\n\t"
		"pxor %%xmm6, %%xmm6\n\t"
		"pxor %%xmm7, %%xmm7\n\t"
		"test %[r], %[r]\n\t"
		"jz 9f\n"
		"0:\n\t"
		"mov %[src], %[p]\n\t"
		"cmp %[end], %[p]\n\t"
		"jae 2f\n\t"
		".p2align 5\n"
		"1:\n\t"
		"paddq 0(%[p]), %%xmm0\n\t"
		"paddq 16(%[p]), %%xmm1\n\t"
		"paddq 32(%[p]), %%xmm2\n\t"
		"paddq 48(%[p]), %%xmm3\n\t"
		"paddq 64(%[p]), %%xmm4\n\t"
		"paddq 80(%[p]), %%xmm5\n\t"
		"paddq 96(%[p]), %%xmm6\n\t"
		"paddq 112(%[p]), %%xmm7\n\t"
		"paddq 128(%[p]), %%xmm0\n\t"
		"paddq 144(%[p]), %%xmm1\n\t"
		"paddq 160(%[p]), %%xmm2\n\t"
		"paddq 176(%[p]), %%xmm3\n\t"
		"paddq 192(%[p]), %%xmm4\n\t"
		"paddq 208(%[p]), %%xmm5\n\t"
		"paddq 224(%[p]), %%xmm6\n\t"
		"paddq 240(%[p]), %%xmm7\n\t"
		"add $256, %[p]\n\t"
		"cmp %[end], %[p]\n\t"
		"jb 1b\n"
		"2:\n\t"
		"cmp %[tail], %[p]\n\t"
		"jae 4f\n"
		"3:\n\t"
		"paddq 0(%[p]), %%xmm0\n\t"
		"paddq 16(%[p]), %%xmm1\n\t"
		"paddq 32(%[p]), %%xmm2\n\t"
		"paddq 48(%[p]), %%xmm3\n\t"
		"add $64, %[p]\n\t"
		"cmp %[tail], %[p]\n\t"
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
		"movdqu %%xmm0, %[out]"
		: [p] "+&r"(p), [r] "+&r"(r), [out] "=m"(out)
		: [src] "r"(src), [end] "r"(end), [tail] "r"(tail)
		: "cc", "memory", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4",
		  "xmm5", "xmm6", "xmm7");
	return out[0] + out[1];
}

/* One asm body for write (movdqa) and ntwrite (movntdq); sfence drains
 * the write-combining buffers before the caller reads the clock. */
#define STORE_ASM(insn)                                                     \
	__asm__ volatile(                                                   \
		"movq %[v], %%xmm0\n\t"                                      \
		"punpcklqdq %%xmm0, %%xmm0\n\t"                              \
		"test %[r], %[r]\n\t"                                        \
		"jz 9f\n"                                                    \
		"0:\n\t"                                                     \
		"mov %[dst], %[p]\n\t"                                       \
		"cmp %[end], %[p]\n\t"                                       \
		"jae 2f\n\t"                                                 \
		".p2align 5\n"                                               \
		"1:\n\t"                                                     \
		insn " %%xmm0, 0(%[p])\n\t"                 \
		insn " %%xmm0, 16(%[p])\n\t"                 \
		insn " %%xmm0, 32(%[p])\n\t"                 \
		insn " %%xmm0, 48(%[p])\n\t"                 \
		insn " %%xmm0, 64(%[p])\n\t"                 \
		insn " %%xmm0, 80(%[p])\n\t"                 \
		insn " %%xmm0, 96(%[p])\n\t"                 \
		insn " %%xmm0, 112(%[p])\n\t"                 \
		insn " %%xmm0, 128(%[p])\n\t"                 \
		insn " %%xmm0, 144(%[p])\n\t"                 \
		insn " %%xmm0, 160(%[p])\n\t"                 \
		insn " %%xmm0, 176(%[p])\n\t"                 \
		insn " %%xmm0, 192(%[p])\n\t"                 \
		insn " %%xmm0, 208(%[p])\n\t"                 \
		insn " %%xmm0, 224(%[p])\n\t"                 \
		insn " %%xmm0, 240(%[p])\n\t"                 \
		"add $256, %[p]\n\t"                                         \
		"cmp %[end], %[p]\n\t"                                       \
		"jb 1b\n"                                                    \
		"2:\n\t"                                                     \
		"cmp %[tail], %[p]\n\t"                                      \
		"jae 4f\n"                                                   \
		"3:\n\t"                                                     \
		insn " %%xmm0, 0(%[p])\n\t"                 \
		insn " %%xmm0, 16(%[p])\n\t"                 \
		insn " %%xmm0, 32(%[p])\n\t"                 \
		insn " %%xmm0, 48(%[p])\n\t"                 \
		"add $64, %[p]\n\t"                                          \
		"cmp %[tail], %[p]\n\t"                                      \
		"jb 3b\n"                                                    \
		"4:\n\t"                                                     \
		"dec %[r]\n\t"                                               \
		"jnz 0b\n"                                                   \
		"9:\n\t"                                                     \
		"sfence"                                                     \
		: [p] "+&r"(p), [r] "+&r"(r)                                  \
		: [dst] "r"(dst), [end] "r"(end), [tail] "r"(tail),         \
		  [v] "m"(pattern)                                          \
		: "cc", "memory", "xmm0")

uint64_t bw_write_sse2(void *dst, const void *src, uint64_t bytes,
		       uint64_t repeats)
{
	uint8_t *end = (uint8_t *)dst + bytes / BLOCK * BLOCK, *p = dst;
	uint8_t *tail = (uint8_t *)dst + bytes;
	uint64_t pattern = BW_PATTERN, r = repeats;

	(void)src;
	STORE_ASM("movdqa");
	return (uint64_t)(uintptr_t)p;
}

uint64_t bw_ntwrite_sse2(void *dst, const void *src, uint64_t bytes,
			 uint64_t repeats)
{
	uint8_t *end = (uint8_t *)dst + bytes / BLOCK * BLOCK, *p = dst;
	uint8_t *tail = (uint8_t *)dst + bytes;
	uint64_t pattern = BW_PATTERN, r = repeats;

	(void)src;
	STORE_ASM("movntdq");
	return (uint64_t)(uintptr_t)p;
}

/* copy: eight loads, then their eight stores, twice per block. */
uint64_t bw_copy_sse2(void *dst, const void *src, uint64_t bytes,
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
		"movdqa 0(%[p]), %%xmm0\n\t"
		"movdqa 16(%[p]), %%xmm1\n\t"
		"movdqa 32(%[p]), %%xmm2\n\t"
		"movdqa 48(%[p]), %%xmm3\n\t"
		"movdqa 64(%[p]), %%xmm4\n\t"
		"movdqa 80(%[p]), %%xmm5\n\t"
		"movdqa 96(%[p]), %%xmm6\n\t"
		"movdqa 112(%[p]), %%xmm7\n\t"
		"movdqa %%xmm0, 0(%[p],%[d])\n\t"
		"movdqa %%xmm1, 16(%[p],%[d])\n\t"
		"movdqa %%xmm2, 32(%[p],%[d])\n\t"
		"movdqa %%xmm3, 48(%[p],%[d])\n\t"
		"movdqa %%xmm4, 64(%[p],%[d])\n\t"
		"movdqa %%xmm5, 80(%[p],%[d])\n\t"
		"movdqa %%xmm6, 96(%[p],%[d])\n\t"
		"movdqa %%xmm7, 112(%[p],%[d])\n\t"
		"movdqa 128(%[p]), %%xmm0\n\t"
		"movdqa 144(%[p]), %%xmm1\n\t"
		"movdqa 160(%[p]), %%xmm2\n\t"
		"movdqa 176(%[p]), %%xmm3\n\t"
		"movdqa 192(%[p]), %%xmm4\n\t"
		"movdqa 208(%[p]), %%xmm5\n\t"
		"movdqa 224(%[p]), %%xmm6\n\t"
		"movdqa 240(%[p]), %%xmm7\n\t"
		"movdqa %%xmm0, 128(%[p],%[d])\n\t"
		"movdqa %%xmm1, 144(%[p],%[d])\n\t"
		"movdqa %%xmm2, 160(%[p],%[d])\n\t"
		"movdqa %%xmm3, 176(%[p],%[d])\n\t"
		"movdqa %%xmm4, 192(%[p],%[d])\n\t"
		"movdqa %%xmm5, 208(%[p],%[d])\n\t"
		"movdqa %%xmm6, 224(%[p],%[d])\n\t"
		"movdqa %%xmm7, 240(%[p],%[d])\n\t"
		"add $256, %[p]\n\t"
		"cmp %[end], %[p]\n\t"
		"jb 1b\n"
		"2:\n\t"
		"cmp %[tail], %[p]\n\t"
		"jae 4f\n"
		"3:\n\t"
		"movdqa 0(%[p]), %%xmm0\n\t"
		"movdqa 16(%[p]), %%xmm1\n\t"
		"movdqa 32(%[p]), %%xmm2\n\t"
		"movdqa 48(%[p]), %%xmm3\n\t"
		"movdqa %%xmm0, 0(%[p],%[d])\n\t"
		"movdqa %%xmm1, 16(%[p],%[d])\n\t"
		"movdqa %%xmm2, 32(%[p],%[d])\n\t"
		"movdqa %%xmm3, 48(%[p],%[d])\n\t"
		"add $64, %[p]\n\t"
		"cmp %[tail], %[p]\n\t"
		"jb 3b\n"
		"4:\n\t"
		"dec %[r]\n\t"
		"jnz 0b\n"
		"9:"
		: [p] "+&r"(p), [r] "+&r"(r)
		: [src] "r"(src), [end] "r"(end), [tail] "r"(tail),
		  [d] "r"(delta)
		: "cc", "memory", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4",
		  "xmm5", "xmm6", "xmm7");
	return bytes ? *(volatile const uint64_t *)((const uint8_t *)dst +
						    bytes - 8)
		     : 0;
}
