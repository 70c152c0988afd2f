/* Who reads a scanned range, and how far they are from it: the range's
 * node's selected cpus, or the first selected cpu where the node has
 * none (a memory-only node: CXL, HBM in flat mode, a socket whose cpus
 * were not selected); their distance to the range is the SLIT's. Pure
 * functions over the SRAT/SLIT topology, for lib/suite/scan.c. */
#ifndef BAREMEM_SCAN_READERS_H
#define BAREMEM_SCAN_READERS_H

#include "hw/numa.h"

/* The readers of a range of node range_node (-1: unknown) among
 * selected[0..n) (platform cpu numbers, n >= 1), into cpus[0..n): those
 * t puts in range_node, *of_node 1; else selected[0] alone, *of_node 0.
 * Returns how many. */
int scan_readers(const struct numa_topo *t, const int *selected, int n,
		 int range_node, int *cpus, int *of_node);

/* The SLIT distance from the node of cpu reader to range_node (10:
 * local, as ACPI scales it), or -1 (written null) where t has no SLIT
 * or either node is unknown: no guess of 10/20 here, the scan reports
 * what the firmware says. */
int scan_reader_distance(const struct numa_topo *t, int reader,
			 int range_node);

#endif
