/* Who reads a scanned range, and how far they are from it: the range's
 * node's selected cpus; where the node has none (a memory-only node:
 * CXL, HBM in flat mode, a socket whose cpus were not selected), the
 * selected cpus of the node nearest to it by the SLIT, all at once, so
 * such a node is read in parallel as any other; their distance to the
 * range is the SLIT's. Pure functions over the SRAT/SLIT topology, for
 * lib/suite/scan.c. */
#ifndef BAREMEM_SCAN_READERS_H
#define BAREMEM_SCAN_READERS_H

#include "hw/numa.h"

/* Where a range's readers come from (scan[].cpus_from). */
enum scan_readers_from {
	SCAN_FROM_FIRST_SELECTED = 0,	/* the first selected cpu alone: the
					 * range's node is unknown, or no
					 * node with selected cpus is */
	SCAN_FROM_NODE = 1,		/* the range's node's selected cpus */
	SCAN_FROM_NEAREST_NODE = 2,	/* the node has none: those of the
					 * node nearest it (SLIT; without
					 * one, the first selected cpu's
					 * node) */
};

/* The readers of a range of node range_node (-1: unknown) among
 * selected[0..n) (platform cpu numbers, n >= 1), into cpus[0..n), in
 * selected's order, and where they come from into *from:
 * - those t puts in range_node (SCAN_FROM_NODE);
 * - where there are none and range_node is known, those of the node
 *   with selected cpus at the least SLIT distance to range_node (a tie
 *   to the lowest node index), or without a SLIT those of selected[0]'s
 *   node (SCAN_FROM_NEAREST_NODE);
 * - else selected[0] alone (SCAN_FROM_FIRST_SELECTED).
 * Returns how many. */
int scan_readers(const struct numa_topo *t, const int *selected, int n,
		 int range_node, int *cpus, enum scan_readers_from *from);

/* The SLIT distance from the node of cpu reader to range_node (10:
 * local, as ACPI scales it), or -1 (written null) where t has no SLIT
 * or either node is unknown: no guess of 10/20 here, the scan reports
 * what the firmware says. */
int scan_reader_distance(const struct numa_topo *t, int reader,
			 int range_node);

/* scan[].cpus_from's word for from: "node", "nearest-node" or
 * "first-selected". */
const char *scan_readers_from_name(enum scan_readers_from from);

#endif
