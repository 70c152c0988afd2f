/* A streaming JSON writer into a fixed buffer: no allocation, commas and
 * indentation handled, every string escaped (untrusted text welcome). */
#ifndef BAREMEM_JSON_H
#define BAREMEM_JSON_H

#include <stddef.h>
#include <stdint.h>

/* The results file nests 5 deep; deeper than this is a bug, reported by
 * json_finish. */
#define JSON_MAX_DEPTH 16

struct json_writer {
	char *buf;
	size_t cap, len;	/* len < cap: one byte stays for the NUL */
	int overflow;		/* output was cut, or the calls were unbalanced */
	int pretty;		/* 2-space indent, one item per line */
	int depth;		/* open containers */
	int first[JSON_MAX_DEPTH];	/* no item yet at this depth */
};

void json_init(struct json_writer *w, char *buf, size_t cap, int pretty);
/* key is 0 inside arrays and for the top-level value. */
void json_object_begin(struct json_writer *w, const char *key);
void json_object_end(struct json_writer *w);
void json_array_begin(struct json_writer *w, const char *key);
void json_array_end(struct json_writer *w);
/* s up to its NUL; a null s writes null. */
void json_string(struct json_writer *w, const char *key, const char *s);
/* At most maxlen bytes of s (it may end earlier at a NUL). Quote,
 * backslash, control bytes and DEL are escaped; valid UTF-8 passes
 * through; each maximal invalid subsequence (stray continuation byte,
 * overlong form, surrogate, above U+10FFFF, or cut short, by maxlen too)
 * becomes one U+FFFD (Unicode ch. 3.9, "maximal subparts"). */
void json_string_n(struct json_writer *w, const char *key, const char *s,
		   size_t maxlen);
void json_u64(struct json_writer *w, const char *key, uint64_t v);
void json_i64(struct json_writer *w, const char *key, int64_t v);
/* Fixed decimals (0..20), never an exponent; NaN and infinities, which
 * JSON cannot hold, become null. */
void json_double(struct json_writer *w, const char *key, double v,
		 int decimals);
/* A measured value as json_double, or null when it was not measured
 * (v < 0: the results' mark for "none"). */
void json_measured(struct json_writer *w, const char *key, double v,
		   int decimals);
void json_bool(struct json_writer *w, const char *key, int v);
void json_null(struct json_writer *w, const char *key);
/* Ends the document (a newline when pretty) and NUL-terminates it.
 * Returns 0 when it is complete, -1 when it did not fit (the buffer then
 * holds a truncated prefix; nothing was written at or past cap) or the
 * begin/end calls did not balance. */
int json_finish(struct json_writer *w);

#endif
