/* The readers of a scanned range and their SLIT distance to it
 * (scan_readers.h). */
#include "suite/scan_readers.h"

int scan_readers(const struct numa_topo *t, const int *selected, int n,
		 int range_node, int *cpus, int *of_node)
{
	int k = 0;

	for (int i = 0; i < n && range_node >= 0; i++)
		if (numa_node_of_cpu(t, selected[i]) == range_node)
			cpus[k++] = selected[i];
	*of_node = k > 0;
	if (k == 0 && n > 0)
		cpus[k++] = selected[0];
	return k;
}

int scan_reader_distance(const struct numa_topo *t, int reader,
			 int range_node)
{
	return t ? numa_slit_distance(t, numa_node_of_cpu(t, reader),
				      range_node)
		 : -1;
}
