/* The JSON writer (see json.h). Whatever bytes firmware, SMBIOS or CPUID
 * hand us, the output stays valid JSON in valid UTF-8. */
#include "util/json.h"

#include <stdarg.h>

#include "util/fmt.h"
#include "util/utf8.h"

#define JSON_DECIMALS_MAX 20

static void put(struct json_writer *w, char c)
{
	/* Keep one byte for the final NUL. */
	if (w->len + 1 < w->cap)
		w->buf[w->len++] = c;
	else
		w->overflow = 1;
}

static void puts_raw(struct json_writer *w, const char *s)
{
	while (*s)
		put(w, *s++);
}

/* Formats straight into the buffer, so no number needs a stack copy
 * (a double's %f text can be 300+ digits). */
static void put_fmt(struct json_writer *w, const char *f, ...)
{
	va_list ap;

	va_start(ap, f);
	if (fmt_append_v(w->buf, w->cap, &w->len, f, ap))
		w->overflow = 1;
	va_end(ap);
}

static void newline(struct json_writer *w)
{
	if (!w->pretty)
		return;
	put(w, '\n');
	for (int i = 0; i < w->depth; i++) {
		put(w, ' ');
		put(w, ' ');
	}
}

static void put_escaped(struct json_writer *w, const char *s, size_t maxlen)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n = 0;

	while (n < maxlen && p[n])
		n++;
	put(w, '"');
	for (size_t i = 0; i < n;) {
		unsigned char c = p[i];
		size_t span;
		int valid;

		if (c == '"' || c == '\\') {
			put(w, '\\');
			put(w, (char)c);
		} else if (c == '\n') {
			puts_raw(w, "\\n");
		} else if (c == '\t') {
			puts_raw(w, "\\t");
		} else if (c == '\r') {
			puts_raw(w, "\\r");
		} else if (c == '\b') {
			puts_raw(w, "\\b");
		} else if (c == '\f') {
			puts_raw(w, "\\f");
		} else if (c < 0x20 || c == 0x7f) {
			/* DEL is legal JSON but invisible trouble on a
			 * terminal. */
			put_fmt(w, "\\u%04x", c);
		} else {
			span = utf8_span(p + i, n - i, &valid);
			if (valid) {
				for (size_t k = 0; k < span; k++)
					put(w, (char)p[i + k]);
			} else {
				puts_raw(w, "\\ufffd");
			}
			i += span;
			continue;
		}
		i++;
	}
	put(w, '"');
}

/* Comma, newline and key before a value. */
static void item(struct json_writer *w, const char *key)
{
	if (w->depth > 0) {
		int d = w->depth < JSON_MAX_DEPTH ? w->depth
						  : JSON_MAX_DEPTH - 1;
		if (!w->first[d])
			put(w, ',');
		w->first[d] = 0;
		newline(w);
	}
	if (key) {
		put_escaped(w, key, (size_t)-1);
		put(w, ':');
		if (w->pretty)
			put(w, ' ');
	}
}

void json_init(struct json_writer *w, char *buf, size_t cap, int pretty)
{
	*w = (struct json_writer){ .buf = buf, .cap = cap, .pretty = pretty };
	if (cap > 0)
		buf[0] = 0;
}

static void open_container(struct json_writer *w, const char *key, char c)
{
	item(w, key);
	put(w, c);
	w->depth++;
	/* Past the table the commas are lost: flag it, keep depth true. */
	if (w->depth < JSON_MAX_DEPTH)
		w->first[w->depth] = 1;
	else
		w->overflow = 1;
}

static void close_container(struct json_writer *w, char c)
{
	int empty;

	if (w->depth <= 0) {
		w->overflow = 1;	/* an end without its begin */
		return;
	}
	empty = w->depth < JSON_MAX_DEPTH && w->first[w->depth];
	w->depth--;
	if (!empty)
		newline(w);
	put(w, c);
}

void json_object_begin(struct json_writer *w, const char *key)
{
	open_container(w, key, '{');
}

void json_object_end(struct json_writer *w)
{
	close_container(w, '}');
}

void json_array_begin(struct json_writer *w, const char *key)
{
	open_container(w, key, '[');
}

void json_array_end(struct json_writer *w)
{
	close_container(w, ']');
}

void json_string(struct json_writer *w, const char *key, const char *s)
{
	json_string_n(w, key, s, (size_t)-1);
}

void json_string_n(struct json_writer *w, const char *key, const char *s,
		   size_t maxlen)
{
	item(w, key);
	if (!s)
		puts_raw(w, "null");
	else
		put_escaped(w, s, maxlen);
}

void json_u64(struct json_writer *w, const char *key, uint64_t v)
{
	item(w, key);
	put_fmt(w, "%llu", (unsigned long long)v);
}

void json_i64(struct json_writer *w, const char *key, int64_t v)
{
	item(w, key);
	put_fmt(w, "%lld", (long long)v);
}

void json_double(struct json_writer *w, const char *key, double v,
		 int decimals)
{
	item(w, key);
	/* NaN compares unequal to itself; v - v is NaN for infinities. */
	if (v != v || v - v != 0) {
		puts_raw(w, "null");
		return;
	}
	if (decimals < 0)
		decimals = 0;
	if (decimals > JSON_DECIMALS_MAX)
		decimals = JSON_DECIMALS_MAX;
	put_fmt(w, "%.*f", decimals, v);
}

void json_measured(struct json_writer *w, const char *key, double v,
		   int decimals)
{
	if (v < 0)
		json_null(w, key);
	else
		json_double(w, key, v, decimals);
}

void json_bool(struct json_writer *w, const char *key, int v)
{
	item(w, key);
	puts_raw(w, v ? "true" : "false");
}

void json_null(struct json_writer *w, const char *key)
{
	item(w, key);
	puts_raw(w, "null");
}

int json_finish(struct json_writer *w)
{
	if (w->depth != 0)
		w->overflow = 1;
	if (w->pretty)
		put(w, '\n');
	if (w->cap > 0)
		w->buf[w->len] = 0;
	return w->overflow ? -1 : 0;
}
