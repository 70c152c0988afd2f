/* The UEFI command line (LoadOptions) as config words: see cmdline.h. */
#include "config/cmdline.h"

#include "util/fmt.h"
#include "util/msgs.h"

int cmdline_is_program_path(const char *w)
{
	size_t n = 0;

	for (const char *p = w; *p; p++, n++)
		if (*p == '=')
			return 0;
	for (const char *p = w; *p; p++)
		if (*p == '\\' || *p == ':' || *p == '/')
			return 1;
	return n >= 4 && w[n - 4] == '.' && (w[n - 3] | 32) == 'e' &&
	       (w[n - 2] | 32) == 'f' && (w[n - 1] | 32) == 'i';
}

/* LoadOptions is text only when the shell (or a boot entry made by hand)
 * put it there: even size, printable UCS-2 up to the first NUL. Returns
 * the length, -1 when it is not text, -2 when longer than cap - 1. */
static long options_text(const uint16_t *w, size_t bytes, char *out,
			 size_t cap)
{
	size_t n = bytes / 2, len = 0;

	if (!w || bytes < 2 || (bytes & 1))
		return -1;
	for (size_t i = 0; i < n && w[i]; i++) {
		if (w[i] != '\t' && (w[i] < 0x20 || w[i] > 0x7e))
			return -1;
		if (len + 1 >= cap)
			return -2;
		out[len++] = (char)w[i];
	}
	out[len] = 0;
	return (long)len;
}

int cmdline_parse(struct bm_config *c, const uint16_t *options, size_t bytes,
		  struct msgs *errs, struct msgs *warns)
{
	char line[CMDLINE_MAX_CHARS + 1];
	/* The program path, the words allowed, and one more to see that
	 * there were too many. */
	const char *words[CMDLINE_MAX_WORDS + 2];
	long len = options_text(options, bytes, line, sizeof line);
	int n, first = 0;

	if (len == -1)
		return 0;
	if (len == -2) {
		msgs_add(errs, "command line: longer than %d characters, "
			 "ignored whole (put the keys in baremem.cfg)",
			 CMDLINE_MAX_CHARS);
		return 1;
	}
	n = config_split_words(line, words, CMDLINE_MAX_WORDS + 2);
	/* The shell passes the program's own path as the first word. */
	if (n > 0 && cmdline_is_program_path(words[0]))
		first = 1;
	if (n - first > CMDLINE_MAX_WORDS) {
		msgs_add(errs, "command line: more than %d words, ignored "
			 "whole (put the keys in baremem.cfg)",
			 CMDLINE_MAX_WORDS);
		return 1;
	}
	if (n <= first)
		return 0;
	return config_parse_args(c, n - first, words + first, errs, warns);
}

int cmdline_keys_text(const uint16_t *options, size_t bytes, char *out,
		      size_t cap)
{
	char line[CMDLINE_MAX_CHARS + 1];
	const char *words[CMDLINE_MAX_WORDS + 2];
	long len = options_text(options, bytes, line, sizeof line);
	size_t n = 0;
	int count, first = 0;

	if (cap)
		out[0] = 0;
	if (len == -1)
		return 0;
	if (len == -2) {
		fmt(out, cap, "(over %d characters)", CMDLINE_MAX_CHARS);
		return 1;
	}
	count = config_split_words(line, words, CMDLINE_MAX_WORDS + 2);
	if (count > 0 && cmdline_is_program_path(words[0]))
		first = 1;
	for (int i = first; i < count && cap; i++) {
		size_t w = fmt(out + n, cap - n, "%s%s", i > first ? " " : "",
			       words[i]);

		if (n + w >= cap) {
			/* cut: end in "..." where it fits */
			n = cap - 1;
			for (size_t k = cap > 4 ? cap - 4 : 0; k < cap - 1; k++)
				out[k] = '.';
			break;
		}
		n += w;
	}
	return count - first;
}
