/* AArch64 bandwidth kernels with Advanced SIMD (NEON) 128-bit q
 * registers: read, write, non-temporal write (STNP), copy and its
 * non-temporal twin, the read/write mixes and triad, and a DC ZVA
 * zeroing write. Every AArch64 core has these instructions; this file
 * needs no -march flag. Calling shape and return values are
 * kernels/bw.h's (bw_fn), the requirements too: bytes a multiple of 64,
 * buffers 64-byte aligned, streams not overlapping.
 *
 * The loops are inline asm so the timed instructions are exactly these:
 * - Accesses are LDP/STP of q-register pairs (32 bytes an instruction):
 *   the widest plain access NEON has, and the pair form halves the
 *   instruction count the front end must decode (a Neoverse N1 decodes 4
 *   a cycle and loads 32 bytes a cycle, so single 16-byte loads plus the
 *   adds would be front-end bound at the L1).
 * - Every access is base + immediate offset from one pointer a stream,
 *   bumped once an iteration: no register-offset forms (they cost an
 *   extra cycle of address generation on several Arm cores) and no
 *   write-back in the unrolled loops (a write-back makes each access
 *   wait for the previous one's pointer).
 * - One iteration moves 256 bytes (four 64-byte lines) of each kind of
 *   access; sizes that are not a multiple finish with a tail loop of
 *   single pairs (at most seven a pass).
 * - The repeat loop is inside the asm statement, so the vector registers
 *   never leave the asm between passes; the loop ends on one backward
 *   conditional branch (cmp + b.lo) whose target is 64-byte aligned, a
 *   fetch block on every current Arm core.
 * - v8..v15's low halves are callee-saved in the AAPCS64: they are
 *   listed as clobbered, so the compiler saves them outside the asm. */
#include "bw_arm.h"

/* The v registers an asm statement may write, as clobbers. */
#define ARM_V0_15 "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", \
	"v9", "v10", "v11", "v12", "v13", "v14", "v15"

/* read: four streams. The buffer's first 4q bytes (q = bytes / 256 * 64)
 * are read as four quarters side by side, one 64-byte line of each an
 * iteration (two LDPs), one pointer a quarter, as bw_avx2.c's read does:
 * one sequential stream leaves a core's prefetchers short of the lines in
 * flight its peak needs. Sixteen q registers are loaded an iteration and
 * added into eight accumulators (v16..v23, two adds each), so no add
 * waits for more than its own load and one add before it; the sum makes
 * the result checkable (bw.h's return value). Sixteen vector adds per
 * 256 bytes keep pace with two 16-byte loads a cycle on cores with two
 * SIMD pipes (N1) and leave room on wider ones (V1, V2). The last bytes
 * (fewer than 256) go through a tail loop of single LDPs into v16, v17. */
uint64_t bw_read_neon(void *dst, const void *src, uint64_t bytes,
		      uint64_t repeats)
{
	uint64_t q = bytes / 256 * 64;
	const uint8_t *s0 = src;
	const uint8_t *q_end = s0 + q, *end = s0 + bytes;
	const uint8_t *p0, *p1, *p2, *p3;
	uint64_t r = repeats, sum;

	(void)dst;
	__asm__ volatile(
		".irp k,16,17,18,19,20,21,22,23\n\t"
		"movi v\\k\\().2d, #0\n\t"
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
		"ldp q0, q1, [%[p0]]\n\t"
		"ldp q2, q3, [%[p0], #32]\n\t"
		"ldp q4, q5, [%[p1]]\n\t"
		"ldp q6, q7, [%[p1], #32]\n\t"
		"ldp q8, q9, [%[p2]]\n\t"
		"ldp q10, q11, [%[p2], #32]\n\t"
		"ldp q12, q13, [%[p3]]\n\t"
		"ldp q14, q15, [%[p3], #32]\n\t"
		"add v16.2d, v16.2d, v0.2d\n\t"
		"add v17.2d, v17.2d, v1.2d\n\t"
		"add v18.2d, v18.2d, v2.2d\n\t"
		"add v19.2d, v19.2d, v3.2d\n\t"
		"add v20.2d, v20.2d, v4.2d\n\t"
		"add v21.2d, v21.2d, v5.2d\n\t"
		"add v22.2d, v22.2d, v6.2d\n\t"
		"add v23.2d, v23.2d, v7.2d\n\t"
		"add v16.2d, v16.2d, v8.2d\n\t"
		"add v17.2d, v17.2d, v9.2d\n\t"
		"add v18.2d, v18.2d, v10.2d\n\t"
		"add v19.2d, v19.2d, v11.2d\n\t"
		"add v20.2d, v20.2d, v12.2d\n\t"
		"add v21.2d, v21.2d, v13.2d\n\t"
		"add v22.2d, v22.2d, v14.2d\n\t"
		"add v23.2d, v23.2d, v15.2d\n\t"
		"add %[p0], %[p0], #64\n\t"
		"add %[p1], %[p1], #64\n\t"
		"add %[p2], %[p2], #64\n\t"
		"add %[p3], %[p3], #64\n\t"
		"cmp %[p0], %[q_end]\n\t"
		"b.lo 1b\n\t"
		"mov %[p0], %[p3]\n" /* tail: after quarter 4 */
		"2:\n\t"
		"cmp %[p0], %[end]\n\t"
		"b.hs 4f\n"
		"3:\n\t"
		"ldp q0, q1, [%[p0]], #32\n\t"
		"add v16.2d, v16.2d, v0.2d\n\t"
		"add v17.2d, v17.2d, v1.2d\n\t"
		"cmp %[p0], %[end]\n\t"
		"b.lo 3b\n"
		"4:\n\t"
		BW_ARM_REPEAT_END
		"add v16.2d, v16.2d, v17.2d\n\t"
		"add v18.2d, v18.2d, v19.2d\n\t"
		"add v20.2d, v20.2d, v21.2d\n\t"
		"add v22.2d, v22.2d, v23.2d\n\t"
		"add v16.2d, v16.2d, v18.2d\n\t"
		"add v20.2d, v20.2d, v22.2d\n\t"
		"add v16.2d, v16.2d, v20.2d\n\t"
		"addp d16, v16.2d\n\t"
		"fmov %[sum], d16"
		: [p0] "=&r"(p0), [p1] "=&r"(p1), [p2] "=&r"(p2),
		  [p3] "=&r"(p3), [r] "+&r"(r), [sum] "=r"(sum)
		: [src] "r"(src), [q] "r"(q), [q_end] "r"(q_end),
		  [end] "r"(end)
		: "cc", "memory", ARM_V0_15, "v16", "v17", "v18", "v19",
		  "v20", "v21", "v22", "v23");
	return sum;
}

/* write and ntwrite: eight pair stores of q0:q1 (the pattern) a 256-byte
 * block. `store` is STP (through the caches: the line is read for
 * ownership or allocated) or STNP (a hint that the data will not be
 * reused soon: Neoverse cores stream such full-line writes to memory
 * without allocating in L1/L2, the nearest Arm has to x86's movnt).
 * `fence` is empty or `dsb ishst`: it waits until every store of the
 * last pass has completed, so the caller's timer read after return
 * counts the stores still draining (non-temporal ones may wait in a
 * write buffer well after the loop ends). Returns one past the last
 * byte written. */
#define ARM_STORE_FN(name, store, fence)                                    \
	uint64_t name(void *dst, const void *src, uint64_t bytes,           \
		      uint64_t repeats)                                     \
	{                                                                   \
		uint8_t *blocks_end = (uint8_t *)dst + (bytes & ~255ull);   \
		uint8_t *end = (uint8_t *)dst + bytes, *p = dst;            \
		uint64_t pattern = BW_PATTERN, r = repeats;                 \
                                                                            \
		(void)src;                                                  \
		__asm__ volatile(                                           \
			"dup v0.2d, %[pattern]\n\t"                         \
			"mov v1.16b, v0.16b\n\t"                            \
			BW_ARM_REPEAT_BEGIN                                 \
			"mov %[p], %[dst]\n\t"                              \
			"cmp %[p], %[blocks_end]\n\t"                       \
			"b.hs 2f\n\t"                                       \
			".p2align 6\n"                                      \
			"1:\n\t"                                            \
			".irp k,0,32,64,96,128,160,192,224\n\t"             \
			store " q0, q1, [%[p], #\\k]\n\t"                   \
			".endr\n\t"                                         \
			"add %[p], %[p], #256\n\t"                          \
			"cmp %[p], %[blocks_end]\n\t"                       \
			"b.lo 1b\n"                                         \
			"2:\n\t"                                            \
			"cmp %[p], %[end]\n\t"                              \
			"b.hs 4f\n"                                         \
			"3:\n\t"                                            \
			store " q0, q1, [%[p]]\n\t"                         \
			"add %[p], %[p], #32\n\t"                           \
			"cmp %[p], %[end]\n\t"                              \
			"b.lo 3b\n"                                         \
			"4:\n\t"                                            \
			BW_ARM_REPEAT_END                                   \
			fence                                               \
			: [p] "+&r"(p), [r] "+&r"(r)                        \
			: [dst] "r"(dst), [blocks_end] "r"(blocks_end),     \
			  [end] "r"(end), [pattern] "r"(pattern)            \
			: "cc", "memory", "v0", "v1");                      \
		return (uint64_t)(uintptr_t)p;                              \
	}

ARM_STORE_FN(bw_write_neon, "stp", "")
ARM_STORE_FN(bw_ntwrite_neon, "stnp", "dsb ishst")

/* copy and ntcopy: a block's eight LDPs (q0..q15, 256 bytes) issue before
 * its eight stores, so four lines of src are requested together; src and
 * dst get a pointer each. `store` and `fence` as for write: STNP writes
 * dst without allocating it, so its line is not read for ownership first
 * (a cached store reads it, then writes it back: three transfers for the
 * two a copy counts). Returns the last word copied, or 0 when nothing
 * was. */
#define ARM_COPY_FN(name, store, fence)                                     \
	uint64_t name(void *dst, const void *src, uint64_t bytes,           \
		      uint64_t repeats)                                     \
	{                                                                   \
		const uint8_t *blocks_end = (const uint8_t *)src +          \
			(bytes & ~255ull);                                  \
		const uint8_t *end = (const uint8_t *)src + bytes;          \
		const uint8_t *s;                                           \
		uint8_t *d;                                                 \
		uint64_t r = repeats;                                       \
                                                                            \
		__asm__ volatile(                                           \
			BW_ARM_REPEAT_BEGIN                                 \
			"mov %[s], %[src]\n\t"                              \
			"mov %[d], %[dst]\n\t"                              \
			"cmp %[s], %[blocks_end]\n\t"                       \
			"b.hs 2f\n\t"                                       \
			".p2align 6\n"                                      \
			"1:\n\t"                                            \
			"ldp q0, q1, [%[s]]\n\t"                            \
			"ldp q2, q3, [%[s], #32]\n\t"                       \
			"ldp q4, q5, [%[s], #64]\n\t"                       \
			"ldp q6, q7, [%[s], #96]\n\t"                       \
			"ldp q8, q9, [%[s], #128]\n\t"                      \
			"ldp q10, q11, [%[s], #160]\n\t"                    \
			"ldp q12, q13, [%[s], #192]\n\t"                    \
			"ldp q14, q15, [%[s], #224]\n\t"                    \
			store " q0, q1, [%[d]]\n\t"                         \
			store " q2, q3, [%[d], #32]\n\t"                    \
			store " q4, q5, [%[d], #64]\n\t"                    \
			store " q6, q7, [%[d], #96]\n\t"                    \
			store " q8, q9, [%[d], #128]\n\t"                   \
			store " q10, q11, [%[d], #160]\n\t"                 \
			store " q12, q13, [%[d], #192]\n\t"                 \
			store " q14, q15, [%[d], #224]\n\t"                 \
			"add %[s], %[s], #256\n\t"                          \
			"add %[d], %[d], #256\n\t"                          \
			"cmp %[s], %[blocks_end]\n\t"                       \
			"b.lo 1b\n"                                         \
			"2:\n\t"                                            \
			"cmp %[s], %[end]\n\t"                              \
			"b.hs 4f\n"                                         \
			"3:\n\t"                                            \
			"ldp q0, q1, [%[s]]\n\t"                            \
			store " q0, q1, [%[d]]\n\t"                         \
			"add %[s], %[s], #32\n\t"                           \
			"add %[d], %[d], #32\n\t"                           \
			"cmp %[s], %[end]\n\t"                              \
			"b.lo 3b\n"                                         \
			"4:\n\t"                                            \
			BW_ARM_REPEAT_END                                   \
			fence                                               \
			: [s] "=&r"(s), [d] "=&r"(d), [r] "+&r"(r)          \
			: [src] "r"(src), [dst] "r"(dst),                   \
			  [blocks_end] "r"(blocks_end), [end] "r"(end)      \
			: "cc", "memory", ARM_V0_15);                       \
		return bw_arm_last_word(dst, bytes, repeats);               \
	}

ARM_COPY_FN(bw_copy_neon, "stp", "")
ARM_COPY_FN(bw_ntcopy_neon, "stnp", "dsb ishst")

/* The mixes and triad, as kernels/bw.h and bw_asm.h define them: read
 * streams a, b (, c) of `bytes` each side by side from src, one write
 * stream d at dst, cached stores:
 *   mix31  d[i] = a[i] + b[i] + c[i]   (64-bit words)
 *   mix21  d[i] = a[i] + b[i]          (STREAM's Add)
 *   triad  d[i] = b[i] + 3.0 * a[i]    (doubles: FMUL then FADD, two
 *          roundings, as the x86 kernels; FMLA would round once)
 * One 64-byte line of each stream an iteration (two LDPs each: a into
 * v0..v3, b into v10..v13, c into v20..v23), so every iteration is whole
 * lines and, bytes being a multiple of 64, no tail loop is needed. The
 * stored value depends on every load, so the stores cannot run ahead of
 * the reads. `first` computes v\k from a (triad multiplies by v31, 3.0),
 * `then(r)` folds in stream r's v register; `third` is empty for two
 * streams. Returns the last word stored, or 0. */
#define ARM_MIX_FIRST ""
#define ARM_TRIAD_FIRST "fmul v\\k\\().2d, v\\k\\().2d, v31.2d\n\t"
#define ARM_ADDQ(r) "add v\\k\\().2d, v\\k\\().2d, v" r "\\k\\().2d\n\t"
#define ARM_ADDPD(r) "fadd v\\k\\().2d, v\\k\\().2d, v" r "\\k\\().2d\n\t"
#define ARM_YES(x) x
#define ARM_NO(x)

#define ARM_STREAMS_FN(name, setup, first, then, third)                     \
	uint64_t name(void *dst, const void *src, uint64_t bytes,           \
		      uint64_t repeats)                                     \
	{                                                                   \
		const uint8_t *a0 = src, *end = a0 + bytes, *a, *b, *c;     \
		uint8_t *d;                                                 \
		uint64_t r = repeats;                                       \
                                                                            \
		__asm__ volatile(                                           \
			setup                                               \
			BW_ARM_REPEAT_BEGIN                                 \
			"mov %[a], %[src]\n\t"                              \
			"add %[b], %[a], %[n]\n\t"                          \
			"add %[c], %[b], %[n]\n\t"                          \
			"mov %[d], %[dst]\n\t"                              \
			"cmp %[a], %[end]\n\t"                              \
			"b.hs 4f\n\t"                                       \
			".p2align 6\n"                                      \
			"1:\n\t"                                            \
			"ldp q0, q1, [%[a]]\n\t"                            \
			"ldp q2, q3, [%[a], #32]\n\t"                       \
			"ldp q10, q11, [%[b]]\n\t"                          \
			"ldp q12, q13, [%[b], #32]\n\t"                     \
			third("ldp q20, q21, [%[c]]\n\t"                    \
			      "ldp q22, q23, [%[c], #32]\n\t")              \
			".irp k,0,1,2,3\n\t"                                \
			first                                               \
			then("1")                                           \
			third(then("2"))                                    \
			".endr\n\t"                                         \
			"stp q0, q1, [%[d]]\n\t"                            \
			"stp q2, q3, [%[d], #32]\n\t"                       \
			"add %[a], %[a], #64\n\t"                           \
			"add %[b], %[b], #64\n\t"                           \
			third("add %[c], %[c], #64\n\t")                    \
			"add %[d], %[d], #64\n\t"                           \
			"cmp %[a], %[end]\n\t"                              \
			"b.lo 1b\n"                                         \
			"4:\n\t"                                            \
			BW_ARM_REPEAT_END                                   \
			: [a] "=&r"(a), [b] "=&r"(b), [c] "=&r"(c),         \
			  [d] "=&r"(d), [r] "+&r"(r)                        \
			: [src] "r"(src), [dst] "r"(dst), [n] "r"(bytes),   \
			  [end] "r"(end)                                    \
			: "cc", "memory", "v0", "v1", "v2", "v3", "v10",    \
			  "v11", "v12", "v13", "v20", "v21", "v22", "v23",  \
			  "v31");                                           \
		return bw_arm_last_word(dst, bytes, repeats);               \
	}

ARM_STREAMS_FN(bw_mix31_neon, "", ARM_MIX_FIRST, ARM_ADDQ, ARM_YES)
ARM_STREAMS_FN(bw_mix21_neon, "", ARM_MIX_FIRST, ARM_ADDQ, ARM_NO)
ARM_STREAMS_FN(bw_triad_neon, "fmov v31.2d, #3.0\n\t", ARM_TRIAD_FIRST,
	       ARM_ADDPD, ARM_NO)

uint64_t bw_zva_block_bytes(void)
{
	uint64_t dczid;

	/* DCZID_EL0 is readable at EL0 and above (Arm ARM D19.2): bit 4
	 * DZP prohibits DC ZVA, bits 3:0 are log2 of the block in words. */
	__asm__ volatile("mrs %0, dczid_el0" : "=r"(dczid));
	if (dczid & 16)
		return 0;
	return 4ull << (dczid & 15);
}

/* zva: writes zeros with DC ZVA, one instruction a block of
 * bw_zva_block_bytes() (64 bytes on Neoverse and Ampere cores, 256 on
 * A64FX). DC ZVA makes a whole block zero without reading it first: the
 * write without a read for ownership that ntwrite is for on x86, though
 * the lines are allocated in the cache (zeros are what the OS's page
 * clearing and many memsets write, so this is a rate a real program
 * gets). DC ZVA zeroes the aligned block holding its address, so the
 * bytes from dst up to the first block boundary, and after the last
 * whole block, are written with STP of xzr (at most a block less 64 each
 * side, outside the main loop). The main loop is four DC ZVA a
 * iteration at one pointer bumped by the block size each time (DC takes
 * only a register address), then cmp + b.lo. `dsb ishst` after the last
 * pass as for ntwrite. Returns one past the last byte written, or 0 when
 * DCZID_EL0 prohibits DC ZVA (nothing written: the caller checks
 * bw_zva_block_bytes first). */
uint64_t bw_zva_neon(void *dst, const void *src, uint64_t bytes,
		     uint64_t repeats)
{
	uint64_t blk = bw_zva_block_bytes();
	uintptr_t d = (uintptr_t)dst, e = d + bytes;
	uintptr_t body, body_end, body4_end;
	uint8_t *p = dst;
	uint64_t r = repeats;

	(void)src;
	if (!blk)
		return 0;
	body = (d + blk - 1) & ~(uintptr_t)(blk - 1);
	body_end = e & ~(uintptr_t)(blk - 1);
	if (body > e || body_end < body)
		body = body_end = e;	/* no whole block: STPs only */
	body4_end = body + (body_end - body) / (4 * blk) * (4 * blk);
	__asm__ volatile(
		BW_ARM_REPEAT_BEGIN
		"mov %[p], %[dst]\n\t"
		"cmp %[p], %[body]\n\t"
		"b.hs 2f\n"
		"1:\n\t"
		"stp xzr, xzr, [%[p]], #16\n\t"
		"cmp %[p], %[body]\n\t"
		"b.lo 1b\n"
		"2:\n\t"
		"cmp %[p], %[body4_end]\n\t"
		"b.hs 4f\n\t"
		".p2align 6\n"
		"3:\n\t"
		".rept 4\n\t"
		"dc zva, %[p]\n\t"
		"add %[p], %[p], %[blk]\n\t"
		".endr\n\t"
		"cmp %[p], %[body4_end]\n\t"
		"b.lo 3b\n"
		"4:\n\t"
		"cmp %[p], %[body_end]\n\t"
		"b.hs 6f\n"
		"5:\n\t"
		"dc zva, %[p]\n\t"
		"add %[p], %[p], %[blk]\n\t"
		"cmp %[p], %[body_end]\n\t"
		"b.lo 5b\n"
		"6:\n\t"
		"cmp %[p], %[end]\n\t"
		"b.hs 8f\n"
		"7:\n\t"
		"stp xzr, xzr, [%[p]], #16\n\t"
		"cmp %[p], %[end]\n\t"
		"b.lo 7b\n"
		"8:\n\t"
		BW_ARM_REPEAT_END
		"dsb ishst"
		: [p] "+&r"(p), [r] "+&r"(r)
		: [dst] "r"(dst), [body] "r"(body), [body4_end] "r"(body4_end),
		  [body_end] "r"(body_end), [end] "r"(e), [blk] "r"(blk)
		: "cc", "memory");
	return (uint64_t)(uintptr_t)p;
}
