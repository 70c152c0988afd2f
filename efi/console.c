/* The console: text to the firmware's ConOut (CHAR16, CRLF), a transient
 * progress line, and a copy of every printed line for run-NNNN.txt. */
#include "baremem_efi.h"
#include "platform.h"

#define LOG_BYTES (1u << 20)

static char *log_buf;
static size_t log_len;
static int log_only;		/* 1: lines go to the log, not the screen */
static size_t progress_len;	/* chars of the progress line on screen */
static char progress_copy[160];	/* its text, for a fault's message */

void console_init(void)
{
	log_buf = plat_alloc(LOG_BYTES);
	log_len = 0;
}

const char *console_log(size_t *len)
{
	*len = log_len;
	return log_buf;
}

char *console_log_with(void (*tail)(void *), void *ctx, size_t *len)
{
	size_t mark = log_len;
	char *copy;

	log_only = 1;
	tail(ctx);
	log_only = 0;
	*len = log_len;
	copy = plat_alloc(log_len ? log_len : 1);
	if (copy)
		CopyMem(copy, log_buf, log_len);
	log_len = mark;
	return copy;
}

/* Writes ASCII text; '\n' becomes CRLF, other bytes outside printable
 * ASCII become '?', so untrusted text cannot drive the terminal. */
static void put_text(const char *s)
{
	CHAR16 w[130];
	size_t n = 0;

	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;
		if (ch == '\n') {
			w[n++] = '\r';
			w[n++] = '\n';
		} else if (ch == '\r' || (ch >= 0x20 && ch < 0x7f)) {
			w[n++] = ch;
		} else {
			w[n++] = '?';
		}
		if (n >= 128) {
			w[n] = 0;
			ST->ConOut->OutputString(ST->ConOut, w);
			n = 0;
		}
	}
	if (n) {
		w[n] = 0;
		ST->ConOut->OutputString(ST->ConOut, w);
	}
}

static void clear_progress(void)
{
	char blank[161];
	size_t n = progress_len < 160 ? progress_len : 160;

	if (!progress_len)
		return;
	for (size_t i = 0; i < n; i++)
		blank[i] = ' ';
	blank[n] = 0;
	put_text("\r");
	put_text(blank);
	put_text("\r");
	progress_len = 0;
	progress_copy[0] = 0;
}

void plat_print(const char *text)
{
	size_t n = 0;

	if (!log_only) {
		clear_progress();
		put_text(text);
	}
	while (text[n])
		n++;
	if (log_buf && log_len + n < LOG_BYTES) {
		for (size_t i = 0; i < n; i++)
			log_buf[log_len + i] = text[i];
		log_len += n;
	}
}

void plat_progress(const char *text)
{
	size_t n = 0;

	while (text[n])
		n++;
	clear_progress();
	put_text(text);
	progress_len = n;
	for (n = 0; text[n] && n < sizeof progress_copy - 1; n++)
		progress_copy[n] = text[n];
	progress_copy[n] = 0;
}

const char *console_progress_text(void)
{
	return progress_copy;
}

void console_wait_key(void)
{
	EFI_INPUT_KEY key;
	UINTN index;

	if (!ST->ConIn)
		return;
	ST->ConIn->Reset(ST->ConIn, FALSE);
	BS->WaitForEvent(1, &ST->ConIn->WaitForKey, &index);
	ST->ConIn->ReadKeyStroke(ST->ConIn, &key);
}
