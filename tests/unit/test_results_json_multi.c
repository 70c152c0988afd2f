/* The loaded[] entries of the results file (results_json_multi.c): every
 * figure parses back close to the measured one, the lightest load's
 * small GB/s included (two fixed decimals once wrote 0.004 GB/s as
 * 0.00, and the QEMU loaded curve, now test_smp4's, had to accept a
 * zero); idle stays "idle". */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "results/results.h"
#include "results/results_json.h"
#include "util/json.h"

/* The number after "key": at or after from in doc; from moves past it. */
static double number_after(const char **from, const char *key)
{
	const char *p = strstr(*from, key);

	assert_non_null(p);
	p += strlen(key);
	*from = p;
	return strtod(p, 0);
}

static void small_figures_keep_their_digits(void **state)
{
	struct loaded_point pts[] = {
		{ .delay = 0, .loaders = 3, .gb_per_s = 12.345, .ns = 150.25 },
		{ .delay = 512, .loaders = 3, .gb_per_s = 0.43, .ns = 120.5 },
		{ .delay = 4096, .loaders = 3, .gb_per_s = 0.0043, .ns = 101 },
		{ .delay = 8192, .loaders = 3, .gb_per_s = 0.000071, .ns = 99 },
		{ .delay = -1, .loaders = 0, .gb_per_s = 0, .ns = 98.75 },
	};
	static struct run_results res;
	char buf[4096];
	struct json_writer w;
	const char *p = buf;

	(void)state;
	res.loaded.p = pts;
	res.loaded.count = 5;
	json_init(&w, buf, sizeof buf, 0);
	json_object_begin(&w, 0);
	results_json_loaded(&w, &res);
	json_object_end(&w);
	assert_int_equal(json_finish(&w), 0);
	for (int i = 0; i < 5; i++) {
		double gb = number_after(&p, "\"gb_per_s\":");
		double ns = number_after(&p, "\"ns\":");

		/* within 5 %: the figure, not a rounding of it to zero */
		if (gb < pts[i].gb_per_s * 0.95 || gb > pts[i].gb_per_s * 1.05)
			fail_msg("point %d: gb_per_s %g written for %g (%s)", i,
				 gb, pts[i].gb_per_s, buf);
		assert_true(ns > pts[i].ns * 0.99 && ns < pts[i].ns * 1.01);
	}
	assert_non_null(strstr(buf, "\"gb_per_s\":12.35,"));	/* 2 decimals kept */
	assert_non_null(strstr(buf, "\"delay\":\"idle\""));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(small_figures_keep_their_digits),
	};
	return cmocka_run_group_tests(tests, 0, 0);
}
