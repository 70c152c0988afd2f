/* xoshiro256** seeded through splitmix64 (Blackman and Vigna, "Scrambled
 * linear pseudorandom number generators", 2018): small, fast, and the same
 * sequence for a seed on every platform, so a reported seed reproduces
 * the chase order exactly. */
#include "util/prng.h"

/* splitmix64 spreads any seed, 0 included, over the 256-bit state; the
 * xoshiro authors recommend it because an all-zero state never leaves 0. */
static uint64_t splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

void prng_seed(struct prng *r, uint64_t seed)
{
	uint64_t x = seed;

	for (int i = 0; i < 4; i++)
		r->s[i] = splitmix64(&x);
}

uint64_t prng_next(struct prng *r)
{
	uint64_t *s = r->s;
	uint64_t result = rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return result;
}

/* Lemire's multiply-shift ("Fast random integer generation in an
 * interval", 2019): the high word of x * n is uniform in [0, n) once the
 * few low words below 2^64 mod n are rejected. Almost never divides, which
 * matters when Sattolo draws 2^24 numbers for a 1 GiB chase. */
uint64_t prng_below(struct prng *r, uint64_t n)
{
	unsigned __int128 m;
	uint64_t low;

	if (n == 0)
		return 0;
	m = (unsigned __int128)prng_next(r) * n;
	low = (uint64_t)m;
	if (low < n) {
		uint64_t reject_below = (0 - n) % n;	/* 2^64 mod n */
		while (low < reject_below) {
			m = (unsigned __int128)prng_next(r) * n;
			low = (uint64_t)m;
		}
	}
	return (uint64_t)(m >> 64);
}
