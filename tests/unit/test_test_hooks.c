/* The test hooks' names and the test_hook key, built as the test image
 * builds them (-DBAREMEM_TEST_HOOKS): every hook has a unique name that
 * parses back, any case; a bad name is refused with the valid ones; the
 * key works from the file and the command line and leaves docs/design.md's
 * keys' list untouched. (test_config checks the release build refuses
 * the key.) */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "config/config.h"
#include "config/test_hooks.h"

#ifndef BAREMEM_TEST_HOOKS
#error "test_test_hooks is built with -DBAREMEM_TEST_HOOKS (see Makefile)"
#endif

static void every_hook_named_once(void **state)
{
	(void)state;
	assert_string_equal(test_hook_name(TEST_HOOK_NONE), "none");
	for (int i = 0; i < TEST_HOOK_COUNT; i++) {
		const char *n = test_hook_name((enum test_hook)i);
		char upper[32];

		assert_non_null(n);
		assert_true(strlen(n) > 0 && strlen(n) < sizeof upper);
		assert_int_equal(test_hook_parse(n, strlen(n)), i);
		for (size_t j = 0; j <= strlen(n); j++)
			upper[j] = (char)((n[j] >= 'a' && n[j] <= 'z')
						  ? n[j] - 32 : n[j]);
		assert_int_equal(test_hook_parse(upper, strlen(upper)), i);
		for (int j = 0; j < i; j++)
			assert_string_not_equal(n, test_hook_name(
							   (enum test_hook)j));
	}
	assert_null(test_hook_name(TEST_HOOK_COUNT));
	assert_null(test_hook_name((enum test_hook)-1));
	/* The names tests/qemu/test_fault_* pass. */
	assert_int_equal(test_hook_parse("fault-bsp", 9), TEST_HOOK_FAULT_BSP);
	assert_int_equal(test_hook_parse("fault-ap", 8), TEST_HOOK_FAULT_AP);
}

static void unknown_names(void **state)
{
	(void)state;
	assert_int_equal(test_hook_parse("", 0), -1);
	assert_int_equal(test_hook_parse("ap-spi", 6), -1);
	assert_int_equal(test_hook_parse("ap-spinx", 8), -1);
	/* A prefix of the buffer is what counts, not a NUL. */
	assert_int_equal(test_hook_parse("ap-spinx", 7), TEST_HOOK_AP_SPIN);
}

static void valid_text_lists_all(void **state)
{
	char buf[512], tiny[5];
	(void)state;
	test_hook_valid_text(buf, sizeof buf);
	assert_int_equal(strncmp(buf, "none, ", 6), 0);
	for (int i = 0; i < TEST_HOOK_COUNT; i++)
		assert_non_null(strstr(buf, test_hook_name((enum test_hook)i)));
	/* Cut short, still terminated. */
	test_hook_valid_text(tiny, sizeof tiny);
	assert_int_equal(strlen(tiny), sizeof tiny - 1);
	assert_string_equal(test_hook_valid_text(0, 0), "");
}

static void key_from_file_and_args(void **state)
{
	static const char text[] = "profile = quick\nTest_Hook = AP-Spin\n";
	static const char *const argv[] = { "test_hook=ap-spin" };
	static const char *const none[] = { "test_hook=none" };
	struct bm_config c;
	struct msgs errs = { 0 }, warns = { 0 };
	(void)state;

	config_defaults(&c);
	assert_int_equal(c.test_hook, TEST_HOOK_NONE);
	assert_int_equal(config_parse(&c, text, sizeof text - 1, "baremem.cfg",
				      &errs, &warns), 0);
	assert_int_equal(c.test_hook, TEST_HOOK_AP_SPIN);
	assert_int_equal(warns.count, 0);
	/* Not a key of docs/design.md §3: no set or bad bit, no value text. */
	assert_int_equal(c.set_mask, 1u << BM_KEY_PROFILE);
	assert_int_equal(c.bad_mask, 0);

	config_defaults(&c);
	assert_int_equal(config_parse_args(&c, 1, argv, &errs, &warns), 0);
	assert_int_equal(c.test_hook, TEST_HOOK_AP_SPIN);
	assert_int_equal(config_parse_args(&c, 1, none, &errs, &warns), 0);
	assert_int_equal(c.test_hook, TEST_HOOK_NONE);
	assert_int_equal(errs.count, 0);
}

static void bad_hook_refused(void **state)
{
	static const char text[] = "test_hook = spin-everything\n";
	struct bm_config c;
	struct msgs errs = { 0 }, warns = { 0 };
	(void)state;

	config_defaults(&c);
	assert_int_equal(config_parse(&c, text, sizeof text - 1, "baremem.cfg",
				      &errs, &warns), 1);
	assert_int_equal(c.test_hook, TEST_HOOK_NONE);
	assert_non_null(strstr(errs.text[0], "baremem.cfg line 1: test_hook "
			       "'spin-everything' is not valid (valid: none, "
			       "ap-spin"));
}

/* An unknown key still names only the keys of docs/design.md §3 as valid. */
static void key_list_unchanged(void **state)
{
	static const char text[] = "tset_hook = ap-spin\n";
	struct bm_config c;
	struct msgs errs = { 0 }, warns = { 0 };
	(void)state;

	config_defaults(&c);
	assert_int_equal(config_parse(&c, text, sizeof text - 1, "baremem.cfg",
				      &errs, &warns), 1);
	assert_non_null(strstr(errs.text[0], "unknown key 'tset_hook'"));
	assert_null(strstr(errs.text[0], "test_hook"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_hook_named_once),
		cmocka_unit_test(unknown_names),
		cmocka_unit_test(valid_text_lists_all),
		cmocka_unit_test(key_from_file_and_args),
		cmocka_unit_test(bad_hook_refused),
		cmocka_unit_test(key_list_unchanged),
	};
	return cmocka_run_group_tests(tests, 0, 0);
}
