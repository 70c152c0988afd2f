/* "N cpus together": the one rule for their GB/s (lib/together.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "together.h"

#define GHZ 1000000000ull

/* One cpu took twice as long as the other for the same bytes: the pair
 * moved 2 GB in 2 s, 1.0 GB/s. Summing each cpu's own rate (1.0 + 0.5)
 * says 1.5, bandwidth the memory never gave while both were loading. */
static void all_bytes_over_the_slowest_end(void **state)
{
	struct cpu_span s[] = {
		{ .bytes = GHZ, .t0 = 100, .t1 = 100 + GHZ },
		{ .bytes = GHZ, .t0 = 100, .t1 = 100 + 2 * GHZ },
	};
	(void)state;
	assert_float_equal(together_gb_per_s(s, 2, GHZ), 1.0, 1e-9);
}

/* A cpu that started late: the span runs from the earliest start. 1.5 GB
 * in 1 s; each cpu's own rate would add up to 2.0. */
static void span_from_the_earliest_start(void **state)
{
	struct cpu_span s[] = {
		{ .bytes = GHZ, .t0 = 0, .t1 = GHZ },
		{ .bytes = GHZ / 2, .t0 = GHZ / 2, .t1 = GHZ },
	};
	(void)state;
	assert_float_equal(together_gb_per_s(s, 2, GHZ), 1.5, 1e-9);
}

/* Same window for everyone (the loaders of a time-bounded run): both
 * rules agree, and the TSC rate scales it. */
static void same_window_is_the_sum(void **state)
{
	struct cpu_span s[] = {
		{ .bytes = 3 * GHZ, .t0 = 7, .t1 = 7 + 2 * GHZ },
		{ .bytes = 5 * GHZ, .t0 = 7, .t1 = 7 + 2 * GHZ },
		{ .bytes = 0, .t0 = 7, .t1 = 7 + 2 * GHZ },
	};
	(void)state;
	assert_float_equal(together_gb_per_s(s, 3, 2 * GHZ), 8.0, 1e-9);
	assert_float_equal(together_gb_per_s(s, 1, GHZ), 1.5, 1e-9);
}

static void nothing_to_divide(void **state)
{
	struct cpu_span s[] = { { .bytes = 64, .t0 = 5, .t1 = 5 } };
	(void)state;
	assert_true(together_gb_per_s(s, 0, GHZ) < 0);
	assert_true(together_gb_per_s(s, 1, GHZ) < 0);
	s[0].t1 = 6;
	assert_true(together_gb_per_s(s, 1, 0) < 0);
	assert_true(together_gb_per_s(s, 1, GHZ) > 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(all_bytes_over_the_slowest_end),
		cmocka_unit_test(span_from_the_earliest_start),
		cmocka_unit_test(same_window_is_the_sum),
		cmocka_unit_test(nothing_to_divide),
	};
	return cmocka_run_group_tests(tests, 0, 0);
}
