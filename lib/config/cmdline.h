/* The command line the UEFI shell hands the app (LoadOptions: UCS-2
 * text), made into config words and parsed. Pure: efi/config_load.c
 * fetches the bytes, this decides what they mean. */
#ifndef BAREMEM_CMDLINE_H
#define BAREMEM_CMDLINE_H

#include <stddef.h>
#include <stdint.h>

#include "config/config.h"

#define CMDLINE_MAX_CHARS 2047	/* longer: refused whole, never cut */
#define CMDLINE_MAX_WORDS 128

/* Is the word the program's own path ("fs0:\EFI\BOOT\BOOTX64.EFI",
 * "baremem.efi"), which the shell passes first? A word with '=' is not. */
int cmdline_is_program_path(const char *w);

/* Parses LoadOptions (bytes long, not necessarily NUL-terminated) into c
 * as command-line words, the program path skipped. Options that are not
 * printable UCS-2 text (a boot manager entry's binary data) are ignored
 * without a message; text too long or with too many words is one error.
 * Returns the number of errors added. */
int cmdline_parse(struct bm_config *c, const uint16_t *options, size_t bytes,
		  struct msgs *errs, struct msgs *warns);

/* The config words LoadOptions carries (the program path skipped), for a
 * message saying they were ignored: their count (0 when the options are
 * not text or hold no word but the path), and the words into out, cut
 * to end in "..." when longer than cap - 1. */
int cmdline_keys_text(const uint16_t *options, size_t bytes, char *out,
		      size_t cap);

#endif
