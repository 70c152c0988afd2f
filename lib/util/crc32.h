/* CRC-32 as zlib, PNG and Ethernet compute it (IEEE 802.3, reflected
 * polynomial 0xEDB88320, initial and final XOR 0xFFFFFFFF), so any tool
 * (python's zlib.crc32) checks what baremem framed. */
#ifndef BAREMEM_CRC32_H
#define BAREMEM_CRC32_H

#include <stddef.h>
#include <stdint.h>

/* crc: 0 to start, or the value returned for the bytes before these. */
uint32_t crc32_update(uint32_t crc, const void *data, size_t len);

#endif
