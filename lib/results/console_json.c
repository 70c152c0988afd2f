/* The results JSON framed on the console (see console_json.h). */
#include "results/console_json.h"

#include "platform.h"
#include "util/crc32.h"
#include "util/fmt.h"
#include "util/out.h"
#include "util/str.h"

/* Payload bytes on one console line: short enough for any console
 * buffer and log line, long enough that most JSON lines fit whole. */
#define PIECE_BYTES 200

/* Walks json, handing on ASCII: bytes below 0x80 as they are, each UTF-8
 * sequence (json.c writes only valid ones) as a \uXXXX escape, or a
 * surrogate pair of them past U+FFFF. */
typedef void (*ascii_fn)(void *ctx, const char *s, size_t n);

static void as_ascii(const char *json, size_t len, ascii_fn emit, void *ctx)
{
	const unsigned char *p = (const unsigned char *)json;
	char esc[16];

	for (size_t i = 0; i < len;) {
		uint32_t cp;
		int extra;

		if (p[i] < 0x80) {
			size_t run = i;
			while (run < len && p[run] < 0x80)
				run++;
			emit(ctx, json + i, run - i);
			i = run;
			continue;
		}
		extra = p[i] >= 0xf0 ? 3 : p[i] >= 0xe0 ? 2 : 1;
		cp = p[i] & (0x3fu >> extra);
		for (int k = 1; k <= extra && i + k < len; k++)
			cp = cp << 6 | (p[i + k] & 0x3f);
		i += (size_t)extra + 1;
		if (cp > 0xffff) {
			cp -= 0x10000;
			fmt(esc, sizeof esc, "\\u%04x\\u%04x",
			    (unsigned)(0xd800 + (cp >> 10)),
			    (unsigned)(0xdc00 + (cp & 0x3ff)));
		} else {
			fmt(esc, sizeof esc, "\\u%04x", (unsigned)cp);
		}
		emit(ctx, esc, str_len(esc));
	}
}

struct measure {
	size_t bytes;
	uint32_t crc;
};

static void measure_emit(void *ctx, const char *s, size_t n)
{
	struct measure *m = ctx;

	m->bytes += n;
	m->crc = crc32_update(m->crc, s, n);
}

void console_json_measure(const char *json, size_t len, size_t *bytes,
			  uint32_t *crc)
{
	struct measure m = { 0, 0 };

	as_ascii(json, len, measure_emit, &m);
	*bytes = m.bytes;
	*crc = m.crc;
}

/* The console line being filled: "bm| " or "bm+ ", then the payload. */
struct printer {
	char line[4 + PIECE_BYTES + 2];
	size_t fill;		/* payload bytes in line */
};

static void flush(struct printer *pr, int ends_line)
{
	pr->line[0] = 'b';
	pr->line[1] = 'm';
	pr->line[2] = ends_line ? '|' : '+';
	pr->line[3] = ' ';
	pr->line[4 + pr->fill] = '\n';
	pr->line[5 + pr->fill] = 0;
	plat_print(pr->line);
	pr->fill = 0;
}

static void print_emit(void *ctx, const char *s, size_t n)
{
	struct printer *pr = ctx;

	for (size_t i = 0; i < n; i++) {
		if (s[i] == '\n') {
			flush(pr, 1);
			continue;
		}
		if (pr->fill == PIECE_BYTES)
			flush(pr, 0);
		pr->line[4 + pr->fill++] = s[i];
	}
}

int console_json_wanted(enum bm_console_json mode, int kept)
{
	return mode == BM_CONSOLE_JSON_ON ||
	       (mode == BM_CONSOLE_JSON_AUTO && !kept);
}

void console_json_print(const char *json, size_t len, const char *name)
{
	struct printer pr = { .fill = 0 };
	size_t bytes;
	uint32_t crc;

	console_json_measure(json, len, &bytes, &crc);
	if (bytes > CONSOLE_JSON_MAX_BYTES) {
		int kept = name && name[0];

		out("console: the results JSON is %llu bytes, too long to "
		    "frame on a console (over %u MiB: more than 12 minutes "
		    "at 115200 baud, hours for a big machine's); %s%s\n",
		    (unsigned long long)bytes, CONSOLE_JSON_MAX_BYTES >> 20,
		    kept ? "it is kept whole at " : "it was kept nowhere "
		    "else: the summary above and in the EFI variable is what "
		    "remains", kept ? name : "");
		out("-----BAREMEM RESULTS NOT FRAMED name=%s bytes=%llu "
		    "crc32=%08x-----\n", kept ? name : "none",
		    (unsigned long long)bytes, (unsigned)crc);
		return;
	}
	out("-----BEGIN BAREMEM RESULTS name=%s bytes=%llu crc32=%08x-----\n",
	    name && name[0] ? name : "none", (unsigned long long)bytes,
	    (unsigned)crc);
	as_ascii(json, len, print_emit, &pr);
	if (pr.fill)
		flush(&pr, 0);
	out("-----END BAREMEM RESULTS bytes=%llu crc32=%08x-----\n",
	    (unsigned long long)bytes, (unsigned)crc);
}
