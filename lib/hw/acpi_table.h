/* Bounded little-endian reads and the ACPI header check shared by the
 * table decoders of both architectures (hw/numa.c's SRAT and SLIT;
 * lib/arch/aarch64's MADT GICC, SRAT GICC and PPTT): a table from
 * firmware is untrusted, so every read is checked against the readable
 * length first. */
#ifndef BAREMEM_ACPI_TABLE_H
#define BAREMEM_ACPI_TABLE_H

#include <stddef.h>
#include <stdint.h>

#define ACPI_HEADER_BYTES 36

uint16_t acpi_rd16(const uint8_t *p);
uint32_t acpi_rd32(const uint8_t *p);
uint64_t acpi_rd64(const uint8_t *p);

/* The bytes of the table that may be read: the smaller of the header's
 * length and `len`; 0 when the header is unusable (no table, wrong
 * signature, a length under `min`). *problem (left as it is when already
 * set) names the first thing wrong, a truncation or a bad checksum
 * included (both leave the table usable). */
size_t acpi_table_bytes(const void *table, size_t len, const char *sig,
			    size_t min, const char **problem);

/* Sets *problem to what, unless a problem is already named. */
void acpi_note(const char **problem, const char *what);

/* The next structure (type byte, length byte, ...) of the `end` readable
 * bytes of a table at *off, which moves past it; 0 at the end, or at a
 * length under 2 or one running past `end` (*problem says so; the rest
 * of the table is skipped). */
const uint8_t *acpi_next(const uint8_t *table, size_t end, size_t *off,
			     const char **problem);

#endif
