/* Text formatting without libc: a small vsnprintf and size labels. */
#ifndef BAREMEM_FMT_H
#define BAREMEM_FMT_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

/* Supports %d %i %u %x %X %c %s %% with the l / ll / z length modifiers,
 * flags '-' and '0', a width and a precision (also '*'), and %f with a
 * precision (default 6). Always NUL-terminates when cap > 0; returns the
 * length the full text would have had (as snprintf does).
 * Also: %p, the hh / h / j / t modifiers, flags '+', ' ' and '#' (x, f).
 * %f prints the double's exact value rounded half away from zero (at
 * most 64 decimals), and "nan" / "inf" / "-inf". */
size_t fmt_v(char *buf, size_t cap, const char *f, va_list ap);
size_t fmt(char *buf, size_t cap, const char *f, ...)
	__attribute__((format(printf, 3, 4)));

/* Appends the formatted text at buf + *len for the writers that fill a
 * fixed buffer (JSON, HTML): returns 0 when it fit; -1 when it did not,
 * then the prefix that fit stays, *len becomes cap - 1 (cap > 0) and
 * nothing is written at or past cap. */
int fmt_append_v(char *buf, size_t cap, size_t *len, const char *f,
		 va_list ap);

/* The decimals to print v with: at least min_decimals, more (at most
 * 12) while v, non-zero, would show fewer than sig significant digits,
 * so a small positive figure never prints as 0.00 (0.0043 with 2 and 2:
 * 4 decimals, "0.0043"; 12.345 keeps 2). */
int fmt_decimals_sig(double v, int min_decimals, int sig);

/* A byte count as the shortest exact label with a power-of-1024 suffix:
 * 4096 -> "4K", 1572864 -> "1.5M", 1073741824 -> "1G", 100 -> "100";
 * otherwise up to 2 decimals ("1.25M"). Returns buf. */
char *fmt_size(char *buf, size_t cap, uint64_t bytes);

/* Parses a size: digits with an optional K/M/G/T suffix (powers of 1024,
 * either case, optional trailing 'B' or 'iB'); decimals allowed with a
 * suffix ("1.5M"), as long as the result is a whole number of bytes.
 * Returns 0 and sets *out, or -1 on anything else (overflow included). */
int parse_size(const char *s, size_t len, uint64_t *out);

#endif
