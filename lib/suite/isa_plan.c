/* The bandwidth plan's ISAs (lib/suite/isa_plan.h). */
#include "suite/isa_plan.h"

#include "arch/arch.h"
#include "util/fmt.h"
#include "util/str.h"

/* Why the boot cpu stops at `widest`: what the wider ISA needs; "" when
 * the architecture has none wider (AArch64's SVE, x86's AVX-512). */
static const char *missing(const struct run_env *env, enum bw_isa widest)
{
	const char *wider = (int)widest + 1 < BW_ISA_COUNT
				    ? bw_isa_name((enum bw_isa)(widest + 1))
				    : "?";

	if (str_eq(wider, "?"))
		return "";
	if (str_eq(wider, "sve"))
		return env->sve_why ? env->sve_why
				    : "no SVE, or SVE not enabled for it";
	if (widest == BW_AVX2)
		return (env->cpu->f.vector_isas >> BW_AVX512) & 1
		       ? "AVX512F present but its ZMM state is off (XCR0 "
			 "bits 5-7)"
		       : "no AVX512F (CPUID 7:EBX[16])";
	return (env->cpu->f.vector_isas >> BW_AVX2) & 1
		       ? "AVX2 present but its YMM state is off (XCR0 bit 2)"
		       : "no AVX2 (CPUID 7:EBX[5])";
}

/* The running architecture's ISA named `word` (config.h's isa words),
 * or -1: the other architecture's. */
static int isa_of_word(int word)
{
	for (int i = 0; i < BW_ISA_COUNT; i++)
		if (str_eq(bw_isa_name((enum bw_isa)i), config_isa_word(word)))
			return i;
	return -1;
}

/* The architecture's widest ISA has the next narrower measured beside it
 * at the cache levels (isa=auto): why, for the console. */
static const char *beside_why(enum bw_isa widest)
{
	if (str_eq(bw_isa_name(widest), "sve"))
		return "and neon beside them: a core whose SVE vectors are "
		       "128 bits, or whose load pipes take NEON pairs as "
		       "fast, reads its caches as fast or faster with LDP "
		       "of q registers; the summary keeps the faster";
	/* A core that splits each 512-bit access in two (Zen 4) reads its
	 * L1 faster with 256-bit ones: measured on this VM's Zen 4, plain
	 * zmm loads 224 GB/s, ymm loads 236. */
	return "and avx2 beside them: some cores read their caches faster "
	       "with 256-bit accesses (Zen 4 does); the summary keeps the "
	       "faster";
}

int isa_plan(const struct run_env *env, struct msgs *warnings,
	     enum bw_isa out[BW_ISA_COUNT], const char **why)
{
	enum bw_isa widest = (enum bw_isa)env->isa_widest;
	unsigned mask = env->config->isa_mask, take = 0;
	int n = 0;

	if (why)
		*why = "";
	if (!mask) {
		out[0] = widest;
		if (widest == 0 || !str_eq(missing(env, widest), "")) {
			if (why)
				*why = missing(env, widest);
			return 1;
		}
		/* the architecture's widest: the next narrower beside it;
		 * the peak is the faster ISA's (summary.c) */
		out[1] = (enum bw_isa)(widest - 1);
		if (why)
			*why = beside_why(widest);
		return 2;
	}
	for (int w = 0; w < BM_ISA_WORDS; w++) {
		int i = isa_of_word(w);

		if (!(mask & (1u << w)))
			continue;
		if (i < 0) {
			char own[32];
			size_t at = 0;

			own[0] = 0;
			for (int k = BW_ISA_COUNT - 1; k >= 0; k--)
				if (!str_eq(bw_isa_name((enum bw_isa)k), "?"))
					at += fmt(own + at, sizeof own - at,
						  "%s%s", at ? ", " : "",
						  bw_isa_name((enum bw_isa)k));
			msgs_add(warnings, "isa=%s: not an ISA of this "
				 "cpu's architecture (%s has %s): measured "
				 "with %s instead", config_isa_word(w),
				 ARCH_NAME, own, bw_isa_name(widest));
			take |= 1u << widest;
		} else if (i <= (int)widest) {
			take |= 1u << i;
		} else {
			msgs_add(warnings, "isa=%s: this cpu cannot run "
				 "%s kernels (%s): measured with %s instead",
				 bw_isa_name((enum bw_isa)i),
				 bw_isa_name((enum bw_isa)i),
				 missing(env, widest), bw_isa_name(widest));
			take |= 1u << widest;
		}
	}
	for (int i = BW_ISA_COUNT - 1; i >= 0; i--)
		if (take & (1u << i))
			out[n++] = (enum bw_isa)i;
	return n;
}

int isa_plan_dram_extra(const struct run_env *env,
			const enum bw_isa *isas, int n,
			enum bw_isa out[BW_ISA_COUNT])
{
	int m = 0;

	if (env->config->isa_mask || n < 1)
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
