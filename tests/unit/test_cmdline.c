/* The UEFI command line (LoadOptions) as the shell passes it: UCS-2
 * with or without a NUL, the program path first or not, blanks around
 * '=', binary boot-entry data ignored, odd sizes, too long or too many
 * words refused whole with one message. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "config/cmdline.h"

struct run {
	struct bm_config c;
	struct msgs errs, warns;
	int ret;
};

/* ASCII text as UCS-2 in a buffer of exactly bytes (NUL included when
 * with_nul), the way the firmware hands LoadOptions over. */
static uint16_t *ucs2(const char *s, int with_nul, size_t *bytes)
{
	size_t n = strlen(s) + (with_nul ? 1 : 0);
	uint16_t *w = malloc(n * 2 + 1);
	assert_non_null(w);
	for (size_t i = 0; i < n; i++)
		w[i] = (unsigned char)s[i];
	*bytes = n * 2;
	return w;
}

static struct run *parse_w(const uint16_t *w, size_t bytes)
{
	struct run *r = calloc(1, sizeof *r);
	assert_non_null(r);
	config_defaults(&r->c);
	r->ret = cmdline_parse(&r->c, w, bytes, &r->errs, &r->warns);
	assert_int_equal(r->ret, r->errs.count + r->errs.dropped);
	return r;
}

static struct run *parse_s(const char *s, int with_nul)
{
	size_t bytes;
	uint16_t *w = ucs2(s, with_nul, &bytes);
	struct run *r = parse_w(w, bytes);
	free(w);
	return r;
}

static void shell_forms(void **state)
{
	static const char *const lines[] = {
		"fs0:\\EFI\\BOOT\\BOOTX64.EFI profile=quick after=exit",
		"BOOTX64.EFI profile = quick\tafter =exit",
		"baremem.efi   profile=  quick after=exit   ",
		"profile=quick after=exit",	/* a boot entry's options */
		"\\baremem.efi profile=quick\tafter=exit",
	};
	(void)state;
	for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
		for (int nul = 0; nul < 2; nul++) {
			struct run *r = parse_s(lines[i], nul);
			if (r->ret)
				fail_msg("'%s': %s", lines[i], r->errs.text[0]);
			assert_int_equal(r->warns.count, 0);
			assert_int_equal(r->c.profile, BM_PROFILE_QUICK);
			assert_int_equal(r->c.after, BM_AFTER_EXIT);
			free(r);
		}
	}
}

/* Only the program path alone, nothing, or binary data: no change, no
 * message. */
static void nothing_to_parse(void **state)
{
	static const uint8_t binary[] = { 0x01, 0x00, 0x00, 0x00, 0xff, 0xfe,
					  0x12, 0x34 };
	struct bm_config d;
	struct run *r;
	(void)state;

	config_defaults(&d);
	r = parse_s("fs0:\\EFI\\BOOT\\BOOTX64.EFI", 1);
	assert_int_equal(r->ret, 0);
	assert_memory_equal(&r->c, &d, sizeof d);
	free(r);
	r = parse_s("", 1);
	assert_int_equal(r->ret, 0);
	free(r);
	r = parse_w(NULL, 0);
	assert_int_equal(r->ret, 0);
	free(r);
	r = parse_w((const uint16_t *)binary, sizeof binary);
	assert_int_equal(r->ret + r->warns.count, 0);
	assert_memory_equal(&r->c, &d, sizeof d);
	free(r);
}

/* An odd byte count is not UCS-2: ignored, and the byte past it is
 * never read (ASan would see it). */
static void odd_size(void **state)
{
	size_t bytes;
	uint16_t *w = ucs2("x.efi profile=quick", 0, &bytes);
	struct run *r = parse_w(w, bytes - 1);
	(void)state;
	assert_int_equal(r->ret, 0);
	assert_int_equal(r->c.profile, BM_PROFILE_STANDARD);
	free(r);
	free(w);
}

/* Text after the first NUL is not looked at. */
static void stops_at_nul(void **state)
{
	size_t bytes;
	uint16_t *w = ucs2("x.efi seed=3 after=exit", 1, &bytes);
	struct run *r;
	(void)state;
	w[12] = 0;		/* "x.efi seed=3" */
	r = parse_w(w, bytes);
	assert_int_equal(r->ret, 0);
	assert_int_equal(r->c.seed, 3);
	assert_int_equal(r->c.after, BM_AFTER_WAIT);
	free(r);
	free(w);
}

static void bad_words_are_errors(void **state)
{
	struct run *r = parse_s("x.efi profile=fast quick", 1);
	(void)state;
	assert_int_equal(r->ret, 2);
	assert_non_null(strstr(r->errs.text[0], "command line: profile "
			       "'fast' is not valid"));
	assert_non_null(strstr(r->errs.text[1], "'quick' is not key=value"));
	free(r);
}

/* Too long or too many words: one error, nothing taken, never a cut
 * value read as if whole. */
static void too_long_refused_whole(void **state)
{
	char *line = malloc(CMDLINE_MAX_CHARS + 64);
	size_t n;
	struct run *r;
	(void)state;

	n = (size_t)sprintf(line, "x.efi profile=quick seed=");
	memset(line + n, '1', CMDLINE_MAX_CHARS - n);	/* exactly the max */
	line[CMDLINE_MAX_CHARS] = 0;
	r = parse_s(line, 1);
	/* taken as text; the seed word is over a config line's limit */
	assert_int_equal(r->ret, 1);
	assert_non_null(strstr(r->errs.text[0], "line too long"));
	assert_int_equal(r->c.profile, BM_PROFILE_QUICK);
	free(r);

	line[CMDLINE_MAX_CHARS] = '1';
	line[CMDLINE_MAX_CHARS + 1] = 0;
	r = parse_s(line, 1);
	assert_int_equal(r->ret, 1);
	assert_string_equal(r->errs.text[0], "command line: longer than 2047 "
			    "characters, ignored whole (put the keys in "
			    "baremem.cfg)");
	assert_int_equal(r->c.profile, BM_PROFILE_STANDARD);
	free(r);
	free(line);
}

static void too_many_words_refused_whole(void **state)
{
	char line[2000] = "x.efi";
	struct run *r;
	(void)state;

	for (int i = 0; i < CMDLINE_MAX_WORDS; i++)
		strcat(line, " var=on");
	r = parse_s(line, 1);		/* 128 words after the path: fine */
	assert_int_equal(r->ret, 0);
	free(r);
	strcat(line, " after=exit");
	r = parse_s(line, 1);
	assert_int_equal(r->ret, 1);
	assert_string_equal(r->errs.text[0], "command line: more than 128 "
			    "words, ignored whole (put the keys in "
			    "baremem.cfg)");
	assert_int_equal(r->c.after, BM_AFTER_WAIT);
	free(r);
}

static void program_path(void **state)
{
	(void)state;
	assert_true(cmdline_is_program_path("fs0:\\EFI\\BOOT\\BOOTX64.EFI"));
	assert_true(cmdline_is_program_path("BOOTX64.EFI"));
	assert_true(cmdline_is_program_path("baremem.efi"));
	assert_true(cmdline_is_program_path("\\a\\b"));
	assert_false(cmdline_is_program_path("profile=quick"));
	assert_false(cmdline_is_program_path("sizes=1K..1G\\x"));
	assert_false(cmdline_is_program_path("quick"));
	assert_false(cmdline_is_program_path("efi"));
	assert_false(cmdline_is_program_path(""));
}

/* The words a signed-config app ignores on a network boot, for its
 * warning: the program path skipped, cut with "...", none when the
 * options are not text. */
static void keys_text_for_the_warning(void **state)
{
	char out[24];
	size_t bytes;
	uint16_t *w;
	(void)state;

	w = ucs2("baremem.efi after=reboot tests=scan", 1, &bytes);
	assert_int_equal(cmdline_keys_text(w, bytes, out, sizeof out), 2);
	assert_string_equal(out, "after=reboot tests=scan");
	free(w);
	w = ucs2("baremem.efi after=reboot tests=scan seed=1", 1, &bytes);
	assert_int_equal(cmdline_keys_text(w, bytes, out, sizeof out), 3);
	assert_string_equal(out, "after=reboot tests=s...");
	free(w);
	w = ucs2("baremem.efi", 1, &bytes);
	assert_int_equal(cmdline_keys_text(w, bytes, out, sizeof out), 0);
	assert_string_equal(out, "");
	free(w);
	w = ucs2("\x01\x02", 0, &bytes);
	w[0] = 0x0102;		/* a boot entry's binary data */
	assert_int_equal(cmdline_keys_text(w, bytes, out, sizeof out), 0);
	free(w);
	assert_int_equal(cmdline_keys_text(0, 0, out, sizeof out), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(shell_forms),
		cmocka_unit_test(nothing_to_parse),
		cmocka_unit_test(odd_size),
		cmocka_unit_test(stops_at_nul),
		cmocka_unit_test(bad_words_are_errors),
		cmocka_unit_test(too_long_refused_whole),
		cmocka_unit_test(too_many_words_refused_whole),
		cmocka_unit_test(program_path),
		cmocka_unit_test(keys_text_for_the_warning),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
