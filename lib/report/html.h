/* A bounded HTML writer into a fixed buffer, like the JSON writer
 * (util/json.h): markup the program wrote goes in as is, every string
 * from the machine (SMBIOS, firmware, CPUID, config) through html_text,
 * which escapes it. Nothing is ever written at or past cap. */
#ifndef BAREMEM_HTML_H
#define BAREMEM_HTML_H

#include <stddef.h>

struct html_writer {
	char *buf;
	size_t cap, len;	/* len < cap: one byte stays for the NUL */
	int overflow;		/* output was cut */
};

void html_init(struct html_writer *w, char *buf, size_t cap);
/* Markup of our own, verbatim. Never machine text. */
void html_raw(struct html_writer *w, const char *markup);
/* Markup of our own with numbers: printf-like (util/fmt.h). A %s here
 * must be a string of our own; machine text goes through html_text. */
void html_fmt(struct html_writer *w, const char *f, ...)
	__attribute__((format(printf, 2, 3)));
/* Text as element content or a quoted attribute value: & < > " ' become
 * entities; NUL-free valid UTF-8 passes through, except what HTML5 calls
 * a parse error in the input stream (C0 controls but tab, newline and
 * CR; DEL; C1 controls; noncharacters), which becomes U+FFFD like each
 * ill-formed UTF-8 subsequence. s may be null (writes nothing). */
void html_text(struct html_writer *w, const char *s);
/* At most maxlen bytes of s (it may end earlier at a NUL). */
void html_text_n(struct html_writer *w, const char *s, size_t maxlen);
/* NUL-terminates. Returns 0 when the document is complete, -1 when it
 * did not fit (the buffer holds a cut prefix). */
int html_finish(struct html_writer *w);

#endif
