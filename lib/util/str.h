/* String and memory helpers for freestanding code, where there is no libc:
 * ASCII only, no locale. */
#ifndef BAREMEM_STR_H
#define BAREMEM_STR_H

#include <stddef.h>
#include <stdint.h>

size_t str_len(const char *s);
/* Length of s, counting at most max bytes (s need not be terminated). */
size_t str_nlen(const char *s, size_t max);

/* ASCII lower case; every other byte is returned unchanged. */
char str_lower(char c);

/* Does s[0..len) equal the NUL-terminated word, ignoring ASCII case? */
int str_ieq(const char *s, size_t len, const char *word);

/* Are the NUL-terminated a and b the same bytes? */
int str_eq(const char *a, const char *b);

/* Copies src into dst[0..cap) as snprintf("%s") would: truncates, always
 * NUL-terminates when cap > 0. Returns str_len(src). */
size_t str_copy(char *dst, size_t cap, const char *src);

/* A whole decimal number below 2^64 (digits only): 0 with *out, or -1. */
int str_decimal(const char *s, size_t len, uint64_t *out);

void mem_set(void *dst, int byte, size_t n);
/* The two ranges must not overlap. */
void mem_copy(void *dst, const void *src, size_t n);

#endif
