/* The freestanding string and memory helpers, against libc's own. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>
#include <cmocka.h>

#include "util/str.h"

static void lengths(void **state)
{
	static const char *const words[] = { "", "a", "hello world",
					     "tab\there" };
	(void)state;
	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
		assert_int_equal(str_len(words[i]), strlen(words[i]));
		for (size_t max = 0; max < 14; max++)
			assert_int_equal(str_nlen(words[i], max),
					 strnlen(words[i], max));
	}
	/* str_nlen reads no further than max: no terminator needed. */
	{
		char raw[4] = { 'a', 'b', 'c', 'd' };
		assert_int_equal(str_nlen(raw, 4), 4);
		assert_int_equal(str_nlen(raw, 2), 2);
	}
}

static void lower_is_ascii_only(void **state)
{
	(void)state;
	for (int c = 0; c < 256; c++) {
		char want = c >= 'A' && c <= 'Z' ? (char)(c + 32) : (char)c;
		assert_int_equal(str_lower((char)c), want);
	}
}

static void case_insensitive_equal(void **state)
{
	(void)state;
	assert_true(str_eq("GenuineIntel", "GenuineIntel"));
	assert_false(str_eq("GenuineIntel", "GenuineInte"));
	assert_false(str_eq("AuthenticAMD", "authenticamd"));
	assert_true(str_eq("", ""));
	assert_true(str_ieq("Profile", 7, "profile"));
	assert_true(str_ieq("PROFILE", 7, "profile"));
	assert_true(str_ieq("profile", 7, "PROFILE"));
	assert_true(str_ieq("", 0, ""));
	assert_true(str_ieq("1g=x", 2, "1G"));	/* counted, not terminated */
	assert_false(str_ieq("profil", 6, "profile"));
	assert_false(str_ieq("profiles", 8, "profile"));
	assert_false(str_ieq("profile", 7, "profilf"));
	assert_false(str_ieq("a\0b", 3, "a"));
	assert_false(str_ieq("\xc1", 1, "\xe1"));	/* not Latin-1 aware */
	/* Agrees with strncasecmp on ASCII words. */
	assert_int_equal(str_ieq("BsP", 3, "bsp"),
			 strncasecmp("BsP", "bsp", 4) == 0);
}

static void copy_truncates_like_snprintf(void **state)
{
	char b[8];
	(void)state;

	memset(b, 'x', sizeof b);
	assert_int_equal(str_copy(b, sizeof b, "hello"), 5);
	assert_string_equal(b, "hello");
	assert_int_equal(str_copy(b, 4, "hello"), 5);
	assert_string_equal(b, "hel");
	memset(b, 'x', sizeof b);
	assert_int_equal(str_copy(b, 1, "hello"), 5);
	assert_int_equal(b[0], 0);
	assert_int_equal(b[1], 'x');
	assert_int_equal(str_copy(b, 0, "hello"), 5);
	assert_int_equal(b[0], 0);	/* untouched */
}

static void set_and_copy(void **state)
{
	unsigned char a[64], b[64];
	(void)state;

	memset(a, 1, sizeof a);
	mem_set(a + 3, 0x1ab, 40);	/* only the low byte counts */
	for (int i = 0; i < 64; i++)
		assert_int_equal(a[i], i >= 3 && i < 43 ? 0xab : 1);
	for (int i = 0; i < 64; i++)
		a[i] = (unsigned char)(i * 7);
	memset(b, 0, sizeof b);
	mem_copy(b + 1, a, 62);
	assert_int_equal(b[0], 0);
	assert_memory_equal(b + 1, a, 62);
	assert_int_equal(b[63], 0);
	mem_copy(b, a, 0);
	assert_int_equal(b[0], 0);
}

/* A whole number below 2^64, digits only: the largest is taken, one
 * past it, a sign, a space or nothing is refused. */
static void decimal_digits_only_below_2_64(void **state)
{
	uint64_t v = 7;

	(void)state;
	assert_int_equal(str_decimal("18446744073709551615", 20, &v), 0);
	assert_true(v == ~0ull);
	assert_int_equal(str_decimal("0042", 4, &v), 0);
	assert_true(v == 42);
	assert_int_equal(str_decimal("12x", 2, &v), 0);	/* its length */
	assert_true(v == 12);
	v = 7;
	assert_int_equal(str_decimal("18446744073709551616", 20, &v), -1);
	assert_int_equal(str_decimal("", 0, &v), -1);
	assert_int_equal(str_decimal("-1", 2, &v), -1);
	assert_int_equal(str_decimal("+1", 2, &v), -1);
	assert_int_equal(str_decimal("1 2", 3, &v), -1);
	assert_true(v == 7);	/* untouched when refused */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(lengths),
		cmocka_unit_test(lower_is_ascii_only),
		cmocka_unit_test(case_insensitive_equal),
		cmocka_unit_test(copy_truncates_like_snprintf),
		cmocka_unit_test(set_and_copy),
		cmocka_unit_test(decimal_digits_only_below_2_64),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
