/* NUMA on UEFI: the topology from the ACPI SRAT and SLIT (parsed by
 * lib/hw/numa.c, AArch64's GICC entries by numa_arch_cpus), processors
 * matched to the platform's cpu numbers by APIC id (AArch64: MPIDR),
 * and buffers placed inside a node's memory ranges. */
#include "baremem_efi.h"
#include "hw/numa.h"
#include "platform.h"

struct acpi_header {
	char signature[4];
	UINT32 length;
} __attribute__((packed));

/* Which bytes of the SRAT's hot-pluggable ranges are RAM: the memory
 * map's word, not the flag (servers with memory hot-plug on in setup,
 * and Hyper-V guests, flag all their RAM; an empty slot has none).
 * Without a map they count as none, and the topology says so. */
static void ram_from_memmap(struct numa_topo *t)
{
	struct memmap m;

	if (memmap_read(&m)) {
		if (!t->problem)
			t->problem = "no memory map: hot-pluggable SRAT ranges "
				     "left out";
		return;
	}
	for (UINTN i = 0; i < MEMMAP_COUNT(&m); i++) {
		EFI_MEMORY_DESCRIPTOR *d = MEMMAP_AT(&m, i);
		if (memmap_is_ram(d->Type))
			numa_hotplug_ram_add(t, d->PhysicalStart,
					     d->NumberOfPages * 4096ull);
	}
	memmap_free(&m);
}

int plat_numa_topology(struct numa_topo *t)
{
	const struct acpi_header *srat = acpi_find_table("SRAT");
	const struct acpi_header *slit = acpi_find_table("SLIT");
	int nodes;

	if (!srat) {
		*t = (struct numa_topo){ .problem = "no ACPI SRAT" };
		return 0;
	}
	/* acpi_find_table bounds the length (1 MiB) */
	nodes = numa_parse_srat(srat, srat->length, t);
	if (nodes <= 0)
		return nodes;
	ram_from_memmap(t);
	numa_arch_cpus(t, srat, srat->length);
	for (int k = 0; k < t->cpu_count; k++)
		for (int c = 0; c < plat_cpu_count(); c++) {
			struct plat_cpu pc;
			if (plat_cpu_info(c, &pc) == 0 &&
			    pc.apic_id == t->cpu[k].apic_id) {
				t->cpu[k].cpu = c;
				break;
			}
		}
	if (slit)
		numa_parse_slit(slit, slit->length, t);
	return t->node_count;	/* with any memoryless cpus' domains */
}

int plat_buffer_alloc_node(uint64_t bytes, uint64_t page_bytes,
			   const struct numa_topo *t, int node,
			   struct plat_buffer *out)
{
	/* Without ranges (no topology: one node) any memory will do. */
	if (t->range_count == 0)
		return plat_buffer_alloc(bytes, page_bytes, out);
	for (int r = 0; r < t->range_count; r++) {
		const struct numa_range *g = &t->range[r];
		if (numa_range_fits(g, node, bytes) &&
		    memory_alloc_in(bytes, page_bytes, g->base,
				    g->base + g->bytes, out) == 0)
			return 0;
	}
	return -1;
}

/* Identity-mapped buffers: the SRAT says where an address is. Both ends
 * are looked at: a buffer is one allocation, within one range or across
 * the boundary of two. */
int plat_buffer_node(const void *p, uint64_t bytes, const struct numa_topo *t)
{
	uint64_t a = (uint64_t)(uintptr_t)p;
	int first = numa_node_of_addr(t, a),
	    last = numa_node_of_addr(t, a + (bytes ? bytes - 1 : 0));

	if (first < 0 || last < 0)
		return -1;
	return first == last ? first : -2;
}
