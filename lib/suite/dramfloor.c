/* The DRAM floor over the selected cpus' last-level caches (see
 * dramfloor.h). */
#include "suite/dramfloor.h"

#include "results/run_env.h"
#include "suite/levels.h"

uint64_t dramfloor_llc_bytes(const struct run_env *env,
			     const struct cpu_set *set)
{
	uint64_t llc = 0;

	for (int i = 0; set->cpu && i < set->count; i++) {
		uint64_t b = levels_llc_bytes(run_env_info(env, set->cpu[i]));
		llc = b > llc ? b : llc;
	}
	if (!set->cpu || !set->count)
		llc = levels_llc_bytes(env->cpu);
	return llc;
}

uint64_t dramfloor_bytes(const struct run_env *env, const struct cpu_set *set)
{
	return levels_dram_floor_bytes(dramfloor_llc_bytes(env, set));
}
