/* The charts' axis math (lib/report/axes.c): logarithms against libm,
 * round ranges, pixel mapping both ways up, 1-2-5 ticks within their
 * bound, labels, and cache boundaries from a cpu_info. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <cmocka.h>

#include "report/axes.h"

#define NEAR(a, b, eps) assert_true(fabs((a) - (b)) <= (eps))

static void logs_match_libm(void **state)
{
	(void)state;
	for (double v = 1e-9; v < 1e15; v *= 1.37) {
		NEAR(axis_log2(v), log2(v), 1e-10);
		NEAR(axis_log10(v), log10(v), 1e-10);
	}
	assert_true(axis_log2(1024.0) == 10.0);
	assert_true(axis_log2(0.0) < -1e300);
	assert_true(axis_log2(-3.0) < -1e300);
	assert_true(axis_log10(NAN) < -1e300);
}

static void fit_widens_to_round_ends(void **state)
{
	struct axis a;

	(void)state;
	axis_fit(&a, AXIS_LOG2, 4096, 1.5 * (1 << 30));
	assert_true(a.lo == 4096 && a.hi == 2.0 * (1 << 30));
	axis_fit(&a, AXIS_LOG2, 4096, 8192);	/* exact ends stay */
	assert_true(a.lo == 4096 && a.hi == 8192);
	axis_fit(&a, AXIS_LOG10, 0.9, 85);
	NEAR(a.lo, 0.1, 1e-15);
	assert_true(a.hi == 100);
	axis_fit(&a, AXIS_LOG10, 1, 10);
	assert_true(a.lo == 1 && a.hi == 10);
	axis_fit(&a, AXIS_LINEAR, 3, 37);
	assert_true(a.lo == 0 && a.hi == 40);
	axis_fit(&a, AXIS_LINEAR, -12, 7);
	assert_true(a.lo == -15 && a.hi == 10);
}

static void fit_survives_degenerate_data(void **state)
{
	struct axis a;

	(void)state;
	axis_fit(&a, AXIS_LOG10, 5, 5);		/* one value */
	assert_true(a.lo < 5 && a.hi > 5);
	axis_fit(&a, AXIS_LOG10, 0, 40);	/* a zero on a log axis */
	assert_true(a.lo > 0 && a.hi >= 40);
	axis_fit(&a, AXIS_LOG2, 1, 0);		/* no data */
	assert_true(a.lo > 0 && a.hi > a.lo);
	axis_fit(&a, AXIS_LINEAR, NAN, NAN);
	assert_true(a.hi > a.lo);
	axis_fit(&a, AXIS_LINEAR, 0, 0);
	assert_true(a.hi > a.lo);
}

static void pixels_follow_the_scale(void **state)
{
	struct axis x, y;

	(void)state;
	axis_fit(&x, AXIS_LOG2, 1024, 1 << 20);
	axis_place(&x, 0, 100);
	NEAR(axis_px(&x, 1024), 0, 1e-9);
	NEAR(axis_px(&x, 1 << 20), 100, 1e-9);
	NEAR(axis_px(&x, 32768), 50, 1e-9);	/* 5 of 10 doublings */
	NEAR(axis_px(&x, 1 << 21), 110, 1e-9);	/* outside: not clamped */
	NEAR(axis_px(&x, 0), 0, 1e-9);

	axis_fit(&y, AXIS_LOG10, 1, 100);
	axis_place(&y, 300, 100);		/* upwards */
	NEAR(axis_px(&y, 1), 300, 1e-9);
	NEAR(axis_px(&y, 10), 200, 1e-9);
	NEAR(axis_px(&y, 100), 100, 1e-9);

	axis_fit(&y, AXIS_LINEAR, 0, 40);
	axis_place(&y, 200, 0);
	NEAR(axis_px(&y, 10), 150, 1e-9);
}

static void ticks_are_round_and_bounded(void **state)
{
	struct axis a;
	double t[64];
	int n;

	(void)state;
	axis_fit(&a, AXIS_LOG2, 4096, 1 << 30);	/* 18 doublings */
	n = axis_ticks(&a, 10, t, 64);
	assert_int_equal(n, 10);		/* every 2nd: 4K..1G */
	assert_true(t[0] == 4096 && t[1] == 16384 && t[9] == (1 << 30));
	n = axis_ticks(&a, 64, t, 64);
	assert_int_equal(n, 19);
	n = axis_ticks(&a, 64, t, 5);		/* cap bounds the writes */
	assert_int_equal(n, 5);

	axis_fit(&a, AXIS_LOG10, 1, 100);
	n = axis_ticks(&a, 10, t, 64);
	assert_int_equal(n, 7);			/* 1 2 5 10 20 50 100 */
	assert_true(t[1] == 2 && t[2] == 5 && t[5] == 50 && t[6] == 100);
	axis_fit(&a, AXIS_LOG10, 1, 10000);
	n = axis_ticks(&a, 10, t, 64);
	assert_int_equal(n, 5);
	assert_true(t[0] == 1 && t[4] == 10000);
	n = axis_ticks(&a, 3, t, 64);		/* 1, 100, 10000 */
	assert_int_equal(n, 3);
	assert_true(t[1] == 100);

	axis_fit(&a, AXIS_LINEAR, 0, 37);
	n = axis_ticks(&a, 6, t, 64);
	assert_int_equal(n, 5);			/* 0 10 20 30 40 */
	assert_true(t[0] == 0 && t[4] == 40);
	a.lo = 0;
	a.hi = 0.3;
	n = axis_ticks(&a, 4, t, 64);
	assert_true(n >= 2 && n <= 4);
	assert_true(t[n - 1] <= 0.3 + 1e-12);
	for (int max = 2; max < 20; max++) {
		a.lo = 0;
		a.hi = 97;
		n = axis_ticks(&a, max, t, 64);
		assert_true(n >= 1 && n <= max);
		for (int i = 1; i < n; i++)
			assert_true(t[i] > t[i - 1]);
	}
}

static void labels_are_short(void **state)
{
	char b[16];

	(void)state;
	assert_string_equal(axis_label_bytes(b, sizeof b, 512), "512");
	assert_string_equal(axis_label_bytes(b, sizeof b, 16384), "16K");
	assert_string_equal(axis_label_bytes(b, sizeof b, 1 << 20), "1M");
	assert_string_equal(axis_label_bytes(b, sizeof b, 1.5 * (1 << 20)),
			    "1.5M");
	assert_string_equal(axis_label_bytes(b, sizeof b, 1 << 30), "1G");
	assert_string_equal(axis_label_num(b, sizeof b, 1), "1");
	assert_string_equal(axis_label_num(b, sizeof b, 0.5), "0.5");
	assert_string_equal(axis_label_num(b, sizeof b, 2.5), "2.5");
	assert_string_equal(axis_label_num(b, sizeof b, 0.1), "0.1");
	assert_string_equal(axis_label_num(b, sizeof b, 100), "100");
	assert_string_equal(axis_label_num(b, sizeof b, 1000), "1000");
	assert_string_equal(axis_label_num(b, sizeof b, 20000), "20k");
	assert_string_equal(axis_label_num(b, sizeof b, 1e6), "1M");
	assert_string_equal(axis_label_num(b, sizeof b, -15), "-15");
	assert_string_equal(axis_label_num(b, sizeof b, 0), "0");
	assert_string_equal(axis_label_num(b, 3, 12345), "12");	/* cut */
}

static void cache_marks_come_from_the_detected_caches(void **state)
{
	struct cpu_info ci = { 0 };
	struct cache_mark m[AXIS_MAX_CACHE_MARKS];
	int n;

	(void)state;
	ci.cache_count = 4;
	ci.caches[0] = (struct cpu_cache){ 1, "data", 48 << 10, 64, 12, 2, 0 };
	ci.caches[1] = (struct cpu_cache){ 1, "instruction", 32 << 10, 64, 8, 2, 0 };
	ci.caches[2] = (struct cpu_cache){ 2, "unified", 2 << 20, 64, 16, 2, 0 };
	ci.caches[3] = (struct cpu_cache){ 3, "unified", 36 << 20, 64, 12, 32, 0 };
	n = axis_cache_marks(&ci, m, AXIS_MAX_CACHE_MARKS);
	assert_int_equal(n, 3);
	assert_string_equal(m[0].label, "L1");
	assert_true(m[0].bytes == 48 << 10);	/* data, not instruction */
	assert_string_equal(m[2].label, "L3");
	assert_true(m[2].bytes == 36 << 20);
	n = axis_cache_marks(&ci, m, 2);
	assert_int_equal(n, 2);
	ci.cache_count = 1;			/* no L2, no L3 */
	n = axis_cache_marks(&ci, m, AXIS_MAX_CACHE_MARKS);
	assert_int_equal(n, 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(logs_match_libm),
		cmocka_unit_test(fit_widens_to_round_ends),
		cmocka_unit_test(fit_survives_degenerate_data),
		cmocka_unit_test(pixels_follow_the_scale),
		cmocka_unit_test(ticks_are_round_and_bounded),
		cmocka_unit_test(labels_are_short),
		cmocka_unit_test(cache_marks_come_from_the_detected_caches),
	};

	return cmocka_run_group_tests(tests, 0, 0);
}
