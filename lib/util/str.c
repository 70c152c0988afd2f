/* String and memory helpers for lib/: the few libc routines it needs,
 * written out because lib/ links against no libc. */
#include "util/str.h"

size_t str_len(const char *s)
{
	size_t n = 0;

	while (s[n])
		n++;
	return n;
}

size_t str_nlen(const char *s, size_t max)
{
	size_t n = 0;

	while (n < max && s[n])
		n++;
	return n;
}

char str_lower(char c)
{
	return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

int str_ieq(const char *s, size_t len, const char *word)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (!word[i] || str_lower(s[i]) != str_lower(word[i]))
			return 0;
	return word[i] == 0;
}

int str_eq(const char *a, const char *b)
{
	while (*a && *a == *b)
		a++, b++;
	return *a == *b;
}

size_t str_copy(char *dst, size_t cap, const char *src)
{
	size_t len = str_len(src), n = len;

	if (cap == 0)
		return len;
	if (n > cap - 1)
		n = cap - 1;
	mem_copy(dst, src, n);
	dst[n] = 0;
	return len;
}

void mem_set(void *dst, int byte, size_t n)
{
	unsigned char *d = dst;

	while (n--)
		*d++ = (unsigned char)byte;
}

void mem_copy(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	while (n--)
		*d++ = *s++;
}

int str_decimal(const char *s, size_t len, uint64_t *out)
{
	uint64_t v = 0;

	if (len == 0)
		return -1;
	for (size_t i = 0; i < len; i++) {
		unsigned d = (unsigned)(s[i] - '0');
		if (s[i] < '0' || s[i] > '9' || v > (~0ull - d) / 10)
			return -1;
		v = v * 10 + d;
	}
	*out = v;
	return 0;
}
