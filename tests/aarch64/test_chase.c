/* The AArch64 pointer chase (kernels/aarch64/chase.c) against a plain C
 * walk of the same chain: one random cycle through the lines of buffers
 * of several sizes, followed for hop counts around the unroll depth
 * (0, 1, 15, 16, 17, 31, 33) and for several laps; where chase_run stops
 * must be where the reference stops. Run under qemu-aarch64. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "bw_check.h"
#include "chase.h"

#define LINE 64

/* A single cycle through n lines of buf (Sattolo's shuffle). */
static void make_cycle(char *buf, size_t n, unsigned seed)
{
	size_t *order = malloc(n * sizeof *order);

	srand(seed);
	for (size_t i = 0; i < n; i++)
		order[i] = i;
	for (size_t i = n - 1; i > 0; i--) {
		size_t j = (size_t)rand() % i;
		size_t t = order[i];
		order[i] = order[j];
		order[j] = t;
	}
	for (size_t i = 0; i < n; i++)
		*(void **)(buf + order[i] * LINE) =
			buf + order[(i + 1) % n] * LINE;
	free(order);
}

static void *walk(void *p, uint64_t hops)
{
	while (hops--)
		p = *(void **)p;
	return p;
}

int main(void)
{
	static const size_t lines[] = { 2, 17, 64, 1000, 4096 };
	static const uint64_t hops[] = { 0, 1, 15, 16, 17, 31, 33, 160, 1001 };
	char what[96];

	for (size_t a = 0; a < sizeof lines / sizeof lines[0]; a++) {
		char *buf = aligned_alloc(LINE, lines[a] * LINE);

		make_cycle(buf, lines[a], (unsigned)a + 1);
		for (size_t b = 0; b < sizeof hops / sizeof hops[0]; b++) {
			uint64_t h = hops[b] + (b == 8 ? 3 * lines[a] : 0);
			void *start = buf + (lines[a] / 2) * LINE;

			snprintf(what, sizeof what, "%zu lines, %llu hops",
				 lines[a], (unsigned long long)h);
			bw_check_result(chase_run(start, h) == walk(start, h),
					what);
		}
		free(buf);
	}
	return bw_check_finish();
}
