/* The processor hierarchy and caches of an AArch64 machine from the ACPI
 * PPTT (ACPI 6.5, 5.2.30): which cpus share a package or a cluster, and
 * every cache a cpu uses with the cpus that share it, system-level
 * caches that the cpu's CLIDR_EL1 does not show included. Cpus are named
 * by ACPI processor UID, as in the MADT GICC and SRAT. */
#ifndef BAREMEM_PPTT_H
#define BAREMEM_PPTT_H

#include <stddef.h>
#include <stdint.h>

#include "arch/aarch64/cache_id.h"

#define PPTT_MAX_NODES 2048
#define PPTT_MAX_CACHES 4096
#define PPTT_MAX_RESOURCES 8192
#define PPTT_MAX_DEPTH 16	/* node levels walked up from a cpu */

struct pptt_node {
	uint32_t offset;	/* in the table: how others refer to it */
	uint32_t parent;	/* offset, 0: a root */
	uint32_t acpi_id;	/* ACPI processor UID, when id_valid */
	int package, id_valid, thread, leaf;
	int first_resource, resources;	/* into pptt.resource */
};

struct pptt_cache {
	uint32_t offset;
	uint32_t next;		/* next level's offset, 0: none */
	uint32_t bytes, sets, line_bytes;	/* 0 where not valid */
	uint32_t ways;		/* 0 where not valid */
	char type;		/* 'D', 'I', 'U'; 'U' where not valid */
};

struct pptt {
	int node_count, cache_count, resource_count;
	struct pptt_node node[PPTT_MAX_NODES];
	struct pptt_cache cache[PPTT_MAX_CACHES];
	uint32_t resource[PPTT_MAX_RESOURCES];	/* private resource offsets */
	int cpu_count;		/* leaf nodes with a valid ACPI processor id */
	const char *problem;	/* first problem met (static), or 0 */
	int dropped;		/* structures beyond the limits above */
};

/* Parses a PPTT of `len` readable bytes into t (cleared first). A node
 * is a cpu when it has the leaf flag (ACPI 6.3) or, in older tables
 * without it, no node names it as parent; and its ACPI processor id is
 * valid. Returns the number of cpus. */
int pptt_parse(const void *table, size_t len, struct pptt *t);

/* The node index of the cpu with this UID, or -1. */
int pptt_cpu_of_uid(const struct pptt *t, uint32_t uid);

/* The cpu's package: the ordinal, in table order, of the nearest node at
 * or above it with the physical package flag; -1 when none. */
int pptt_package_of_uid(const struct pptt *t, uint32_t uid);

/* The nearest node above the cpu (its core for a thread, else its
 * cluster or package) as a node index, -1 for none: cpus with the same
 * value share that node. */
int pptt_parent_of_uid(const struct pptt *t, uint32_t uid);

/* Nodes with the physical package flag. */
int pptt_package_count(const struct pptt *t);

/* Where the cpu sits, as node indices (cpus with the same value share
 * the node): *core its core's (its own node, or for a thread its
 * parent), *cluster the node above that core when that one is not a
 * physical package (-1: none). Returns 0, or -1 for an unknown UID. */
int pptt_place_of_uid(const struct pptt *t, uint32_t uid, int *core,
		      int *cluster);

/* Every cache of the cpu, nearest first: the caches the cpu's node and
 * each node above it list as private resources, and the next-level
 * chains from them. A cache listed by the cpu's own node is level 1,
 * each next level one more; one listed by a node above starts one above
 * the highest level found below it (PPTT carries no level of its own).
 * shared_by counts the cpus whose caches include the same structure.
 * Returns how many were written (at most max), 0 for an unknown UID. */
int pptt_cpu_caches(const struct pptt *t, uint32_t uid, struct arm_cache *out,
		    int max);

#endif
