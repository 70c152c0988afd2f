/* The scan's chain written cold on x86-64: each line stored whole with
 * MOVNTI, a non-temporal store of a general register (SSE2, which every
 * x86-64 cpu has; no vector register, so no SIMD state is touched).
 * Eight 8-byte stores to one aligned line fill one write-combining
 * buffer, which goes to memory as a single full-line write: no read for
 * ownership, and the line is not allocated in any cache. A line already
 * present in a cache is evicted by the store (Intel SDM vol 1, "Caching
 * of Temporal vs. Non-Temporal Data"); docs/method.md (Scan: the chain
 * written cold) says what the scan relies on, and on AMD parts. The
 * AArch64 twin is in kernels/aarch64/chase.c; both keep
 * kernels/chase.h's contract. */
#include "chase.h"

void chase_line_put(void *line, void *next)
{
	uint64_t zero = 0;

	__asm__ volatile("movnti %[n], (%[l])\n\t"
			 "movnti %[z], 8(%[l])\n\t"
			 "movnti %[z], 16(%[l])\n\t"
			 "movnti %[z], 24(%[l])\n\t"
			 "movnti %[z], 32(%[l])\n\t"
			 "movnti %[z], 40(%[l])\n\t"
			 "movnti %[z], 48(%[l])\n\t"
			 "movnti %[z], 56(%[l])"
			 :
			 : [l] "r"(line), [n] "r"(next), [z] "r"(zero)
			 : "memory");
}

/* Non-temporal stores are weakly ordered: SFENCE makes every one
 * before it globally visible before any store after it, so the cpu that
 * chases next (started through a store the platform makes after this)
 * reads the chain, not what was there. */
void chase_lines_done(void)
{
	__asm__ volatile("sfence" ::: "memory");
}

int chase_lines_cold(void)
{
	return 1;
}
