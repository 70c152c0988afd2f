/* The run's fixed inputs (run_env.h), taken from the results once
 * preflight has filled them. */
#include "results/run_env.h"

#include "results/results.h"

void run_env_fix(struct run_env *env, const struct run_results *res)
{
	*env = (struct run_env){
		.config = &res->config,
		.platform = res->platform,
		.cpu = &res->cpu,
		.core_type_count = res->core_type_count,
		.core_types = res->core_types,
		.cpu_type = res->cpu_type,
		.cpu_count = res->cpu_count,
		.cpus = res->cpus,
		.bsp_cpu = res->bsp_cpu,
		.tsc_hz = res->tsc_hz,
		.msr_ok = res->msr_ok,
		.isa_widest = res->isa_widest,
		.sve_why = res->sve_why,
		.smbios = res->smbios,
		.ceiling = res->ceiling,
		.smi_count = res->smi_count,
		.isa_here = res->isa_here,
		.clock_read = res->clock_read,
		.cpuid_here = res->cpuid_here,
	};
}

struct cpu_set run_env_selected(const struct run_results *res)
{
	return (struct cpu_set){ res->selected_count, res->selected };
}
