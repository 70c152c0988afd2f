/* What the shared suite calls that only x86 has, on AArch64: no CPUID.
 * It is reached only where an x86 fact was read (a recorded CPUID in
 * res->cpuid_here), which this build never sets. */
#include "hw/cpuinfo.h"

/* A CPUID replay has nothing to replay on AArch64: cpuinfo_read's own
 * description (MIDR_EL1 and the caches Linux lists). */
void cpuinfo_decode(struct cpu_info *ci, cpuid_fn fn, void *ctx)
{
	(void)fn;
	(void)ctx;
	cpuinfo_read(ci);
}
