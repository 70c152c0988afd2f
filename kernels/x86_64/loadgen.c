/* The loaded-latency load generator (see loadgen.h).
 *
 * SSE2 (legacy encodings, 128-bit) on purpose: it runs on every x86-64
 * without touching AVX state, and the point of this kernel is DRAM
 * traffic, where a core's rate is set by how many line misses it keeps
 * in flight, not by the width of its loads (sixteen independent loads
 * per block cover four lines, two loads per line). The delay is a chain
 * of `dec` on one register: each iteration waits for the previous one,
 * so N iterations cost about N cycles on any x86 core, unlike `pause`,
 * whose cost ranges from ~10 to ~140 cycles across generations. The
 * loads of the next block cannot start much earlier than the delay's
 * end (the loop branch must resolve first, and the delay loop's own
 * iterations fill the reorder window), which is what throttles the
 * bandwidth. One kernel, one parameter: delay 0 is the plain read. */
#include "loadgen.h"

uint64_t loadgen_read(const void *src, uint64_t bytes, uint64_t delay)
{
	const uint8_t *p = src;
	const uint8_t *end = p + (bytes & ~(uint64_t)(LOADGEN_BLOCK_BYTES - 1));
	uint64_t sum, n;

	__asm__ volatile(
		"pxor %%xmm0, %%xmm0\n\t"
		"pxor %%xmm1, %%xmm1\n\t"
		"pxor %%xmm2, %%xmm2\n\t"
		"pxor %%xmm3, %%xmm3\n\t"
		"cmp %[end], %[p]\n\t"
		"jae 9f\n\t"
		".p2align 5\n"
		"1:\n\t"
		".irp k,0,1,2,3\n\t"
		"paddq \\k*64(%[p]), %%xmm0\n\t"
		"paddq \\k*64+16(%[p]), %%xmm1\n\t"
		"paddq \\k*64+32(%[p]), %%xmm2\n\t"
		"paddq \\k*64+48(%[p]), %%xmm3\n\t"
		".endr\n\t"
		"mov %[delay], %[n]\n\t"
		"test %[n], %[n]\n\t"
		"jz 3f\n"
		"2:\n\t"
		"dec %[n]\n\t"
		"jnz 2b\n"
		"3:\n\t"
		"add $256, %[p]\n\t"
		"cmp %[end], %[p]\n\t"
		"jb 1b\n"
		"9:\n\t"
		"paddq %%xmm1, %%xmm0\n\t"
		"paddq %%xmm3, %%xmm2\n\t"
		"paddq %%xmm2, %%xmm0\n\t"
		"pshufd $0x4e, %%xmm0, %%xmm1\n\t"
		"paddq %%xmm1, %%xmm0\n\t"
		"movq %%xmm0, %[sum]"
		: [p] "+&r"(p), [n] "=&r"(n), [sum] "=r"(sum)
		: [end] "r"(end), [delay] "r"(delay)
		: "cc", "memory", "xmm0", "xmm1", "xmm2", "xmm3");
	return sum;
}
