/* SRAT GICC affinity structures (ACPI 6.5, 5.2.16.4) into srat_gicc.h's
 * cpu list; the memory side is lib/hw/numa.c's. */
#include "arch/aarch64/srat_gicc.h"

#include "arch/aarch64/madt_gicc.h"
#include "hw/acpi_table.h"
#include "util/str.h"

#define SRAT_FIRST_ENTRY 48	/* header, then 4 + 8 reserved bytes */
#define SRAT_GICC 3
#define SRAT_GICC_BYTES 18
#define SRAT_ENABLED 1u

static int index_of_uid(const struct srat_gicc *g, uint32_t uid)
{
	for (int i = 0; i < g->count; i++)
		if (g->cpu[i].uid == uid)
			return i;
	return -1;
}

int srat_gicc_parse(const void *table, size_t len, const struct numa_topo *mem,
		    struct srat_gicc *g)
{
	const uint8_t *p = table, *e;
	size_t end, off = SRAT_FIRST_ENTRY;

	mem_set(g, 0, sizeof *g);
	end = acpi_table_bytes(p, len, "SRAT", SRAT_FIRST_ENTRY,
				   &g->problem);
	if (!end)
		return 0;
	while ((e = acpi_next(p, end, &off, &g->problem))) {
		struct srat_gicc_cpu c;

		if (e[0] != SRAT_GICC)
			continue;
		if (e[1] < SRAT_GICC_BYTES) {
			acpi_note(&g->problem,
				      "SRAT GICC affinity under 18 bytes: skipped");
			continue;
		}
		if (!(acpi_rd32(e + 10) & SRAT_ENABLED))
			continue;
		c.domain = acpi_rd32(e + 2);
		c.uid = acpi_rd32(e + 6);
		c.node = numa_node_of_domain(mem, c.domain);
		if (index_of_uid(g, c.uid) >= 0) {
			acpi_note(&g->problem,
				      "a processor UID listed twice (first kept)");
			continue;
		}
		if (g->count == SRAT_GICC_MAX) {
			g->dropped++;
			acpi_note(&g->problem,
				      "more cpus than baremem handles");
			continue;
		}
		if (c.node < 0) {
			g->memoryless++;
			acpi_note(&g->problem,
				      "a cpu in a proximity domain with no memory");
		}
		g->cpu[g->count++] = c;
	}
	return g->count;
}

int srat_gicc_node_of_uid(const struct srat_gicc *g, uint32_t uid)
{
	int i = index_of_uid(g, uid);

	return i < 0 ? -1 : g->cpu[i].node;
}

int srat_gicc_to_topo(const struct srat_gicc *g, const struct madt_gicc *m,
		      struct numa_topo *t)
{
	int added = 0;

	for (int i = 0; i < g->count; i++) {
		int k = madt_gicc_of_uid(m, g->cpu[i].uid);
		int before = t->cpu_count;

		if (k < 0) {
			acpi_note(&t->problem, "an SRAT GICC affinity names "
				  "a UID the MADT does not list");
			continue;
		}
		numa_add_cpu(t, madt_mpidr_word(m->cpu[k].mpidr),
			     g->cpu[i].domain);
		added += t->cpu_count > before;
	}
	return added;
}
