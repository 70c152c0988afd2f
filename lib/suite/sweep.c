/* Sweep planning: the working-set sizes, samples per point and sample
 * length, from the config and its profile. */
#include "suite/sweep.h"

#define KIB 1024ull
#define MIB (1024ull * KIB)
#define GIB (1024ull * MIB)

/* Where planned sizes go: ascending, unique, above-limit ones counted. */
struct plan {
	uint64_t *sizes;
	size_t cap, count;
	uint64_t max_bytes, last;
	int any, trimmed;
};

static void keep(struct plan *p, uint64_t size)
{
	if (p->any && size <= p->last)
		return;
	p->any = 1;
	p->last = size;
	if (size > p->max_bytes)
		p->trimmed++;
	else if (p->count < p->cap)
		p->sizes[p->count++] = size;
}

/* lo, then per_octave points per doubling strictly between lo and hi
 * (x, x * (1 + 1/per_octave), ...: even steps within each octave, so the
 * points fall on the cache sizes real parts have, like 6K, 24K, 1.5M),
 * then hi. */
static void octaves(struct plan *p, uint64_t lo, uint64_t hi,
		    unsigned per_octave)
{
	uint64_t x = 1;

	keep(p, lo);
	while (x <= lo / 2)
		x *= 2;
	for (; x <= hi; x *= 2) {
		for (unsigned k = 0; k < per_octave; k++) {
			uint64_t s = (x + x * k / per_octave) & ~63ull;
			if (s > lo && s < hi)
				keep(p, s);
		}
		if (x > hi / 2)
			break;
	}
	keep(p, hi);
}

static unsigned per_octave(const struct bm_config *c)
{
	return c->profile == BM_PROFILE_QUICK ? 1
	       : c->profile == BM_PROFILE_STANDARD ? 2 : 4;
}

size_t sweep_sizes(const struct bm_config *c, uint64_t floor_bytes,
		   uint64_t max_bytes, uint64_t *sizes, size_t cap,
		   int *trimmed)
{
	/* One point per level of a typical part: L1, L2, L3, DRAM, small
	 * enough that TCG emulation gets through in seconds; the floor
	 * point is added where the last level is larger. */
	static const uint64_t quick[] = { 16 * KIB, 256 * KIB, 4 * MIB,
					  64 * MIB };
	struct plan p = { .sizes = sizes, .cap = cap, .max_bytes = max_bytes };
	uint64_t floor_size = (floor_bytes + 63) & ~63ull;

	if (c->sizes_set && !c->sizes_is_range) {
		for (int i = 0; i < c->size_count && i < BM_MAX_SIZES; i++)
			keep(&p, c->sizes[i]);
	} else if (c->sizes_set) {
		octaves(&p, c->size_min, c->size_max, per_octave(c));
	} else {
		if (c->profile == BM_PROFILE_QUICK) {
			for (size_t i = 0; i < sizeof quick / sizeof quick[0];
			     i++)
				keep(&p, quick[i]);
			keep(&p, floor_size);
		} else if (c->profile == BM_PROFILE_STANDARD) {
			octaves(&p, 4 * KIB, floor_size > GIB ? floor_size
							      : GIB, 2);
		} else {
			octaves(&p, 4 * KIB, floor_size > 4 * GIB
						     ? floor_size : 4 * GIB, 4);
		}
		/* memory short of the floor: the largest size it holds */
		if (floor_size > max_bytes && p.trimmed) {
			uint64_t fit = max_bytes & ~(MIB - 1);
			if (fit > (p.count ? p.sizes[p.count - 1] : 0) &&
			    p.count < p.cap)
				p.sizes[p.count++] = fit;
		}
	}
	if (trimmed)
		*trimmed = p.trimmed;
	return p.count;
}

int sweep_repeats(const struct bm_config *c)
{
	if (c->repeat > 0)
		return c->repeat;
	return c->profile == BM_PROFILE_QUICK ? 3
	       : c->profile == BM_PROFILE_STANDARD ? 7 : 11;
}

uint64_t sweep_sample_ns(const struct bm_config *c)
{
	return c->profile == BM_PROFILE_QUICK ? 1000000u
	       : c->profile == BM_PROFILE_STANDARD ? 5000000u : 10000000u;
}

uint64_t sample_ticks(uint64_t ns, uint64_t hz)
{
	/* the sweeps' ns (10 ms at most) x any counter below 1.8 THz
	 * stays below 2^64 */
	uint64_t t = ns * hz / 1000000000u;

	return t > SAMPLE_TICKS_MIN ? t : SAMPLE_TICKS_MIN;
}

uint64_t sweep_sample_ticks(const struct bm_config *c, uint64_t hz)
{
	return sample_ticks(sweep_sample_ns(c), hz);
}
