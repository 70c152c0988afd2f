/* The calibration's tries (lib/hw/calib.c) with a scripted reference:
 * each try's bound in ppm comes from a list, so the order of the tries,
 * when they stop and which reading is kept can be seen exactly. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "hw/calib.h"

#define REF_HZ 3579545.0	/* the ACPI PM timer's rate */
#define TICK_HZ 2.0e9		/* the tick counter the script pretends */

/* The script: try i reads with script_ppm[i] (< 0: the try gives no
 * reading); the lengths asked are kept in asked[]. */
static double script_ppm[16];
static int script_len, tries_seen;
static uint64_t asked[16];

static int scripted(void *ctx, uint64_t ref_ticks, struct calib_reading *out)
{
	int i = tries_seen++;

	(void)ctx;
	asked[i] = ref_ticks;
	if (i >= script_len || script_ppm[i] < 0)
		return -1;
	out->ref_ticks = ref_ticks;
	out->ticks = (uint64_t)((double)ref_ticks * TICK_HZ / REF_HZ);
	out->err_ticks = (uint64_t)(script_ppm[i] * (double)out->ticks / 1e6);
	return 0;
}

static void script(int n, const double *ppm)
{
	script_len = n;
	tries_seen = 0;
	for (int i = 0; i < n; i++)
		script_ppm[i] = ppm[i];
}

static uint64_t ref_ticks_of(uint64_t ns)
{
	return (uint64_t)(REF_HZ * (double)ns / 1e9);
}

/* Under the bound at once: one short try, its rate and bound. */
static void first_try_under_the_bound_ends_it(void **state)
{
	static const double ppm[] = { 100 };
	double got;
	int tries;
	uint64_t hz;

	(void)state;
	script(1, ppm);
	hz = calib_run(scripted, 0, REF_HZ, 0xffffff, &got, &tries);
	assert_int_equal(tries, 1);
	assert_int_equal(asked[0], ref_ticks_of(CALIB_SHORT_NS));
	assert_true(got > 99 && got < 101);
	assert_true(hz > TICK_HZ * 0.999 && hz < TICK_HZ * 1.001);
}

/* A chance event spoils the first try: the next is as short. */
static void a_spoiled_try_is_retried_at_the_same_length(void **state)
{
	static const double ppm[] = { 141152, 57050, 150 };
	double got;
	int tries;

	(void)state;
	script(3, ppm);
	assert_true(calib_run(scripted, 0, REF_HZ, 0xffffff, &got, &tries));
	assert_int_equal(tries, 3);
	for (int i = 0; i < 3; i++)
		assert_int_equal(asked[i], ref_ticks_of(CALIB_SHORT_NS));
	assert_true(got > 149 && got < 151);
}

/* Every short try over: then 400 ms, then 1.6 s, and the best kept
 * when none reaches the bound. */
static void longer_tries_follow_and_the_best_is_kept(void **state)
{
	static const double ppm[] = { 5000, 4000, 6000, 3000, 2500, 1500 };
	double got;
	int tries;

	(void)state;
	script(6, ppm);
	assert_true(calib_run(scripted, 0, REF_HZ, 0xffffff, &got, &tries));
	assert_int_equal(tries, CALIB_SHORT_TRIES + 2);
	assert_int_equal(asked[3], ref_ticks_of(CALIB_SHORT_NS));
	assert_int_equal(asked[4], ref_ticks_of(4 * CALIB_SHORT_NS));
	assert_int_equal(asked[5], ref_ticks_of(CALIB_LONG_NS));
	assert_true(got > 1499 && got < 1501);
}

/* A long try that reaches the bound ends it there. */
static void a_long_try_under_the_bound_ends_it(void **state)
{
	static const double ppm[] = { 5000, 5000, 5000, 5000, 3 };
	double got;
	int tries;

	(void)state;
	script(5, ppm);
	assert_true(calib_run(scripted, 0, REF_HZ, 0xffffff, &got, &tries));
	assert_int_equal(tries, 5);
	assert_true(got > 2 && got < 4);
}

/* A 24-bit PM timer wraps in 4.7 s: every try fits. A counter that
 * wraps within half the shortest try gives no try at all, and a
 * reference that never moves no reading: 0, no bound. */
static void no_reading_is_no_rate(void **state)
{
	static const double none[] = { -1, -1, -1, -1, -1, -1 };
	double got = 0;
	int tries;

	(void)state;
	script(6, none);
	assert_int_equal(calib_run(scripted, 0, REF_HZ, 0xffff, &got,
				   &tries), 0);
	assert_int_equal(tries, 0);
	assert_true(got < 0);
	script(6, none);
	assert_int_equal(calib_run(scripted, 0, REF_HZ, 0xffffff, &got,
				   &tries), 0);
	assert_int_equal(tries, CALIB_SHORT_TRIES + 2);
	assert_true(got < 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(first_try_under_the_bound_ends_it),
		cmocka_unit_test(a_spoiled_try_is_retried_at_the_same_length),
		cmocka_unit_test(longer_tries_follow_and_the_best_is_kept),
		cmocka_unit_test(a_long_try_under_the_bound_ends_it),
		cmocka_unit_test(no_reading_is_no_rate),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
