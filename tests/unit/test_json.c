/* The JSON writer: string escaping (quotes, backslashes, control bytes,
 * UTF-8 passed through, invalid UTF-8 replaced), commas and nesting in
 * both layouts, numbers, and overflow at every buffer size. */
#define _GNU_SOURCE	/* memmem */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <math.h>
#include <cmocka.h>

#include "util/json.h"

#define BUF_BYTES 4096

/* The JSON text json_string_n writes for s (len bytes, compact). */
static const char *quoted(const char *s, size_t len)
{
	static char buf[BUF_BYTES];
	struct json_writer w;

	json_init(&w, buf, sizeof buf, 0);
	json_string_n(&w, 0, s, len);
	assert_int_equal(json_finish(&w), 0);
	return buf;
}

#define QUOTES_AS(want, lit) \
	assert_string_equal(quoted(lit, sizeof(lit) - 1), want)

static void quote_and_backslash_are_escaped(void **state)
{
	(void)state;
	QUOTES_AS("\"say \\\"hi\\\"\"", "say \"hi\"");
	QUOTES_AS("\"C:\\\\EFI\\\\BOOT\"", "C:\\EFI\\BOOT");
	QUOTES_AS("\"\\\\\\\"\"", "\\\"");
	QUOTES_AS("\"/\"", "/");	/* no need to escape the solidus */
	QUOTES_AS("\"\"", "");
}

static void control_bytes_are_escaped(void **state)
{
	char in[2] = { 0, 0 }, want[16];

	(void)state;
	QUOTES_AS("\"a\\nb\\tc\\rd\\be\\ff\"", "a\nb\tc\rd\be\ff");
	QUOTES_AS("\"\\u007f\"", "\x7f");
	/* Every other byte below 0x20 as \u00XX. */
	for (int c = 1; c < 0x20; c++) {
		if (c == '\n' || c == '\t' || c == '\r' || c == '\b' ||
		    c == '\f')
			continue;
		in[0] = (char)c;
		snprintf(want, sizeof want, "\"\\u%04x\"", c);
		assert_string_equal(quoted(in, 1), want);
	}
}

static void printable_ascii_passes_through(void **state)
{
	char in[128], want[140];
	size_t n = 0;

	(void)state;
	want[n++] = '"';
	for (int c = 0x20; c < 0x7f; c++) {
		in[c - 0x20] = (char)c;
		if (c == '"' || c == '\\')
			want[n++] = '\\';
		want[n++] = (char)c;
	}
	want[n++] = '"';
	want[n] = 0;
	assert_string_equal(quoted(in, 0x7f - 0x20), want);
}

static void valid_utf8_passes_through(void **state)
{
	(void)state;
	QUOTES_AS("\"Intel(R) Core(TM) i9 \xe2\x84\xa2\"",
		  "Intel(R) Core(TM) i9 \xe2\x84\xa2");
	/* The edges of each sequence length and around the surrogates. */
	QUOTES_AS("\"\xc2\x80\"", "\xc2\x80");			/* U+0080 */
	QUOTES_AS("\"\xdf\xbf\"", "\xdf\xbf");			/* U+07FF */
	QUOTES_AS("\"\xe0\xa0\x80\"", "\xe0\xa0\x80");		/* U+0800 */
	QUOTES_AS("\"\xed\x9f\xbf\"", "\xed\x9f\xbf");		/* U+D7FF */
	QUOTES_AS("\"\xee\x80\x80\"", "\xee\x80\x80");		/* U+E000 */
	QUOTES_AS("\"\xef\xbf\xbf\"", "\xef\xbf\xbf");		/* U+FFFF */
	QUOTES_AS("\"\xf0\x90\x80\x80\"", "\xf0\x90\x80\x80");	/* U+10000 */
	QUOTES_AS("\"\xf4\x8f\xbf\xbf\"", "\xf4\x8f\xbf\xbf");	/* U+10FFFF */
	QUOTES_AS("\"Gr\xc3\xb6\xc3\x9f" "e\"", "Gr\xc3\xb6\xc3\x9f" "e");
}

static void invalid_utf8_becomes_replacement(void **state)
{
	(void)state;
	/* A stray continuation byte, and bytes that never start one. */
	QUOTES_AS("\"a\\ufffdb\"", "a\x80" "b");
	QUOTES_AS("\"\\ufffd\\ufffd\\ufffd\\ufffd\"", "\xc0\xc1\xf5\xff");
	/* Overlong forms: the lead byte cannot start a shortest form, or
	 * the second byte is out of range; each byte is its own subpart. */
	QUOTES_AS("\"\\ufffd\\ufffd\"", "\xc0\xaf");
	QUOTES_AS("\"\\ufffd\\ufffd\\ufffd\"", "\xe0\x80\xaf");
	QUOTES_AS("\"\\ufffd\\ufffd\\ufffd\\ufffd\"", "\xf0\x80\x80\xaf");
	/* Surrogates U+D800 and U+DFFF. */
	QUOTES_AS("\"\\ufffd\\ufffd\\ufffd\"", "\xed\xa0\x80");
	QUOTES_AS("\"\\ufffd\\ufffd\\ufffd\"", "\xed\xbf\xbf");
	/* Above U+10FFFF. */
	QUOTES_AS("\"\\ufffd\\ufffd\\ufffd\\ufffd\"", "\xf4\x90\x80\x80");
	/* Cut short: the whole started sequence is one replacement, and
	 * the byte that interrupted it is kept. */
	QUOTES_AS("\"\\ufffdx\"", "\xe2\x82x");
	QUOTES_AS("\"\\ufffd\\\"\"", "\xf0\x9f\x98\"");
	QUOTES_AS("\"x\\ufffd\"", "x\xe2\x82");
	QUOTES_AS("\"\\ufffd\xc3\xa9\"", "\xe2\xc3\xa9");
}

static void string_ends_at_nul_or_maxlen(void **state)
{
	static const char euro[] = "ab\xe2\x82\xac";
	struct json_writer w;
	char buf[64];

	(void)state;
	assert_string_equal(quoted("ab\0cd", 5), "\"ab\"");
	assert_string_equal(quoted(euro, 2), "\"ab\"");
	assert_string_equal(quoted(euro, 5), "\"ab\xe2\x82\xac\"");
	/* A bound that cuts a sequence leaves one replacement. */
	assert_string_equal(quoted(euro, 4), "\"ab\\ufffd\"");
	assert_string_equal(quoted(euro, 3), "\"ab\\ufffd\"");

	json_init(&w, buf, sizeof buf, 0);
	json_object_begin(&w, 0);
	json_string(&w, "a", 0);
	json_string_n(&w, "b", 0, 4);
	json_string(&w, "c", "all of it");
	json_object_end(&w);
	assert_int_equal(json_finish(&w), 0);
	assert_string_equal(buf, "{\"a\":null,\"b\":null,\"c\":\"all of it\"}");
}

static void keys_are_escaped_too(void **state)
{
	struct json_writer w;
	char buf[64];

	(void)state;
	json_init(&w, buf, sizeof buf, 0);
	json_object_begin(&w, 0);
	json_bool(&w, "a\"b\n", 1);
	json_object_end(&w);
	assert_int_equal(json_finish(&w), 0);
	assert_string_equal(buf, "{\"a\\\"b\\n\":true}");
}

/* A strict UTF-8 check written differently from the writer's (decode the
 * code point, then reject overlongs, surrogates and > U+10FFFF), so the
 * two do not share a mistake. */
static int utf8_ok(const unsigned char *s, size_t n)
{
	for (size_t i = 0; i < n;) {
		unsigned c = s[i];
		size_t len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3
			     : (c >> 3) == 30 ? 4 : 0;
		static const unsigned min_cp[5] = { 0, 0, 0x80, 0x800, 0x10000 };
		unsigned cp;

		if (len == 0 || i + len > n)
			return 0;
		cp = len == 1 ? c : c & (0x7f >> len);
		for (size_t k = 1; k < len; k++) {
			if ((s[i + k] & 0xc0) != 0x80)
				return 0;
			cp = cp << 6 | (s[i + k] & 0x3f);
		}
		if (cp < min_cp[len] || cp > 0x10ffff ||
		    (cp >= 0xd800 && cp <= 0xdfff))
			return 0;
		i += len;
	}
	return 1;
}

/* Decodes a JSON string literal (what the writer emits: simple escapes
 * and \u00XX / \ufffd) back to UTF-8 bytes. Returns the length, or -1 on
 * a malformed literal (raw control byte, unknown escape, no closing
 * quote, text after it). */
static long unquote(const char *q, unsigned char *out, size_t cap)
{
	const char *p = q;
	size_t n = 0;

	if (*p++ != '"')
		return -1;
	while (*p != '"') {
		unsigned cp;

		if (*p == 0 || (unsigned char)*p < 0x20 || n + 3 >= cap)
			return -1;
		if (*p != '\\') {
			out[n++] = (unsigned char)*p++;
			continue;
		}
		p++;
		switch (*p++) {
		case '"': out[n++] = '"'; break;
		case '\\': out[n++] = '\\'; break;
		case '/': out[n++] = '/'; break;
		case 'b': out[n++] = '\b'; break;
		case 'f': out[n++] = '\f'; break;
		case 'n': out[n++] = '\n'; break;
		case 'r': out[n++] = '\r'; break;
		case 't': out[n++] = '\t'; break;
		case 'u':
			if (sscanf(p, "%4x", &cp) != 1)
				return -1;
			p += 4;
			if (cp < 0x80) {
				out[n++] = (unsigned char)cp;
			} else if (cp < 0x800) {
				out[n++] = (unsigned char)(0xc0 | cp >> 6);
				out[n++] = (unsigned char)(0x80 | (cp & 0x3f));
			} else {
				out[n++] = (unsigned char)(0xe0 | cp >> 12);
				out[n++] = (unsigned char)(0x80 |
							   (cp >> 6 & 0x3f));
				out[n++] = (unsigned char)(0x80 | (cp & 0x3f));
			}
			break;
		default:
			return -1;
		}
	}
	if (p[1] != 0)
		return -1;
	return (long)n;
}

static uint64_t xorshift(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

/* Random byte strings, biased towards UTF-8 lead and continuation bytes:
 * the output is always a well-formed literal of valid UTF-8 with no raw
 * control byte, and it decodes back to the input whenever the input was
 * valid UTF-8 (otherwise to something with a U+FFFD in it). */
static void random_bytes_round_trip(void **state)
{
	static const unsigned char pool[] = {
		'a', 'Z', ' ', '"', '\\', '\n', 0x01, 0x1f, 0x7f, 0x80, 0x8f,
		0x9f, 0xa0, 0xbf, 0xc0, 0xc2, 0xdf, 0xe0, 0xe2, 0xed, 0xef,
		0xf0, 0xf4, 0xf5, 0xff,
	};
	unsigned char in[12], back[BUF_BYTES];
	uint64_t x = 0x9e3779b97f4a7c15ull;
	int valid_seen = 0, invalid_seen = 0;

	(void)state;
	for (int t = 0; t < 200000; t++) {
		size_t len;
		const char *q;
		long m;

		len = 1 + xorshift(&x) % sizeof in;
		for (size_t i = 0; i < len; i++)
			in[i] = pool[xorshift(&x) % sizeof pool];
		q = quoted((const char *)in, len);
		assert_true(utf8_ok((const unsigned char *)q, strlen(q)));
		m = unquote(q, back, sizeof back);
		assert_true(m >= 0);
		if (utf8_ok(in, len)) {
			valid_seen++;
			assert_int_equal(m, (long)len);
			assert_memory_equal(back, in, len);
		} else {
			invalid_seen++;
			assert_non_null(memmem(back, (size_t)m,
					       "\xef\xbf\xbd", 3));
		}
	}
	/* The generator must have exercised both branches. */
	assert_true(valid_seen > 1000);
	assert_true(invalid_seen > 1000);
}

/* A small document touching every call; used by the layout and the
 * overflow tests. */
static int write_doc(char *buf, size_t cap, int pretty)
{
	struct json_writer w;

	json_init(&w, buf, cap, pretty);
	json_object_begin(&w, 0);
	json_string(&w, "schema", "baremem-results/1");
	json_array_begin(&w, "errors");
	json_array_end(&w);
	json_array_begin(&w, "warnings");
	json_string(&w, 0, "tab\there \xe2\x82\xac");
	json_string_n(&w, 0, "bad \xff", 16);
	json_array_end(&w);
	json_object_begin(&w, "run");
	json_u64(&w, "number", 12);
	json_null(&w, "started");
	json_double(&w, "duration_s", 61.25, 2);
	json_object_end(&w);
	json_object_begin(&w, "empty");
	json_object_end(&w);
	json_array_begin(&w, "latency");
	json_object_begin(&w, 0);
	json_i64(&w, "delta", -3);
	json_bool(&w, "ok", 1);
	json_bool(&w, "bad", 0);
	json_double(&w, "ns", NAN, 2);
	json_object_end(&w);
	json_array_begin(&w, 0);
	json_u64(&w, 0, 1);
	json_u64(&w, 0, 2);
	json_array_end(&w);
	json_array_end(&w);
	json_object_end(&w);
	return json_finish(&w);
}

static const char doc_compact[] =
	"{\"schema\":\"baremem-results/1\",\"errors\":[],"
	"\"warnings\":[\"tab\\there \xe2\x82\xac\",\"bad \\ufffd\"],"
	"\"run\":{\"number\":12,\"started\":null,\"duration_s\":61.25},"
	"\"empty\":{},"
	"\"latency\":[{\"delta\":-3,\"ok\":true,\"bad\":false,\"ns\":null},"
	"[1,2]]}";

static const char doc_pretty[] =
	"{\n"
	"  \"schema\": \"baremem-results/1\",\n"
	"  \"errors\": [],\n"
	"  \"warnings\": [\n"
	"    \"tab\\there \xe2\x82\xac\",\n"
	"    \"bad \\ufffd\"\n"
	"  ],\n"
	"  \"run\": {\n"
	"    \"number\": 12,\n"
	"    \"started\": null,\n"
	"    \"duration_s\": 61.25\n"
	"  },\n"
	"  \"empty\": {},\n"
	"  \"latency\": [\n"
	"    {\n"
	"      \"delta\": -3,\n"
	"      \"ok\": true,\n"
	"      \"bad\": false,\n"
	"      \"ns\": null\n"
	"    },\n"
	"    [\n"
	"      1,\n"
	"      2\n"
	"    ]\n"
	"  ]\n"
	"}\n";

static void compact_layout_has_commas_only_between_items(void **state)
{
	char buf[BUF_BYTES];

	(void)state;
	assert_int_equal(write_doc(buf, sizeof buf, 0), 0);
	assert_string_equal(buf, doc_compact);
}

static void pretty_layout_indents_two_spaces_one_item_a_line(void **state)
{
	char buf[BUF_BYTES];

	(void)state;
	assert_int_equal(write_doc(buf, sizeof buf, 1), 0);
	assert_string_equal(buf, doc_pretty);
}

static const char *dbl(double v, int decimals)
{
	static char buf[1024];
	struct json_writer w;

	json_init(&w, buf, sizeof buf, 0);
	json_double(&w, 0, v, decimals);
	assert_int_equal(json_finish(&w), 0);
	return buf;
}

static void numbers_are_plain_decimals(void **state)
{
	struct json_writer w;
	char buf[128], want[512];

	(void)state;
	json_init(&w, buf, sizeof buf, 0);
	json_array_begin(&w, 0);
	json_u64(&w, 0, 0);
	json_u64(&w, 0, UINT64_MAX);
	json_i64(&w, 0, INT64_MIN);
	json_i64(&w, 0, INT64_MAX);
	json_array_end(&w);
	assert_int_equal(json_finish(&w), 0);
	assert_string_equal(buf, "[0,18446744073709551615,"
			    "-9223372036854775808,9223372036854775807]");

	assert_string_equal(dbl(1.5, 3), "1.500");
	assert_string_equal(dbl(96.375, 2), "96.38");
	assert_string_equal(dbl(-2.25, 1), "-2.3");
	assert_string_equal(dbl(0.0004, 3), "0.000");
	assert_string_equal(dbl(2.5e9, 0), "2500000000");
	assert_string_equal(dbl(7.75, -4), "8");
	assert_string_equal(dbl(NAN, 2), "null");
	assert_string_equal(dbl(INFINITY, 2), "null");
	assert_string_equal(dbl(-INFINITY, 2), "null");
	/* Huge values stay exact decimals, never an exponent. */
	snprintf(want, sizeof want, "%.1f", 1e300);
	assert_string_equal(dbl(1e300, 1), want);
	assert_int_equal(strlen(want), 301 + 2);
	snprintf(want, sizeof want, "%.3f", -1.7976931348623157e308);
	assert_string_equal(dbl(-1.7976931348623157e308, 3), want);
}

/* For every cap from 0 to past the full size: json_finish says whether it
 * fit, the buffer holds a NUL-terminated prefix of the full text, and
 * nothing at or past cap changed. */
static void overflow_at_every_cap_never_writes_past_it(void **state)
{
	enum { GUARD = 64 };
	static char arena[BUF_BYTES + GUARD];

	(void)state;
	for (int pretty = 0; pretty <= 1; pretty++) {
		const char *full = pretty ? doc_pretty : doc_compact;
		size_t full_len = strlen(full);

		for (size_t cap = 0; cap <= full_len + 2; cap++) {
			int rc;

			memset(arena, 0xa5, sizeof arena);
			rc = write_doc(arena, cap, pretty);
			for (size_t i = cap; i < cap + GUARD; i++)
				assert_int_equal((unsigned char)arena[i], 0xa5);
			if (cap == 0) {
				assert_int_equal(rc, -1);
				continue;
			}
			assert_int_equal(rc, cap > full_len ? 0 : -1);
			assert_non_null(memchr(arena, 0, cap));
			assert_memory_equal(arena, full, strlen(arena));
			/* Every byte that fits is used. */
			assert_int_equal(strlen(arena),
					 cap > full_len ? full_len : cap - 1);
		}
	}
}

static void unbalanced_calls_are_reported(void **state)
{
	struct json_writer w;
	char buf[256];

	(void)state;
	json_init(&w, buf, sizeof buf, 0);
	json_object_begin(&w, 0);
	assert_int_equal(json_finish(&w), -1);

	json_init(&w, buf, sizeof buf, 0);
	json_array_end(&w);
	assert_int_equal(json_finish(&w), -1);

	/* Deeper than the table: flagged, and balanced ends still bring
	 * the depth back without touching memory out of bounds. */
	json_init(&w, buf, sizeof buf, 0);
	for (int i = 0; i < JSON_MAX_DEPTH + 3; i++)
		json_array_begin(&w, 0);
	json_u64(&w, 0, 1);
	for (int i = 0; i < JSON_MAX_DEPTH + 3; i++)
		json_array_end(&w);
	assert_int_equal(w.depth, 0);
	assert_int_equal(json_finish(&w), -1);

	/* The deepest that fits is fine. */
	json_init(&w, buf, sizeof buf, 0);
	for (int i = 0; i < JSON_MAX_DEPTH - 1; i++)
		json_array_begin(&w, 0);
	for (int i = 0; i < JSON_MAX_DEPTH - 1; i++)
		json_array_end(&w);
	assert_int_equal(json_finish(&w), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(quote_and_backslash_are_escaped),
		cmocka_unit_test(control_bytes_are_escaped),
		cmocka_unit_test(printable_ascii_passes_through),
		cmocka_unit_test(valid_utf8_passes_through),
		cmocka_unit_test(invalid_utf8_becomes_replacement),
		cmocka_unit_test(string_ends_at_nul_or_maxlen),
		cmocka_unit_test(keys_are_escaped_too),
		cmocka_unit_test(random_bytes_round_trip),
		cmocka_unit_test(compact_layout_has_commas_only_between_items),
		cmocka_unit_test(pretty_layout_indents_two_spaces_one_item_a_line),
		cmocka_unit_test(numbers_are_plain_decimals),
		cmocka_unit_test(overflow_at_every_cap_never_writes_past_it),
		cmocka_unit_test(unbalanced_calls_are_reported),
	};

	return cmocka_run_group_tests(tests, 0, 0);
}
