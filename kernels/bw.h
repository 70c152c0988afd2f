/* Bandwidth kernels: read, write, non-temporal write and copy, in AVX2
 * (256-bit) and SSE2 (128-bit) forms, chosen by name from one table. */
#ifndef BAREMEM_BW_H
#define BAREMEM_BW_H

#include <stdint.h>

/*
 * Every kernel makes `repeats` passes over the same `bytes` bytes.
 *
 * Requirements (not checked: a check would sit in the timed path):
 * - bytes is a multiple of 64 (0 is allowed and touches nothing);
 * - buffers are 64-byte aligned. The instructions themselves need 32
 *   bytes (AVX2 vmovdqa/vmovntdq) or 16 (SSE2 movdqa/movntdq/paddq) and
 *   fault otherwise; 64 makes every 256-byte block whole cache lines,
 *   which non-temporal stores need to fill write-combining buffers;
 * - copy's src and dst do not overlap.
 *
 * read uses src, write and ntwrite dst, copy and ntcopy both. Return values, so the
 * caller can keep them and no pass can be dropped:
 * - read: the sum, modulo 2^64, of every little-endian 64-bit word read,
 *   over all passes (repeats x the one-pass sum);
 * - write, ntwrite: dst + bytes, or dst when repeats is 0;
 * - copy, ntcopy: the last 64-bit word copied, or 0 when nothing was
 *   copied.
 */
typedef uint64_t (*bw_fn)(void *dst, const void *src, uint64_t bytes,
			  uint64_t repeats);

/*
 * name is what results report (DESIGN §4's kernel names). Two kernels
 * share one: ntcopy is reported as copy, with `nontemporal` saying which
 * stores it made (lib/suite/bandwidth.c measures a DRAM copy both ways and
 * keeps the faster). op tells them apart.
 */
struct bw_kernel {
	const char *name;	/* "avx2-read", ..., "sse2-copy" (DESIGN §4) */
	const char *op;		/* "read", "write", "ntwrite", "copy", "ntcopy" */
	bw_fn run;
	int avx2;		/* needs AVX2 (and its state enabled) */
	int bytes_per_byte;	/* bytes counted per buffer byte: copy 2 */
	int needs_src, needs_dst;
	int nontemporal;	/* its stores go around the caches */
};

uint64_t bw_read_avx2(void *dst, const void *src, uint64_t bytes,
		      uint64_t repeats);
uint64_t bw_write_avx2(void *dst, const void *src, uint64_t bytes,
		       uint64_t repeats);
uint64_t bw_ntwrite_avx2(void *dst, const void *src, uint64_t bytes,
			 uint64_t repeats);
uint64_t bw_copy_avx2(void *dst, const void *src, uint64_t bytes,
		      uint64_t repeats);
uint64_t bw_ntcopy_avx2(void *dst, const void *src, uint64_t bytes,
			uint64_t repeats);
uint64_t bw_read_sse2(void *dst, const void *src, uint64_t bytes,
		      uint64_t repeats);
uint64_t bw_write_sse2(void *dst, const void *src, uint64_t bytes,
		       uint64_t repeats);
uint64_t bw_ntwrite_sse2(void *dst, const void *src, uint64_t bytes,
			 uint64_t repeats);
uint64_t bw_copy_sse2(void *dst, const void *src, uint64_t bytes,
		      uint64_t repeats);
uint64_t bw_ntcopy_sse2(void *dst, const void *src, uint64_t bytes,
			uint64_t repeats);

/* The pattern write and ntwrite store in every 8 bytes. */
#define BW_PATTERN 0x5a5a5a5a5a5a5a5aull

/* All ten kernels. */
const struct bw_kernel *bw_kernels(int *count);
/* By name ("avx2-copy": the cached-store copy), or 0. */
const struct bw_kernel *bw_kernel_find(const char *name);
/* The kernel for an operation ("read", "write", "ntwrite", "copy",
 * "ntcopy"): the AVX2 one when have_avx2, else its SSE2 twin; 0 for
 * another op. */
const struct bw_kernel *bw_kernel_for(const char *op, int have_avx2);

#endif
