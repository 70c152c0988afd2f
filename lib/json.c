/* The JSON writer (see json.h). Strings: quote, backslash and control
 * bytes escaped; valid UTF-8 passed through; invalid bytes become U+FFFD,
 * so whatever firmware or SMBIOS says, the file stays valid JSON. */
#include "json.h"

#include "fmt.h"

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

/* Length of the valid UTF-8 sequence at s (at most n bytes), or 0. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
	uint32_t cp;
	size_t len;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xc2 && s[0] <= 0xdf) {
		len = 2;
		cp = s[0] & 0x1f;
	} else if (s[0] >= 0xe0 && s[0] <= 0xef) {
		len = 3;
		cp = s[0] & 0x0f;
	} else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
		len = 4;
		cp = s[0] & 0x07;
	} else {
		return 0;
	}
	if (len > n)
		return 0;
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = (cp << 6) | (s[i] & 0x3f);
	}
	if ((len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) ||
	    cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return len;
}

static void put_escaped(struct json_writer *w, const char *s, size_t maxlen)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n = 0;
	char hex[8];

	while (n < maxlen && p[n])
		n++;
	put(w, '"');
	for (size_t i = 0; i < n;) {
		unsigned char c = p[i];
		size_t l;

		if (c == '"' || c == '\\') {
			put(w, '\\');
			put(w, (char)c);
			i++;
		} else if (c == '\n') {
			puts_raw(w, "\\n");
			i++;
		} else if (c == '\t') {
			puts_raw(w, "\\t");
			i++;
		} else if (c == '\r') {
			puts_raw(w, "\\r");
			i++;
		} else if (c < 0x20 || c == 0x7f) {
			fmt(hex, sizeof hex, "\\u%04x", c);
			puts_raw(w, hex);
			i++;
		} else if ((l = utf8_len(p + i, n - i)) > 0) {
			for (size_t k = 0; k < l; k++)
				put(w, (char)p[i + k]);
			i += l;
		} else {
			puts_raw(w, "\\ufffd");
			i++;
		}
	}
	put(w, '"');
}

/* Comma, newline and key before a value. */
static void item(struct json_writer *w, const char *key)
{
	if (w->depth > 0) {
		if (!w->first[w->depth])
			put(w, ',');
		w->first[w->depth] = 0;
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
	if (w->depth + 1 < JSON_MAX_DEPTH) {
		w->depth++;
		w->first[w->depth] = 1;
	} else {
		w->overflow = 1;
	}
}

static void close_container(struct json_writer *w, char c)
{
	int empty = w->first[w->depth];

	if (w->depth > 0)
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
	char num[24];

	item(w, key);
	fmt(num, sizeof num, "%llu", (unsigned long long)v);
	puts_raw(w, num);
}

void json_i64(struct json_writer *w, const char *key, int64_t v)
{
	char num[24];

	item(w, key);
	fmt(num, sizeof num, "%lld", (long long)v);
	puts_raw(w, num);
}

void json_double(struct json_writer *w, const char *key, double v,
		 int decimals)
{
	char num[48];

	item(w, key);
	if (v != v || v > 1e18 || v < -1e18) {
		puts_raw(w, "null");
		return;
	}
	fmt(num, sizeof num, "%.*f", decimals, v);
	puts_raw(w, num);
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
	if (w->pretty)
		put(w, '\n');
	if (w->cap > 0)
		w->buf[w->len < w->cap ? w->len : w->cap - 1] = 0;
	return w->overflow ? -1 : 0;
}
