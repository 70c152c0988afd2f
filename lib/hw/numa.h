/* NUMA topology: which memory ranges and which processors belong to each
 * proximity domain, from the ACPI SRAT, and the distances between domains
 * from the SLIT. The parsers are pure functions over the tables' bytes,
 * bounded by the length the caller gives, whatever the tables claim. */
#ifndef BAREMEM_NUMA_H
#define BAREMEM_NUMA_H

#include <stddef.h>
#include <stdint.h>

#define NUMA_MAX_NODES 16
#define NUMA_MAX_RANGES 64
#define NUMA_MAX_CPUS 1024	/* BM_MAX_CPUS */

struct numa_range {
	uint64_t base, bytes;
	/* Of those bytes, the RAM a buffer may use: all of a range not
	 * flagged hot-pluggable (the SRAT's word), and of one that is, what
	 * the platform's memory map lists as RAM (numa_hotplug_ram_add; 0
	 * until then: it may be an empty slot). */
	uint64_t ram_bytes;
	int node;		/* index into numa_topo.domain */
	/* SRAT flag: the range may be hot-added or removed. Not a reason to
	 * leave it alone: servers with memory hot-plug on in setup, and
	 * Hyper-V guests, flag all their RAM so. ram_bytes says what is
	 * there. */
	int hotplug;
	int nonvolatile;
};

struct numa_cpu {
	uint32_t apic_id;	/* local APIC or x2APIC id */
	int node;		/* index into numa_topo.domain */
	int cpu;		/* the platform's cpu number, -1: not known */
};

struct numa_topo {
	int node_count;
	uint32_t domain[NUMA_MAX_NODES];	/* ascending proximity domains */
	int range_count;
	struct numa_range range[NUMA_MAX_RANGES];
	int cpu_count;
	struct numa_cpu cpu[NUMA_MAX_CPUS];
	int has_slit;
	uint8_t slit[NUMA_MAX_NODES][NUMA_MAX_NODES];	/* [from][to] */
	/* The first problem met while parsing (a static string), 0: none.
	 * A problem skips what it concerns; what came before is kept. */
	const char *problem;
	int dropped;		/* entries beyond the limits above, skipped */
};

/* Parses an SRAT (with its 36-byte ACPI header) of `len` readable bytes
 * into t (which it clears first). Only enabled entries count. Returns the
 * number of nodes found (0: nothing usable, t->problem says why). */
int numa_parse_srat(const void *table, size_t len, struct numa_topo *t);

/* Adds a processor of the given hardware id (APIC id; on AArch64 the
 * MPIDR's affinity word) to a domain's node, the node made when new; an
 * id already listed is kept as first given (t->problem says so). The
 * SRAT's x86 entries come through here; AArch64's GICC entries name a
 * UID, which the caller turns into the id first. */
void numa_add_cpu(struct numa_topo *t, uint32_t apic_id, uint32_t domain);

/* Adds the SLIT distances between the nodes t already has. Returns 0 when
 * they were taken (t->has_slit set), -1 when the table is malformed or
 * does not cover t's domains (t->problem says why; t->has_slit stays 0). */
int numa_parse_slit(const void *table, size_t len, struct numa_topo *t);

/* The node index of a proximity domain, or -1. */
int numa_node_of_domain(const struct numa_topo *t, uint32_t domain);

/* The node index an APIC id belongs to, or -1. */
int numa_node_of_apic(const struct numa_topo *t, uint32_t apic_id);

/* The node index of the range holding physical address addr, or -1. */
int numa_node_of_addr(const struct numa_topo *t, uint64_t addr);

/* The node of the platform's cpu number cpu, or -1 when t does not
 * list it. */
int numa_node_of_cpu(const struct numa_topo *t, int cpu);

/* The SLIT distance from node `from` to node `to` (10: local), or -1
 * without a SLIT or with a node out of range. */
int numa_slit_distance(const struct numa_topo *t, int from, int to);

/* Adds a span the platform's memory map lists as RAM to every
 * hot-pluggable range it overlaps; called once per span after
 * numa_parse_srat (spans must not overlap). A range the map lists as RAM
 * is usable whatever the flag says. */
void numa_hotplug_ram_add(struct numa_topo *t, uint64_t base, uint64_t bytes);

/* Whether range g of node may hold a buffer of bytes: it is in node and
 * holds at least that much RAM (where in it, the allocator finds). */
int numa_range_fits(const struct numa_range *g, int node, uint64_t bytes);

/* Bytes of RAM in node: the sum of its ranges' ram_bytes. */
uint64_t numa_node_bytes(const struct numa_topo *t, int node);

#endif
