/* SMT-aware cpu numbering (see cpuorder.h). edk2 numbers processors by
 * APIC id, which puts a core's two threads side by side (cpus 0 and 1
 * are usually siblings); a scaling curve, a loader beside a chaser or a
 * core-to-core pair in that order would share a core unawares. */
#include "hw/cpuorder.h"

int cpuorder_same_core(const struct plat_cpu *a, const struct plat_cpu *b)
{
	return a->package == b->package && a->core == b->core;
}

/* a before b in baremem's order (ties: raw order, kept by the sort). */
static int before(const struct plat_cpu *a, const struct plat_cpu *b)
{
	if (a->thread != b->thread)
		return a->thread < b->thread;
	if (a->package != b->package)
		return a->package < b->package;
	return a->core < b->core;
}

void cpuorder_smt_last(struct plat_cpu *raw, int n, int *order)
{
	/* Rank within the core: siblings ordered by the platform's thread
	 * id, then by raw position. Quadratic, at most BM_MAX_CPUS^2 / 2
	 * steps once a run. */
	for (int i = 0; i < n; i++) {
		int rank = 0;
		for (int j = 0; j < n; j++)
			if (j != i && cpuorder_same_core(&raw[j], &raw[i]) &&
			    (raw[j].thread < raw[i].thread ||
			     (raw[j].thread == raw[i].thread && j < i)))
				rank++;
		order[i] = rank;
	}
	for (int i = 0; i < n; i++)
		raw[i].thread = order[i];
	/* Insertion sort of raw indexes: stable. */
	for (int i = 0; i < n; i++) {
		int k = i, v = i;
		while (k > 0 && before(&raw[v], &raw[order[k - 1]])) {
			order[k] = order[k - 1];
			k--;
		}
		order[k] = v;
	}
}
