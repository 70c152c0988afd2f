/* The frequency state the firmware left, recorded with the numbers: a
 * latency in ns or a bandwidth depends on whether boost and hardware-
 * managed P-states (Intel HWP, AMD CPPC) were on. */
#ifndef BAREMEM_FREQSTATE_H
#define BAREMEM_FREQSTATE_H

#include <stdint.h>

#include "hw/cpuinfo.h"

/* Each field: "on", "off", "absent" (the cpu lacks the feature) or
 * "unknown" (not readable here). source: "msr", "linux" or "none". */
struct freq_state {
	const char *boost;	/* Intel Turbo Boost, AMD Core Performance Boost */
	const char *hwp;	/* Intel HWP, AMD CPPC */
	const char *source;
};

/* Reads one MSR: 0 and *v, or -1 when it cannot be read safely. */
typedef int (*freq_msr_fn)(void *ctx, uint32_t msr, uint64_t *v);

/* From the MSRs, as the SDM and APM document them:
 *   Intel boost: IA32_MISC_ENABLE (0x1A0) bit 38 set = turbo disabled
 *     (architectural since the Pentium 4); clear: on where CPUID 6:EAX[1]
 *     says the cpu has turbo, else absent.
 *   Intel HWP: IA32_PM_ENABLE (0x770) bit 0, where CPUID 6:EAX[7].
 *   AMD boost: HWCR (C001_0015) bit 25 CpbDis, where CPUID 8000_0007h:
 *     EDX[9] CPB.
 *   AMD CPPC: CPPC_ENABLE (C001_02B1) bit 0, where CPUID 8000_0008h:
 *     EBX[27].
 * Other vendors: unknown. */
void freq_state_from_msrs(const struct cpu_info *ci, freq_msr_fn rd,
			  void *ctx, struct freq_state *fs);

/* Nothing readable: unknown, source none. */
void freq_state_unknown(struct freq_state *fs);

#endif
