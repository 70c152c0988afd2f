/* The bandwidth plan's ISAs (lib/suite/isa_plan.h). */
#include "suite/isa_plan.h"

#include "util/str.h"

/* Why the boot cpu stops at `widest`: what the wider ISA needs; "" when
 * the architecture has none wider (AArch64's SVE, x86's AVX-512). */
static const char *missing(const struct run_results *res, enum bw_isa widest)
{
	const char *wider = (int)widest + 1 < BW_ISA_COUNT
				    ? bw_isa_name((enum bw_isa)(widest + 1))
				    : "?";

	if (str_eq(wider, "?"))
		return "";
	if (str_eq(wider, "sve"))
		return "no SVE, or SVE not enabled for it (Linux: HWCAP_SVE; "
		       "at EL1: CPACR_EL1.ZEN)";
	if (widest == BW_AVX2)
		return res->cpu.f.avx512f
		       ? "AVX512F present but its ZMM state is off (XCR0 "
			 "bits 5-7)"
		       : "no AVX512F (CPUID 7:EBX[16])";
	return res->cpu.f.avx2 ? "AVX2 present but its YMM state is off "
				 "(XCR0 bit 2)" : "no AVX2 (CPUID 7:EBX[5])";
}

int isa_plan(struct run_results *res, enum bw_isa out[BW_ISA_COUNT],
	     const char **why)
{
	enum bw_isa widest = (enum bw_isa)res->isa_widest;
	unsigned mask = res->config.isa_mask, take = 0;
	int n = 0;

	if (why)
		*why = "";
	if (!mask) {
		out[0] = widest;
		if (widest < BW_AVX512) {
			if (why)
				*why = missing(res, widest);
			return 1;
		}
		/* A core that splits each 512-bit access in two (Zen 4)
		 * reads its L1 faster with 256-bit ones: measured on this
		 * VM's Zen 4, plain zmm loads 224 GB/s, ymm loads 236. The
		 * peak is the faster ISA's (summary.c). */
		out[1] = BW_AVX2;
		if (why)
			*why = "and avx2 beside them: some cores read their "
			       "caches faster with 256-bit accesses (Zen 4 "
			       "does); the summary keeps the faster";
		return 2;
	}
	for (int i = BW_ISA_COUNT - 1; i >= 0; i--) {
		if (!(mask & (1u << i)))
			continue;
		if (i <= (int)widest) {
			take |= 1u << i;
			continue;
		}
		msgs_add(&res->warnings, "isa=%s: this cpu cannot run %s "
			 "kernels (%s): measured with %s instead",
			 bw_isa_name((enum bw_isa)i),
			 bw_isa_name((enum bw_isa)i), missing(res, widest),
			 bw_isa_name(widest));
		take |= 1u << widest;
	}
	for (int i = BW_ISA_COUNT - 1; i >= 0; i--)
		if (take & (1u << i))
			out[n++] = (enum bw_isa)i;
	return n;
}

int isa_plan_dram_extra(const struct run_results *res,
			const enum bw_isa *isas, int n,
			enum bw_isa out[BW_ISA_COUNT])
{
	int m = 0;

	if (res->config.isa_mask || n < 1)
		return 0;
	for (int i = (int)isas[0] - 1; i >= 0; i--) {
		int planned = 0;
		for (int t = 0; t < n; t++)
			planned |= (int)isas[t] == i;
		if (!planned)
			out[m++] = (enum bw_isa)i;
	}
	return m;
}
