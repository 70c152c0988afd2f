/* Bandwidth kernels: read, write, non-temporal write and copy, in AVX2
 * (256-bit) and SSE2 (128-bit) forms, chosen by name from one table. */
#ifndef BAREMEM_BW_H
#define BAREMEM_BW_H

#include <stdint.h>

/* Every kernel: `repeats` passes over `bytes` bytes (a multiple of 64;
 * buffers 64-byte aligned). read uses src, write and ntwrite dst, copy
 * both. The return value depends on what was read (the folded sum of
 * read's accumulators) so no pass can be optimised away. */
typedef uint64_t (*bw_fn)(void *dst, const void *src, uint64_t bytes,
			  uint64_t repeats);

struct bw_kernel {
	const char *name;	/* "avx2-read", ..., "sse2-copy" */
	bw_fn run;
	int avx2;		/* needs AVX2 (and its state enabled) */
	int bytes_per_byte;	/* bytes counted per buffer byte: copy 2 */
};

uint64_t bw_read_avx2(void *dst, const void *src, uint64_t bytes,
		      uint64_t repeats);
uint64_t bw_write_avx2(void *dst, const void *src, uint64_t bytes,
		       uint64_t repeats);
uint64_t bw_ntwrite_avx2(void *dst, const void *src, uint64_t bytes,
			 uint64_t repeats);
uint64_t bw_copy_avx2(void *dst, const void *src, uint64_t bytes,
		      uint64_t repeats);
uint64_t bw_read_sse2(void *dst, const void *src, uint64_t bytes,
		      uint64_t repeats);
uint64_t bw_write_sse2(void *dst, const void *src, uint64_t bytes,
		       uint64_t repeats);
uint64_t bw_ntwrite_sse2(void *dst, const void *src, uint64_t bytes,
			 uint64_t repeats);
uint64_t bw_copy_sse2(void *dst, const void *src, uint64_t bytes,
		      uint64_t repeats);

/* The pattern write and ntwrite store in every 8 bytes. */
#define BW_PATTERN 0x5a5a5a5a5a5a5a5aull

/* All eight kernels. */
const struct bw_kernel *bw_kernels(int *count);
/* By name ("avx2-copy"), or 0. */
const struct bw_kernel *bw_kernel_find(const char *name);
/* The kernel for an operation ("read", "write", "ntwrite", "copy"):
 * the AVX2 one when have_avx2, else its SSE2 twin. */
const struct bw_kernel *bw_kernel_for(const char *op, int have_avx2);

#endif
