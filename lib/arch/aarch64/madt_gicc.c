/* MADT GICC structures (ACPI 6.5, 5.2.12.14) into the cpu list of
 * madt_gicc.h. */
#include "arch/aarch64/madt_gicc.h"

#include "arch/aarch64/acpi_arm.h"
#include "util/str.h"

#define MADT_FIRST_ENTRY 44	/* header, interrupt controller address, flags */
#define MADT_GICC 0x0b
#define GICC_MIN_BYTES 76	/* ACPI 5.1: through the MPIDR */
#define GICC_EFFICIENCY 76	/* ACPI 6.0 */
#define GICC_ENABLED 1u
#define GICC_ONLINE_CAPABLE 8u
/* MPIDR_EL1 bits the table may carry: Aff3 and Aff2..Aff0 */
#define MPIDR_AFFINITY 0xff00ffffffull

static void note(struct madt_gicc *m, const char *what)
{
	if (!m->problem)
		m->problem = what;
}

static int has_mpidr(const struct madt_gicc *m, uint64_t mpidr)
{
	for (int i = 0; i < m->count; i++)
		if (m->cpu[i].mpidr == mpidr)
			return 1;
	return 0;
}

int madt_gicc_parse(const void *table, size_t len, struct madt_gicc *m)
{
	const uint8_t *p = table;
	size_t end, off = MADT_FIRST_ENTRY;

	mem_set(m, 0, sizeof *m);
	end = acpi_arm_table_bytes(p, len, "APIC", MADT_FIRST_ENTRY,
				   &m->problem);
	if (!end)
		return 0;
	while (off + 2 <= end) {
		const uint8_t *e = p + off;
		uint8_t type = e[0], elen = e[1];
		struct madt_gicc_cpu c;
		uint32_t flags;

		if (elen < 2) {
			note(m, "MADT entry with a length under 2: rest skipped");
			break;
		}
		if (off + elen > end) {
			note(m, "MADT entry runs past the table's end");
			break;
		}
		off += elen;
		if (type != MADT_GICC)
			continue;
		if (elen < GICC_MIN_BYTES) {
			note(m, "GICC shorter than ACPI 5.1's: skipped");
			continue;
		}
		flags = acpi_arm_rd32(e + 12);
		c = (struct madt_gicc_cpu){
			.interface = acpi_arm_rd32(e + 4),
			.uid = acpi_arm_rd32(e + 8),
			.mpidr = acpi_arm_rd64(e + 68) & MPIDR_AFFINITY,
			.enabled = !!(flags & GICC_ENABLED),
			.online_capable = !(flags & GICC_ENABLED) &&
					  (flags & GICC_ONLINE_CAPABLE),
			.efficiency_class = elen > GICC_EFFICIENCY ?
					    e[GICC_EFFICIENCY] : 0,
		};
		if (has_mpidr(m, c.mpidr)) {
			note(m, "an MPIDR listed twice (first kept)");
			continue;
		}
		if (m->count == MADT_GICC_MAX) {
			m->dropped++;
			note(m, "more cpus than baremem handles");
			continue;
		}
		m->cpu[m->count++] = c;
		m->enabled += c.enabled;
	}
	if (m->count == 0)
		note(m, "MADT lists no GICC");
	return m->enabled;
}

int madt_gicc_of_uid(const struct madt_gicc *m, uint32_t uid)
{
	for (int i = 0; i < m->count; i++)
		if (m->cpu[i].uid == uid)
			return i;
	return -1;
}
