/* A signed network config's binding (lib/config/config_binding.c): the
 * name it was signed for, its expiry against the firmware's clock, its
 * serial against the highest this machine accepted; fields missing, bad
 * or given twice; the binding keys ignored (a warning) outside a signed
 * config; the serials' variable text; UTC times (lib/util/wall_time.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "config/config.h"
#include "config/config_binding.h"
#include "util/wall_time.h"

#define GOOD "profile = quick\n" \
	     "signed_for = 525400beef21\n" \
	     "not_after = 2026-12-01T00:00:00Z\n" \
	     "serial = 7\n"

/* 2026-11-27T06:00:00Z, before GOOD's expiry. */
static const struct wall_time before = { 2026, 11, 27, 6, 0, 0, 0 };

/* GOOD's text (or text) checked as fetched under name, at now, against
 * highest: the verdict, its reason in why. */
static int check(const char *text, const char *name,
		 const struct wall_time *now, const uint64_t *highest,
		 char *why, size_t cap)
{
	struct config_binding b;

	config_binding_read(&b, text, strlen(text));
	why[0] = 0;
	return config_binding_check(&b, name, now, highest, why, cap);
}

/* GOOD as this machine's own config, nothing accepted before, with the
 * firmware's clock at t. */
static int check_at(struct wall_time t, char *why, size_t cap)
{
	return check(GOOD, "525400beef21", &t, 0, why, cap);
}

static void good_binding_accepted(void **state)
{
	char why[200];
	uint64_t seven = 7, six = 6;
	struct config_binding b;

	(void)state;
	config_binding_read(&b, GOOD, strlen(GOOD));
	assert_string_equal(b.signed_for, "525400beef21");
	assert_int_equal(b.serial, 7);
	assert_int_equal(b.not_after_s, 1796083200);	/* date -u -d 2026-12-01 +%s */
	assert_int_equal(check(GOOD, "525400beef21", &before, 0, why,
			       sizeof why), 0);
	/* The same config served again, and one after a lower serial. */
	assert_int_equal(check(GOOD, "525400beef21", &before, &seven, why,
			       sizeof why), 0);
	assert_int_equal(check(GOOD, "525400beef21", &before, &six, why,
			       sizeof why), 0);
	/* Its last second still counts. */
	assert_int_equal(check_at((struct wall_time){ 2026, 12, 1, 0, 0, 0, 0 },
				  why, sizeof why), 0);
}

static void name_mismatch_refused(void **state)
{
	char why[200];

	(void)state;
	assert_int_equal(check(GOOD, "baremem.cfg", &before, 0, why,
			       sizeof why), -1);
	assert_string_equal(why, "it was signed for 525400beef21, not for "
			    "baremem.cfg");
	assert_int_equal(check(GOOD, "525400beef22", &before, 0, why,
			       sizeof why), -1);
	assert_string_equal(why, "it was signed for 525400beef21, not for "
			    "525400beef22");
}

static void expired_refused(void **state)
{
	char why[200];

	(void)state;
	assert_int_equal(check_at((struct wall_time){ 2026, 12, 1, 0, 0, 1, 0 },
				  why, sizeof why), -1);
	assert_string_equal(why, "it expired at 2026-12-01T00:00:00Z (the "
			    "firmware's clock reads 2026-12-01T00:00:01Z)");
	/* A clock in local time: 00:30 at UTC+1 is 23:30 UTC the day
	 * before, still inside; at UTC-1 it is 01:30 UTC, past. */
	assert_int_equal(check_at((struct wall_time){ 2026, 12, 1, 0, 30, 0, 60 },
				  why, sizeof why), 0);
	assert_int_equal(check_at((struct wall_time){ 2026, 12, 1, 0, 30, 0, -60 },
				  why, sizeof why), -1);
}

static void clock_unset_or_unreadable_refused(void **state)
{
	char why[200];

	(void)state;
	assert_int_equal(check_at((struct wall_time){ 2010, 1, 1, 0, 0, 3, 0 },
				  why, sizeof why), -1);
	assert_string_equal(why, "the firmware's clock reads "
			    "2010-01-01T00:00:03Z and looks unset: its expiry "
			    "cannot be checked; set the clock (UTC)");
	assert_int_equal(check(GOOD, "525400beef21", 0, 0, why, sizeof why),
			 -1);
	assert_non_null(strstr(why, "clock cannot be read"));
	/* Not a date at all. */
	assert_int_equal(check_at((struct wall_time){ 2026, 2, 30, 0, 0, 0, 0 },
				  why, sizeof why), -1);
	assert_non_null(strstr(why, "clock cannot be read"));
}

static void serial_replay_refused(void **state)
{
	char why[200];
	uint64_t eight = 8;

	(void)state;
	assert_int_equal(check(GOOD, "525400beef21", &before, &eight, why,
			       sizeof why), -1);
	assert_string_equal(why, "its serial 7 is below 8, the highest this "
			    "machine accepted for 525400beef21 (an old config "
			    "replayed?)");
}

static void missing_fields_refused(void **state)
{
	static const char *const texts[3][2] = {
		{ "not_after = 2026-12-01T00:00:00Z\nserial = 7\n",
		  "signed_for" },
		{ "signed_for = 525400beef21\nserial = 7\n", "not_after" },
		{ "signed_for = 525400beef21\n"
		  "not_after = 2026-12-01T00:00:00Z\n", "serial" },
	};
	char why[200], want[80];

	(void)state;
	for (int i = 0; i < 3; i++) {
		assert_int_equal(check(texts[i][0], "525400beef21", &before, 0,
				       why, sizeof why), -1);
		snprintf(want, sizeof want, "it names no %s ", texts[i][1]);
		assert_memory_equal(why, want, strlen(want));
	}
	/* A config signed before bindings existed: none of them. */
	assert_int_equal(check("profile = quick\n", "baremem.cfg", &before, 0,
			       why, sizeof why), -1);
	assert_non_null(strstr(why, "names no signed_for"));
}

static void bad_or_repeated_fields_refused(void **state)
{
	static const char *const texts[][2] = {
		{ "signed_for = 52:54:00:be:ef:21\n", "its signed_for is not" },
		{ "signed_for = 525400BEEF21\n", "its signed_for is not" },
		{ "signed_for = 525400beef2\n", "its signed_for is not" },
		{ "not_after = 2026-12-01\n", "its not_after is not" },
		{ "not_after = 2026-02-30T00:00:00Z\n", "its not_after is not" },
		{ "not_after = 2026-12-01T00:00:00+01:00\n",
		  "its not_after is not" },
		{ "serial = -1\n", "its serial is not" },
		{ "serial = 18446744073709551616\n", "its serial is not" },
		{ "serial = 7\nserial = 9\n", "it gives serial twice" },
		{ "signed_for = baremem.cfg\nsigned_for = baremem.cfg\n",
		  "it gives signed_for twice" },
	};
	static const char *const good[] = { "signed_for = 525400beef21\n",
					    "not_after = 2026-12-01T00:00:00Z\n",
					    "serial = 7\n" };
	char why[200], text[300];

	(void)state;
	for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
		size_t n = 0;

		/* The good lines of the other fields, then the case's. */
		for (int g = 0; g < 3; g++)
			if (strncmp(good[g], texts[i][0],
				    strcspn(good[g], " ")))
				n += snprintf(text + n, sizeof text - n, "%s",
					      good[g]);
		snprintf(text + n, sizeof text - n, "%s", texts[i][0]);
		assert_int_equal(check(text, "525400beef21", &before, 0, why,
				       sizeof why), -1);
		if (!strstr(why, texts[i][1]))
			fail_msg("%s: got '%s', want '%s'", texts[i][0], why,
				 texts[i][1]);
	}
	/* The fleet default's name, any case of the key. */
	assert_int_equal(check("SIGNED_FOR = baremem.cfg\nnot_after = "
			       "2026-12-01T00:00:00Z\nSerial = 0\n",
			       "baremem.cfg", &before, 0, why, sizeof why), 0);
}

static void binding_keys_elsewhere_ignored_with_a_warning(void **state)
{
	static struct msgs errs, warns;
	struct bm_config c;

	(void)state;
	config_defaults(&c);
	assert_int_equal(config_parse(&c, GOOD, strlen(GOOD), "baremem.cfg",
				      &errs, &warns), 0);
	assert_int_equal(errs.count, 0);
	assert_int_equal(warns.count, 3);
	assert_string_equal(warns.text[0], "baremem.cfg line 2: signed_for is "
			    "read only in a signed network config: ignored");
	assert_int_equal(c.profile, BM_PROFILE_QUICK);
	/* A signed config: taken, no message, the rest applied. */
	memset(&warns, 0, sizeof warns);
	{
		struct config_binding b = { 0 };

		config_defaults(&c);
		assert_int_equal(config_parse_signed(&c, GOOD, strlen(GOOD),
						     "x.cfg", &b, &errs,
						     &warns), 0);
		assert_int_equal(warns.count, 0);
		assert_int_equal(b.given, 7);
		assert_int_equal(c.profile, BM_PROFILE_QUICK);
	}
}

static void serials_kept_per_name(void **state)
{
	struct config_serials s = { 0 }, back;
	char text[CONFIG_SERIALS_TEXT_MAX], name[16];
	size_t n;

	(void)state;
	assert_int_equal(config_serials_raise(&s, "baremem.cfg", 5), 1);
	assert_int_equal(config_serials_raise(&s, "525400beef21", 3), 1);
	assert_int_equal(config_serials_raise(&s, "baremem.cfg", 5), 0);
	assert_int_equal(config_serials_raise(&s, "baremem.cfg", 4), 0);
	assert_int_equal(config_serials_raise(&s, "525400beef21", 9), 1);
	n = config_serials_text(&s, text, sizeof text);
	assert_string_equal(text, "baremem.cfg 5\n525400beef21 9\n");
	assert_int_equal(config_serials_parse(&back, text, n), 0);
	assert_int_equal(*config_serials_get(&back, "baremem.cfg"), 5);
	assert_int_equal(*config_serials_get(&back, "525400beef21"), 9);
	assert_null(config_serials_get(&back, "525400beef22"));
	/* Full: a new name pushes out the oldest. */
	for (int i = 0; i < CONFIG_SERIALS_MAX; i++) {
		snprintf(name, sizeof name, "5254000000%02x", i);
		config_serials_raise(&s, name, 1);
	}
	assert_int_equal(s.count, CONFIG_SERIALS_MAX);
	assert_null(config_serials_get(&s, "baremem.cfg"));
	assert_non_null(config_serials_get(&s, "525400000007"));
	n = config_serials_text(&s, text, sizeof text);
	assert_int_equal(config_serials_parse(&back, text, n), 0);
	assert_int_equal(back.count, CONFIG_SERIALS_MAX);
	/* Not what it wrote: refused whole, nothing kept. */
	assert_int_equal(config_serials_parse(&back, "baremem.cfg x\n", 14), -1);
	assert_int_equal(back.count, 0);
	assert_int_equal(config_serials_parse(&back, "baremem.cfg 5", 13), -1);
	assert_int_equal(config_serials_parse(&back, "a.b 5\n", 6), -1);
}

static void utc_times(void **state)
{
	int64_t t;
	char text[24];

	(void)state;
	assert_int_equal(wall_time_parse_utc("1970-01-01T00:00:00Z", 20, &t), 0);
	assert_int_equal(t, 0);
	assert_int_equal(wall_time_parse_utc("2024-02-29T23:59:59Z", 20, &t), 0);
	assert_int_equal(t, 1709251199);	/* date -u -d 2024-02-29T23:59:59Z +%s */
	wall_time_utc_text(text, sizeof text, t);
	assert_string_equal(text, "2024-02-29T23:59:59Z");
	wall_time_utc_text(text, sizeof text, 4102444800);	/* 2100-01-01 */
	assert_string_equal(text, "2100-01-01T00:00:00Z");
	assert_int_equal(wall_time_parse_utc("2100-02-29T00:00:00Z", 20, &t), -1);
	assert_int_equal(wall_time_parse_utc("2026-12-01T00:00:00z", 20, &t), -1);
	assert_int_equal(wall_time_parse_utc("2026-12-01 00:00:00Z", 20, &t), -1);
	assert_int_equal(wall_time_parse_utc("2026-12-01T00:00:0Z", 19, &t), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(good_binding_accepted),
		cmocka_unit_test(name_mismatch_refused),
		cmocka_unit_test(expired_refused),
		cmocka_unit_test(clock_unset_or_unreadable_refused),
		cmocka_unit_test(serial_replay_refused),
		cmocka_unit_test(missing_fields_refused),
		cmocka_unit_test(bad_or_repeated_fields_refused),
		cmocka_unit_test(binding_keys_elsewhere_ignored_with_a_warning),
		cmocka_unit_test(serials_kept_per_name),
		cmocka_unit_test(utc_times),
	};

	return cmocka_run_group_tests(tests, 0, 0);
}
