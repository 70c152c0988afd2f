/* The x86 registers the suite reads or switches on every cpu through the
 * platform (plat_msr_*), and when a cpu has them (lib/arch/x86_64/cpu.h).
 * The prefetchers' switches (lib/suite/prefetch.c's control), used only
 * where the vendor documents them for the cpu at hand: Intel's
 * "Disclosure of H/W prefetcher control on some Intel processors"
 * (MSR 0x1A4, bits 0-3, 1 = disabled) lists the Nehalem, Westmere,
 * Sandy Bridge, Ivy Bridge, Haswell and Broadwell cores. AMD's
 * Processor Programming References for family 19h (Zen 3, Zen 4)
 * document PrefetchControl, MSR C000_0108: bits 0-3 and 5 (L1 stream,
 * L1 stride, L1 region, L2 stream, L2 up/down), 1 = disabled, bit 4
 * reserved; other AMD families are left alone. Under a hypervisor the
 * MSR may be ignored or refused: no control (so QEMU never has one). */
#include "arch/arch.h"

#include "hw/cpuinfo.h"
#include "util/fmt.h"

/* IA32_TSC_ADJUST where Intel documents it (CPUID 7:EBX[1]). */
uint32_t arch_tick_offset_reg(const struct cpu_info *ci)
{
	return cpuinfo_vendor_is(ci, "GenuineIntel") && ci->x86.tsc_adjust
		       ? MSR_TSC_ADJUST : 0;
}

uint32_t arch_cache_class_reg(void)
{
	return MSR_PQR_ASSOC;
}

/* IA32_PQR_ASSOC bits 63:32 (SDM vol 3B 18.19). */
int arch_cache_class_of(uint64_t value)
{
	return (int)(value >> 32);
}

#define INTEL_NAMES "L2 stream, L2 adjacent line, DCU next line, DCU IP"
#define AMD_NAMES "L1 stream, L1 stride, L1 region, L2 stream, L2 up/down"

/* Family 6 models of the disclosure's microarchitectures. */
static const unsigned char intel_models[] = {
	0x1a, 0x1e, 0x1f, 0x2e,		/* Nehalem */
	0x25, 0x2c, 0x2f,		/* Westmere */
	0x2a, 0x2d,			/* Sandy Bridge */
	0x3a, 0x3e,			/* Ivy Bridge */
	0x3c, 0x3f, 0x45, 0x46,		/* Haswell */
	0x3d, 0x47, 0x4f, 0x56,		/* Broadwell */
};

uint32_t arch_prefetch_documented(const struct cpu_info *ci, uint64_t *bits,
				  const char **names, char *why, size_t cap)
{
	int intel = cpuinfo_vendor_is(ci, "GenuineIntel");

	if (ci->f.hypervisor) {
		fmt(why, cap, "under a hypervisor (CPUID 1:ECX[31]) the "
		    "prefetcher MSRs may be ignored or refused");
		return 0;
	}
	if (intel && ci->family == 6)
		for (size_t i = 0; i < sizeof intel_models; i++)
			if (ci->model == intel_models[i]) {
				*bits = PREFETCH_INTEL_BITS;
				*names = INTEL_NAMES;
				return MSR_PREFETCH_INTEL;
			}
	if (cpuinfo_vendor_is(ci, "AuthenticAMD") && ci->family == 0x19) {
		*bits = PREFETCH_AMD_BITS;
		*names = AMD_NAMES;
		return MSR_PREFETCH_AMD;
	}
	if (intel)
		fmt(why, cap, "family %xh model %xh is not among the cores "
		    "Intel documents MSR 0x1A4 prefetcher control for "
		    "(Nehalem to Broadwell)", ci->family, ci->model);
	else if (cpuinfo_vendor_is(ci, "AuthenticAMD"))
		fmt(why, cap, "AMD family %xh: PrefetchControl (MSR "
		    "C000_0108) is checked against AMD's family 19h "
		    "documents only", ci->family);
	else
		fmt(why, cap, "%s: no documented prefetcher control",
		    ci->vendor[0] ? ci->vendor : "unknown vendor");
	return 0;
}

const char *arch_prefetch_control(uint32_t reg)
{
	return reg == MSR_PREFETCH_AMD ? "amd-msr-0xc0000108"
				       : "intel-msr-0x1a4";
}
