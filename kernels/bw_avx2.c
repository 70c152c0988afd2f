/* AVX2 bandwidth kernels: read, write, non-temporal write and copy with
 * 256-bit accesses (this file alone is built with -mavx2).
 *
 * The loops are inline asm so the timed instructions are exactly these:
 * - One iteration moves a 256-byte block (four cache lines) with eight
 *   32-byte accesses at fixed displacements from one base register, then
 *   add/cmp/jb. Loop overhead is two fused uops per eight accesses, and
 *   eight independent accesses are in flight, more than the two or three
 *   loads or stores a core issues per cycle. read differs: it reads four
 *   streams at once, 512 bytes an iteration (see there).
 * - Sizes that are not a multiple of the iteration finish with a tail
 *   loop of single 32-byte accesses (at most fifteen per pass, so its
 *   overhead does not matter).
 * - The repeat loop is inside the same asm statement, so the compiler
 *   never touches the ymm registers between passes and the accumulators
 *   never leave registers.
 * - Every function ends in vzeroupper: dirty upper halves of the ymm
 *   registers would make the caller's SSE code pay the AVX-to-SSE
 *   transition penalty. (GCC adds one of its own before ret; ours does
 *   not depend on that, and a second costs a cycle outside the loop.)
 * Alignment and size requirements are in bw.h. */
#include "bw.h"

#define BLOCK_BYTES 256u

/* read: four streams. The buffer's first 4q bytes (q = bytes / 512 *
 * 128) are read as four quarters side by side, 128 bytes of each per
 * iteration, one pointer a quarter: sixteen loads, then four adds and
 * cmp/jb. One sequential stream leaves a core short of its peak: its
 * prefetchers keep too few lines in flight for one stream (on a Zen 3
 * guest, four streams read a 256M buffer about a tenth faster than one
 * and a 16M one, in the L3, about half again as fast), and a core's peak read rate is what this kernel is for; STREAM's
 * Add and Triad read two streams for the same reason. Every byte is
 * still read once a pass. The last bytes (fewer than 512) go through a
 * tail loop of single 32-byte loads.
 * Each of the eight accumulators (ymm0..ymm7) takes two loads an
 * iteration, so no add waits for more than its own load and one earlier
 * add: the loop runs at the load ports' rate. vpaddq with a memory
 * operand is one fused uop (load + add); base+displacement addressing
 * keeps it fused. The accumulators are folded into one 64-bit sum at
 * the end, which makes every load live. */
uint64_t bw_read_avx2(void *dst, const void *src, uint64_t bytes,
		      uint64_t repeats)
{
	uint64_t q = bytes / 512 * 128;
	const uint8_t *s0 = src;
	const uint8_t *q_end = s0 + q, *end = s0 + bytes;
	const uint8_t *p0, *p1, *p2, *p3;
	uint64_t r = repeats, sum;

	(void)dst;
	__asm__ volatile(
		".irp k,0,1,2,3,4,5,6,7\n\t"
		"vpxor %%ymm\\k, %%ymm\\k, %%ymm\\k\n\t"
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
		"vpaddq \\k*32(%[p0]), %%ymm\\k, %%ymm\\k\n\t"
		".endr\n\t"
		".irp k,4,5,6,7\n\t"
		"vpaddq (\\k-4)*32(%[p1]), %%ymm\\k, %%ymm\\k\n\t"
		".endr\n\t"
		".irp k,0,1,2,3\n\t"
		"vpaddq \\k*32(%[p2]), %%ymm\\k, %%ymm\\k\n\t"
		".endr\n\t"
		".irp k,4,5,6,7\n\t"
		"vpaddq (\\k-4)*32(%[p3]), %%ymm\\k, %%ymm\\k\n\t"
		".endr\n\t"
		"add $128, %[p0]\n\t"
		"add $128, %[p1]\n\t"
		"add $128, %[p2]\n\t"
		"add $128, %[p3]\n\t"
		"cmp %[q_end], %[p0]\n\t"
		"jb 1b\n\t"
		"mov %[p3], %[p0]\n"	/* the tail starts after quarter 4 */
		"2:\n\t"
		"cmp %[end], %[p0]\n\t"
		"jae 4f\n"
		"3:\n\t"
		"vpaddq (%[p0]), %%ymm0, %%ymm0\n\t"
		"add $32, %[p0]\n\t"
		"cmp %[end], %[p0]\n\t"
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
		"vextracti128 $1, %%ymm0, %%xmm1\n\t"
		"vpaddq %%xmm1, %%xmm0, %%xmm0\n\t"
		"vpunpckhqdq %%xmm0, %%xmm0, %%xmm1\n\t"
		"vpaddq %%xmm1, %%xmm0, %%xmm0\n\t"
		"vmovq %%xmm0, %[sum]\n\t"
		"vzeroupper"
		: [p0] "=&r"(p0), [p1] "=&r"(p1), [p2] "=&r"(p2),
		  [p3] "=&r"(p3), [r] "+&r"(r), [sum] "=r"(sum)
		: [src] "r"(src), [q] "r"(q), [q_end] "r"(q_end),
		  [end] "r"(end)
		: "cc", "memory", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4",
		  "xmm5", "xmm6", "xmm7");
	return sum;
}

/* write and ntwrite: eight 32-byte stores of ymm0 (the pattern) per
 * block. `store` is vmovdqa (through the caches) or vmovntdq (around
 * them, into write-combining buffers); `fence` is empty or sfence, which
 * ntwrite needs because non-temporal stores are weakly ordered and may
 * still sit in the write-combining buffers when the loop ends: the fence
 * makes them globally visible before the caller reads the clock or the
 * data. p starts at dst and ends one past the last byte written. */
#define BW_STORE_ASM(store, fence)                                          \
	__asm__ volatile(                                                   \
		"vmovq %[pattern], %%xmm0\n\t"                              \
		"vpbroadcastq %%xmm0, %%ymm0\n\t"                           \
		"test %[r], %[r]\n\t"                                       \
		"jz 9f\n"                                                   \
		"0:\n\t"                                                    \
		"mov %[dst], %[p]\n\t"                                      \
		"cmp %[blocks_end], %[p]\n\t"                               \
		"jae 2f\n\t"                                                \
		".p2align 5\n"                                              \
		"1:\n\t"                                                    \
		".irp k,0,1,2,3,4,5,6,7\n\t"                                \
		store " %%ymm0, \\k*32(%[p])\n\t"                           \
		".endr\n\t"                                                 \
		"add $256, %[p]\n\t"                                        \
		"cmp %[blocks_end], %[p]\n\t"                               \
		"jb 1b\n"                                                   \
		"2:\n\t"                                                    \
		"cmp %[end], %[p]\n\t"                                      \
		"jae 4f\n"                                                  \
		"3:\n\t"                                                    \
		store " %%ymm0, (%[p])\n\t"                                 \
		"add $32, %[p]\n\t"                                         \
		"cmp %[end], %[p]\n\t"                                      \
		"jb 3b\n"                                                   \
		"4:\n\t"                                                    \
		"dec %[r]\n\t"                                              \
		"jnz 0b\n"                                                  \
		"9:\n\t"                                                    \
		fence                                                       \
		"vzeroupper"                                                \
		: [p] "+&r"(p), [r] "+&r"(r)                                \
		: [dst] "r"(dst), [blocks_end] "r"(blocks_end),             \
		  [end] "r"(end), [pattern] "r"(pattern)                    \
		: "cc", "memory", "xmm0")

uint64_t bw_write_avx2(void *dst, const void *src, uint64_t bytes,
		       uint64_t repeats)
{
	uint8_t *blocks_end = (uint8_t *)dst +
			      (bytes & ~(uint64_t)(BLOCK_BYTES - 1));
	uint8_t *end = (uint8_t *)dst + bytes, *p = dst;
	uint64_t pattern = BW_PATTERN, r = repeats;

	(void)src;
	BW_STORE_ASM("vmovdqa", "");
	return (uint64_t)(uintptr_t)p;
}

uint64_t bw_ntwrite_avx2(void *dst, const void *src, uint64_t bytes,
			 uint64_t repeats)
{
	uint8_t *blocks_end = (uint8_t *)dst +
			      (bytes & ~(uint64_t)(BLOCK_BYTES - 1));
	uint8_t *end = (uint8_t *)dst + bytes, *p = dst;
	uint64_t pattern = BW_PATTERN, r = repeats;

	(void)src;
	BW_STORE_ASM("vmovntdq", "sfence\n\t");
	return (uint64_t)(uintptr_t)p;
}

/* copy and ntcopy: the block's eight loads (ymm0..ymm7) issue before its
 * eight stores, so four lines of src are requested together. src and dst
 * get a pointer each: stores with base+displacement addressing can use
 * the simple store-address port on Intel cores (an indexed store would
 * take a load port instead); the second add costs one uop per sixteen
 * accesses. `store` and `fence` as for write: ntcopy's vmovntdq writes
 * dst around the caches, so the destination line is never read for
 * ownership first (a cached store reads it, then writes it back: three
 * transfers for the two a copy counts). */
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
		"vmovdqa \\k*32(%[s]), %%ymm\\k\n\t"                       \
		".endr\n\t"                                                 \
		".irp k,0,1,2,3,4,5,6,7\n\t"                                \
		store " %%ymm\\k, \\k*32(%[d])\n\t"                        \
		".endr\n\t"                                                 \
		"add $256, %[s]\n\t"                                        \
		"add $256, %[d]\n\t"                                        \
		"cmp %[blocks_end], %[s]\n\t"                               \
		"jb 1b\n"                                                   \
		"2:\n\t"                                                    \
		"cmp %[end], %[s]\n\t"                                      \
		"jae 4f\n"                                                  \
		"3:\n\t"                                                    \
		"vmovdqa (%[s]), %%ymm0\n\t"                                \
		store " %%ymm0, (%[d])\n\t"                                 \
		"add $32, %[s]\n\t"                                         \
		"add $32, %[d]\n\t"                                         \
		"cmp %[end], %[s]\n\t"                                      \
		"jb 3b\n"                                                   \
		"4:\n\t"                                                    \
		"dec %[r]\n\t"                                              \
		"jnz 0b\n"                                                  \
		"9:\n\t"                                                    \
		fence                                                       \
		"vzeroupper"                                                \
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

BW_COPY_FN(bw_copy_avx2, "vmovdqa", "")
BW_COPY_FN(bw_ntcopy_avx2, "vmovntdq", "sfence\n\t")
