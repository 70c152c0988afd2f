/* What the shared suite calls that only x86 has, on AArch64: no CPUID
 * and no AMD TOM2. Each is reached only where an x86 fact was read (a
 * recorded CPUID in res->cpuid_here, res->tom2_read), which this build
 * never sets; should one be reached, it says what it is. */
#include <stdio.h>

#include "hw/cpuinfo.h"
#include "hw/mtrr.h"

/* A CPUID replay has nothing to replay on AArch64: cpuinfo_read's own
 * description (MIDR_EL1 and the caches Linux lists). */
void cpuinfo_decode(struct cpu_info *ci, cpuid_fn fn, void *ctx)
{
	(void)fn;
	(void)ctx;
	cpuinfo_read(ci);
}

void mtrr_amd_tom2_text(uint64_t syscfg, uint64_t tom2, char *buf,
			size_t cap)
{
	(void)syscfg;
	(void)tom2;
	snprintf(buf, cap, "not on this architecture");
}
