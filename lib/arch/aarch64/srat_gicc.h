/* Which NUMA node each AArch64 cpu is in, from the SRAT's GICC affinity
 * structures (type 3, ACPI 6.5 5.2.16.4), which name a cpu by its ACPI
 * processor UID. The memory side (ranges, domains, SLIT) is
 * lib/hw/numa.c's: numa_parse_srat reads the memory affinity structures
 * of the same table, and a cpu's node is the index numa.c gave its
 * proximity domain. */
#ifndef BAREMEM_SRAT_GICC_H
#define BAREMEM_SRAT_GICC_H

#include <stddef.h>
#include <stdint.h>

#include "hw/numa.h"

#define SRAT_GICC_MAX 1024	/* BM_MAX_CPUS */

struct srat_gicc_cpu {
	uint32_t uid;		/* ACPI processor UID (the MADT GICC's) */
	uint32_t domain;	/* proximity domain */
	/* index into numa_topo.domain, or -1: a domain with no memory
	 * (numa_parse_srat makes nodes of memory ranges only on AArch64) */
	int node;
};

struct srat_gicc {
	int count;		/* enabled GICC affinity structures */
	struct srat_gicc_cpu cpu[SRAT_GICC_MAX];
	int memoryless;		/* of them, in a domain without memory */
	const char *problem;	/* first problem met (static), or 0 */
	int dropped;
};

/* Reads the GICC affinity structures of an SRAT of `len` readable bytes
 * into g (cleared first), each cpu's node from `mem`, the numa_topo
 * numa_parse_srat made of the same table. Only enabled structures count.
 * Returns the number of cpus. */
int srat_gicc_parse(const void *table, size_t len, const struct numa_topo *mem,
		    struct srat_gicc *g);

/* The node of the cpu with this ACPI processor UID, or -1. */
int srat_gicc_node_of_uid(const struct srat_gicc *g, uint32_t uid);

/* Adds g's cpus to t, the numa_topo numa_parse_srat made of the same
 * table, each under its MPIDR's word (madt_mpidr_word) from m, the
 * MADT: so t names AArch64 cpus as it names x86 ones by APIC id, and
 * the suite's NUMA tests find every cpu's node. A UID m does not list
 * is skipped (t->problem says so). Returns how many were added. */
struct madt_gicc;
int srat_gicc_to_topo(const struct srat_gicc *g, const struct madt_gicc *m,
		      struct numa_topo *t);

#endif
