/* The bounded HTML writer (html.h): escaping of untrusted text so that no
 * SMBIOS string can become markup, and overflow that never writes past
 * the buffer. */
#include "report/html.h"

#include <stdarg.h>
#include <stdint.h>

#include "util/fmt.h"
#include "util/utf8.h"

static void put(struct html_writer *w, char c)
{
	if (w->len + 1 < w->cap)
		w->buf[w->len++] = c;
	else
		w->overflow = 1;
}

void html_init(struct html_writer *w, char *buf, size_t cap)
{
	w->buf = buf;
	w->cap = cap;
	w->len = 0;
	w->overflow = 0;
	if (cap)
		buf[0] = 0;
}

void html_raw(struct html_writer *w, const char *markup)
{
	while (*markup)
		put(w, *markup++);
}

void html_fmt(struct html_writer *w, const char *f, ...)
{
	va_list ap;

	va_start(ap, f);
	if (fmt_append_v(w->buf, w->cap, &w->len, f, ap))
		w->overflow = 1;
	va_end(ap);
}

/* The code point of a well-formed sequence of span bytes. */
static uint32_t code_point(const unsigned char *s, size_t span)
{
	static const unsigned char lead_mask[5] = { 0, 0x7f, 0x1f, 0x0f, 0x07 };
	uint32_t cp = s[0] & lead_mask[span];

	for (size_t i = 1; i < span; i++)
		cp = cp << 6 | (s[i] & 0x3f);
	return cp;
}

/* HTML5 13.2.3.5: these code points in the input are parse errors. */
static int parse_error_point(uint32_t cp)
{
	if (cp == '\t' || cp == '\n' || cp == '\r')
		return 0;
	return cp < 0x20 || (cp >= 0x7f && cp < 0xa0) ||
	       (cp >= 0xfdd0 && cp <= 0xfdef) || (cp & 0xfffe) == 0xfffe;
}

void html_text_n(struct html_writer *w, const char *s, size_t maxlen)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n = 0;

	if (!s)
		return;
	while (n < maxlen && p[n])
		n++;
	for (size_t i = 0; i < n;) {
		int valid;
		size_t span = utf8_span(p + i, n - i, &valid);

		if (!valid || parse_error_point(code_point(p + i, span))) {
			html_raw(w, "\xef\xbf\xbd");	/* U+FFFD */
		} else if (span > 1) {
			for (size_t k = 0; k < span; k++)
				put(w, (char)p[i + k]);
		} else {
			switch (p[i]) {
			case '&': html_raw(w, "&amp;"); break;
			case '<': html_raw(w, "&lt;"); break;
			case '>': html_raw(w, "&gt;"); break;
			case '"': html_raw(w, "&quot;"); break;
			case '\'': html_raw(w, "&#39;"); break;
			default: put(w, (char)p[i]);
			}
		}
		i += span;
	}
}

void html_text(struct html_writer *w, const char *s)
{
	html_text_n(w, s, (size_t)-1);
}

int html_finish(struct html_writer *w)
{
	if (w->cap)
		w->buf[w->len] = 0;
	return w->overflow ? -1 : 0;
}
