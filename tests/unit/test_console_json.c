/* The results JSON framed on the console (lib/results/console_json.c) and
 * its CRC-32 (lib/util/crc32.c): what a serial log must carry for
 * baremem-collect --console to rebuild the file byte for byte. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "fake_platform.h"

#include "results/console_json.h"
#include "util/crc32.h"

/* The CRC-32 check value of "123456789" (zlib, PNG, IEEE 802.3). */
static void crc32_check_value(void **state)
{
	(void)state;
	assert_int_equal(crc32_update(0, "123456789", 9), 0xcbf43926u);
	assert_int_equal(crc32_update(0, "", 0), 0);
	/* in pieces, as the framer feeds it */
	assert_int_equal(crc32_update(crc32_update(0, "1234", 4), "56789", 5),
			 0xcbf43926u);
}

/* Rebuilds the payload from fake_out as baremem-collect does: "bm| "
 * lines end with a newline, "bm+ " pieces do not; anything else is not
 * payload. Returns its length. */
static size_t payload(char *buf, size_t cap)
{
	size_t n = 0;
	const char *p = fake_out;

	while (*p) {
		const char *eol = strchr(p, '\n');
		size_t len = eol ? (size_t)(eol - p) : strlen(p);
		if (len >= 4 && (!strncmp(p, "bm| ", 4) || !strncmp(p, "bm+ ", 4))) {
			assert_true(n + len - 4 + 1 < cap);
			memcpy(buf + n, p + 4, len - 4);
			n += len - 4;
			if (p[2] == '|')
				buf[n++] = '\n';
		}
		p += len + (eol ? 1 : 0);
	}
	buf[n] = 0;
	return n;
}

/* The frame lines say the payload's bytes and CRC; the payload is the
 * JSON, every byte. */
static void frame_carries_the_json(void **state)
{
	const char *json = "{\n  \"schema\": \"baremem-results/1\",\n"
			   "  \"status\": \"ok\"\n}\n";
	char buf[4096], head[160];
	size_t n;
	(void)state;

	fake_out_len = 0;
	fake_out[0] = 0;
	console_json_print(json, strlen(json), "run-0007.json");
	n = payload(buf, sizeof buf);
	assert_int_equal(n, strlen(json));
	assert_memory_equal(buf, json, n);
	snprintf(head, sizeof head, "-----BEGIN BAREMEM RESULTS "
		 "name=run-0007.json bytes=%zu crc32=%08x-----\n", n,
		 (unsigned)crc32_update(0, json, n));
	assert_int_equal(strncmp(fake_out, head, strlen(head)), 0);
	snprintf(head, sizeof head, "-----END BAREMEM RESULTS bytes=%zu "
		 "crc32=%08x-----\n", n, (unsigned)crc32_update(0, json, n));
	assert_non_null(strstr(fake_out, head));
}

/* A line longer than a console line is cut into "bm+ " pieces that join
 * back without a newline; a text without a final newline keeps none. */
static void long_lines_are_pieces(void **state)
{
	static char json[1200], buf[4096];
	size_t n;
	(void)state;

	memset(json, 'x', sizeof json - 1);
	json[0] = '"';
	json[sizeof json - 2] = '"';
	fake_out_len = 0;
	fake_out[0] = 0;
	console_json_print(json, strlen(json), "");
	assert_non_null(strstr(fake_out, "name=none"));
	assert_non_null(strstr(fake_out, "\nbm+ "));
	n = payload(buf, sizeof buf);
	assert_int_equal(n, strlen(json));
	assert_memory_equal(buf, json, n);
	for (const char *p = fake_out; (p = strchr(p, '\n')); p++)
		assert_true(strcspn(p + 1, "\n") <= 4 + 200 ||
			    !strncmp(p + 1, "-----", 5));
}

/* Past ASCII: \uXXXX escapes (a surrogate pair past U+FFFF), counted in
 * the frame's bytes and CRC as printed. */
static void non_ascii_as_escapes(void **state)
{
	const char *json = "\"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\"";
	const char *want = "\"caf\\u00e9 \\u20ac \\ud83d\\ude00\"";
	char buf[256];
	size_t n, bytes;
	uint32_t crc;
	(void)state;

	console_json_measure(json, strlen(json), &bytes, &crc);
	assert_int_equal(bytes, strlen(want));
	assert_int_equal(crc, crc32_update(0, want, strlen(want)));
	fake_out_len = 0;
	fake_out[0] = 0;
	console_json_print(json, strlen(json), "x.json");
	n = payload(buf, sizeof buf);
	assert_int_equal(n, strlen(want));
	assert_memory_equal(buf, want, n);
	for (const char *p = fake_out; *p; p++)
		assert_true((unsigned char)*p < 0x80);
}

/* auto prints only when the results were kept nowhere else. */
static void when_it_is_printed(void **state)
{
	(void)state;
	assert_true(console_json_wanted(BM_CONSOLE_JSON_ON, 1));
	assert_true(console_json_wanted(BM_CONSOLE_JSON_ON, 0));
	assert_false(console_json_wanted(BM_CONSOLE_JSON_AUTO, 1));
	assert_true(console_json_wanted(BM_CONSOLE_JSON_AUTO, 0));
	assert_false(console_json_wanted(BM_CONSOLE_JSON_OFF, 0));
}

/* A result larger than CONSOLE_JSON_MAX_BYTES is not framed (hours of
 * serial line): one line says where it is, and a NOT FRAMED marker gives
 * its size and CRC. At exactly the limit it is still framed. */
static void too_big_to_frame(void **state)
{
	size_t n = CONSOLE_JSON_MAX_BYTES + 1, i;
	char *json = malloc(n), want[200];
	(void)state;

	assert_non_null(json);
	json[0] = '{';
	for (i = 1; i + 2 < n; i++)
		json[i] = ' ';
	json[n - 2] = '}';
	json[n - 1] = '\n';
	fake_out_len = 0;
	fake_out[0] = 0;
	console_json_print(json, n, "tftp://10.0.0.1/baremem/results/a.json");
	assert_null(strstr(fake_out, "-----BEGIN BAREMEM RESULTS"));
	assert_null(strstr(fake_out, "bm| "));
	snprintf(want, sizeof want, "-----BAREMEM RESULTS NOT FRAMED "
		 "name=tftp://10.0.0.1/baremem/results/a.json bytes=%zu "
		 "crc32=%08x-----\n", n, (unsigned)crc32_update(0, json, n));
	assert_non_null(strstr(fake_out, want));
	assert_non_null(strstr(fake_out, "kept whole at tftp://10.0.0.1/"));
	/* kept nowhere: said so */
	fake_out_len = 0;
	fake_out[0] = 0;
	console_json_print(json, n, "");
	assert_non_null(strstr(fake_out, "NOT FRAMED name=none "));
	assert_non_null(strstr(fake_out, "kept nowhere else"));
	/* at the limit: framed, as before */
	json[n - 3] = '}';
	json[n - 2] = '\n';
	fake_out_len = 0;
	fake_out[0] = 0;
	console_json_print(json, n - 1, "a.json");
	assert_non_null(strstr(fake_out, "-----BEGIN BAREMEM RESULTS "
			       "name=a.json bytes=8388608 "));
	assert_null(strstr(fake_out, "NOT FRAMED"));
	free(json);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(crc32_check_value),
		cmocka_unit_test(frame_carries_the_json),
		cmocka_unit_test(long_lines_are_pieces),
		cmocka_unit_test(non_ascii_as_escapes),
		cmocka_unit_test(when_it_is_printed),
		cmocka_unit_test(too_big_to_frame),
	};
	return cmocka_run_group_tests(tests, 0, 0);
}
