/* Plans and kernels of the loaded-latency and core-to-core tests: the
 * delay series, the pair sample, the delayed read kernel, and the
 * ping-pong between two real threads. */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "arch/arch.h"
#include "suite/delays.h"
#include "loadgen.h"
#include "suite/pairs.h"
#include "pingpong.h"

static void delays_by_profile(void **state)
{
	uint32_t d[64];
	const int want[] = { 4, 12, 22 };
	const enum bm_profile p[] = { BM_PROFILE_QUICK, BM_PROFILE_STANDARD,
				      BM_PROFILE_FULL };
	(void)state;
	for (int i = 0; i < 3; i++) {
		int n = delays_plan(p[i], d, 64);
		assert_int_equal(n, want[i]);
		assert_int_equal(d[0], 0);
		for (int k = 1; k < n; k++)
			assert_true(d[k] > d[k - 1]);
		assert_true(d[n - 1] >= 4096);
	}
	/* The standard series doubles; full has a point between each. */
	delays_plan(BM_PROFILE_STANDARD, d, 64);
	assert_int_equal(d[1], 16);
	assert_int_equal(d[2], 32);
	assert_int_equal(d[11], 16384);
	delays_plan(BM_PROFILE_FULL, d, 64);
	assert_int_equal(d[2], 23);
	assert_int_equal(d[3], 32);
	/* cap bounds every profile */
	assert_int_equal(delays_plan(BM_PROFILE_FULL, d, 5), 5);
	assert_int_equal(delays_plan(BM_PROFILE_QUICK, d, 2), 2);
	assert_int_equal(delays_plan(BM_PROFILE_QUICK, d, 0), 0);
}

static int pair_index(const struct cpu_pair *p, int n, int a, int b)
{
	for (int i = 0; i < n; i++)
		if (p[i].a == a && p[i].b == b)
			return i;
	return -1;
}

static void pairs_all_when_they_fit(void **state)
{
	struct cpu_pair p[64];
	(void)state;
	assert_int_equal(pairs_total(4), 6);
	assert_int_equal(pairs_plan(4, 64, 1, p), 6);
	assert_int_equal(p[0].a, 0);
	assert_int_equal(p[0].b, 1);
	assert_int_equal(p[5].a, 2);
	assert_int_equal(p[5].b, 3);
	assert_int_equal(pairs_plan(4, 6, 1, p), 6);
	assert_int_equal(pairs_plan(1, 64, 1, p), 0);
	assert_int_equal(pairs_plan(0, 64, 1, p), 0);
	assert_int_equal(pairs_plan(4, 0, 1, p), 0);
}

static void pairs_sample_is_deterministic(void **state)
{
	static struct cpu_pair p[256], q[256], r[256];
	int n = 64, cap = 200;
	(void)state;
	assert_int_equal(pairs_plan(n, cap, 42, p), cap);
	assert_int_equal(pairs_plan(n, cap, 42, q), cap);
	assert_memory_equal(p, q, sizeof(p[0]) * cap);
	assert_int_equal(pairs_plan(n, cap, 43, r), cap);
	assert_true(memcmp(p, r, sizeof(p[0]) * cap) != 0);
	for (int i = 0; i < cap; i++) {
		assert_true(p[i].a >= 0 && p[i].a < p[i].b && p[i].b < n);
		/* sorted, hence no pair twice */
		if (i)
			assert_true(p[i - 1].a < p[i].a ||
				    (p[i - 1].a == p[i].a &&
				     p[i - 1].b < p[i].b));
	}
	/* The first cpu meets every other. */
	for (int b = 1; b < n; b++)
		assert_true(pair_index(p, cap, 0, b) >= 0);
	/* A cap below the first row: the row's start only. */
	assert_int_equal(pairs_plan(n, 10, 42, p), 10);
	for (int b = 1; b <= 10; b++)
		assert_true(pair_index(p, 10, 0, b) >= 0);
	/* One short of all: every pair but one. */
	assert_int_equal(pairs_plan(8, 27, 7, p), 27);
}

static void loadgen_sums_and_delays(void **state)
{
	uint64_t bytes = 64 * 1024, *buf = aligned_alloc(64, bytes + 256);
	uint64_t want = 0, t0, fast, slow;
	(void)state;
	for (uint64_t i = 0; i < (bytes + 256) / 8; i++)
		buf[i] = i * 0x9e3779b97f4a7c15ull;
	for (uint64_t i = 0; i < bytes / 8; i++)
		want += buf[i];
	assert_true(loadgen_read(buf, bytes, 0) == want);
	assert_true(loadgen_read(buf, bytes, 10) == want);
	/* The last partial block is not read. */
	assert_true(loadgen_read(buf, bytes + 255, 0) == want);
	assert_true(loadgen_read(buf, 255, 0) == 0);
	/* 1000 delay iterations per block take longer than none: 256 blocks
	 * x 1000 dependent decs is ~256k cycles, the plain pass ~10k. The
	 * fastest of several passes each: a preemption or an interrupt
	 * only ever lengthens one. */
	fast = slow = UINT64_MAX;
	for (int i = 0; i < 9; i++) {
		uint64_t t;
		t0 = ticks_begin();
		loadgen_read(buf, bytes, 0);
		t = ticks_end(ticks_end_way_here()) - t0;
		fast = t < fast ? t : fast;
		t0 = ticks_begin();
		loadgen_read(buf, bytes, 1000);
		t = ticks_end(ticks_end_way_here()) - t0;
		slow = t < slow ? t : slow;
	}
	assert_true(slow > 5 * fast);
	free(buf);
}

struct answerer {
	volatile uint64_t *line;
	int64_t rounds;
};

static void *answer(void *p)
{
	struct answerer *a = p;
	a->rounds = pingpong_answer(a->line, 2000000000ull);
	return 0;
}

static void pingpong_between_threads(void **state)
{
	uint64_t *line = aligned_alloc(128, 128), next = 1, rounds = 0;
	struct answerer a = { .line = line };
	pthread_t t;
	(void)state;
	*line = 0;
	assert_int_equal(pthread_create(&t, 0, answer, &a), 0);
	for (int s = 0; s < 3; s++) {
		uint64_t r = pingpong_serve(line, &next, ticks_read() + 1000000,
					    20000000000ull);
		assert_true(r >= 64);
		rounds += r;
	}
	*(volatile uint64_t *)line = PINGPONG_STOP;
	pthread_join(t, 0);
	assert_int_equal(a.rounds, (int64_t)rounds);
	assert_int_equal(next, 1 + 2 * rounds);
	free(line);
}

static void pingpong_times_out_alone(void **state)
{
	uint64_t *line = aligned_alloc(128, 128), next = 1;
	(void)state;
	*line = 0;
	/* Nobody answers: the server gives up, so does a lone answerer. */
	assert_int_equal(pingpong_serve(line, &next, ticks_read(), 1000000), 0);
	*line = 2;
	assert_int_equal(pingpong_answer(line, 1000000), -1);
	free(line);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(delays_by_profile),
		cmocka_unit_test(pairs_all_when_they_fit),
		cmocka_unit_test(pairs_sample_is_deterministic),
		cmocka_unit_test(loadgen_sums_and_delays),
		cmocka_unit_test(pingpong_between_threads),
		cmocka_unit_test(pingpong_times_out_alone),
	};
	return cmocka_run_group_tests(tests, 0, 0);
}
