/* UTF-8 validation for the writers that pass untrusted text through
 * (JSON, HTML): where a well-formed sequence ends, or an ill-formed one. */
#include "util/utf8.h"

size_t utf8_span(const unsigned char *s, size_t n, int *valid)
{
	unsigned char lo = 0x80, hi = 0xbf;
	size_t len;

	*valid = 0;
	if (s[0] < 0x80) {
		*valid = 1;
		return 1;
	}
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		len = 2;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		len = 3;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		len = 4;
	else
		return 1;	/* continuation byte, C0/C1, F5..FF */
	/* The second byte's range rules out overlongs, surrogates and
	 * code points above U+10FFFF. */
	if (s[0] == 0xe0)
		lo = 0xa0;
	else if (s[0] == 0xed)
		hi = 0x9f;
	else if (s[0] == 0xf0)
		lo = 0x90;
	else if (s[0] == 0xf4)
		hi = 0x8f;
	for (size_t i = 1; i < len; i++) {
		if (i >= n || s[i] < lo || s[i] > hi)
			return i;
		lo = 0x80;
		hi = 0xbf;
	}
	*valid = 1;
	return len;
}

