/* Boost and HWP/CPPC state from MSRs (see freqstate.h). */
#include "hw/freqstate.h"

#include "arch/x86_64/x86.h"

#define MISC_TURBO_DISABLE (1ull << 38)
#define HWCR_CPB_DIS (1ull << 25)

/* "on" when bit is set (or clear, with on_when_clear), "unknown" when
 * the MSR cannot be read. */
static const char *bit_state(freq_msr_fn rd, void *ctx, uint32_t msr,
			     uint64_t bit, int on_when_clear)
{
	uint64_t v = 0;

	if (rd(ctx, msr, &v) != 0)
		return "unknown";
	return (!!(v & bit)) != on_when_clear ? "on" : "off";
}

void freq_state_from_msrs(const struct cpu_info *ci, freq_msr_fn rd,
			  void *ctx, struct freq_state *fs)
{
	freq_state_unknown(fs);
	if (cpuinfo_vendor_is(ci, "GenuineIntel")) {
		uint64_t misc = 0;

		fs->source = "msr";
		if (rd(ctx, MSR_IA32_MISC_ENABLE, &misc) != 0)
			fs->boost = "unknown";
		else if (misc & MISC_TURBO_DISABLE)
			fs->boost = "off";	/* CPUID 6:EAX[1] then reads 0 */
		else
			fs->boost = ci->x86.turbo ? "on" : "absent";
		fs->hwp = ci->x86.hwp ? bit_state(rd, ctx, MSR_IA32_PM_ENABLE,
						1, 0)
				    : "absent";
	} else if (cpuinfo_vendor_is(ci, "AuthenticAMD") ||
		   cpuinfo_vendor_is(ci, "HygonGenuine")) {
		fs->source = "msr";
		fs->boost = ci->x86.cpb ? bit_state(rd, ctx, MSR_AMD_HWCR,
						  HWCR_CPB_DIS, 1)
				      : "absent";
		fs->hwp = ci->x86.cppc ? bit_state(rd, ctx, MSR_AMD_CPPC_ENABLE,
						 1, 0)
				     : "absent";
	}
}
