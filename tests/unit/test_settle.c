/* The settle after a 512-bit kernel (lib/suite/settle.c) and the core
 * clock's ratio (lib/hw/coreclock.c), with a fake APERF/MPERF source
 * whose clock is low for a number of reads, then back: the wait is never
 * under its least time, lasts until the clock is back, stops at its
 * bound, and without counters (none, or MPERF reading 0 as under QEMU
 * TCG) is the least time alone, never a division by zero. The waits are
 * real TSC spins, short ones; nothing here depends on how long they
 * took beyond the least the rule promises. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "hw/coreclock.h"
#include "arch/arch.h"
#include "suite/settle.h"

/* The fake counters: MPERF counts 1000 a read, APERF 1000 x the clock
 * ratio of that read: fake_low for the first fake_low_reads reads, then
 * fake_high. */
static uint64_t fake_aperf, fake_mperf, fake_reads, fake_low_reads;
static double fake_low = 0.7, fake_high = 1.0;
static int fake_mperf_stuck;	/* MPERF reads 0, as QEMU TCG's does */

static void fake_read(uint64_t *aperf, uint64_t *mperf)
{
	double ratio = fake_reads++ < fake_low_reads ? fake_low : fake_high;

	fake_aperf += (uint64_t)(1000 * ratio);
	fake_mperf += 1000;
	*aperf = fake_aperf;
	*mperf = fake_mperf_stuck ? 0 : fake_mperf;
}

static int reset(void **state)
{
	(void)state;
	fake_aperf = fake_mperf = fake_reads = 0;
	fake_low_reads = 0;
	fake_mperf_stuck = 0;
	return 0;
}

/* Short spans of the real TSC, so the suite stays fast. */
static const struct settle_rule rule = { .ref_ticks = 20000,
					 .min_ticks = 200000,
					 .slice_ticks = 20000,
					 .bound_ticks = 2000000,
					 .near = 0.95 };

static void clock_ratio_guards_every_division(void **state)
{
	(void)state;
	assert_true(coreclock_hz(1000000000u, 3000, 2000) == 1.5e9);
	assert_true(coreclock_hz(1000000000u, 3000, 0) < 0);
	assert_true(coreclock_hz(1000000000u, 0, 2000) < 0);
	assert_true(coreclock_hz(1000000000u, 0, 0) < 0);
	assert_true(coreclock_ratio(0, 0) < 0);
	assert_true(settle_spin_ratio(0, 1000) < 0);
	fake_mperf_stuck = 1;
	assert_true(settle_spin_ratio(fake_read, 1000) < 0);
}

/* The rule's figures at a TSC rate: 2 ms least, 20 ms most, 5 %. */
static void the_rule_is_two_ms_at_least(void **state)
{
	struct settle_rule r = settle_rule(2000000000u);

	(void)state;
	assert_int_equal(r.min_ticks, 4000000u);
	assert_int_equal(r.bound_ticks, 40000000u);
	assert_true(r.slice_ticks > 0 && r.slice_ticks < r.min_ticks);
	assert_true(r.ref_ticks > 0 && r.near == 0.95);
}

/* Back already: still the least time, then one check. */
static void waits_the_least_time_even_when_back(void **state)
{
	struct settle_result out;
	uint64_t end = ticks_read();

	(void)state;
	settle_after_wide(fake_read, 1.0, end, &rule, &out);
	assert_true(ticks_read() - end >= rule.min_ticks);
	assert_true(out.waited_ticks >= rule.min_ticks);
	assert_int_equal(out.back, 1);
	assert_true(out.ratio >= 0.95);
	assert_int_equal(fake_reads, 2);
}

/* Low for three slices (six reads) past the least time: it waits
 * through them and stops at the first slice back near the reference.
 * The bound is far off here: a test process descheduled for a
 * millisecond (a loaded CI host) would otherwise reach the short
 * rule's bound before the clock is back, and this case is about the
 * clock coming back, not the bound (gives_up_at_the_bound is). */
static void waits_until_the_clock_is_back(void **state)
{
	struct settle_result out;
	struct settle_rule far = rule;

	(void)state;
	far.bound_ticks = ~0ull / 2;
	fake_low_reads = 6;
	settle_after_wide(fake_read, 1.0, ticks_read(), &far, &out);
	assert_int_equal(out.back, 1);
	assert_int_equal(fake_reads, 8);
	assert_true(out.ratio >= 0.95);
	assert_true(out.waited_ticks >= far.min_ticks + 3 * far.slice_ticks);
}

/* Never back: it stops at the bound and says so, with the ratio seen. */
static void gives_up_at_the_bound(void **state)
{
	struct settle_result out;

	(void)state;
	fake_low_reads = ~0ull;
	settle_after_wide(fake_read, 1.0, ticks_read(), &rule, &out);
	assert_int_equal(out.back, 0);
	assert_true(out.waited_ticks >= rule.bound_ticks);
	assert_true(out.ratio > 0.69 && out.ratio < 0.71);
}

/* No reader, MPERF reading 0, or no reference: the least time alone,
 * unchecked. */
static void without_counters_waits_the_least_time(void **state)
{
	struct settle_result out;

	(void)state;
	settle_after_wide(0, 1.0, ticks_read(), &rule, &out);
	assert_int_equal(out.back, -1);
	assert_true(out.waited_ticks >= rule.min_ticks);
	assert_true(out.ratio < 0);
	fake_mperf_stuck = 1;
	settle_after_wide(fake_read, 1.0, ticks_read(), &rule, &out);
	assert_int_equal(out.back, -1);
	assert_true(out.waited_ticks >= rule.min_ticks);
	fake_mperf_stuck = 0;
	settle_after_wide(fake_read, -1, ticks_read(), &rule, &out);
	assert_int_equal(out.back, -1);
	assert_true(out.waited_ticks >= rule.min_ticks);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(clock_ratio_guards_every_division, reset),
		cmocka_unit_test_setup(the_rule_is_two_ms_at_least, reset),
		cmocka_unit_test_setup(waits_the_least_time_even_when_back,
				       reset),
		cmocka_unit_test_setup(waits_until_the_clock_is_back, reset),
		cmocka_unit_test_setup(gives_up_at_the_bound, reset),
		cmocka_unit_test_setup(without_counters_waits_the_least_time,
				       reset),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
