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

/* A chase through `lines` cache lines spread over all of buf's bytes:
 * the buffer cut into `lines` equal slots (a multiple of 64 bytes each),
 * one line at a random offset in each (a power-of-two stride would put
 * every line in the same cache sets and, on many controllers, the same
 * channel and bank), linked into one random cycle as chase_build does.
 * Returns the first line, or 0 when lines is 0 or a slot would be under
 * 64 bytes. */
void *chase_build_spread(void *buf, uint64_t bytes, uint64_t lines,
			 uint64_t seed);

#endif
