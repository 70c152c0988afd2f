/* The run's logical processors in baremem's order (see cputable.h). */
#include "hw/cputable.h"

#include "hw/cpuorder.h"

static struct plat_cpu *table;
static int count;

int cputable_set(struct plat_cpu *raw, int n, int *order)
{
	int *idx = order ? order : plat_alloc(sizeof(*idx) * (size_t)n);

	plat_free(table);
	table = n > 0 && idx ? plat_alloc(sizeof(*table) * (size_t)n) : 0;
	count = table ? n : 0;
	if (!table) {
		if (!order)
			plat_free(idx);
		return -1;
	}
	cpuorder_smt_last(raw, n, idx);
	for (int k = 0; k < n; k++) {
		table[k] = raw[idx[k]];
		table[k].cpu = k;
	}
	if (!order)
		plat_free(idx);
	return 0;
}

struct plat_cpu *cputable_at(int cpu)
{
	return cpu >= 0 && cpu < count ? &table[cpu] : 0;
}

int cputable_bsp(void)
{
	for (int k = 0; k < count; k++)
		if (table[k].bsp && table[k].usable)
			return k;
	return -1;
}

int plat_cpu_count(void)
{
	return count;
}

int plat_cpu_info(int cpu, struct plat_cpu *out)
{
	if (cpu < 0 || cpu >= count)
		return -1;
	*out = table[cpu];
	return 0;
}
