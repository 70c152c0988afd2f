/* Processor selection from the `cpus` key and what the platform has. */
#include "suite/cpus.h"

#include "platform.h"

int cpus_usable(int cpu)
{
	struct plat_cpu c;

	return plat_cpu_info(cpu, &c) == 0 && c.usable;
}

int cpus_select(struct run_results *res)
{
	const struct bm_config *cfg = &res->config;
	int n = plat_cpu_count(), count = 0;

	res->cpus = plat_alloc(sizeof(*res->cpus) * (size_t)(n > 0 ? n : 1));
	res->selected = plat_alloc(sizeof(int) * (size_t)(n > 0 ? n : 1));
	if (!res->cpus || !res->selected)
		return 0;
	res->cpu_count = n;
	for (int i = 0; i < n; i++) {
		plat_cpu_info(i, &res->cpus[i]);
		if (res->cpus[i].bsp)
			res->bsp_cpu = i;
	}
	for (int i = 0; i < n; i++) {
		const struct plat_cpu *c = &res->cpus[i];
		int want = cfg->cpus_mode == BM_CPUS_ALL ||
			   (cfg->cpus_mode == BM_CPUS_BSP && c->bsp) ||
			   (cfg->cpus_mode == BM_CPUS_LIST &&
			    config_cpu_selected(cfg, i));
		if (!want)
			continue;
		if (!c->usable) {
			msgs_add(&res->warnings, "cpu %d is disabled or "
				 "unhealthy in the firmware: skipped", i);
			if (cfg->cpus_mode == BM_CPUS_LIST)
				res->failed = 1;
			continue;
		}
		res->selected[count++] = i;
	}
	if (cfg->cpus_mode == BM_CPUS_LIST) {
		for (int i = n; i < BM_MAX_CPUS; i++) {
			if (!config_cpu_selected(cfg, i))
				continue;
			msgs_add(&res->warnings, "cpu %d does not exist (this "
				 "machine has cpus 0-%d): skipped", i, n - 1);
			res->failed = 1;
			break;
		}
	}
	/* Nothing selected would measure nothing: fall back to the boot cpu,
	 * which is always there, and say so. */
	if (count == 0) {
		msgs_add(&res->warnings, "no selected cpu is usable: "
			 "measuring on the boot cpu %d", res->bsp_cpu);
		res->selected[count++] = res->bsp_cpu;
	}
	res->selected_count = cpus_drop_bsp(res, count);
	return res->selected_count;
}

int cpus_drop_bsp(struct run_results *res, int count)
{
	int n = 0, had = 0;

	if (count < 2 || plat_bsp_runs_with_aps())
		return count;
	for (int i = 0; i < count; i++) {
		if (res->selected[i] == res->bsp_cpu)
			had = 1;
		else
			res->selected[n++] = res->selected[i];
	}
	if (had)
		msgs_add(&res->warnings, "the firmware starts APs only with "
			 "blocking calls, so the boot cpu %d cannot run while "
			 "they do: it coordinates and is left out of every "
			 "point (cpu_list names the cpus measured)",
			 res->bsp_cpu);
	return n;
}

void cpus_lost(struct msgs *warnings, struct test_outcome *o, int cpu,
	       const char *what)
{
	msgs_add(warnings, "cpu %d did not finish %s (timed out or "
		 "faulted: the errors say which): dropped", cpu, what);
	o->lost++;
	o->failed = 1;
}

int cpus_keep_usable(int *list, int n)
{
	int k = 0;

	for (int i = 0; i < n; i++)
		if (cpus_usable(list[i]))
			list[k++] = list[i];
	return k;
}

void cpus_prune(struct run_results *res)
{
	res->selected_count = cpus_keep_usable(res->selected,
					       res->selected_count);
}

int cpus_in_play(const struct cpu_set *cpus, const struct test_outcome *o,
		 int *out)
{
	for (int i = 0; i < cpus->count; i++)
		out[i] = cpus->cpu[i];
	return o->lost ? cpus_keep_usable(out, cpus->count) : cpus->count;
}
