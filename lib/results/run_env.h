/* The run's inputs, as every test reads them: the configuration, the
 * machine as preflight found it and the services the platform (or a
 * unit test) injects. The suite runner fixes it once, after the cpus
 * are selected, the core types read and the TSC checked, and hands it
 * to each test read-only (lib/results/test_row.h): a test reads its
 * inputs here and its cpus from its cpu_set, never from the results. */
#ifndef BAREMEM_RUN_ENV_H
#define BAREMEM_RUN_ENV_H

#include <stdint.h>

#include "config/config.h"
#include "hw/coreclock.h"
#include "hw/cpuinfo.h"
#include "platform.h"
#include "results/test_row.h"

struct run_results;
struct smbios_info;
struct mem_ceiling;

struct run_env {
	const struct bm_config *config;
	const char *platform;		/* "uefi" or "linux" */
	/* The boot cpu's CPUID, and each core type's where they were read
	 * (core_type_count 0: one type, every cpu has *cpu's caches). */
	const struct cpu_info *cpu;
	int core_type_count;
	const struct cpu_info *core_types;
	const unsigned char *cpu_type;	/* [BM_MAX_CPUS] */
	/* Every cpu the platform knows, and the one the suite runs on. */
	int cpu_count;
	const struct plat_cpu *cpus;
	int bsp_cpu;
	uint64_t tsc_hz;
	int msr_ok;		/* MSRs CPUID vouches for may be read */
	int isa_widest;		/* enum bw_isa: the widest the boot cpu runs */
	const char *sve_why;	/* why SVE does not run (0: it does, or x86) */
	const struct smbios_info *smbios;	/* 0: none */
	const struct mem_ceiling *ceiling;	/* 0: no SMBIOS DIMMs */
	/* The services, as struct run_results documents them (0: not
	 * counted, the cpu's own, not read). */
	uint64_t (*smi_count)(void);
	int (*isa_here)(void);
	coreclock_read_fn clock_read;
	cpuid_fn cpuid_here;
};

/* cpu's core type: an index into env->core_types (0 when they were not
 * read), as coretypes_of reads it from the results. */
static inline int run_env_type(const struct run_env *env, int cpu)
{
	if (!env->core_type_count || cpu < 0 || cpu >= BM_MAX_CPUS)
		return 0;
	return env->cpu_type[cpu];
}

/* cpu's CPUID: its core type's (env->cpu when the types were not read),
 * as coretypes_info reads it from the results. */
static inline const struct cpu_info *run_env_info(const struct run_env *env,
						  int cpu)
{
	return env->core_type_count ? &env->core_types[run_env_type(env, cpu)]
				    : env->cpu;
}

/* env from res as it stands: the runner's, once preflight is done (and
 * a unit test's before calling a test alone). */
void run_env_fix(struct run_env *env, const struct run_results *res);

/* res's selection as it stands, as the runner hands it to a test. */
struct cpu_set run_env_selected(const struct run_results *res);

#endif
