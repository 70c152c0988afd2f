/* AArch64 bandwidth kernels with SVE, at the vector length the cpu runs
 * (read at run time with CNTB: 16 bytes on Neoverse N2, V2 and Grace, 32
 * on V1 and Graviton 3, 64 on A64FX). This file alone is built with
 * -march=armv8.2-a+sve; the caller runs a kernel only where SVE is
 * present and enabled. Calling shape, requirements and return values are
 * kernels/bw.h's, the operations those of bw_neon.c.
 *
 * Why the loops have their shape (bw_neon.c's header says the rest):
 * - Accesses are LD1D/ST1D (STNT1D) of whole vectors under an all-true
 *   predicate, at base + `#k, mul vl`: the immediate form, one pointer a
 *   stream, bumped once an iteration with ADDVL (no register-offset
 *   addressing in the timed loop).
 * - The unrolled loop moves a whole number of vectors; the rest of a
 *   pass (fewer than one iteration's bytes) is a tail loop of single
 *   vectors under WHILELO predicates on the word index, the SVE way to
 *   finish a loop whatever the vector length: no scalar tail, and no
 *   access past the buffer at any length.
 * - The iteration's size is fixed in vectors, not bytes: at 16 bytes a
 *   vector it is the NEON loop's 256 bytes; at 64 (A64FX) four times
 *   that, still few enough lines in flight for any core. */
#include "bw_arm.h"

#define SVE_Z0_15 "z0", "z1", "z2", "z3", "z4", "z5", "z6", "z7", "z8", \
	"z9", "z10", "z11", "z12", "z13", "z14", "z15"

uint64_t bw_sve_vector_bytes(void)
{
	uint64_t vl;

	__asm__ volatile("cntb %0" : "=r"(vl));
	return vl;
}

/* The predicated tail over words [i, n) of one stream: `body` is the
 * access (or accesses) at word i under p1, `i` a register. */
#define SVE_TAIL(body)                                                      \
	"whilelo p1.d, %[i], %[n]\n\t"                                      \
	"b.none 4f\n"                                                       \
	"3:\n\t"                                                            \
	body                                                                \
	"incd %[i]\n\t"                                                     \
	"whilelo p1.d, %[i], %[n]\n\t"                                      \
	"b.first 3b\n"                                                      \
	"4:\n\t"

/* read: four streams, as bw_neon.c's read: four vectors of each quarter
 * an iteration (sixteen LD1D into z0..z15), each added into one of eight
 * accumulators z16..z23 (two adds each an iteration). The first 4q bytes
 * are the quarters (q a multiple of four vectors); the rest is the
 * predicated tail, into z16. UADDV folds the sum at the end. */
uint64_t bw_read_sve(void *dst, const void *src, uint64_t bytes,
		     uint64_t repeats)
{
	uint64_t vl = bw_sve_vector_bytes();
	uint64_t q = bytes / (16 * vl) * (4 * vl);
	const uint8_t *s0 = src, *q_end = s0 + q;
	const uint8_t *p0, *p1, *p2, *p3;
	uint64_t r = repeats, sum, i, i0 = 4 * q / 8, n = bytes / 8;

	(void)dst;
	__asm__ volatile(
		"ptrue p0.d\n\t"
		".irp k,16,17,18,19,20,21,22,23\n\t"
		"mov z\\k\\().d, #0\n\t"
		".endr\n\t"
		BW_ARM_REPEAT_BEGIN
		"mov %[p0], %[src]\n\t"
		"cmp %[p0], %[q_end]\n\t"
		"b.hs 2f\n\t"
		"add %[p1], %[p0], %[q]\n\t"
		"add %[p2], %[p1], %[q]\n\t"
		"add %[p3], %[p2], %[q]\n\t"
		".p2align 6\n"
		"1:\n\t"
		"ld1d {z0.d}, p0/z, [%[p0]]\n\t"
		"ld1d {z1.d}, p0/z, [%[p0], #1, mul vl]\n\t"
		"ld1d {z2.d}, p0/z, [%[p0], #2, mul vl]\n\t"
		"ld1d {z3.d}, p0/z, [%[p0], #3, mul vl]\n\t"
		"ld1d {z4.d}, p0/z, [%[p1]]\n\t"
		"ld1d {z5.d}, p0/z, [%[p1], #1, mul vl]\n\t"
		"ld1d {z6.d}, p0/z, [%[p1], #2, mul vl]\n\t"
		"ld1d {z7.d}, p0/z, [%[p1], #3, mul vl]\n\t"
		"ld1d {z8.d}, p0/z, [%[p2]]\n\t"
		"ld1d {z9.d}, p0/z, [%[p2], #1, mul vl]\n\t"
		"ld1d {z10.d}, p0/z, [%[p2], #2, mul vl]\n\t"
		"ld1d {z11.d}, p0/z, [%[p2], #3, mul vl]\n\t"
		"ld1d {z12.d}, p0/z, [%[p3]]\n\t"
		"ld1d {z13.d}, p0/z, [%[p3], #1, mul vl]\n\t"
		"ld1d {z14.d}, p0/z, [%[p3], #2, mul vl]\n\t"
		"ld1d {z15.d}, p0/z, [%[p3], #3, mul vl]\n\t"
		"add z16.d, z16.d, z0.d\n\t"
		"add z17.d, z17.d, z1.d\n\t"
		"add z18.d, z18.d, z2.d\n\t"
		"add z19.d, z19.d, z3.d\n\t"
		"add z20.d, z20.d, z4.d\n\t"
		"add z21.d, z21.d, z5.d\n\t"
		"add z22.d, z22.d, z6.d\n\t"
		"add z23.d, z23.d, z7.d\n\t"
		"add z16.d, z16.d, z8.d\n\t"
		"add z17.d, z17.d, z9.d\n\t"
		"add z18.d, z18.d, z10.d\n\t"
		"add z19.d, z19.d, z11.d\n\t"
		"add z20.d, z20.d, z12.d\n\t"
		"add z21.d, z21.d, z13.d\n\t"
		"add z22.d, z22.d, z14.d\n\t"
		"add z23.d, z23.d, z15.d\n\t"
		"addvl %[p0], %[p0], #4\n\t"
		"addvl %[p1], %[p1], #4\n\t"
		"addvl %[p2], %[p2], #4\n\t"
		"addvl %[p3], %[p3], #4\n\t"
		"cmp %[p0], %[q_end]\n\t"
		"b.lo 1b\n"
		"2:\n\t"
		"mov %[i], %[i0]\n\t"
		SVE_TAIL("ld1d {z0.d}, p1/z, [%[src], %[i], lsl #3]\n\t"
			 "add z16.d, z16.d, z0.d\n\t")
		BW_ARM_REPEAT_END
		"add z16.d, z16.d, z17.d\n\t"
		"add z18.d, z18.d, z19.d\n\t"
		"add z20.d, z20.d, z21.d\n\t"
		"add z22.d, z22.d, z23.d\n\t"
		"add z16.d, z16.d, z18.d\n\t"
		"add z20.d, z20.d, z22.d\n\t"
		"add z16.d, z16.d, z20.d\n\t"
		"uaddv d16, p0, z16.d\n\t"
		"fmov %[sum], d16"
		: [p0] "=&r"(p0), [p1] "=&r"(p1), [p2] "=&r"(p2),
		  [p3] "=&r"(p3), [r] "+&r"(r), [sum] "=r"(sum), [i] "=&r"(i)
		: [src] "r"(src), [q] "r"(q), [q_end] "r"(q_end),
		  [i0] "r"(i0), [n] "r"(n)
		: "cc", "memory", SVE_Z0_15, "z16", "z17", "z18", "z19",
		  "z20", "z21", "z22", "z23", "p0", "p1");
	return sum;
}

/* write and ntwrite: eight vector stores of z0 (the pattern) an
 * iteration. `store` is ST1D or STNT1D (the non-temporal hint, as
 * bw_neon.c's STNP); `fence` empty or `dsb ishst` (bw_neon.c says why).
 * Returns dst + bytes. */
#define SVE_STORE_FN(name, store, fence)                                    \
	uint64_t name(void *dst, const void *src, uint64_t bytes,           \
		      uint64_t repeats)                                     \
	{                                                                   \
		uint64_t vl = bw_sve_vector_bytes();                        \
		uint8_t *blocks_end = (uint8_t *)dst +                      \
			bytes / (8 * vl) * (8 * vl);                        \
		uint64_t pattern = BW_PATTERN, r = repeats, i;              \
		uint64_t i0 = (uint64_t)(blocks_end - (uint8_t *)dst) / 8;  \
		uint64_t n = bytes / 8;                                     \
		uint8_t *p;                                                 \
                                                                            \
		(void)src;                                                  \
		__asm__ volatile(                                           \
			"ptrue p0.d\n\t"                                    \
			"mov z0.d, %[pattern]\n\t"                          \
			BW_ARM_REPEAT_BEGIN                                 \
			"mov %[p], %[dst]\n\t"                              \
			"cmp %[p], %[blocks_end]\n\t"                       \
			"b.hs 2f\n\t"                                       \
			".p2align 6\n"                                      \
			"1:\n\t"                                            \
			".irp k,0,1,2,3,4,5,6,7\n\t"                        \
			store " {z0.d}, p0, [%[p], #\\k, mul vl]\n\t"       \
			".endr\n\t"                                         \
			"addvl %[p], %[p], #8\n\t"                          \
			"cmp %[p], %[blocks_end]\n\t"                       \
			"b.lo 1b\n"                                         \
			"2:\n\t"                                            \
			"mov %[i], %[i0]\n\t"                               \
			SVE_TAIL(store " {z0.d}, p1, [%[dst], %[i], "       \
				 "lsl #3]\n\t")                             \
			BW_ARM_REPEAT_END                                   \
			fence                                               \
			: [p] "=&r"(p), [r] "+&r"(r), [i] "=&r"(i)          \
			: [dst] "r"(dst), [blocks_end] "r"(blocks_end),     \
			  [i0] "r"(i0), [n] "r"(n), [pattern] "r"(pattern)  \
			: "cc", "memory", "z0", "p0", "p1");                \
		return repeats ? (uint64_t)(uintptr_t)dst + bytes           \
			       : (uint64_t)(uintptr_t)dst;                  \
	}

SVE_STORE_FN(bw_write_sve, "st1d", "")
SVE_STORE_FN(bw_ntwrite_sve, "stnt1d", "dsb ishst")

/* copy and ntcopy: eight LD1D (z0..z7) then eight stores an iteration,
 * a pointer each for src and dst; the tail copies one predicated vector
 * at a time. Returns the last word copied, or 0. */
#define SVE_COPY_FN(name, store, fence)                                     \
	uint64_t name(void *dst, const void *src, uint64_t bytes,           \
		      uint64_t repeats)                                     \
	{                                                                   \
		uint64_t vl = bw_sve_vector_bytes();                        \
		uint64_t blocks = bytes / (8 * vl) * (8 * vl);              \
		const uint8_t *blocks_end = (const uint8_t *)src + blocks;  \
		const uint8_t *s;                                           \
		uint8_t *d;                                                 \
		uint64_t r = repeats, i, i0 = blocks / 8, n = bytes / 8;    \
                                                                            \
		__asm__ volatile(                                           \
			"ptrue p0.d\n\t"                                    \
			BW_ARM_REPEAT_BEGIN                                 \
			"mov %[s], %[src]\n\t"                              \
			"mov %[d], %[dst]\n\t"                              \
			"cmp %[s], %[blocks_end]\n\t"                       \
			"b.hs 2f\n\t"                                       \
			".p2align 6\n"                                      \
			"1:\n\t"                                            \
			".irp k,0,1,2,3,4,5,6,7\n\t"                        \
			"ld1d {z\\k\\().d}, p0/z, [%[s], #\\k, mul vl]\n\t" \
			".endr\n\t"                                         \
			".irp k,0,1,2,3,4,5,6,7\n\t"                        \
			store " {z\\k\\().d}, p0, [%[d], #\\k, mul vl]\n\t" \
			".endr\n\t"                                         \
			"addvl %[s], %[s], #8\n\t"                          \
			"addvl %[d], %[d], #8\n\t"                          \
			"cmp %[s], %[blocks_end]\n\t"                       \
			"b.lo 1b\n"                                         \
			"2:\n\t"                                            \
			"mov %[i], %[i0]\n\t"                               \
			SVE_TAIL("ld1d {z0.d}, p1/z, [%[src], %[i], "       \
				 "lsl #3]\n\t"                              \
				 store " {z0.d}, p1, [%[dst], %[i], "       \
				 "lsl #3]\n\t")                             \
			BW_ARM_REPEAT_END                                   \
			fence                                               \
			: [s] "=&r"(s), [d] "=&r"(d), [r] "+&r"(r),         \
			  [i] "=&r"(i)                                      \
			: [src] "r"(src), [dst] "r"(dst),                   \
			  [blocks_end] "r"(blocks_end), [i0] "r"(i0),       \
			  [n] "r"(n)                                        \
			: "cc", "memory", "z0", "z1", "z2", "z3", "z4",     \
			  "z5", "z6", "z7", "p0", "p1");                    \
		return bw_arm_last_word(dst, bytes, repeats);               \
	}

SVE_COPY_FN(bw_copy_sve, "st1d", "")
SVE_COPY_FN(bw_ntcopy_sve, "stnt1d", "dsb ishst")

/* The mixes and triad (bw_neon.c defines them): four vectors of each
 * stream an iteration, a into z0..z3, b into z10..z13, c into z20..z23;
 * `first` works on a (triad: FMUL by z31, 3.0), `then(r)` folds stream
 * r in; the tail does the same one predicated vector at a time in z0,
 * z10, z20 with word-indexed addressing. Returns the last word stored,
 * or 0. */
#define SVE_MIX_FIRST(k) ""
#define SVE_TRIAD_FIRST(k) "fmul z" k ".d, z" k ".d, z31.d\n\t"
#define SVE_ADDQ(k, r) "add z" k ".d, z" k ".d, z" r k ".d\n\t"
#define SVE_ADDPD(k, r) "fadd z" k ".d, z" k ".d, z" r k ".d\n\t"
#define SVE_YES(x) x
#define SVE_NO(x)

#define SVE_STREAMS_FN(name, setup, first, then, third)                     \
	uint64_t name(void *dst, const void *src, uint64_t bytes,           \
		      uint64_t repeats)                                     \
	{                                                                   \
		uint64_t vl = bw_sve_vector_bytes();                        \
		uint64_t blocks = bytes / (4 * vl) * (4 * vl);              \
		const uint8_t *a0 = src, *blocks_end = a0 + blocks;         \
		const uint8_t *a, *b, *c, *b0 = a0 + bytes,                 \
				      *c0 = b0 + bytes;                     \
		uint8_t *d;                                                 \
		uint64_t r = repeats, i, i0 = blocks / 8, n = bytes / 8;    \
                                                                            \
		__asm__ volatile(                                           \
			"ptrue p0.d\n\t"                                    \
			setup                                               \
			BW_ARM_REPEAT_BEGIN                                 \
			"mov %[a], %[a0]\n\t"                               \
			"mov %[b], %[b0]\n\t"                               \
			"mov %[c], %[c0]\n\t"                               \
			"mov %[d], %[dst]\n\t"                              \
			"cmp %[a], %[blocks_end]\n\t"                       \
			"b.hs 2f\n\t"                                       \
			".p2align 6\n"                                      \
			"1:\n\t"                                            \
			".irp k,0,1,2,3\n\t"                                \
			"ld1d {z\\k\\().d}, p0/z, [%[a], #\\k, mul vl]\n\t" \
			"ld1d {z1\\k\\().d}, p0/z, [%[b], #\\k, mul vl]\n\t" \
			third("ld1d {z2\\k\\().d}, p0/z, "                  \
			      "[%[c], #\\k, mul vl]\n\t")                   \
			first("\\k\\()")                                    \
			then("\\k\\()", "1")                                \
			third(then("\\k\\()", "2"))                         \
			"st1d {z\\k\\().d}, p0, [%[d], #\\k, mul vl]\n\t"   \
			".endr\n\t"                                         \
			"addvl %[a], %[a], #4\n\t"                          \
			"addvl %[b], %[b], #4\n\t"                          \
			third("addvl %[c], %[c], #4\n\t")                   \
			"addvl %[d], %[d], #4\n\t"                          \
			"cmp %[a], %[blocks_end]\n\t"                       \
			"b.lo 1b\n"                                         \
			"2:\n\t"                                            \
			"mov %[i], %[i0]\n\t"                               \
			SVE_TAIL("ld1d {z0.d}, p1/z, [%[a0], %[i], lsl #3]\n\t" \
				 "ld1d {z10.d}, p1/z, [%[b0], %[i], "       \
				 "lsl #3]\n\t"                              \
				 third("ld1d {z20.d}, p1/z, [%[c0], %[i], " \
				       "lsl #3]\n\t")                       \
				 first("0")                                 \
				 then("0", "1")                             \
				 third(then("0", "2"))                      \
				 "st1d {z0.d}, p1, [%[dst], %[i], lsl #3]\n\t") \
			BW_ARM_REPEAT_END                                   \
			: [a] "=&r"(a), [b] "=&r"(b), [c] "=&r"(c),         \
			  [d] "=&r"(d), [r] "+&r"(r), [i] "=&r"(i)          \
			: [a0] "r"(a0), [b0] "r"(b0), [c0] "r"(c0),         \
			  [dst] "r"(dst), [blocks_end] "r"(blocks_end),     \
			  [i0] "r"(i0), [n] "r"(n)                          \
			: "cc", "memory", "z0", "z1", "z2", "z3", "z10",    \
			  "z11", "z12", "z13", "z20", "z21", "z22", "z23",  \
			  "z31", "p0", "p1");                               \
		return bw_arm_last_word(dst, bytes, repeats);               \
	}

SVE_STREAMS_FN(bw_mix31_sve, "", SVE_MIX_FIRST, SVE_ADDQ, SVE_YES)
SVE_STREAMS_FN(bw_mix21_sve, "", SVE_MIX_FIRST, SVE_ADDQ, SVE_NO)
SVE_STREAMS_FN(bw_triad_sve, "fmov z31.d, #3.0\n\t", SVE_TRIAD_FIRST,
	       SVE_ADDPD, SVE_NO)
