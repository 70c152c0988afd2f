/* fmt_v against the host's snprintf (the oracle) for every conversion,
 * flag and length modifier it supports; %f rounding of exact binary
 * values; truncation; fmt_size / parse_size labels and their limits. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <cmocka.h>

#include "util/fmt.h"

/* Both printers on the same format and arguments: same text, same
 * returned length. */
#define SAME(...)                                                          \
	do {                                                               \
		char want_[512], got_[512];                                \
		int wn_ = snprintf(want_, sizeof want_, __VA_ARGS__);      \
		size_t gn_ = fmt(got_, sizeof got_, __VA_ARGS__);          \
		assert_string_equal(got_, want_);                          \
		assert_int_equal(gn_, (size_t)wn_);                        \
	} while (0)

#define IS(want, ...)                                                      \
	do {                                                               \
		char got_[512];                                            \
		size_t gn_ = fmt(got_, sizeof got_, __VA_ARGS__);          \
		assert_string_equal(got_, want);                           \
		assert_int_equal(gn_, strlen(want));                       \
	} while (0)

static void integers_match_snprintf(void **state)
{
	static const long long values[] = {
		0, 1, -1, 7, -42, 100, 255, 4096, 65535, -65536,
		2147483647LL, -2147483647LL - 1, 4294967295LL,
		9223372036854775807LL, -9223372036854775807LL - 1,
	};
	(void)state;
	for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
		long long v = values[i];
		int iv = (int)v;
		unsigned uv = (unsigned)v;
		SAME("%d|%i|%5d|%-5d|%05d|%+d|% d|%.3d|%8.3d|%-8.3d|", iv, iv,
		     iv, iv, iv, iv, iv, iv, iv, iv);
		SAME("%u|%x|%X|%08x|%-8X|%#x|%#X|%.0u|%.0x|", uv, uv, uv, uv,
		     uv, uv, uv, uv, uv);
		SAME("%lld|%llu|%llx|%20lld|%-20llu|%020llx|", v,
		     (unsigned long long)v, (unsigned long long)v, v,
		     (unsigned long long)v, (unsigned long long)v);
		SAME("%ld|%lu|%lx|", (long)v, (unsigned long)v,
		     (unsigned long)v);
		SAME("%zu|%zx|%jd|%ju|%td|", (size_t)v, (size_t)v,
		     (intmax_t)v, (uintmax_t)v, (ptrdiff_t)v);
		SAME("%hd|%hu|%hx|%hhd|%hhu|%hhx|", (short)v,
		     (unsigned short)v, (unsigned short)v, (signed char)v,
		     (unsigned char)v, (unsigned char)v);
	}
	SAME("%.0d|%.0d|%5.0d|", 0, 1, 0);
	SAME("%*d|%-*d|%*d|%.*d|%.*d|", 6, 42, 6, 42, -6, 42, 4, 7, -1, 7);
}

static void text_conversions_match_snprintf(void **state)
{
	(void)state;
	SAME("%s|%10s|%-10s|%.2s|%10.2s|%-*s|%.*s|", "hello", "hello",
	     "hello", "hello", "hello", 8, "ab", 3, "abcdef");
	SAME("%c|%3c|%-3c|%%|", 'x', 'y', 'z');
	SAME("no conversions at all");
	SAME("%s", "");
	SAME("%p|%p|", (void *)0x1234, (void *)&state);
}

/* fmt without the format attribute, for formats the compiler would
 * (rightly) warn about. */
static size_t fmt_unchecked(char *buf, size_t cap, const char *f, ...)
{
	va_list ap;
	size_t n;

	va_start(ap, f);
	n = fmt_v(buf, cap, f, ap);
	va_end(ap);
	return n;
}

static void unknown_conversions_are_shown(void **state)
{
	char b[64];
	(void)state;
	/* Printed as written, without taking an argument, so the next
	 * conversion still gets its own. */
	assert_int_equal(fmt_unchecked(b, sizeof b, "a %q b %d", 5), 8);
	assert_string_equal(b, "a %q b 5");
	assert_int_equal(fmt_unchecked(b, sizeof b, "100%"), 4);
	assert_string_equal(b, "100%");
	assert_int_equal(fmt_unchecked(b, sizeof b, "%s|%-4s|", NULL, NULL),
			 14);
	assert_string_equal(b, "(null)|(null)|");
}

static void fixed_point_examples(void **state)
{
	(void)state;
	IS("1.25", "%.2f", 1.25);
	IS("0.01", "%.2f", 0.005);	/* 0.005 is 0.005000000000000000104 */
	IS("2.67", "%.2f", 2.675);	/* 2.675 is 2.674999999999999822 */
	IS("12345.7", "%.1f", 12345.678);
	IS("-12345.7", "%.1f", -12345.678);
	IS("      3.14", "%10.2f", 3.14159);
	IS("3.14      ", "%-10.2f", 3.14159);
	IS("-000003.14", "%010.2f", -3.14159);
	IS("+3", "%+.0f", 3.2);
	IS("-3", "%+.0f", -3.2);
	IS("0.000000", "%f", 0.0);
	IS("-0.00", "%.2f", -0.0);
	IS("-0.00", "%.2f", -0.001);
	IS("10.0", "%.1f", 9.96);	/* carry through every digit */
	IS("100", "%.0f", 99.5);
	IS("1.", "%#.0f", 1.0);
	IS("4.1", "%.1f", 4.05 + 1e-12);
	IS("18446744073709551616.0", "%.1f", 18446744073709551616.0);
	IS("1000000000000000019884624838656", "%.0f", 1e30);
}

/* Exact ties (representable halves) round away from zero. */
static void ties_round_half_away_from_zero(void **state)
{
	(void)state;
	IS("0.13", "%.2f", 0.125);
	IS("-0.13", "%.2f", -0.125);
	IS("3", "%.0f", 2.5);
	IS("-3", "%.0f", -2.5);
	IS("1", "%.0f", 0.5);
	IS("2", "%.0f", 1.5);
	IS("0.4", "%.1f", 0.375);
	IS("1.0625", "%.4f", 1.0625);
}

static void nan_and_inf(void **state)
{
	(void)state;
	IS("nan", "%f", (double)NAN);
	IS("inf", "%.2f", (double)INFINITY);
	IS("-inf", "%f", -(double)INFINITY);
	IS("+inf", "%+f", (double)INFINITY);
	IS("   inf", "%06f", (double)INFINITY); /* never zero-padded */
	IS("nan   ", "%-6.1f", (double)NAN);
}

/* Is d at precision prec an exact tie (the digits after prec are 5 and
 * then only zeros)? glibc breaks ties to even there, fmt away from zero. */
static int is_tie(double d, int prec)
{
	char b[1200];
	char *dot, *p;

	snprintf(b, sizeof b, "%.1100f", fabs(d));
	dot = strchr(b, '.');
	p = dot + 1 + prec;
	if (*p != '5')
		return 0;
	for (p++; *p; p++)
		if (*p != '0')
			return 0;
	return 1;
}

static uint64_t rnd(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* Random doubles of every magnitude, subnormals included, at several
 * precisions: the digits must be those of the exact value, as glibc's. */
static void random_doubles_match_snprintf(void **state)
{
	static const int precs[] = { 0, 1, 2, 3, 6, 9, 17, 25, 40, 64 };
	uint64_t x = 12345;
	int checked = 0;
	(void)state;
	for (int i = 0; i < 20000; i++) {
		uint64_t bits = rnd(&x);
		union { uint64_t u; double d; } u;
		int prec = precs[i % 10];
		char want[1200], got[1200];
		int wn;
		size_t gn;

		/* Exponents across the whole range, weighted to ordinary. */
		if (i % 4 != 0) {
			uint64_t e = 1023 - 70 + rnd(&x) % 140;
			bits = (bits & 0x800fffffffffffffull) | e << 52;
		}
		u.u = bits;
		if (isnan(u.d) || isinf(u.d) || is_tie(u.d, prec))
			continue;
		wn = snprintf(want, sizeof want, "%.*f", prec, u.d);
		gn = fmt(got, sizeof got, "%.*f", prec, u.d);
		if (strcmp(want, got) != 0)
			fail_msg("bits %016llx %%.%df: want %s got %s",
				 (unsigned long long)bits, prec, want, got);
		assert_int_equal(gn, (size_t)wn);
		checked++;
	}
	assert_true(checked > 19000);
	/* the smallest subnormal, the largest double, the smallest normal */
	SAME("%.3f|%f|%.0f", 5e-324, 1.7976931348623157e308,
	     2.2250738585072014e-308);
}

static void truncates_and_returns_full_length(void **state)
{
	char b[8];
	(void)state;

	memset(b, 'x', sizeof b);
	assert_int_equal(fmt(b, 5, "hello %s", "world"), 11);
	assert_string_equal(b, "hell");
	assert_int_equal(b[5], 'x');	/* nothing past cap */

	memset(b, 'x', sizeof b);
	assert_int_equal(fmt(b, 1, "%d", 12345), 5);
	assert_int_equal(b[0], 0);
	assert_int_equal(b[1], 'x');

	assert_int_equal(fmt(NULL, 0, "%08.3f", 3.14159), 8);

	assert_int_equal(fmt(b, sizeof b, "%s", "1234567"), 7);
	assert_string_equal(b, "1234567");
	assert_int_equal(fmt(b, sizeof b, "%s", "12345678"), 8);
	assert_string_equal(b, "1234567");
	assert_int_equal(fmt(b, sizeof b, "%-20s|", "a"), 21);
	assert_string_equal(b, "a      ");
}

static void size_labels(void **state)
{
	static const struct {
		uint64_t bytes;
		const char *label;
	} cases[] = {
		{ 0, "0" },
		{ 100, "100" },
		{ 1000, "1000" },
		{ 1023, "1023" },
		{ 1024, "1K" },
		{ 1536, "1.5K" },
		{ 1280, "1.25K" },
		{ 1100, "1100" },	/* 1.07421875K: more than 2 decimals */
		{ 4096, "4K" },
		{ 6144, "6K" },
		{ 1572864, "1.5M" },
		{ 1048576 + 262144, "1.25M" },
		{ 1048576 + 256, "1024.25K" },
		{ 1073741824, "1G" },
		{ 3ull << 29, "1.5G" },
		{ 1ull << 40, "1T" },
		{ 1ull << 50, "1024T" },
		{ ~0ull, "18446744073709551615" },
	};
	char b[32];
	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
		assert_string_equal(fmt_size(b, sizeof b, cases[i].bytes),
				    cases[i].label);
	/* Truncated like fmt, still terminated. */
	assert_string_equal(fmt_size(b, 3, 1572864), "1.");
}

static uint64_t parsed(const char *s)
{
	uint64_t v = 0xdeadbeef;
	if (parse_size(s, strlen(s), &v) != 0)
		fail_msg("'%s' rejected", s);
	return v;
}

static void parse_accepts(void **state)
{
	(void)state;
	assert_int_equal(parsed("0"), 0);
	assert_int_equal(parsed("4096"), 4096);
	assert_int_equal(parsed("512B"), 512);
	assert_int_equal(parsed("4K"), 4096);
	assert_int_equal(parsed("4k"), 4096);
	assert_int_equal(parsed("4KB"), 4096);
	assert_int_equal(parsed("4kib"), 4096);
	assert_int_equal(parsed("4KiB"), 4096);
	assert_int_equal(parsed("1.5M"), 1572864);
	assert_int_equal(parsed("1.50000000000000000000000M"), 1572864);
	assert_int_equal(parsed("1.25K"), 1280);
	assert_int_equal(parsed("0.5K"), 512);
	assert_int_equal(parsed("1G"), 1ull << 30);
	assert_int_equal(parsed("2t"), 2ull << 40);
	assert_int_equal(parsed("16777215T"), 16777215ull << 40);
	assert_int_equal(parsed("0.0009765625K"), 1);	/* 2^-10 K */
	assert_int_equal(parsed("18446744073709551615"), ~0ull);
	assert_int_equal(parsed("007K"), 7168);
}

static void parse_rejects(void **state)
{
	static const char *const bad[] = {
		"", "K", "12Q", "-1", "+1", " 1K", "1K ", "1 K", "1.3K",
		"1.5", "1.5B", "1.K", ".5K", "1..5K", "1KiBB", "1Ki", "1iB",
		"1KBB", "0x10", "1e3", "18446744073709551616",
		"16777216T",		/* 2^64 */
		"17179869184G",		/* 2^64 */
		"16777215.99999T",	/* above 2^64 - 1, and not whole */
		"0.1K", "1.0000000000000000000001K", "1,5K",
	};
	(void)state;
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		uint64_t v = 77;
		if (parse_size(bad[i], strlen(bad[i]), &v) != -1)
			fail_msg("'%s' accepted as %llu", bad[i],
				 (unsigned long long)v);
		assert_int_equal(v, 77);	/* untouched */
	}
	/* The length bounds the text: no terminator needed or read. */
	{
		uint64_t v = 0;
		assert_int_equal(parse_size("64Kxyz", 3, &v), 0);
		assert_int_equal(v, 65536);
		assert_int_equal(parse_size("64", 0, &v), -1);
		assert_int_equal(parse_size(NULL, 0, &v), -1);
	}
}

/* Every label fmt_size makes parses back to the same byte count. */
static void labels_round_trip(void **state)
{
	uint64_t x = 99;
	char b[32];
	(void)state;
	for (int i = 0; i < 100000; i++) {
		uint64_t v, back = 0;
		switch (i % 4) {
		case 0: v = rnd(&x) >> (rnd(&x) % 64); break;
		case 1: v = (rnd(&x) % 4096) << (rnd(&x) % 40); break;
		case 2: v = (rnd(&x) % 400) << (10 * (rnd(&x) % 5)); break;
		default: v = (uint64_t)i * 64; break;
		}
		fmt_size(b, sizeof b, v);
		if (parse_size(b, strlen(b), &back) != 0 || back != v)
			fail_msg("%llu -> '%s' -> %llu", (unsigned long long)v,
				 b, (unsigned long long)back);
	}
}

/* fmt_decimals_sig: as many decimals as the figure needs to show its
 * leading digits, never fewer than asked; 0, NaN and infinities keep
 * the minimum. Checked by printing: the text of every non-zero figure
 * holds at least `sig` significant digits. */
static void decimals_for_significant_digits(void **state)
{
	static const double small[] = { 0.0043, 0.004, 0.05, 0.0995, 0.000123,
					-0.0043, 1e-9 };
	char buf[64];

	(void)state;
	assert_int_equal(fmt_decimals_sig(12.345, 2, 2), 2);
	assert_int_equal(fmt_decimals_sig(0.43, 2, 2), 2);
	assert_int_equal(fmt_decimals_sig(0.0043, 2, 2), 4);
	assert_int_equal(fmt_decimals_sig(0.05, 2, 2), 3);
	assert_int_equal(fmt_decimals_sig(0, 2, 2), 2);
	assert_int_equal(fmt_decimals_sig(NAN, 2, 2), 2);
	assert_int_equal(fmt_decimals_sig(INFINITY, 1, 2), 1);
	assert_int_equal(fmt_decimals_sig(1e-30, 2, 2), 12);	/* the cap */
	assert_int_equal(fmt_decimals_sig(5, -3, 1), 0);
	for (size_t i = 0; i < sizeof small / sizeof small[0]; i++) {
		int d = fmt_decimals_sig(small[i], 2, 2), digits = 0, lead = 0;

		fmt(buf, sizeof buf, "%.*f", d, small[i]);
		for (const char *c = buf; *c; c++) {
			lead |= *c >= '1' && *c <= '9';
			digits += lead && *c >= '0' && *c <= '9';
		}
		if (digits < 2)
			fail_msg("%g printed as %s", small[i], buf);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(integers_match_snprintf),
		cmocka_unit_test(text_conversions_match_snprintf),
		cmocka_unit_test(unknown_conversions_are_shown),
		cmocka_unit_test(fixed_point_examples),
		cmocka_unit_test(ties_round_half_away_from_zero),
		cmocka_unit_test(nan_and_inf),
		cmocka_unit_test(random_doubles_match_snprintf),
		cmocka_unit_test(truncates_and_returns_full_length),
		cmocka_unit_test(size_labels),
		cmocka_unit_test(decimals_for_significant_digits),
		cmocka_unit_test(parse_accepts),
		cmocka_unit_test(parse_rejects),
		cmocka_unit_test(labels_round_trip),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
