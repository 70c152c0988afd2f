/* Whether the scan's chain written cold is in no cache on this cpu
 * (docs/method.md, "The chain written cold"): a chain of every pair of
 * a small buffer (MiB, fits the L2 or L3) is built with ordinary stores
 * and chased until its lines are cached, then written again over the
 * same lines in another cycle by chase_build_spread_cold (MOVNTI, then
 * SFENCE) and chased at once, half its lines: every hop a first visit.
 * Then the buffer is memset (every line dirty in the cache) and the
 * same again. A cold rewrite that a cached copy answered would read at
 * the warm chase's speed; one from memory reads at DRAM's.
 *
 * usage: bench-cold-chain MIB TRIES
 * Prints one line a try, then "cold-chain: warm min W median W2;
 * rewritten min C median C2; after memset min D median D2" (ns a hop),
 * pinned to the cpu it starts on. Exit 0, or 2 with a message on bad
 * usage or no memory. */
#define _GNU_SOURCE
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include "chase.h"
#include "suite/perm.h"

#define MAX_TRIES 100

static double now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

/* ns a hop of `hops` hops from p. */
static double chase_ns(void **p, uint64_t hops)
{
	double t0 = now_ns();

	*p = chase_run(*p, hops);
	return (now_ns() - t0) / (double)hops;
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static void summary(const char *name, double *v, int n, const char *sep)
{
	qsort(v, (size_t)n, sizeof *v, cmp);
	printf("%s min %.1f median %.1f%s", name, v[0], v[n / 2], sep);
}

int main(int argc, char **argv)
{
	static double warm[MAX_TRIES], cold[MAX_TRIES], dirty[MAX_TRIES];
	uint64_t mib = argc == 3 ? strtoull(argv[1], 0, 10) : 0;
	int tries = argc == 3 ? atoi(argv[2]) : 0;
	uint64_t bytes = mib << 20, lines = bytes / 128;
	uint8_t *buf;
	uint32_t *index;
	cpu_set_t one;

	if (mib < 1 || mib > 64 || tries < 1 || tries > MAX_TRIES) {
		fprintf(stderr, "usage: bench-cold-chain MIB (1-64) TRIES "
			"(1-%d)\n", MAX_TRIES);
		return 2;
	}
	CPU_ZERO(&one);
	CPU_SET(sched_getcpu(), &one);
	sched_setaffinity(0, sizeof one, &one);
	buf = aligned_alloc(2u << 20, bytes < (2u << 20) ? 2u << 20 : bytes);
	index = malloc(sizeof *index * lines);
	if (!buf || !index) {
		fprintf(stderr, "bench-cold-chain: no memory\n");
		return 2;
	}
	madvise(buf, bytes, MADV_HUGEPAGE);
	memset(buf, 0, bytes);
	for (int t = 0; t < tries; t++) {
		int is_cold = 0;
		void *p = chase_build_spread(buf, bytes, lines, 2 * t, index);

		p = chase_run(p, 2 * lines);	/* every line cached */
		warm[t] = chase_ns(&p, lines / 2);
		p = chase_build_spread_cold(buf, bytes, lines, 2 * t + 1, index,
					    &is_cold);
		cold[t] = chase_ns(&p, lines / 2);
		memset(buf, t, bytes);		/* every line dirty */
		p = chase_build_spread_cold(buf, bytes, lines, 2 * t, index,
					    &is_cold);
		dirty[t] = chase_ns(&p, lines / 2);
		printf("try %d: warm %.1f ns, rewritten cold %.1f ns, after "
		       "memset %.1f ns%s\n", t, warm[t], cold[t], dirty[t],
		       is_cold ? "" : " (not written cold here)");
	}
	printf("cold-chain: ");
	summary("warm", warm, tries, "; ");
	summary("rewritten", cold, tries, "; ");
	summary("after memset", dirty, tries, "\n");
	return 0;
}
