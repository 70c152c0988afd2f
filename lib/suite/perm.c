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

#include "chase.h"

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

/* The first pair of slot i, i * pairs / lines rounded down, as
 * i * q + i * r / lines (q, r: pairs / lines and its remainder), whose
 * products stay under 2^64 for i <= lines < 2^32 (the builder's limit,
 * a chain of 256 GiB), with no 128-bit division (the UEFI app links no
 * libgcc). */
static uint64_t slot_start(uint64_t pairs, uint64_t lines, uint64_t i)
{
	return i * (pairs / lines) + i * (pairs % lines) / lines;
}

void chase_spread_slot(uint64_t bytes, uint64_t lines, uint64_t i,
		       uint64_t *first, uint64_t *end)
{
	*first = slot_start(bytes / 128, lines, i) * 128;
	*end = slot_start(bytes / 128, lines, i + 1) * 128;
}

/* Line i's address: a line drawn from (seed, i) among slot i's, so the
 * shuffle can find it again without storing it. */
static uint8_t *spread_line(uint8_t *base, uint64_t bytes, uint64_t lines,
			    uint64_t i, uint64_t seed)
{
	uint64_t first, end;
	struct prng r;

	chase_spread_slot(bytes, lines, i, &first, &end);
	prng_seed(&r, seed ^ (i * 0x9e3779b97f4a7c15ull));
	return base + first + prng_below(&r, (end - first) / 64) * 64;
}

/* chase_build_spread, and with put (index given) the lines written
 * whole by chase_line_put instead of their pointer alone. */
static void *build_spread(void *buf, uint64_t bytes, uint64_t lines,
			  uint64_t seed, uint32_t *index, int put)
{
	uint8_t *base = buf;
	struct prng r;

	if (!buf || lines == 0 || lines > bytes / 128 || lines >> 32)
		return 0;
	/* Sattolo over the successor indices, in index[] when given (a
	 * compact array the caches hold: the lines are then written once,
	 * in address order, which the prefetchers follow), else in the
	 * lines themselves (a DRAM miss or two a step). The same steps in
	 * either place: the same cycle for a seed. */
#define LINE(i) (*(uint64_t *)spread_line(base, bytes, lines, (i), seed))
#define SUCC(i) (index ? index[i] : LINE(i))
#define SET(i, v) (index ? (void)(index[i] = (uint32_t)(v)) : (void)(LINE(i) = (v)))
	for (uint64_t i = 0; i < lines; i++)
		SET(i, i);
	prng_seed(&r, seed);
	for (uint64_t i = lines - 1; i > 0; i--) {
		uint64_t j = prng_below(&r, i);
		uint64_t next = SUCC(j);

		SET(j, SUCC(i));
		SET(i, next);
	}
	for (uint64_t i = 0; i < lines; i++) {
		uint8_t *next = spread_line(base, bytes, lines, SUCC(i), seed);

		if (put)
			chase_line_put(spread_line(base, bytes, lines, i, seed),
				       next);
		else
			LINE(i) = (uint64_t)(uintptr_t)next;
	}
	if (put)
		chase_lines_done();
#undef SET
#undef SUCC
#undef LINE
	return spread_line(base, bytes, lines, 0, seed);
}

void *chase_build_spread(void *buf, uint64_t bytes, uint64_t lines,
			 uint64_t seed, uint32_t *index)
{
	return build_spread(buf, bytes, lines, seed, index, 0);
}

void *chase_build_spread_cold(void *buf, uint64_t bytes, uint64_t lines,
			      uint64_t seed, uint32_t *index, int *cold)
{
	/* Without index the shuffle works in the lines with ordinary
	 * stores, which leave them cached whatever writes them last. */
	*cold = index && chase_lines_cold();
	return build_spread(buf, bytes, lines, seed, index, index != 0);
}
