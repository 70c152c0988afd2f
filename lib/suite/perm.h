/* The chase order: one random cycle through every node of a buffer. */
#ifndef BAREMEM_PERM_H
#define BAREMEM_PERM_H

#include <stdint.h>

/* Links the bytes / stride nodes of buf (node i at buf + i * stride, its
 * first 8 bytes the pointer) into one random single cycle (Sattolo's
 * algorithm on prng seeded with seed), in place, with no extra memory.
 * Returns the first node. stride >= 8 and a multiple of 8; bytes >=
 * stride (else nothing is written and 0 is returned). */
void *chase_build(void *buf, uint64_t bytes, uint64_t stride, uint64_t seed);

/* A chase through `lines` cache lines spread over all of buf's bytes,
 * end to end: the buffer's 128-byte pairs of lines cut into `lines`
 * slots of whole pairs (slot i: pairs [i * pairs / lines, (i + 1) *
 * pairs / lines), so the slots differ by one pair at most and the last
 * ends at the buffer's last whole pair), one line at a random offset in
 * each (a power-of-two stride would put every line in the same cache
 * sets and, on many controllers, the same channel and bank), linked
 * into one random cycle as chase_build does. Never two lines of one
 * pair: the adjacent-line prefetcher (Intel's spatial prefetcher) loads
 * a line's pair with it, and a chased pair would then hit in the cache.
 * index (lines entries, or 0) is where the shuffle works: with it the
 * lines are written once, in address order (a few times faster on a
 * chain in DRAM); the cycle is the same either way.
 * Returns the first line, or 0 when lines is 0, over bytes / 128 or
 * 2^32 or more. */
void *chase_build_spread(void *buf, uint64_t bytes, uint64_t lines,
			 uint64_t seed, uint32_t *index);
/* chase_build_spread's chain, the same cycle for a seed, with each line
 * written whole (its pointer, then zeros) by chase_line_put
 * (kernels/chase.h) when index is given: *cold is then 1 where that
 * store leaves no line of the chain in any cache (x86-64's non-temporal
 * stores), so its first visits are loads from memory; 0 without index
 * or where the stores are ordinary (the lines written last may then be
 * cached, as with chase_build_spread). */
void *chase_build_spread_cold(void *buf, uint64_t bytes, uint64_t lines,
			      uint64_t seed, uint32_t *index, int *cold);
/* Slot i of that chain (i < lines <= bytes / 128): its bytes [*first,
 * *end) from the buffer's start, whole pairs. */
void chase_spread_slot(uint64_t bytes, uint64_t lines, uint64_t i,
		       uint64_t *first, uint64_t *end);

#endif
