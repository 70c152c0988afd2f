/* The readers of a scanned range and their SLIT distance to it
 * (scan_readers.h). */
#include "suite/scan_readers.h"

/* The selected cpus of node into cpus; how many. */
static int cpus_of(const struct numa_topo *t, const int *selected, int n,
		   int node, int *cpus)
{
	int k = 0;

	for (int i = 0; i < n && node >= 0; i++)
		if (numa_node_of_cpu(t, selected[i]) == node)
			cpus[k++] = selected[i];
	return k;
}

/* The node nearest range_node that has a selected cpu: by the SLIT, a
 * tie to the lowest index; without a SLIT, selected[0]'s node. -1 when
 * none is known. */
static int nearest_reading_node(const struct numa_topo *t,
				const int *selected, int n, int range_node)
{
	int best = -1, best_d = 0;

	if (!t->has_slit)
		return numa_node_of_cpu(t, selected[0]);
	for (int i = 0; i < n; i++) {
		int node = numa_node_of_cpu(t, selected[i]);
		int d = numa_slit_distance(t, node, range_node);

		if (d >= 0 && (best < 0 || d < best_d ||
			       (d == best_d && node < best))) {
			best = node;
			best_d = d;
		}
	}
	return best;
}

int scan_readers(const struct numa_topo *t, const int *selected, int n,
		 int range_node, int *cpus, enum scan_readers_from *from)
{
	int k;

	*from = SCAN_FROM_FIRST_SELECTED;
	if (n <= 0)
		return 0;
	k = cpus_of(t, selected, n, range_node, cpus);
	if (k > 0) {
		*from = SCAN_FROM_NODE;
		return k;
	}
	if (range_node >= 0) {
		k = cpus_of(t, selected, n,
			    nearest_reading_node(t, selected, n, range_node),
			    cpus);
		if (k > 0) {
			*from = SCAN_FROM_NEAREST_NODE;
			return k;
		}
	}
	cpus[0] = selected[0];
	return 1;
}

int scan_reader_distance(const struct numa_topo *t, int reader,
			 int range_node)
{
	return t ? numa_slit_distance(t, numa_node_of_cpu(t, reader),
				      range_node)
		 : -1;
}

const char *scan_readers_from_name(enum scan_readers_from from)
{
	return from == SCAN_FROM_NODE ? "node"
	       : from == SCAN_FROM_NEAREST_NODE ? "nearest-node"
					       : "first-selected";
}
