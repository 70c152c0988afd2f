/* The core-to-core pair plan (see pairs.h). */
#include "suite/pairs.h"

#include "util/prng.h"

uint64_t pairs_total(int n)
{
	return n < 2 ? 0 : (uint64_t)n * (uint64_t)(n - 1) / 2;
}

static int has_pair(const struct cpu_pair *p, int count, int a, int b)
{
	for (int i = 0; i < count; i++)
		if (p[i].a == a && p[i].b == b)
			return 1;
	return 0;
}

/* Insertion sort by (a, b): the plans are small (a few hundred). */
static void sort_pairs(struct cpu_pair *p, int count)
{
	for (int i = 1; i < count; i++) {
		struct cpu_pair x = p[i];
		int j = i;
		while (j > 0 && (p[j - 1].a > x.a ||
				 (p[j - 1].a == x.a && p[j - 1].b > x.b))) {
			p[j] = p[j - 1];
			j--;
		}
		p[j] = x;
	}
}

int pairs_plan(int n, int cap, uint64_t seed, struct cpu_pair *out)
{
	uint64_t total = pairs_total(n);
	struct prng r;
	int count = 0;

	if (total == 0 || cap <= 0)
		return 0;
	if (total <= (uint64_t)cap) {
		for (int a = 0; a < n; a++)
			for (int b = a + 1; b < n; b++)
				out[count++] = (struct cpu_pair){ a, b };
		return count;
	}
	for (int b = 1; b < n && count < cap; b++)
		out[count++] = (struct cpu_pair){ 0, b };
	/* total > cap, so draws always find a missing pair; the rejection
	 * rate stays under cap / total < 1. */
	prng_seed(&r, seed);
	while (count < cap) {
		int a = (int)prng_below(&r, (uint64_t)n);
		int b = (int)prng_below(&r, (uint64_t)n - 1);
		if (b >= a)
			b++;
		else {
			int t = a;
			a = b;
			b = t;
		}
		if (!has_pair(out, count, a, b))
			out[count++] = (struct cpu_pair){ a, b };
	}
	sort_pairs(out, count);
	return count;
}
