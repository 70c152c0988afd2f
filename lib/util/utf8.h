/* UTF-8 validation for the writers that pass untrusted text through. */
#ifndef BAREMEM_UTF8_H
#define BAREMEM_UTF8_H

#include <stddef.h>

/* The UTF-8 sequence at s (n >= 1 bytes available): returns how many bytes
 * it spans and sets *valid. An invalid one spans its maximal subpart: the
 * lead byte and the continuation bytes that could still have been part
 * of a well-formed sequence (Unicode table 3-7), at least one byte. */
size_t utf8_span(const unsigned char *s, size_t n, int *valid);

#endif
