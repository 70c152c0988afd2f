/* A result too large for one TFTP write, sent as parts plus a manifest
 * (docs/netboot.md, "Results in parts"):
 *
 *   <name>.part-001-of-NNN ... <name>.part-NNN-of-NNN   the bytes, in order
 *   <name>.parts                                        written last
 *
 * The manifest is one JSON object (schema "baremem-parts/1"): the whole
 * file's name, bytes and CRC-32 (zlib's), and each part's name, bytes and
 * CRC-32. scripts/baremem-collect joins the parts into <name> once every
 * one is there and matches. */
#ifndef BAREMEM_UPLOAD_PARTS_H
#define BAREMEM_UPLOAD_PARTS_H

#include <stddef.h>
#include <stdint.h>

/* edk2's MTFTP4 write (MdeModulePkg/Universal/Network/Mtftp4Dxe/
 * Mtftp4Wrq.c) numbers data blocks with 16 bits from 1. Old releases
 * refused to wrap ("Block number rolls back, not supported"); since
 * Mtftp4RemoveBlockNum learned roll-over (for reads), a write wraps to
 * block 0, which Mtftp4WrqSendBlock reads from (0 - 1) x blksize, before
 * the buffer, then sends the file again from block 1, and never ends
 * (Debian's OVMF, edk2-stable202211: seen here, the server's copy grew
 * past 400 MiB). Either way one write must stay within 65535 blocks; a
 * file of exactly 65535 full blocks needs an empty block 65536, so the
 * largest is 65535 x blksize - 1 bytes. With the 512-byte blocks of a
 * server that refuses the blksize option (RFC 2348) that is 33553919
 * bytes; half of it leaves room whatever the server grants, and bounds
 * one HTTP PUT too (its deadline, upload.c). */
#define UPLOAD_TFTP_MAX_BLOCKS 65535u
#define UPLOAD_TFTP_MIN_BLOCK_BYTES 512u
#define UPLOAD_PART_BYTES (16u << 20)

/* Parts are numbered from 1; more than this many is refused. */
#define UPLOAD_PARTS_MAX 9999u

struct upload_parts {
	size_t total_bytes;	/* the whole file */
	size_t part_bytes;	/* every part but the last holds this many */
	unsigned count;		/* 1: sent whole, under its own name */
};

/* The plan for total_bytes in parts of at most part_bytes: count 1 when
 * the file fits (also when it is empty). -1 when part_bytes is 0 or the
 * parts would number more than UPLOAD_PARTS_MAX. */
int upload_parts_plan(size_t total_bytes, size_t part_bytes,
		      struct upload_parts *p);

/* Part i's (0-based) offset and length in the whole. */
void upload_parts_span(const struct upload_parts *p, unsigned i,
		       size_t *offset, size_t *len);

/* "<name>.part-002-of-007" for i = 1: numbers zero-padded to at least 3
 * digits, as wide as the count, so the names sort in order. Returns the
 * length, 0 when it does not fit in cap. */
size_t upload_part_name(char *out, size_t cap, const char *name,
			const struct upload_parts *p, unsigned i);

/* The manifest's text for data[0..p->total_bytes) sent as name: the
 * CRCs computed here. Returns the length, 0 when it does not fit. */
size_t upload_parts_manifest(char *out, size_t cap, const char *name,
			     const void *data, const struct upload_parts *p);

/* A manifest's size for count parts of a name of name_len bytes, with
 * room to spare: what upload_parts_manifest needs at most. */
size_t upload_parts_manifest_cap(size_t name_len, unsigned count);

#endif
