/* A streaming JSON writer into a fixed buffer: no allocation, commas and
 * indentation handled, every string escaped (untrusted text welcome). */
#ifndef BAREMEM_JSON_H
#define BAREMEM_JSON_H

#include <stddef.h>
#include <stdint.h>

#define JSON_MAX_DEPTH 16

struct json_writer {
	char *buf;
	size_t cap, len;
	int overflow;
	int pretty;
	int depth;
	int first[JSON_MAX_DEPTH];	/* no item yet at this depth */
};

void json_init(struct json_writer *w, char *buf, size_t cap, int pretty);
/* key is 0 inside arrays and for the top-level value. */
void json_object_begin(struct json_writer *w, const char *key);
void json_object_end(struct json_writer *w);
void json_array_begin(struct json_writer *w, const char *key);
void json_array_end(struct json_writer *w);
void json_string(struct json_writer *w, const char *key, const char *s);
/* At most maxlen bytes of s (a sequence cut there becomes U+FFFD). */
void json_string_n(struct json_writer *w, const char *key, const char *s,
		   size_t maxlen);
void json_u64(struct json_writer *w, const char *key, uint64_t v);
void json_i64(struct json_writer *w, const char *key, int64_t v);
/* Fixed decimals, no exponent; NaN and infinities become null. */
void json_double(struct json_writer *w, const char *key, double v,
		 int decimals);
void json_bool(struct json_writer *w, const char *key, int v);
void json_null(struct json_writer *w, const char *key);
/* NUL-terminates; 0 when everything fit, -1 on overflow (the buffer then
 * holds a truncated prefix; nothing was written past cap). */
int json_finish(struct json_writer *w);

#endif
