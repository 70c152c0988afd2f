/* Bounded reads of ACPI tables (acpi_table.h), for every table decoder. */
#include "hw/acpi_table.h"

uint16_t acpi_rd16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

uint32_t acpi_rd32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

uint64_t acpi_rd64(const uint8_t *p)
{
	return (uint64_t)acpi_rd32(p) | (uint64_t)acpi_rd32(p + 4) << 32;
}

void acpi_note(const char **problem, const char *what)
{
	if (!*problem)
		*problem = what;
}

const uint8_t *acpi_next(const uint8_t *table, size_t end, size_t *off,
			     const char **problem)
{
	const uint8_t *e = table + *off;

	if (*off + 2 > end)
		return 0;
	if (e[1] < 2) {
		acpi_note(problem,
			      "entry with a length under 2: rest skipped");
		return 0;
	}
	if (*off + e[1] > end) {
		acpi_note(problem, "entry runs past the table's end");
		return 0;
	}
	*off += e[1];
	return e;
}

size_t acpi_table_bytes(const void *table, size_t len, const char *sig,
			    size_t min, const char **problem)
{
	const uint8_t *p = table;
	uint32_t claimed;
	uint8_t sum = 0;

	if (!p || len < ACPI_HEADER_BYTES) {
		acpi_note(problem, "table shorter than its ACPI header");
		return 0;
	}
	if (p[0] != sig[0] || p[1] != sig[1] || p[2] != sig[2] ||
	    p[3] != sig[3]) {
		acpi_note(problem, "wrong table signature");
		return 0;
	}
	claimed = acpi_rd32(p + 4);
	if (claimed < min) {
		acpi_note(problem,
			      "table length shorter than its fixed part");
		return 0;
	}
	if (claimed > len) {
		acpi_note(problem,
			      "table truncated: length beyond the readable bytes");
		return len >= min ? len : 0;
	}
	for (size_t i = 0; i < claimed; i++)
		sum = (uint8_t)(sum + p[i]);
	if (sum)
		acpi_note(problem, "table checksum wrong (used anyway)");
	return claimed;
}
