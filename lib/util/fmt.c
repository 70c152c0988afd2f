/* A small vsnprintf for freestanding code (lib/ links no libc), and the
 * size labels and size parsing that the config and the tables share. */
#include "util/fmt.h"

#include "util/str.h"

/* Fraction digits of %f beyond this many are not computed: nothing in
 * baremem prints more, and it bounds the stack a conversion needs. */
#define FMT_PREC_MAX 64
/* Widths and precisions stop growing here, so "%99999999999d" cannot
 * overflow an int. */
#define FMT_FIELD_MAX 100000

struct sink {
	char *buf;
	size_t cap, len;	/* len counts what did not fit too */
};

static void put(struct sink *s, char c)
{
	if (s->len + 1 < s->cap)
		s->buf[s->len] = c;
	s->len++;
}

static void put_rep(struct sink *s, char c, size_t n)
{
	while (n--)
		put(s, c);
}

static void put_n(struct sink *s, const char *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		put(s, p[i]);
}

enum length { LEN_NONE, LEN_HH, LEN_H, LEN_L, LEN_LL, LEN_Z, LEN_J, LEN_T };

struct spec {
	int left, zero, plus, space, alt;
	size_t width;
	int prec;		/* -1: none given */
	enum length len;
};

/* One converted field: prefix (sign, "0x"), zeros, then body, padded to
 * the width with spaces, or with zeros after the prefix when zero_pad. */
static void field(struct sink *s, const struct spec *sp, const char *prefix,
		  size_t zeros, const char *body, size_t body_len, int zero_pad)
{
	size_t prefix_len = str_len(prefix);
	size_t len = prefix_len + zeros + body_len;
	size_t fill = sp->width > len ? sp->width - len : 0;

	if (!sp->left && !zero_pad)
		put_rep(s, ' ', fill);
	put_n(s, prefix, prefix_len);
	if (!sp->left && zero_pad)
		put_rep(s, '0', fill);
	put_rep(s, '0', zeros);
	put_n(s, body, body_len);
	if (sp->left)
		put_rep(s, ' ', fill);
}

static const char *sign_of(const struct spec *sp, int negative)
{
	return negative ? "-" : sp->plus ? "+" : sp->space ? " " : "";
}

static void integer(struct sink *s, const struct spec *sp,
		    unsigned long long u, int negative, unsigned base,
		    int upper, const char *prefix)
{
	const char *digit = upper ? "0123456789ABCDEF" : "0123456789abcdef";
	char tmp[24], *p = tmp + sizeof tmp;
	size_t n, zeros;

	/* C: an explicit precision of 0 prints no digits for the value 0. */
	if (!(u == 0 && sp->prec == 0)) {
		do {
			*--p = digit[u % base];
			u /= base;
		} while (u);
	}
	n = (size_t)(tmp + sizeof tmp - p);
	zeros = sp->prec > 0 && (size_t)sp->prec > n ? (size_t)sp->prec - n : 0;
	field(s, sp, prefix ? prefix : sign_of(sp, negative), zeros, p, n,
	      sp->zero && !sp->left && sp->prec < 0);
}

/* A big unsigned number in 32-bit words, least significant first: wide
 * enough for the integer part of any double (< 2^1024) and for its
 * fraction (at most 1074 bits), so %f prints the exact binary value
 * rounded once, as glibc does, rather than a value that drifted in
 * floating-point scaling (2.675 is really 2.67499999999999982...). */
#define BIG_WORDS 36
struct big {
	uint32_t w[BIG_WORDS];
	int n;			/* words in use */
};

/* b = m * 2^shift; m < 2^64, shift + 96 <= 32 * BIG_WORDS. */
static void big_set(struct big *b, uint64_t m, unsigned shift, int words)
{
	unsigned __int128 x = (unsigned __int128)m << (shift % 32);
	unsigned wi = shift / 32;

	for (int i = 0; i < BIG_WORDS; i++)
		b->w[i] = 0;
	b->w[wi] = (uint32_t)x;
	b->w[wi + 1] = (uint32_t)(x >> 32);
	b->w[wi + 2] = (uint32_t)(x >> 64);
	b->n = words;
}

/* b /= d; returns the remainder. */
static uint32_t big_div(struct big *b, uint32_t d)
{
	uint64_t rem = 0;

	for (int i = b->n - 1; i >= 0; i--) {
		uint64_t cur = rem << 32 | b->w[i];
		b->w[i] = (uint32_t)(cur / d);
		rem = cur % d;
	}
	while (b->n > 0 && b->w[b->n - 1] == 0)
		b->n--;
	return (uint32_t)rem;
}

/* b *= 10 within b->n words; returns what carried out of the top. */
static int big_mul10(struct big *b)
{
	uint64_t carry = 0;

	for (int i = 0; i < b->n; i++) {
		uint64_t cur = (uint64_t)b->w[i] * 10 + carry;
		b->w[i] = (uint32_t)cur;
		carry = cur >> 32;
	}
	return (int)carry;
}

/* Decimal digits of b (consumed) into out; returns the count (>= 1). */
static size_t big_decimal(struct big *b, char *out)
{
	uint32_t chunk[BIG_WORDS];
	int chunks = 0;
	size_t n = 0;
	char tmp[9];

	/* 10^9 < 2^32: nine digits per division. */
	do
		chunk[chunks++] = big_div(b, 1000000000u);
	while (b->n > 0);
	while (chunks-- > 0) {
		uint32_t v = chunk[chunks];
		int k = 0;
		do {
			tmp[k++] = (char)('0' + v % 10);
			v /= 10;
		} while (v);
		if (n > 0)	/* inner chunks keep their leading zeros */
			while (k < 9)
				tmp[k++] = '0';
		while (k > 0)
			out[n++] = tmp[--k];
	}
	return n;
}

/* %f: the exact value of v rounded half away from zero to prec digits. */
static void fixed(struct sink *s, const struct spec *sp, double v)
{
	union {
		double d;
		uint64_t u;
	} bits = { .d = v };
	/* 1 carry digit + 309 integer digits + '.' + fraction */
	char num[1 + 310 + 1 + FMT_PREC_MAX];
	int negative = (int)(bits.u >> 63);
	int bexp = (int)(bits.u >> 52 & 0x7ff), e;
	uint64_t mant = bits.u & ((1ull << 52) - 1);
	int prec = sp->prec < 0 ? 6 : sp->prec > FMT_PREC_MAX ? FMT_PREC_MAX
								  : sp->prec;
	struct big b;
	size_t n, first;

	if (bexp == 0x7ff) {
		struct spec plain = *sp;
		plain.prec = -1;
		field(s, &plain, mant ? "" : sign_of(sp, negative), 0,
		      mant ? "nan" : "inf", 3, 0);
		return;
	}
	if (bexp == 0) {
		e = -1074;	/* subnormal */
	} else {
		mant |= 1ull << 52;
		e = bexp - 1075;
	}

	/* Integer part. */
	if (e >= 0)
		big_set(&b, mant, (unsigned)e, BIG_WORDS);
	else
		big_set(&b, -e >= 64 ? 0 : mant >> -e, 0, 2);
	num[0] = '0';
	n = 1 + big_decimal(&b, num + 1);
	if (prec > 0 || sp->alt)
		num[n++] = '.';

	/* Fraction: its bits left-aligned in whole words, so each *10
	 * carries the next digit out of the top and the rest stays exact. */
	if (e < 0) {
		unsigned k = (unsigned)-e, words = (k + 31) / 32;
		uint64_t frac = k >= 64 ? mant : mant & ((1ull << k) - 1);
		int up;

		big_set(&b, frac, words * 32 - k, (int)words);
		for (int i = 0; i < prec; i++)
			num[n++] = (char)('0' + big_mul10(&b));
		up = (b.w[words - 1] >> 31) & 1;	/* rest >= 1/2 */
		for (size_t i = n; up && i-- > 0;) {
			if (num[i] == '.')
				continue;
			if (num[i] == '9') {
				num[i] = '0';
			} else {
				num[i]++;
				up = 0;
			}
		}
	} else {
		for (int i = 0; i < prec; i++)
			num[n++] = '0';
	}
	/* num[0] is the spare digit a carry like 9.99 -> 10.0 lands in. */
	first = num[0] == '0' ? 1 : 0;
	field(s, sp, sign_of(sp, negative), 0, num + first, n - first,
	      sp->zero && !sp->left);
}

static long long arg_signed(va_list *ap, enum length len)
{
	switch (len) {
	case LEN_HH:
		return (signed char)va_arg(*ap, int);
	case LEN_H:
		return (short)va_arg(*ap, int);
	case LEN_L:
		return va_arg(*ap, long);
	case LEN_LL:
		return va_arg(*ap, long long);
	case LEN_Z:
		return (long long)va_arg(*ap, size_t);
	case LEN_J:
		return va_arg(*ap, intmax_t);
	case LEN_T:
		return va_arg(*ap, ptrdiff_t);
	default:
		return va_arg(*ap, int);
	}
}

static unsigned long long arg_unsigned(va_list *ap, enum length len)
{
	switch (len) {
	case LEN_HH:
		return (unsigned char)va_arg(*ap, unsigned int);
	case LEN_H:
		return (unsigned short)va_arg(*ap, unsigned int);
	case LEN_L:
		return va_arg(*ap, unsigned long);
	case LEN_LL:
		return va_arg(*ap, unsigned long long);
	case LEN_Z:
		return va_arg(*ap, size_t);
	case LEN_J:
		return va_arg(*ap, uintmax_t);
	case LEN_T:
		return (unsigned long long)va_arg(*ap, ptrdiff_t);
	default:
		return va_arg(*ap, unsigned int);
	}
}

static size_t number(const char **f)
{
	size_t v = 0;

	while (**f >= '0' && **f <= '9') {
		if (v < FMT_FIELD_MAX)
			v = v * 10 + (size_t)(**f - '0');
		(*f)++;
	}
	return v < FMT_FIELD_MAX ? v : FMT_FIELD_MAX;
}

size_t fmt_v(char *buf, size_t cap, const char *f, va_list ap)
{
	struct sink s = { buf, cap, 0 };
	va_list args;

	va_copy(args, ap);
	while (*f) {
		struct spec sp = { .prec = -1 };
		const char *start = f;
		long long v;

		if (*f != '%') {
			put(&s, *f++);
			continue;
		}
		for (f++;; f++) {
			if (*f == '-')
				sp.left = 1;
			else if (*f == '0')
				sp.zero = 1;
			else if (*f == '+')
				sp.plus = 1;
			else if (*f == ' ')
				sp.space = 1;
			else if (*f == '#')
				sp.alt = 1;
			else
				break;
		}
		if (*f == '*') {
			int w = va_arg(args, int);
			/* C: a negative width is '-' and its magnitude;
			 * unsigned negation keeps INT_MIN defined. */
			unsigned mag = w < 0 ? 0u - (unsigned)w : (unsigned)w;
			f++;
			if (w < 0)
				sp.left = 1;
			sp.width = mag < FMT_FIELD_MAX ? mag : FMT_FIELD_MAX;
		} else {
			sp.width = number(&f);
		}
		if (*f == '.') {
			f++;
			if (*f == '*') {
				int p = va_arg(args, int);
				f++;
				/* C: a negative precision is as if none */
				sp.prec = p < 0 ? -1 : p < FMT_FIELD_MAX
						      ? p : FMT_FIELD_MAX;
			} else {
				sp.prec = (int)number(&f);
			}
		}
		if (*f == 'h') {
			f++;
			sp.len = LEN_H;
			if (*f == 'h') {
				f++;
				sp.len = LEN_HH;
			}
		} else if (*f == 'l') {
			f++;
			sp.len = LEN_L;
			if (*f == 'l') {
				f++;
				sp.len = LEN_LL;
			}
		} else if (*f == 'z' || *f == 'j' || *f == 't') {
			sp.len = *f == 'z' ? LEN_Z : *f == 'j' ? LEN_J : LEN_T;
			f++;
		}

		switch (*f) {
		case 'd':
		case 'i':
			v = arg_signed(&args, sp.len);
			integer(&s, &sp, v < 0 ? 0ull - (unsigned long long)v
					       : (unsigned long long)v,
				v < 0, 10, 0, 0);
			break;
		case 'u':
			integer(&s, &sp, arg_unsigned(&args, sp.len), 0, 10, 0,
				"");
			break;
		case 'x':
		case 'X': {
			unsigned long long u = arg_unsigned(&args, sp.len);
			integer(&s, &sp, u, 0, 16, *f == 'X',
				sp.alt && u ? (*f == 'X' ? "0X" : "0x") : "");
			break;
		}
		case 'p':
			sp.zero = 0;
			integer(&s, &sp, (uintptr_t)va_arg(args, void *), 0, 16,
				0, "0x");
			break;
		case 'c': {
			char c = (char)va_arg(args, int);
			field(&s, &sp, "", 0, &c, 1, 0);
			break;
		}
		case 's': {
			const char *p = va_arg(args, const char *);
			if (!p)
				p = "(null)";
			field(&s, &sp, "", 0, p,
			      sp.prec < 0 ? str_len(p)
					  : str_nlen(p, (size_t)sp.prec), 0);
			break;
		}
		case 'f':
		case 'F':
			fixed(&s, &sp, va_arg(args, double));
			break;
		case '%':
			put(&s, '%');
			break;
		case 0:
			/* A lone '%' at the end prints as itself. */
			put_n(&s, start, (size_t)(f - start));
			continue;
		default:
			/* Unknown: printed as written, so the mistake shows. */
			put_n(&s, start, (size_t)(f - start) + 1);
		}
		f++;
	}
	va_end(args);
	if (cap > 0)
		buf[s.len < cap ? s.len : cap - 1] = 0;
	return s.len;
}

size_t fmt(char *buf, size_t cap, const char *f, ...)
{
	va_list ap;
	size_t n;

	va_start(ap, f);
	n = fmt_v(buf, cap, f, ap);
	va_end(ap);
	return n;
}

int fmt_append_v(char *buf, size_t cap, size_t *len, const char *f,
		 va_list ap)
{
	size_t room = cap > *len ? cap - *len : 0;
	size_t n = fmt_v(buf + *len, room, f, ap);

	if (room > 0 && n < room) {
		*len += n;
		return 0;
	}
	/* fmt_v kept the prefix that fit and its NUL */
	if (room > 0)
		*len = cap - 1;
	return -1;
}

#define FMT_SIG_DECIMALS_MAX 12

int fmt_decimals_sig(double v, int min_decimals, int sig)
{
	int d = min_decimals < 0 ? 0 : min_decimals;
	double a = v < 0 ? -v : v, shown = 1;

	/* NaN fails every comparison; infinities and 0 need no digits */
	if (!(a > 0) || a - a != 0)
		return d;
	/* 10^(sig - 1 - d): the smallest value with sig digits at d */
	for (int i = 1; i < sig; i++)
		shown *= 10;
	for (int i = 0; i < d; i++)
		shown /= 10;
	while (a < shown && d < FMT_SIG_DECIMALS_MAX) {
		shown /= 10;
		d++;
	}
	return d;
}

char *fmt_size(char *buf, size_t cap, uint64_t bytes)
{
	static const char suffix[] = "KMGT";

	/* The largest unit that gives an exact label with <= 2 decimals. */
	for (int i = 3; i >= 0; i--) {
		unsigned shift = 10 * (unsigned)(i + 1);
		uint64_t whole = bytes >> shift;
		uint64_t rest = bytes & ((1ull << shift) - 1);
		uint64_t hundredths;

		/* rest < 2^40, so rest * 100 cannot overflow */
		if (whole == 0 || (rest * 100) & ((1ull << shift) - 1))
			continue;
		hundredths = rest * 100 >> shift;
		if (hundredths == 0)
			fmt(buf, cap, "%llu%c", (unsigned long long)whole,
			    suffix[i]);
		else if (hundredths % 10 == 0)
			fmt(buf, cap, "%llu.%llu%c", (unsigned long long)whole,
			    (unsigned long long)(hundredths / 10), suffix[i]);
		else
			fmt(buf, cap, "%llu.%02llu%c",
			    (unsigned long long)whole,
			    (unsigned long long)hundredths, suffix[i]);
		return buf;
	}
	fmt(buf, cap, "%llu", (unsigned long long)bytes);
	return buf;
}

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

int parse_size(const char *s, size_t len, uint64_t *out)
{
	/* frac / 10^frac_digits is the decimal fraction; 19 digits keep
	 * frac below 10^19 < 2^64 (a whole byte needs fewer in practice). */
	uint64_t whole = 0, frac = 0, bytes, pow5 = 1;
	unsigned shift = 0;
	int frac_digits = 0, zeros = 0, point = 0;
	size_t i = 0;

	if (!s || len == 0 || !is_digit(s[0]))
		return -1;
	for (; i < len && is_digit(s[i]); i++) {
		unsigned d = (unsigned)(s[i] - '0');
		if (whole > (~0ull - d) / 10)
			return -1;
		whole = whole * 10 + d;
	}
	if (i < len && s[i] == '.') {
		point = 1;
		if (++i == len || !is_digit(s[i]))
			return -1;
		/* Trailing zeros are held back: "1.50000000000000000000M"
		 * is as whole as "1.5M". */
		for (; i < len && is_digit(s[i]); i++) {
			if (s[i] == '0') {
				zeros++;
				continue;
			}
			for (; zeros >= 0; zeros--) {
				if (++frac_digits > 19)
					return -1;
				frac *= 10;
			}
			zeros = 0;
			frac += (uint64_t)(s[i] - '0');
		}
	}
	if (i < len) {
		switch (str_lower(s[i++])) {
		case 'k': shift = 10; break;
		case 'm': shift = 20; break;
		case 'g': shift = 30; break;
		case 't': shift = 40; break;
		case 'b': shift = 0; i--; break;	/* "512B" */
		default: return -1;
		}
		if (shift && i < len && str_lower(s[i]) == 'i') {
			if (++i == len || str_lower(s[i]) != 'b')
				return -1;
		}
		if (i < len && str_lower(s[i]) == 'b')
			i++;
	}
	if (i != len || (point && shift == 0))
		return -1;
	if (whole > (~0ull >> shift))
		return -1;
	bytes = whole << shift;
	if (frac) {
		/* frac * 2^shift / (2^d * 5^d) must be whole: 5^d divides
		 * frac, and the twos cancel against 2^shift. */
		uint64_t q, add;
		for (int k = 0; k < frac_digits; k++)
			pow5 *= 5;
		if (frac % pow5)
			return -1;
		q = frac / pow5;
		if (shift >= (unsigned)frac_digits) {
			unsigned sh = shift - (unsigned)frac_digits;
			if (q > (~0ull >> sh))
				return -1;
			add = q << sh;
		} else {
			unsigned sh = (unsigned)frac_digits - shift;
			if (q & ((1ull << sh) - 1))
				return -1;
			add = q >> sh;
		}
		if (add > ~0ull - bytes)
			return -1;
		bytes += add;
	}
	*out = bytes;
	return 0;
}
