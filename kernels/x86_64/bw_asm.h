/* The bandwidth loops once, for every vector width: the read, write,
 * copy, mix and triad inline asm of bw_avx512.c, bw_avx2.c and (mix and
 * triad) bw_sse2.c, which differ only in register names, access width
 * and mnemonics. Private to kernels/.
 *
 * The including file defines, before including this:
 *   BW_V          register prefix: "zmm", "ymm" or "xmm"
 *   BW_W          bytes a vector, as a string ("64", "32", "16"), and
 *   BW_WN         the same as a number;
 *   BW_LOAD       aligned load mnemonic (vmovdqa64, vmovdqa, movdqa)
 *   BW_ADDQ(m,r)  r += m, 64-bit lanes (m memory or register)
 *   BW_MULPD(m,s,r) r = m * s, doubles (m memory, s a register)
 *   BW_ADDPD(m,r) r += m, doubles
 *   BW_ZERO(r)    r = 0
 *   BW_SPLAT      asm that puts the 64-bit %[pattern] in every lane of
 *                 register 0 (%[pattern] is a general register)
 *   BW_SPLAT4     the same for %[s] (in memory) into register 4 (triad's
 *                 factor)
 *   BW_NARROW     asm folding register 0's 64-bit lanes into %[sum]
 *   BW_STORE_CACHED  aligned cached store mnemonic
 *   BW_END        "vzeroupper" after VEX/EVEX code, else ""
 * Why every loop has its shape is said once, in bw_avx2.c's header and at
 * each macro below; the numbers (four streams, eight accesses a block)
 * are the same at every width. */
#ifndef BAREMEM_BW_ASM_H
#define BAREMEM_BW_ASM_H

#include "bw.h"

#define BW_R(n) "%%" BW_V #n		/* register n */
#define BW_RK "%%" BW_V "\\k"		/* register \k inside .irp */

/* read's four loads from one stream: accumulators `regs` (four of
 * 0..7), the first at displacement 0 from ptr (regs' first is `base`) */
#define BW_READ_QUARTER(regs, base, ptr)                                    \
	".irp k," regs "\n\t"                                                 \
	BW_ADDQ("(\\k-" base ")*" BW_W "(" ptr ")", BW_RK) "\n\t"              \
	".endr\n\t"

/* The fold of ymm0's four 64-bit lanes into %[sum] (AVX2 and AVX-512). */
#define BW_FOLD_YMM0                                                        \
	"vextracti128 $1, %%ymm0, %%xmm1\n\t"                                \
	"vpaddq %%xmm1, %%xmm0, %%xmm0\n\t"                                  \
	"vpunpckhqdq %%xmm0, %%xmm0, %%xmm1\n\t"                             \
	"vpaddq %%xmm1, %%xmm0, %%xmm0\n\t"                                  \
	"vmovq %%xmm0, %[sum]\n\t"

/* read: four streams, four vectors of each an iteration (16 loads into
 * eight accumulators, two loads each), then a tail loop of single
 * vectors. See bw_avx2.c's bw_read_avx2 comment for why. */
#define BW_READ_FN(name)                                                    \
	uint64_t name(void *dst, const void *src, uint64_t bytes,           \
		      uint64_t repeats)                                     \
	{                                                                   \
		uint64_t q = bytes / (16 * BW_WN) * (4 * BW_WN);            \
		const uint8_t *s0 = src;                                    \
		const uint8_t *q_end = s0 + q, *end = s0 + bytes;           \
		const uint8_t *p0, *p1, *p2, *p3;                           \
		uint64_t r = repeats, sum;                                  \
                                                                            \
		(void)dst;                                                  \
		__asm__ volatile(                                           \
			".irp k,0,1,2,3,4,5,6,7\n\t"                        \
			BW_ZERO(BW_RK) "\n\t"                               \
			".endr\n\t"                                         \
			"test %[r], %[r]\n\t"                               \
			"jz 9f\n"                                           \
			"0:\n\t"                                            \
			"mov %[src], %[p0]\n\t"                             \
			"cmp %[q_end], %[p0]\n\t"                           \
			"jae 2f\n\t"                                        \
			"lea (%[p0],%[q]), %[p1]\n\t"                       \
			"lea (%[p1],%[q]), %[p2]\n\t"                       \
			"lea (%[p2],%[q]), %[p3]\n\t"                       \
			".p2align 5\n"                                      \
			"1:\n\t"                                            \
			BW_READ_QUARTER("0,1,2,3", "0", "%[p0]")            \
			BW_READ_QUARTER("4,5,6,7", "4", "%[p1]")            \
			BW_READ_QUARTER("0,1,2,3", "0", "%[p2]")            \
			BW_READ_QUARTER("4,5,6,7", "4", "%[p3]")            \
			"add $4*" BW_W ", %[p0]\n\t"                        \
			"add $4*" BW_W ", %[p1]\n\t"                        \
			"add $4*" BW_W ", %[p2]\n\t"                        \
			"add $4*" BW_W ", %[p3]\n\t"                        \
			"cmp %[q_end], %[p0]\n\t"                           \
			"jb 1b\n\t"                                         \
			"mov %[p3], %[p0]\n" /* tail: after quarter 4 */    \
			"2:\n\t"                                            \
			"cmp %[end], %[p0]\n\t"                             \
			"jae 4f\n"                                          \
			"3:\n\t"                                            \
			BW_ADDQ("(%[p0])", BW_R(0)) "\n\t"                  \
			"add $" BW_W ", %[p0]\n\t"                          \
			"cmp %[end], %[p0]\n\t"                             \
			"jb 3b\n"                                           \
			"4:\n\t"                                            \
			"dec %[r]\n\t"                                      \
			"jnz 0b\n"                                          \
			"9:\n\t"                                            \
			BW_ADDQ(BW_R(1), BW_R(0)) "\n\t"                    \
			BW_ADDQ(BW_R(3), BW_R(2)) "\n\t"                    \
			BW_ADDQ(BW_R(5), BW_R(4)) "\n\t"                    \
			BW_ADDQ(BW_R(7), BW_R(6)) "\n\t"                    \
			BW_ADDQ(BW_R(2), BW_R(0)) "\n\t"                    \
			BW_ADDQ(BW_R(6), BW_R(4)) "\n\t"                    \
			BW_ADDQ(BW_R(4), BW_R(0)) "\n\t"                    \
			BW_NARROW                                           \
			BW_END                                              \
			: [p0] "=&r"(p0), [p1] "=&r"(p1), [p2] "=&r"(p2),   \
			  [p3] "=&r"(p3), [r] "+&r"(r), [sum] "=r"(sum)     \
			: [src] "r"(src), [q] "r"(q), [q_end] "r"(q_end),   \
			  [end] "r"(end)                                    \
			: "cc", "memory", "xmm0", "xmm1", "xmm2", "xmm3",   \
			  "xmm4", "xmm5", "xmm6", "xmm7");                  \
		return sum;                                                 \
	}

/* write and ntwrite: eight stores of register 0 (the pattern) a block,
 * then single stores. `store` is the cached or non-temporal mnemonic;
 * `fence` is empty or sfence, which non-temporal stores need: they are
 * weakly ordered and may still sit in write-combining buffers when the
 * loop ends, and the fence makes them globally visible before the
 * caller reads the clock. Returns one past the last byte written. */
#define BW_STORE_FN(name, store, fence)                                     \
	uint64_t name(void *dst, const void *src, uint64_t bytes,           \
		      uint64_t repeats)                                     \
	{                                                                   \
		uint8_t *blocks_end = (uint8_t *)dst +                      \
			(bytes & ~(uint64_t)(8 * BW_WN - 1));               \
		uint8_t *end = (uint8_t *)dst + bytes, *p = dst;            \
		uint64_t pattern = BW_PATTERN, r = repeats;                 \
                                                                            \
		(void)src;                                                  \
		__asm__ volatile(                                           \
			BW_SPLAT                                            \
			"test %[r], %[r]\n\t"                               \
			"jz 9f\n"                                           \
			"0:\n\t"                                            \
			"mov %[dst], %[p]\n\t"                              \
			"cmp %[blocks_end], %[p]\n\t"                       \
			"jae 2f\n\t"                                        \
			".p2align 5\n"                                      \
			"1:\n\t"                                            \
			".irp k,0,1,2,3,4,5,6,7\n\t"                        \
			store " " BW_R(0) ", \\k*" BW_W "(%[p])\n\t"        \
			".endr\n\t"                                         \
			"add $8*" BW_W ", %[p]\n\t"                         \
			"cmp %[blocks_end], %[p]\n\t"                       \
			"jb 1b\n"                                           \
			"2:\n\t"                                            \
			"cmp %[end], %[p]\n\t"                              \
			"jae 4f\n"                                          \
			"3:\n\t"                                            \
			store " " BW_R(0) ", (%[p])\n\t"                    \
			"add $" BW_W ", %[p]\n\t"                           \
			"cmp %[end], %[p]\n\t"                              \
			"jb 3b\n"                                           \
			"4:\n\t"                                            \
			"dec %[r]\n\t"                                      \
			"jnz 0b\n"                                          \
			"9:\n\t"                                            \
			fence                                               \
			BW_END                                              \
			: [p] "+&r"(p), [r] "+&r"(r)                        \
			: [dst] "r"(dst), [blocks_end] "r"(blocks_end),     \
			  [end] "r"(end), [pattern] "r"(pattern)            \
			: "cc", "memory", "xmm0");                          \
		return (uint64_t)(uintptr_t)p;                              \
	}

/* copy and ntcopy: a block's eight loads issue before its eight stores,
 * so eight lines' worth of src are requested together; src and dst get a
 * pointer each, so every access is base+displacement (an indexed store
 * takes a load port on Intel cores). `store` and `fence` as for write:
 * non-temporal stores write dst around the caches, so the destination
 * line is never read for ownership first (a cached store reads it, then
 * writes it back: three transfers for the two a copy counts). `ahead`
 * is empty or BW_PREFETCH_AHEAD (see there). Returns the last word
 * copied, or 0 when nothing was. */
#define BW_COPY_FN(name, store, fence, ahead)                               \
	uint64_t name(void *dst, const void *src, uint64_t bytes,           \
		      uint64_t repeats)                                     \
	{                                                                   \
		const uint8_t *blocks_end = (const uint8_t *)src +          \
			(bytes & ~(uint64_t)(8 * BW_WN - 1));               \
		const uint8_t *end = (const uint8_t *)src + bytes;          \
		const uint8_t *s;                                           \
		uint8_t *d;                                                 \
		uint64_t r = repeats;                                       \
                                                                            \
		__asm__ volatile(                                           \
			"test %[r], %[r]\n\t"                               \
			"jz 9f\n"                                           \
			"0:\n\t"                                            \
			"mov %[src], %[s]\n\t"                              \
			"mov %[dst], %[d]\n\t"                              \
			"cmp %[blocks_end], %[s]\n\t"                       \
			"jae 2f\n\t"                                        \
			".p2align 5\n"                                      \
			"1:\n\t"                                            \
			ahead                                               \
			".irp k,0,1,2,3,4,5,6,7\n\t"                        \
			BW_LOAD " \\k*" BW_W "(%[s]), " BW_RK "\n\t"        \
			".endr\n\t"                                         \
			".irp k,0,1,2,3,4,5,6,7\n\t"                        \
			store " " BW_RK ", \\k*" BW_W "(%[d])\n\t"          \
			".endr\n\t"                                         \
			"add $8*" BW_W ", %[s]\n\t"                         \
			"add $8*" BW_W ", %[d]\n\t"                         \
			"cmp %[blocks_end], %[s]\n\t"                       \
			"jb 1b\n"                                           \
			"2:\n\t"                                            \
			"cmp %[end], %[s]\n\t"                              \
			"jae 4f\n"                                          \
			"3:\n\t"                                            \
			BW_LOAD " (%[s]), " BW_R(0) "\n\t"                  \
			store " " BW_R(0) ", (%[d])\n\t"                    \
			"add $" BW_W ", %[s]\n\t"                           \
			"add $" BW_W ", %[d]\n\t"                           \
			"cmp %[end], %[s]\n\t"                              \
			"jb 3b\n"                                           \
			"4:\n\t"                                            \
			"dec %[r]\n\t"                                      \
			"jnz 0b\n"                                          \
			"9:\n\t"                                            \
			fence                                               \
			BW_END                                              \
			: [s] "=&r"(s), [d] "=&r"(d), [r] "+&r"(r)          \
			: [src] "r"(src), [dst] "r"(dst),                   \
			  [blocks_end] "r"(blocks_end), [end] "r"(end)      \
			: "cc", "memory", "xmm0", "xmm1", "xmm2", "xmm3",   \
			  "xmm4", "xmm5", "xmm6", "xmm7");                  \
		if (!bytes || !repeats)                                     \
			return 0;                                           \
		return ((const uint64_t *)dst)[bytes / 8 - 1];              \
	}

/* ntcopy's look-ahead: one prefetcht0 for each line of the block (8 x
 * BW_W bytes: eight lines of zmm, four of ymm, two of xmm) 1 KiB ahead
 * of the loads, so src is asked for well before the loads that need it
 * while the stores stream out. Measured on a Zen 4 guest (1 cpu, 64 MiB
 * copied, src and dst at the same offset in their pages, as the suite
 * lays them out; 8 interleaved rounds of 41, GB/s, median of the rounds'
 * 90th percentiles): 512-bit 38.8 without, 46.6 with; 256-bit 43.5 and
 * 46.0; 128-bit 39.0 and 44.3; prefetching 512 B or 2 KiB ahead, or
 * with prefetchnta, gave the same within 1.5, and moving dst 2 KiB in
 * its page instead gave the same gain (both together no more); copying
 * two or four pages at once (glibc's large-copy shape) lost a quarter.
 * Prefetch never faults, so the last blocks' look-ahead past the end of
 * src is harmless (at most 1 KiB a pass). The cached copy has none: it
 * also measures the caches, where the prefetches would be extra uops. */
#define BW_PREFETCH_AHEAD                                                   \
	".irp l,0,1,2,3,4,5,6,7\n\t"                                        \
	".if \\l * 64 < 8 * " BW_W "\n\t"                                   \
	"prefetcht0 1024+\\l*64(%[s])\n\t"                                 \
	".endif\n\t"                                                        \
	".endr\n\t"

/* The read/write mixes and triad: n read streams a[], b[] (, c[]) of
 * `bytes` each, side by side in src (a at src, b at src + bytes, c at
 * src + 2 bytes), and one write stream d[] at dst, with cached stores:
 *   mix31  d[i] = a[i] + b[i] + c[i]   (64-bit words)  3 reads : 1 write
 *   mix21  d[i] = a[i] + b[i]          (STREAM's Add)  2 : 1
 *   triad  d[i] = b[i] + 3.0 * a[i]    (doubles)       2 : 1
 *          (STREAM's a = b + s*c, with our a as its c)
 * (mix11, 1 : 1, is the cached copy.) The stored value depends on every
 * load, as in STREAM, so no load is dead and the stores cannot run ahead
 * of the reads. Four vectors of each stream an iteration, one pointer a
 * stream (base+displacement everywhere, as copy), then single vectors;
 * registers 0-3 carry the four lanes of work, register 4 triad's factor.
 * `first(m, r)` computes r from a's vector m, `then(m, r)` folds in b's
 * and c's (an empty `third` for two streams). Returns the last word
 * stored, or 0 when nothing was. */
#define BW_STREAMS_FN(name, setup, first, then, third)                      \
	uint64_t name(void *dst, const void *src, uint64_t bytes,           \
		      uint64_t repeats)                                     \
	{                                                                   \
		const uint8_t *a0 = src;                                    \
		const uint8_t *blocks_end = a0 +                            \
			(bytes & ~(uint64_t)(4 * BW_WN - 1));               \
		const uint8_t *end = a0 + bytes, *a, *b, *c;                \
		uint8_t *d;                                                 \
		uint64_t r = repeats, s = BW_TRIAD_SCALAR_BITS;             \
                                                                            \
		__asm__ volatile(                                           \
			setup                                               \
			"test %[r], %[r]\n\t"                               \
			"jz 9f\n"                                           \
			"0:\n\t"                                            \
			"mov %[src], %[a]\n\t"                              \
			"lea (%[a],%[n]), %[b]\n\t"                         \
			"lea (%[b],%[n]), %[c]\n\t"                         \
			"mov %[dst], %[d]\n\t"                              \
			"cmp %[blocks_end], %[a]\n\t"                       \
			"jae 2f\n\t"                                        \
			".p2align 5\n"                                      \
			"1:\n\t"                                            \
			".irp k,0,1,2,3\n\t"                                \
			first("\\k*" BW_W "(%[a])", BW_RK) "\n\t"           \
			then("\\k*" BW_W "(%[b])", BW_RK) "\n\t"            \
			third(then("\\k*" BW_W "(%[c])", BW_RK) "\n\t")     \
			BW_STORE_CACHED " " BW_RK ", \\k*" BW_W "(%[d])\n\t" \
			".endr\n\t"                                         \
			"add $4*" BW_W ", %[a]\n\t"                         \
			"add $4*" BW_W ", %[b]\n\t"                         \
			third("add $4*" BW_W ", %[c]\n\t")                  \
			"add $4*" BW_W ", %[d]\n\t"                         \
			"cmp %[blocks_end], %[a]\n\t"                       \
			"jb 1b\n"                                           \
			"2:\n\t"                                            \
			"cmp %[end], %[a]\n\t"                              \
			"jae 4f\n"                                          \
			"3:\n\t"                                            \
			first("(%[a])", BW_R(0)) "\n\t"                     \
			then("(%[b])", BW_R(0)) "\n\t"                      \
			third(then("(%[c])", BW_R(0)) "\n\t")               \
			BW_STORE_CACHED " " BW_R(0) ", (%[d])\n\t"          \
			"add $" BW_W ", %[a]\n\t"                           \
			"add $" BW_W ", %[b]\n\t"                           \
			third("add $" BW_W ", %[c]\n\t")                    \
			"add $" BW_W ", %[d]\n\t"                           \
			"cmp %[end], %[a]\n\t"                              \
			"jb 3b\n"                                           \
			"4:\n\t"                                            \
			"dec %[r]\n\t"                                      \
			"jnz 0b\n"                                          \
			"9:\n\t"                                            \
			BW_END                                              \
			: [a] "=&r"(a), [b] "=&r"(b), [c] "=&r"(c),         \
			  [d] "=&r"(d), [r] "+&r"(r)                        \
			: [src] "r"(src), [dst] "r"(dst), [n] "r"(bytes),   \
			  [blocks_end] "r"(blocks_end), [end] "r"(end),     \
			  [s] "m"(s)                                        \
			: "cc", "memory", "xmm0", "xmm1", "xmm2", "xmm3",   \
			  "xmm4");                                          \
		if (!bytes || !repeats)                                     \
			return 0;                                           \
		return ((const uint64_t *)dst)[bytes / 8 - 1];              \
	}

/* triad's factor, 3.0 as STREAM uses, as the bits of an IEEE double (the
 * asm takes it in a general register). */
#define BW_TRIAD_SCALAR_BITS 0x4008000000000000ull

#define BW_YES(x) x
#define BW_NO(x)
/* first/then for the integer mixes and triad. */
#define BW_MIX_FIRST(m, r) BW_LOAD " " m ", " r
#define BW_TRIAD_FIRST(m, r) BW_MULPD(m, BW_R(4), r)

/* Every mix and triad of one width, named bw_<kind>_<isa>. */
#define BW_STREAMS_FNS(isa)                                                 \
	BW_STREAMS_FN(bw_mix31_##isa, "", BW_MIX_FIRST, BW_ADDQ, BW_YES)    \
	BW_STREAMS_FN(bw_mix21_##isa, "", BW_MIX_FIRST, BW_ADDQ, BW_NO)     \
	BW_STREAMS_FN(bw_triad_##isa, BW_SPLAT4, BW_TRIAD_FIRST, BW_ADDPD,  \
		      BW_NO)

#endif
