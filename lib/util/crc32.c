/* CRC-32, bit by bit: results files are kilobytes to megabytes, printed
 * once at the end of a run, so a table buys nothing worth its 1 KiB. */
#include "util/crc32.h"

#define CRC32_POLY 0xedb88320u	/* IEEE 802.3, bit-reversed */

uint32_t crc32_update(uint32_t crc, const void *data, size_t len)
{
	const unsigned char *p = data;

	crc = ~crc;
	for (size_t i = 0; i < len; i++) {
		crc ^= p[i];
		for (int b = 0; b < 8; b++)
			crc = (crc >> 1) ^ (CRC32_POLY & (0u - (crc & 1)));
	}
	return ~crc;
}
