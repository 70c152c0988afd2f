/* How long a sample runs (lib/suite/calibrate.c): the doubling trial and
 * its scaling to the target, on a made-up clock. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "suite/calibrate.h"

/* A unit of work that takes ticks_per_unit, plus a fixed start cost;
 * records every trial. */
struct clock {
	uint64_t ticks_per_unit, start_ticks;
	uint64_t tried[64];
	int trials;
};

static uint64_t timed(void *ctx, uint64_t units)
{
	struct clock *c = ctx;

	if (c->trials < 64)
		c->tried[c->trials++] = units;
	return c->start_ticks + units * c->ticks_per_unit;
}

/* 10 ticks a unit, target 8000: trials 1, 2, ... until a trial lasts
 * 1000 ticks (100 units: 128 is the first power of two), then 128 units
 * in 1280 ticks scale to 800 units. */
static void doubles_to_an_eighth_then_scales(void **state)
{
	struct clock c = { .ticks_per_unit = 10 };
	(void)state;
	assert_int_equal(calibrate_units(timed, &c, 1, 1u << 30, 8000), 800);
	assert_int_equal(c.trials, 8);
	for (int i = 0; i < c.trials; i++)
		assert_int_equal(c.tried[i], 1ull << i);
}

/* The first trial already longer than the target: never fewer units
 * than that trial ran. */
static void never_fewer_than_the_last_trial(void **state)
{
	struct clock c = { .ticks_per_unit = 5000 };
	(void)state;
	assert_int_equal(calibrate_units(timed, &c, 4, 1u << 30, 1000), 4);
	assert_int_equal(c.trials, 1);
}

/* A clock that never moves (a broken timer) stops at max_units. */
static void stops_at_max_units(void **state)
{
	struct clock c = { .ticks_per_unit = 0 };
	uint64_t u;
	(void)state;
	u = calibrate_units(timed, &c, 1, 1u << 10, 1000);
	assert_int_equal(c.tried[c.trials - 1], 1u << 10);
	assert_true(u >= (1u << 10));
}

/* A large target and unit count do not overflow the scaling. */
static void no_overflow_on_large_products(void **state)
{
	struct clock c = { .ticks_per_unit = 1, .start_ticks = 0 };
	uint64_t target = 1ull << 40;
	(void)state;
	assert_int_equal(calibrate_units(timed, &c, 1ull << 36, 1ull << 36,
					 target), target);
}

/* calibrate_chase_hops adds the hops its trials chased (256, 512, ...,
 * doubling) to the caller's count: the scan knows from it whether its
 * chase came round its chain. On a one-line chain, any clock. */
static void chase_trials_are_counted(void **state)
{
	void *self = &self;
	void *p = self;
	uint64_t chased = 5, hops, trials;
	(void)state;

	hops = calibrate_chase_hops(&p, 0, 1000000, &chased);
	assert_true(hops > 0);
	trials = chased - 5;
	assert_true(trials >= 256);
	assert_int_equal(trials % 256, 0);
	/* 256 (2^k - 1): one more trial of 256 makes a power of two */
	assert_int_equal(((trials / 256 + 1) & (trials / 256)), 0);
	assert_ptr_equal(p, self);
	assert_int_equal(calibrate_chase_hops(&p, 0, 1000000, 0) > 0, 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(doubles_to_an_eighth_then_scales),
		cmocka_unit_test(never_fewer_than_the_last_trial),
		cmocka_unit_test(stops_at_max_units),
		cmocka_unit_test(no_overflow_on_large_products),
		cmocka_unit_test(chase_trials_are_counted),
	};
	return cmocka_run_group_tests(tests, 0, 0);
}
