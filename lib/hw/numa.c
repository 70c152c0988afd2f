/* SRAT and SLIT parsing (ACPI 6.5, 5.2.16 and 5.2.17). Every read is
 * checked against the readable length first: a table from firmware is
 * untrusted input, and a bad length must skip, never overrun. */
#include "hw/numa.h"

#include "hw/acpi_table.h"
#include "util/str.h"

#define SRAT_FIRST_ENTRY 48	/* header, then 4 + 8 reserved bytes */
#define SLIT_FIRST_ENTRY 44	/* header, then the 8-byte locality count */

/* SRAT structure types and their lengths (ACPI 6.5, 5.2.16.1-3). */
#define SRAT_LAPIC 0
#define SRAT_LAPIC_BYTES 16
#define SRAT_MEMORY 1
#define SRAT_MEMORY_BYTES 40
#define SRAT_X2APIC 2
#define SRAT_X2APIC_BYTES 24
#define SRAT_ENABLED 1u
#define SRAT_MEM_HOTPLUG 2u
#define SRAT_MEM_NONVOLATILE 4u

static void note(struct numa_topo *t, const char *what)
{
	acpi_note(&t->problem, what);
}

/* The node index of domain, added in ascending order when new; -1 when
 * the node table is full. */
static int add_domain(struct numa_topo *t, uint32_t domain)
{
	int i = 0;

	while (i < t->node_count && t->domain[i] < domain)
		i++;
	if (i < t->node_count && t->domain[i] == domain)
		return i;
	if (t->node_count == NUMA_MAX_NODES) {
		t->dropped++;
		note(t, "more proximity domains than baremem handles");
		return -1;
	}
	for (int j = t->node_count; j > i; j--)
		t->domain[j] = t->domain[j - 1];
	t->domain[i] = domain;
	t->node_count++;
	/* Indices at or after i moved up by one. */
	for (int r = 0; r < t->range_count; r++)
		if (t->range[r].node >= i)
			t->range[r].node++;
	for (int c = 0; c < t->cpu_count; c++)
		if (t->cpu[c].node >= i)
			t->cpu[c].node++;
	return i;
}

void numa_add_cpu(struct numa_topo *t, uint32_t apic_id, uint32_t domain)
{
	int node;

	if (numa_node_of_apic(t, apic_id) >= 0) {
		note(t, "an APIC id listed twice (first kept)");
		return;
	}
	if (t->cpu_count == NUMA_MAX_CPUS) {
		t->dropped++;
		note(t, "more processors than baremem handles");
		return;
	}
	node = add_domain(t, domain);
	if (node < 0)
		return;
	t->cpu[t->cpu_count++] = (struct numa_cpu){ .apic_id = apic_id,
						    .node = node, .cpu = -1 };
}

static void add_range(struct numa_topo *t, uint64_t base, uint64_t bytes,
		      uint32_t domain, uint32_t flags)
{
	int node;

	if (bytes == 0)
		return;
	if (base + bytes < base) {
		note(t, "memory range wraps around the address space");
		return;
	}
	if (t->range_count == NUMA_MAX_RANGES) {
		t->dropped++;
		note(t, "more memory ranges than baremem handles");
		return;
	}
	node = add_domain(t, domain);
	if (node < 0)
		return;
	t->range[t->range_count++] = (struct numa_range){
		.base = base, .bytes = bytes, .node = node,
		/* An empty hot-plug slot looks the same in the SRAT: only
		 * the memory map can say it holds RAM. */
		.ram_bytes = flags & SRAT_MEM_HOTPLUG ? 0 : bytes,
		.hotplug = !!(flags & SRAT_MEM_HOTPLUG),
		.nonvolatile = !!(flags & SRAT_MEM_NONVOLATILE),
	};
}

int numa_parse_srat(const void *table, size_t len, struct numa_topo *t)
{
	const uint8_t *p = table;
	size_t end, off = SRAT_FIRST_ENTRY;

	mem_set(t, 0, sizeof *t);
	end = acpi_table_bytes(p, len, "SRAT", SRAT_FIRST_ENTRY, &t->problem);
	if (!end)
		return 0;
	while (off + 2 <= end) {
		uint8_t type = p[off], slen = p[off + 1];
		const uint8_t *e = p + off;

		if (slen < 2) {
			note(t, "SRAT entry with a length under 2: rest skipped");
			break;
		}
		if (off + slen > end) {
			note(t, "SRAT entry runs past the table's end");
			break;
		}
		if (type == SRAT_LAPIC && slen >= SRAT_LAPIC_BYTES) {
			/* domain bits 7:0 at 2, bits 31:8 at 9..11 */
			uint32_t dom = e[2] | (uint32_t)e[9] << 8 |
				       (uint32_t)e[10] << 16 |
				       (uint32_t)e[11] << 24;
			if (acpi_rd32(e + 4) & SRAT_ENABLED)
				numa_add_cpu(t, e[3], dom);
		} else if (type == SRAT_MEMORY && slen >= SRAT_MEMORY_BYTES) {
			if (acpi_rd32(e + 28) & SRAT_ENABLED)
				add_range(t, acpi_rd64(e + 8), acpi_rd64(e + 16),
					  acpi_rd32(e + 2), acpi_rd32(e + 28));
		} else if (type == SRAT_X2APIC && slen >= SRAT_X2APIC_BYTES) {
			if (acpi_rd32(e + 12) & SRAT_ENABLED)
				numa_add_cpu(t, acpi_rd32(e + 8),
					     acpi_rd32(e + 4));
		} else if (type <= SRAT_X2APIC) {
			note(t, "SRAT entry shorter than its type needs: skipped");
		}
		/* Other types (GICC, ITS, generic initiators) are not x86
		 * processors or memory: skipped by their length. */
		off += slen;
	}
	if (t->node_count == 0)
		note(t, "SRAT lists no enabled processor or memory");
	return t->node_count;
}

int numa_parse_slit(const void *table, size_t len, struct numa_topo *t)
{
	const uint8_t *p = table;
	size_t end = acpi_table_bytes(p, len, "SLIT", SLIT_FIRST_ENTRY,
				      &t->problem);
	uint64_t n;

	if (!end)
		return -1;
	n = acpi_rd64(p + ACPI_HEADER_BYTES);
	/* n x n bytes must fit; compare before multiplying. */
	if (n == 0 || n > 0xffff || n * n > end - SLIT_FIRST_ENTRY) {
		note(t, "SLIT locality count does not fit the table");
		return -1;
	}
	for (int i = 0; i < t->node_count; i++)
		if (t->domain[i] >= n) {
			note(t, "SLIT does not cover every proximity domain");
			return -1;
		}
	for (int i = 0; i < t->node_count; i++)
		for (int j = 0; j < t->node_count; j++)
			t->slit[i][j] = p[SLIT_FIRST_ENTRY +
					  t->domain[i] * n + t->domain[j]];
	t->has_slit = 1;
	return 0;
}

int numa_node_of_domain(const struct numa_topo *t, uint32_t domain)
{
	for (int i = 0; i < t->node_count; i++)
		if (t->domain[i] == domain)
			return i;
	return -1;
}

int numa_node_of_addr(const struct numa_topo *t, uint64_t addr)
{
	for (int i = 0; i < t->range_count; i++)
		if (addr >= t->range[i].base &&
		    addr - t->range[i].base < t->range[i].bytes)
			return t->range[i].node;
	return -1;
}

int numa_slit_distance(const struct numa_topo *t, int from, int to)
{
	if (!t || !t->has_slit || from < 0 || to < 0 ||
	    from >= t->node_count || to >= t->node_count ||
	    from >= NUMA_MAX_NODES || to >= NUMA_MAX_NODES)
		return -1;
	return t->slit[from][to];
}

int numa_node_of_apic(const struct numa_topo *t, uint32_t apic_id)
{
	for (int i = 0; i < t->cpu_count; i++)
		if (t->cpu[i].apic_id == apic_id)
			return t->cpu[i].node;
	return -1;
}

int numa_node_of_cpu(const struct numa_topo *t, int cpu)
{
	for (int k = 0; k < t->cpu_count; k++)
		if (t->cpu[k].cpu == cpu)
			return t->cpu[k].node;
	return -1;
}

void numa_hotplug_ram_add(struct numa_topo *t, uint64_t base, uint64_t bytes)
{
	uint64_t end = base + bytes < base ? ~0ull : base + bytes;

	for (int i = 0; i < t->range_count; i++) {
		struct numa_range *g = &t->range[i];
		uint64_t lo = g->base > base ? g->base : base;
		uint64_t hi = g->base + g->bytes < end ? g->base + g->bytes
						       : end;
		if (g->hotplug && lo < hi)
			g->ram_bytes += hi - lo;
	}
}

int numa_range_fits(const struct numa_range *g, int node, uint64_t bytes)
{
	return g->node == node && g->ram_bytes >= bytes;
}

uint64_t numa_node_bytes(const struct numa_topo *t, int node)
{
	uint64_t sum = 0;

	for (int i = 0; i < t->range_count; i++)
		if (t->range[i].node == node)
			sum += t->range[i].ram_bytes;
	return sum;
}
