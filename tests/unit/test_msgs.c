/* Message lists: formatted text kept in order, long text cut but
 * terminated, messages past MSGS_MAX counted rather than stored. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "util/msgs.h"

static void keeps_formatted_text_in_order(void **state)
{
	struct msgs m = { 0 };
	(void)state;

	msgs_add(&m, "cpu %d: %s", 3, "late");
	msgs_add(&m, "%.1f ns", 81.25);
	assert_int_equal(m.count, 2);
	assert_int_equal(m.dropped, 0);
	assert_string_equal(m.text[0], "cpu 3: late");
	assert_string_equal(m.text[1], "81.3 ns");
}

static void long_text_is_cut(void **state)
{
	struct msgs m = { 0 };
	char big[500];
	(void)state;

	memset(big, 'a', sizeof big - 1);
	big[sizeof big - 1] = 0;
	memset(m.text[1], 'z', MSG_BYTES);
	msgs_add(&m, "%s", big);
	assert_int_equal(m.count, 1);
	assert_int_equal(strlen(m.text[0]), MSG_BYTES - 1);
	assert_string_equal(m.text[0] + MSG_BYTES - 4, "...");
	assert_int_equal(m.text[1][0], 'z');	/* the next slot untouched */
	/* a cut at a blank ends on the word before it */
	memset(big, ' ', sizeof big - 1);
	memcpy(big, "word", 4);
	msgs_add(&m, "%s", big);
	assert_string_equal(m.text[1], "word...");
	/* text that fits is kept whole, dots and all */
	big[MSG_BYTES - 1] = 0;
	memset(big, 'b', MSG_BYTES - 1);
	msgs_add(&m, "%s", big);
	assert_int_equal(strlen(m.text[2]), MSG_BYTES - 1);
	assert_int_equal(m.text[2][MSG_BYTES - 2], 'b');
}

static void overflow_is_counted(void **state)
{
	struct msgs m = { 0 };
	(void)state;

	for (int i = 0; i < MSGS_MAX + 5; i++)
		msgs_add(&m, "message %d", i);
	assert_int_equal(m.count, MSGS_MAX);
	assert_int_equal(m.dropped, 5);
	assert_string_equal(m.text[0], "message 0");
	assert_string_equal(m.text[MSGS_MAX - 1], "message 31");
	msgs_add(NULL, "ignored");	/* no list: nothing to do, no crash */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(keeps_formatted_text_in_order),
		cmocka_unit_test(long_text_is_cut),
		cmocka_unit_test(overflow_is_counted),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
