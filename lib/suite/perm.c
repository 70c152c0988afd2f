/* The chase order: the nodes of a buffer linked into one random cycle.
 *
 * Why Sattolo's algorithm: it draws uniformly among the (n-1)! cyclic
 * permutations, so a walk from any node visits every node exactly once
 * before it returns. A plain Fisher-Yates shuffle used as "next" pointers
 * would split the nodes into several short cycles, and the chase would
 * spin in one of them: a smaller working set than the size reported.
 *
 * Why in place: each node's first 8 bytes hold its successor's index
 * while shuffling and its address afterwards, so building the chain for a
 * 1 GiB set needs no second gigabyte (or 128 MiB of indices) that the
 * firmware might not have. */
#include "suite/perm.h"

#include "util/prng.h"

void *chase_build(void *buf, uint64_t bytes, uint64_t stride, uint64_t seed)
{
	uint8_t *base = buf;
	uint64_t n = stride ? bytes / stride : 0;
	struct prng r;

	if (!buf || n == 0)
		return 0;
#define SLOT(i) (*(uint64_t *)(base + (i) * stride))
	for (uint64_t i = 0; i < n; i++)
		SLOT(i) = i;
	prng_seed(&r, seed);
	/* One pass, top down: j < i (never j == i, which is what makes one
	 * cycle), and slot i is final once swapped, since later steps only
	 * touch slots below i; so it becomes a pointer right away. */
	for (uint64_t i = n - 1; i > 0; i--) {
		uint64_t j = prng_below(&r, i);
		uint64_t next = SLOT(j);

		SLOT(j) = SLOT(i);
		SLOT(i) = (uint64_t)(uintptr_t)(base + next * stride);
	}
	SLOT(0) = (uint64_t)(uintptr_t)(base + SLOT(0) * stride);
#undef SLOT
	return base;
}

/* Line i's address: slot i's start plus a line drawn from (seed, i), so
 * the shuffle can find it again without storing it. */
static uint8_t *spread_line(uint8_t *base, uint64_t slot, uint64_t i,
			    uint64_t seed)
{
	struct prng r;

	prng_seed(&r, seed ^ (i * 0x9e3779b97f4a7c15ull));
	return base + i * slot + prng_below(&r, slot / 64) * 64;
}

void *chase_build_spread(void *buf, uint64_t bytes, uint64_t lines,
			 uint64_t seed)
{
	uint8_t *base = buf;
	uint64_t slot = lines ? (bytes / lines) & ~63ull : 0;
	struct prng r;

	if (!buf || slot < 64)
		return 0;
#define LINE(i) (*(uint64_t *)spread_line(base, slot, (i), seed))
	for (uint64_t i = 0; i < lines; i++)
		LINE(i) = i;
	prng_seed(&r, seed);
	for (uint64_t i = lines - 1; i > 0; i--) {
		uint64_t j = prng_below(&r, i);
		uint64_t next = LINE(j);

		LINE(j) = LINE(i);
		LINE(i) = (uint64_t)(uintptr_t)spread_line(base, slot, next, seed);
	}
	LINE(0) = (uint64_t)(uintptr_t)spread_line(base, slot, LINE(0), seed);
#undef LINE
	return spread_line(base, slot, 0, seed);
}
