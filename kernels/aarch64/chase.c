/* The pointer chase on AArch64: the latency kernel. Each load's address
 * is the value of the previous load, so hops cannot overlap and time /
 * hops is the load-to-use latency of wherever the chain lives. The x86
 * twin is kernels/x86_64/chase.c; both keep kernels/chase.h's contract. */
#include "chase.h"

void *chase_run(void *start, uint64_t hops)
{
	void *p = start;
	uint64_t blocks = hops / CHASE_UNROLL;
	uint64_t rest = hops % CHASE_UNROLL;

	/* 16 dependent `ldr xP, [xP]` per iteration: the subs/b.ne run
	 * beside the chain and hide under its latency, so the loop costs one
	 * load per hop (plus < 1/16 of a taken branch). Written in asm so the
	 * compiler can neither fold nor reorder the chain; a plain register
	 * base with no offset, as the chain's pointers are the lines' own
	 * addresses. The loop starts on a 64-byte boundary, so its 18
	 * instructions sit in two fetch blocks whatever the caller's code. */
	if (blocks) {
		__asm__ volatile(".p2align 6\n"
				 "1:\n\t"
				 ".rept 16\n\t"
				 "ldr %[p], [%[p]]\n\t"
				 ".endr\n\t"
				 "subs %[n], %[n], #1\n\t"
				 "b.ne 1b"
				 : [p] "+r"(p), [n] "+r"(blocks)
				 :
				 : "memory", "cc");
	}
	/* The remainder (fewer than 16 hops) runs once per call, outside
	 * the unrolled loop: callers time whole multiples of 16. */
	while (rest--)
		__asm__ volatile("ldr %[p], [%[p]]" : [p] "+r"(p) : : "memory");
	return p;
}

/* The chain's lines on AArch64: ordinary stores. STNP's non-temporal
 * hint lets a core skip allocating the line but does not promise it
 * (Arm ARM, "Non-temporal load and store pair"), and nothing evicts a
 * copy already cached, so the lines are not known to be in no cache:
 * chase_lines_cold() is 0 and the scan warms and bounds its chain by
 * the cache as it does for a chain of ordinary stores. */
void chase_line_put(void *line, void *next)
{
	volatile uint64_t *w = line;

	w[0] = (uint64_t)(uintptr_t)next;
	w[1] = 0;
	w[2] = 0;
	w[3] = 0;
	w[4] = 0;
	w[5] = 0;
	w[6] = 0;
	w[7] = 0;
}

void chase_lines_done(void)
{
	__asm__ volatile("dmb ishst" ::: "memory");
}

int chase_lines_cold(void)
{
	return 0;
}
