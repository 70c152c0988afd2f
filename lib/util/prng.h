/* Seeded pseudo-random numbers: deterministic per seed on every platform. */
#ifndef BAREMEM_PRNG_H
#define BAREMEM_PRNG_H

#include <stdint.h>

struct prng {
	uint64_t s[4];
};

void prng_seed(struct prng *r, uint64_t seed);
uint64_t prng_next(struct prng *r);
/* Uniform in [0, n), without modulo bias; n > 0. */
uint64_t prng_below(struct prng *r, uint64_t n);

#endif
