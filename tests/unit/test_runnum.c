/* Results file numbering: never reuse, never overwrite, stop at 9999. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "results/runnum.h"

static void parses_only_run_names(void **state)
{
	(void)state;
	assert_int_equal(runnum_parse("run-0001.json"), 1);
	assert_int_equal(runnum_parse("RUN-0042.TXT"), 42);
	assert_int_equal(runnum_parse("run-9999.json"), 9999);
	assert_int_equal(runnum_parse("run-001.json"), -1);
	assert_int_equal(runnum_parse("run-00001.json"), -1);
	assert_int_equal(runnum_parse("run-0001"), -1);
	assert_int_equal(runnum_parse("run-0001."), -1);
	assert_int_equal(runnum_parse("run-00a1.json"), -1);
	assert_int_equal(runnum_parse("linux-run-0001.json"), -1);
	assert_int_equal(runnum_parse("."), -1);
	assert_int_equal(runnum_parse(""), -1);
}

static int next_after(const char *const *names, int n)
{
	int highest = 0;
	for (int i = 0; i < n; i++)
		runnum_see(&highest, names[i]);
	return runnum_next(highest);
}

static void empty_folder_starts_at_one(void **state)
{
	(void)state;
	assert_int_equal(next_after(0, 0), 1);
}

static void gaps_are_not_reused(void **state)
{
	static const char *const names[] = { ".", "..", "run-0001.json",
					     "run-0001.txt", "run-0007.json",
					     "notes.txt", "run-0003.txt" };
	(void)state;
	assert_int_equal(next_after(names, 7), 8);
}

static void full_folder_refuses(void **state)
{
	static const char *const names[] = { "run-0002.json", "run-9999.txt" };
	(void)state;
	assert_int_equal(next_after(names, 2), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(parses_only_run_names),
		cmocka_unit_test(empty_folder_starts_at_one),
		cmocka_unit_test(gaps_are_not_reused),
		cmocka_unit_test(full_folder_refuses),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
