/* The name an uploaded result gets on the server (docs/design.md §4c):
 * baremem/results/<mac>-<YYYYMMDDTHHMMSSZ>.<ext>, unique across machines
 * (the MAC) and across a machine's runs (the time). */
#ifndef BAREMEM_UPLOAD_NAME_H
#define BAREMEM_UPLOAD_NAME_H

#include <stddef.h>
#include <stdint.h>

#include "util/wall_time.h"

/* The MAC as lower-case hex without separators ("525400123456"). */
size_t upload_mac_text(char *out, size_t cap, const uint8_t *mac,
		       int mac_len);

/* "<mac>-<YYYYMMDDTHHMMSSZ>" in UTC; -1 when the time is not a real date
 * or out is too small. */
int upload_stem(char *out, size_t cap, const uint8_t *mac, int mac_len,
		const struct wall_time *t);

#endif
