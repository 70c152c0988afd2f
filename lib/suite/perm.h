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

#endif
