/* The latency curve's steps against CPUID's levels (the rule is in
 * curve.h). */
#include "suite/curve.h"

#include "util/stats.h"

/* What the check knows of each plateau while it works. */
struct plat {
	int first, last;	/* point indices (spikes inside skipped) */
	int count;
	double median;
	int level;		/* CURVE_NONE until given one */
	int votes[CURVE_LEVELS];
};

static int within(double x, double base)
{
	return x <= base * CURVE_RISE && x * CURVE_RISE >= base;
}

static int cpuid_level(const struct curve_in *in, uint64_t size)
{
	for (int l = 0; l < 3; l++)
		if (in->cache_bytes[l] && size <= in->cache_bytes[l])
			return l;
	return CURVE_DRAM;
}

/* Rule 1: plateaus and spikes into out->plateau; returns the count. */
static int find_plateaus(const struct curve_in *in, struct curve_out *out)
{
	int p = 0;
	double base = in->ns[0];

	out->plateau[0] = 0;
	for (int i = 1; i < in->n; i++) {
		if (within(in->ns[i], base)) {
			out->plateau[i] = p;
		} else if (i + 1 < in->n && within(in->ns[i + 1], base)) {
			out->plateau[i] = -1;
		} else {
			out->plateau[i] = ++p;
			base = in->ns[i];
		}
	}
	return p + 1;
}

static void describe(const struct curve_in *in, struct curve_out *out,
		     struct plat *pl)
{
	double v[CURVE_MAX_POINTS];

	for (int q = 0; q < out->plateaus; q++) {
		int n = 0;
		pl[q] = (struct plat){ .first = -1, .level = CURVE_NONE };
		for (int i = 0; i < in->n; i++) {
			if (out->plateau[i] != q)
				continue;
			if (pl[q].first < 0)
				pl[q].first = i;
			pl[q].last = i;
			pl[q].votes[out->cpuid[i]]++;
			v[n++] = in->ns[i];
		}
		pl[q].count = n;
		pl[q].median = stats_median_double(v, (size_t)n);
	}
}

/* Rule 3 by size: every plateau holding a point at or past twice the
 * last level's CPUID size (or the floor, when smaller or no last level
 * is known), and, walking back from the first of them, each plateau
 * within CURVE_RISE of the least of their medians. 0 when no point is
 * that large. */
static int dram_by_size(const struct curve_in *in, struct curve_out *out,
			struct plat *pl)
{
	uint64_t at = 0;
	double least = 0;
	int first = -1;

	for (int l = 0; l < 3; l++)
		if (in->cache_bytes[l])
			at = 2 * in->cache_bytes[l];
	if (!at || (in->floor_bytes && in->floor_bytes < at))
		at = in->floor_bytes;
	if (!at)
		return 0;
	for (int q = 0; q < out->plateaus; q++) {
		if (in->size_bytes[pl[q].last] < at)
			continue;
		pl[q].level = CURVE_DRAM;
		if (first < 0 || pl[q].median < least)
			least = pl[q].median;
		first = first < 0 ? q : first;
	}
	if (first < 0)
		return 0;
	for (int q = first - 1; q >= 0 && pl[q].median * CURVE_RISE >= least;
	     q--)
		pl[q].level = CURVE_DRAM;
	out->level_ns[CURVE_DRAM] = least;
	return 1;
}

/* Rule 4: each cache level's plateau, the one with most of its points. */
static void cache_levels(struct curve_out *out, struct plat *pl)
{
	for (int l = 0; l < 3; l++) {
		int best = -1;
		for (int q = 0; q < out->plateaus; q++) {
			int most = CURVE_DRAM;
			if (pl[q].level == CURVE_DRAM)
				continue;
			for (int k = CURVE_DRAM - 1; k >= 0; k--)
				if (pl[q].votes[k] >= pl[q].votes[most])
					most = k;
			if (most == l && (best < 0 ||
					  pl[q].count > pl[best].count))
				best = q;
		}
		if (best >= 0) {
			pl[best].level = l;
			out->level_ns[l] = pl[best].median;
		}
	}
}

/* Rule 3 without a floor point: the last plateau is DRAM when it steps
 * up from the last cache level's and lies past that cache's size. */
static void dram_under_floor(const struct curve_in *in,
			     struct curve_out *out, struct plat *pl)
{
	struct plat *last = &pl[out->plateaus - 1];
	int top = -1, llc = -1;

	for (int l = 0; l < 3; l++)
		if (in->cache_bytes[l])
			llc = l;
	for (int q = 0; q < out->plateaus - 1; q++)
		if (pl[q].level == llc && llc >= 0)
			top = q;
	/* only a step up from the last level's own plateau tells DRAM: a
	 * step from a level below may be to that last level */
	if (top < 0 || last->level != CURVE_NONE ||
	    last->median <= pl[top].median * CURVE_RISE ||
	    in->size_bytes[last->first] <= in->cache_bytes[pl[top].level])
		return;
	last->level = CURVE_DRAM;
	out->level_ns[CURVE_DRAM] = last->median;
}

/* Rule 5 for level l: its plateau pl[q], the next level's first point. */
static void measure(const struct curve_in *in, struct curve_out *out,
		    const struct plat *pl, int q)
{
	int l = pl[q].level, next = -1;
	double mid;

	for (int r = q + 1; r < out->plateaus && next < 0; r++)
		if (pl[r].level != CURVE_NONE && pl[r].level > l)
			next = r;
	if (next < 0)
		return;
	/* the geometric mean: equally far, in ratio, from both levels */
	mid = pl[q].median;
	{
		double hi = pl[next].median, x = mid;
		/* sqrt(mid * hi) by Newton's method: no libm in lib/ */
		for (int k = 0; k < 60; k++)
			x = (x + mid * hi / x) / 2;
		mid = x;
	}
	for (int i = pl[q].first; i < pl[next].first; i++) {
		if (out->plateau[i] < 0)
			continue;
		if (in->ns[i] <= mid) {
			out->measured_bytes[l] = in->size_bytes[i];
			continue;
		}
		out->left_at_bytes[l] = in->size_bytes[i];
		break;
	}
	if (!out->left_at_bytes[l])
		out->left_at_bytes[l] = in->size_bytes[pl[next].first];
	out->far[l] = in->cache_bytes[l] &&
		      out->left_at_bytes[l] <= in->cache_bytes[l] / 2;
}

void curve_check(const struct curve_in *in, struct curve_out *out)
{
	/* 12 KiB: off the firmware's stack (one caller at a time: the boot
	 * cpu's suite, never inside a measurement window) */
	static struct plat pl[CURVE_MAX_POINTS];
	double lo, hi;
	int n = in->n < CURVE_MAX_POINTS ? in->n : CURVE_MAX_POINTS;

	*out = (struct curve_out){ 0 };
	for (int l = 0; l < CURVE_LEVELS; l++)
		out->level_ns[l] = -1;
	for (int i = 0; i < n; i++) {
		out->cpuid[i] = cpuid_level(in, in->size_bytes[i]);
		out->level[i] = CURVE_NONE;
	}
	if (n < 2)
		return;
	{
		struct curve_in c = *in;
		c.n = n;
		out->plateaus = find_plateaus(&c, out);
		describe(&c, out, pl);
	}
	lo = hi = pl[0].median;
	for (int q = 1; q < out->plateaus; q++) {
		lo = pl[q].median < lo ? pl[q].median : lo;
		hi = pl[q].median > hi ? pl[q].median : hi;
	}
	if (!(lo > 0) || hi < lo * CURVE_FLAT)
		return;
	out->judged = 1;
	{
		struct curve_in c = *in;
		int by_size;
		c.n = n;
		by_size = dram_by_size(&c, out, pl);
		cache_levels(out, pl);
		if (!by_size)
			dram_under_floor(in, out, pl);
	}
	for (int i = 0; i < n; i++)
		if (out->plateau[i] >= 0)
			out->level[i] = pl[out->plateau[i]].level;
	out->dram_below_floor = out->level[n - 1] == CURVE_DRAM &&
				in->size_bytes[n - 1] < in->floor_bytes;
	for (int q = 0; q < out->plateaus; q++)
		if (pl[q].level >= 0 && pl[q].level < CURVE_DRAM)
			measure(in, out, pl, q);
	for (int i = 0; i < n; i++) {
		int c = out->cpuid[i];
		if (c < CURVE_DRAM && out->level[i] == CURVE_DRAM)
			out->read_as_dram[c]++;
	}
	for (int l = 0; l < 3; l++) {
		int any = 0;
		for (int i = 0; i < n; i++)
			any |= out->cpuid[i] == l;
		out->missing[l] = any && out->level_ns[l] < 0;
	}
}
