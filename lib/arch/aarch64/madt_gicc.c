/* MADT GICC structures (ACPI 6.5, 5.2.12.14) into the cpu list of
 * madt_gicc.h. */
#include "arch/aarch64/madt_gicc.h"

#include "hw/acpi_table.h"
#include "util/str.h"

#define MADT_FIRST_ENTRY 44	/* header, interrupt controller address, flags */
#define MADT_GICC 0x0b
#define GICC_MIN_BYTES 76	/* ACPI 5.1: through the MPIDR */
#define GICC_EFFICIENCY 76	/* ACPI 6.0 */
#define GICC_ENABLED 1u
#define GICC_ONLINE_CAPABLE 8u
/* MPIDR_EL1 bits the table may carry: Aff3 and Aff2..Aff0 */
#define MPIDR_AFFINITY 0xff00ffffffull

static int has_mpidr(const struct madt_gicc *m, uint64_t mpidr)
{
	for (int i = 0; i < m->count; i++)
		if (m->cpu[i].mpidr == mpidr)
			return 1;
	return 0;
}

int madt_gicc_parse(const void *table, size_t len, struct madt_gicc *m)
{
	const uint8_t *p = table, *e;
	size_t end, off = MADT_FIRST_ENTRY;

	mem_set(m, 0, sizeof *m);
	end = acpi_table_bytes(p, len, "APIC", MADT_FIRST_ENTRY,
				   &m->problem);
	if (!end)
		return 0;
	while ((e = acpi_next(p, end, &off, &m->problem))) {
		uint8_t elen = e[1];
		struct madt_gicc_cpu c;
		uint32_t flags;

		if (e[0] != MADT_GICC)
			continue;
		if (elen < GICC_MIN_BYTES) {
			acpi_note(&m->problem,
				      "GICC shorter than ACPI 5.1's: skipped");
			continue;
		}
		flags = acpi_rd32(e + 12);
		c = (struct madt_gicc_cpu){
			.interface = acpi_rd32(e + 4),
			.uid = acpi_rd32(e + 8),
			.mpidr = acpi_rd64(e + 68) & MPIDR_AFFINITY,
			.enabled = !!(flags & GICC_ENABLED),
			.online_capable = !(flags & GICC_ENABLED) &&
					  (flags & GICC_ONLINE_CAPABLE),
			.efficiency_class = elen > GICC_EFFICIENCY ?
					    e[GICC_EFFICIENCY] : 0,
		};
		if (has_mpidr(m, c.mpidr)) {
			acpi_note(&m->problem,
				      "an MPIDR listed twice (first kept)");
			continue;
		}
		if (m->count == MADT_GICC_MAX) {
			m->dropped++;
			acpi_note(&m->problem,
				      "more cpus than baremem handles");
			continue;
		}
		m->cpu[m->count++] = c;
		m->enabled += c.enabled;
	}
	if (m->count == 0)
		acpi_note(&m->problem, "MADT lists no GICC");
	return m->enabled;
}

int madt_gicc_of_uid(const struct madt_gicc *m, uint32_t uid)
{
	for (int i = 0; i < m->count; i++)
		if (m->cpu[i].uid == uid)
			return i;
	return -1;
}

uint32_t madt_mpidr_word(uint64_t mpidr)
{
	return (uint32_t)((mpidr >> 8 & 0xff000000u) | (mpidr & 0xffffffu));
}
