/* Bandwidth kernels: read, write, non-temporal write, copy, the
 * read/write mixes and triad, in AVX-512 (512-bit), AVX2 (256-bit) and
 * SSE2 (128-bit) forms, chosen by name from one table. */
#ifndef BAREMEM_BW_H
#define BAREMEM_BW_H

#include <stdint.h>

/*
 * Every kernel makes `repeats` passes over the same `bytes` bytes.
 *
 * Requirements (not checked: a check would sit in the timed path):
 * - bytes is a multiple of 64 (0 is allowed and touches nothing);
 * - buffers are 64-byte aligned. The instructions themselves need 64
 *   bytes (AVX-512 vmovdqa64/vmovntdq), 32 (AVX2 vmovdqa/vmovntdq) or 16
 *   (SSE2 movdqa/movntdq/paddq) and fault otherwise; 64 makes every block
 *   whole cache lines, which non-temporal stores need to fill
 *   write-combining buffers;
 * - copy's src and dst do not overlap, nor the mixes' streams.
 *
 * read uses src, write and ntwrite dst, copy and ntcopy both. The mixes
 * and triad read `streams - 1` streams of `bytes` each, side by side from
 * src, and write one at dst (kernels/x86_64/bw_asm.h says what they compute).
 * Return values, so the caller can keep them and no pass can be
 * dropped:
 * - read: the sum, modulo 2^64, of every little-endian 64-bit word read,
 *   over all passes (repeats x the one-pass sum);
 * - write, ntwrite: dst + bytes, or dst when repeats is 0;
 * - copy, ntcopy, the mixes and triad: the last 64-bit word stored, or 0
 *   when nothing was.
 */
typedef uint64_t (*bw_fn)(void *dst, const void *src, uint64_t bytes,
			  uint64_t repeats);

/*
 * name is what results report (docs/design.md §4's kernel names). Two kernels
 * share one: ntcopy is reported as copy, with `nontemporal` saying which
 * stores it made (lib/suite/bandwidth.c measures a DRAM copy both ways and
 * keeps the faster). op tells them apart.
 */
/* The vector extensions a kernel may need, narrowest first; a CPU that
 * has one has those before it. */
enum bw_isa { BW_SSE2, BW_AVX2, BW_AVX512, BW_ISA_COUNT };

struct bw_kernel {
	const char *name;	/* "avx512-read", ..., "sse2-triad" (docs/design.md §4) */
	const char *op;		/* "read", "write", "ntwrite", "copy",
				 * "ntcopy", "mix31", "mix21", "mix11",
				 * "triad" */
	bw_fn run;
	enum bw_isa isa;	/* needs this (and its state enabled) */
	/* bytes counted per byte of one stream: streams read + written
	 * (copy and mix11 2, mix21 and triad 3, mix31 4); the buffer of a
	 * point of `size` bytes holds that many streams of size / streams */
	int bytes_per_byte;
	int needs_src, needs_dst;
	int nontemporal;	/* its stores go around the caches */
};

/* "sse2", "avx2", "avx512": the prefix of its kernels' names. */
const char *bw_isa_name(enum bw_isa isa);

#define BW_FN_DECLS(isa)                                                    \
	uint64_t bw_read_##isa(void *, const void *, uint64_t, uint64_t);   \
	uint64_t bw_write_##isa(void *, const void *, uint64_t, uint64_t);  \
	uint64_t bw_ntwrite_##isa(void *, const void *, uint64_t, uint64_t); \
	uint64_t bw_copy_##isa(void *, const void *, uint64_t, uint64_t);   \
	uint64_t bw_ntcopy_##isa(void *, const void *, uint64_t, uint64_t); \
	uint64_t bw_mix31_##isa(void *, const void *, uint64_t, uint64_t);  \
	uint64_t bw_mix21_##isa(void *, const void *, uint64_t, uint64_t);  \
	uint64_t bw_triad_##isa(void *, const void *, uint64_t, uint64_t);
BW_FN_DECLS(avx512)
BW_FN_DECLS(avx2)
BW_FN_DECLS(sse2)

/* The pattern write and ntwrite store in every 8 bytes. */
#define BW_PATTERN 0x5a5a5a5a5a5a5a5aull

/* Every kernel. */
const struct bw_kernel *bw_kernels(int *count);
/* By name ("avx2-copy": the cached-store copy), or 0. */
const struct bw_kernel *bw_kernel_find(const char *name);
/* The kernel of `isa` for an operation (bw_kernel's op); 0 for another
 * op. */
const struct bw_kernel *bw_kernel_for(const char *op, enum bw_isa isa);

/* The widest kernels the calling cpu can run now: checked on the cpu
 * that will run the kernel, just before, so a core without the state
 * never faults. Each architecture has its own (x86:
 * lib/arch/x86_64/isa.c, from CPUID and XCR0). */
enum bw_isa isa_usable_here(void);

#endif
