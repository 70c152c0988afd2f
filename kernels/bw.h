/* Bandwidth kernels: read, write, non-temporal write, copy, the
 * read/write mixes and triad, in AVX-512 (512-bit), AVX2 (256-bit) and
 * SSE2 (128-bit) forms on x86-64, SVE and NEON (128-bit) on AArch64,
 * chosen by name from one table per architecture
 * (kernels/x86_64/bw_kernels_x86.c, kernels/aarch64/bw_table_arm.c),
 * looked up by kernels/bw_table.c. */
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
 * has one has those before it. Each architecture names the slots it
 * uses: x86-64 all three, AArch64 the first two (NEON, in every core;
 * SVE, where the cpu has it and the OS or firmware enabled it). A build
 * has one architecture's table, so a slot means one ISA in a run. */
enum bw_isa {
	BW_SSE2 = 0, BW_AVX2 = 1, BW_AVX512 = 2,
	BW_NEON = 0, BW_SVE = 1,
	BW_ISA_COUNT = 3
};

struct bw_kernel {
	const char *name;	/* "avx512-read", ..., "sse2-triad", "neon-read",
				 * "sve-triad" (docs/design.md §4) */
	const char *op;		/* "read", "write", "ntwrite", "copy",
				 * "ntcopy", "mix31", "mix21", "mix11",
				 * "triad"; AArch64 also "zva" */
	bw_fn run;
	enum bw_isa isa;	/* needs this (and its state enabled) */
	/* bytes counted per byte of one stream: streams read + written
	 * (copy and mix11 2, mix21 and triad 3, mix31 4); the buffer of a
	 * point of `size` bytes holds that many streams of size / streams */
	int bytes_per_byte;
	int needs_src, needs_dst;
	int nontemporal;	/* its stores go around the caches */
};

/* "sse2", "avx2", "avx512" (AArch64: "neon", "sve"): the prefix of its
 * kernels' names; "?" for a slot the architecture does not use. */
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

/* One ISA's rows of an architecture's table (bw_kernels()), every
 * architecture's in this order. copy reads and writes every byte: both count
 * (docs/design.md §5); ntcopy is reported as copy. mix11 (one read stream, one
 * write stream, cached stores) is the cached copy under its mix name. */
#define BW_ISA_KERNELS(x, id)                                             \
	{ .name = #x "-read", .op = "read", .run = bw_read_##x,         \
	  .isa = id, .bytes_per_byte = 1, .needs_src = 1 },                 \
	{ .name = #x "-write", .op = "write", .run = bw_write_##x,      \
	  .isa = id, .bytes_per_byte = 1, .needs_dst = 1 },                 \
	{ .name = #x "-ntwrite", .op = "ntwrite",                         \
	  .run = bw_ntwrite_##x, .isa = id, .bytes_per_byte = 1,          \
	  .needs_dst = 1, .nontemporal = 1 },                               \
	{ .name = #x "-copy", .op = "copy", .run = bw_copy_##x,         \
	  .isa = id, .bytes_per_byte = 2, .needs_src = 1, .needs_dst = 1 }, \
	{ .name = #x "-copy", .op = "ntcopy", .run = bw_ntcopy_##x,     \
	  .isa = id, .bytes_per_byte = 2, .needs_src = 1, .needs_dst = 1,   \
	  .nontemporal = 1 },                                               \
	{ .name = #x "-mix31", .op = "mix31", .run = bw_mix31_##x,      \
	  .isa = id, .bytes_per_byte = 4, .needs_src = 1, .needs_dst = 1 }, \
	{ .name = #x "-mix21", .op = "mix21", .run = bw_mix21_##x,      \
	  .isa = id, .bytes_per_byte = 3, .needs_src = 1, .needs_dst = 1 }, \
	{ .name = #x "-mix11", .op = "mix11", .run = bw_copy_##x,       \
	  .isa = id, .bytes_per_byte = 2, .needs_src = 1, .needs_dst = 1 }, \
	{ .name = #x "-triad", .op = "triad", .run = bw_triad_##x,      \
	  .isa = id, .bytes_per_byte = 3, .needs_src = 1, .needs_dst = 1 }

/* The pattern write and ntwrite store in every 8 bytes. */
#define BW_PATTERN 0x5a5a5a5a5a5a5a5aull

/* Every kernel: the architecture's table (kernels/x86_64/bw_kernels_x86.c,
 * kernels/aarch64/bw_table_arm.c). */
const struct bw_kernel *bw_kernels(int *count);
/* By name ("avx2-copy": the cached-store copy), or 0. */
const struct bw_kernel *bw_kernel_find(const char *name);
/* The kernel of `isa` for an operation (bw_kernel's op); 0 for another
 * op. */
const struct bw_kernel *bw_kernel_for(const char *op, enum bw_isa isa);
/* The non-temporal twin of a cached copy or write (ntcopy, ntwrite of
 * its ISA), which lib/suite/bandwidth.c times in turn with it at the
 * DRAM size; 0 for any other kernel. */
const struct bw_kernel *bw_kernel_nt_twin(const struct bw_kernel *k);

/* The widest kernels the calling cpu can run now: checked on the cpu
 * that will run the kernel, just before, so a core without the state
 * never faults. Each architecture has its own (x86:
 * lib/arch/x86_64/isa.c, from CPUID and XCR0). */
enum bw_isa isa_usable_here(void);

#endif
