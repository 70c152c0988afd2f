/* The loaded-latency load generator on AArch64 (see loadgen.h).
 *
 * As x86's (kernels/x86_64/loadgen.c): what sets a core's DRAM rate is
 * how many line misses it keeps in flight, not the width of its loads,
 * so each 256-byte block is eight LDP of two q registers (four lines,
 * two loads a line), summed as 64-bit lanes into four accumulators. The
 * delay is a chain of SUBS on one register and a branch on its flags:
 * each iteration waits for the previous one, about a cycle each, unlike
 * YIELD, a hint whose cost is the core's choice. delay 0 is the plain
 * read. */
#include "loadgen.h"

uint64_t loadgen_read(const void *src, uint64_t bytes, uint64_t delay)
{
	const uint8_t *p = src;
	const uint8_t *end = p + (bytes & ~(uint64_t)(LOADGEN_BLOCK_BYTES - 1));
	uint64_t sum, n;

	__asm__ volatile(
		"movi v0.2d, #0\n\t"
		"movi v1.2d, #0\n\t"
		"movi v2.2d, #0\n\t"
		"movi v3.2d, #0\n\t"
		"cmp %[p], %[end]\n\t"
		"b.hs 9f\n\t"
		".p2align 6\n"
		"1:\n\t"
		".irp k,0,64,128,192\n\t"
		"ldp q4, q5, [%[p], #\\k]\n\t"
		"ldp q6, q7, [%[p], #\\k+32]\n\t"
		"add v0.2d, v0.2d, v4.2d\n\t"
		"add v1.2d, v1.2d, v5.2d\n\t"
		"add v2.2d, v2.2d, v6.2d\n\t"
		"add v3.2d, v3.2d, v7.2d\n\t"
		".endr\n\t"
		"mov %[n], %[delay]\n\t"
		"cbz %[n], 3f\n"
		"2:\n\t"
		"subs %[n], %[n], #1\n\t"
		"b.ne 2b\n"
		"3:\n\t"
		"add %[p], %[p], #256\n\t"
		"cmp %[p], %[end]\n\t"
		"b.lo 1b\n"
		"9:\n\t"
		"add v0.2d, v0.2d, v1.2d\n\t"
		"add v2.2d, v2.2d, v3.2d\n\t"
		"add v0.2d, v0.2d, v2.2d\n\t"
		"addp d0, v0.2d\n\t"
		"fmov %[sum], d0"
		: [p] "+&r"(p), [n] "=&r"(n), [sum] "=r"(sum)
		: [end] "r"(end), [delay] "r"(delay)
		: "cc", "memory", "v0", "v1", "v2", "v3", "v4", "v5", "v6",
		  "v7");
	return sum;
}
