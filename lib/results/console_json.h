/* The results JSON framed on the console (config console_json), so a
 * serial-over-LAN or IPMI SOL log carries the whole file and
 * scripts/baremem-collect --console can recover and check it:
 *
 *   -----BEGIN BAREMEM RESULTS name=run-0007.json bytes=N crc32=XXXXXXXX-----
 *   bm| {                          a line of the JSON, then a newline
 *   bm+ ...                        a piece of a long line, no newline
 *   -----END BAREMEM RESULTS bytes=N crc32=XXXXXXXX-----
 *
 * Only the prefixed lines are the payload, so anything a log puts
 * between them (other output, CR, escapes) is left out by the reader.
 * Characters past ASCII are printed as \uXXXX escapes: the same JSON,
 * which no console encoding can change. bytes and crc32 (zlib's CRC-32)
 * are of the payload as printed. */
#ifndef BAREMEM_CONSOLE_JSON_H
#define BAREMEM_CONSOLE_JSON_H

#include <stddef.h>
#include <stdint.h>

#include "config/config.h"

/* Printed when asked (on), or on auto when the results were kept
 * nowhere else (no file, no upload). */
int console_json_wanted(enum bm_console_json mode, int kept);

/* The largest payload framed: 8 MiB at 115200 baud (10 bits a byte) is
 * about 12 minutes of serial line, and the EFI variable waits for it. A
 * bigger result (512 threads in profile=full: ~100 MiB, hours) is not
 * framed: one line says its size and where it is kept, and
 *
 *   -----BAREMEM RESULTS NOT FRAMED name=WHERE bytes=N crc32=XXXXXXXX-----
 *
 * lets baremem-collect --console say so instead of finding nothing. */
#define CONSOLE_JSON_MAX_BYTES (8u << 20)

/* Prints json[0..len) framed (or, past CONSOLE_JSON_MAX_BYTES, says
 * where it is); name: what the file is called where it was
 * kept ("" when nowhere). */
void console_json_print(const char *json, size_t len, const char *name);

/* The payload as printed (ASCII, escapes for the rest): its length and
 * CRC-32, for the frame lines and the tests. */
void console_json_measure(const char *json, size_t len, size_t *bytes,
			  uint32_t *crc);

#endif
