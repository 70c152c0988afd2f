/* The progress line's estimate of what is left. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "platform.h"
#include "suite/progress.h"

/* progress_step's platform calls, unused by these tests. */
uint64_t plat_tsc_hz(void)
{
	return 0;
}

void plat_progress(const char *text)
{
	(void)text;
}

static char buf[64];

/* Nothing done yet: no estimate, only where the run is. */
static void first_step_has_no_estimate(void **state)
{
	(void)state;
	progress_text(buf, sizeof buf, 0, 37, 0.0);
	assert_string_equal(buf, "1 of 37");
}

/* 11 points took 12 s: 26 left (this one included) at ~1.09 s each. */
static void mean_time_times_steps_left(void **state)
{
	(void)state;
	progress_text(buf, sizeof buf, 11, 37, 12.0);
	assert_string_equal(buf, "12 of 37, ~28 s left");
	progress_text(buf, sizeof buf, 1, 2, 0.25);
	assert_string_equal(buf, "2 of 2, <1 s left");
}

static void long_runs_in_minutes(void **state)
{
	(void)state;
	progress_text(buf, sizeof buf, 2, 12, 60.0);	/* 10 x 30 s */
	assert_string_equal(buf, "3 of 12, ~5 min left");
	progress_text(buf, sizeof buf, 1, 3, 59.0);	/* 118 s */
	assert_string_equal(buf, "2 of 3, ~118 s left");
}

/* An unknown clock (elapsed < 0) or a finished run gives no estimate;
 * a small buffer stays terminated. */
static void odd_inputs(void **state)
{
	char small[6];
	(void)state;
	progress_text(buf, sizeof buf, 3, 10, -1.0);
	assert_string_equal(buf, "4 of 10");
	progress_text(small, sizeof small, 11, 37, 12.0);
	assert_string_equal(small, "12 of");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(first_step_has_no_estimate),
		cmocka_unit_test(mean_time_times_steps_left),
		cmocka_unit_test(long_runs_in_minutes),
		cmocka_unit_test(odd_inputs),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
