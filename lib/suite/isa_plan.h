/* Which vector ISAs the bandwidth plan measures (config key isa). */
#ifndef BAREMEM_ISA_PLAN_H
#define BAREMEM_ISA_PLAN_H

#include "bw.h"
#include "results/results.h"
#include "results/run_env.h"

/* The ISAs to measure, widest first, from env->config->isa_mask and
 * env->isa_widest (what the boot cpu can run): isa=auto the widest, and
 * AVX2 beside AVX-512; a list, each ISA of it the cpu can run, and in
 * place of each it cannot the widest it can (once), with a warning
 * naming what was missing. Writes out[0..n) and returns n (at least 1).
 * why, when not 0, gets auto's console note: why it stopped below
 * AVX-512, or why AVX2 runs beside it (else ""). */
int isa_plan(const struct run_env *env, struct msgs *warnings,
	     enum bw_isa out[BW_ISA_COUNT], const char **why);

/* isa=auto only: the ISAs the boot cpu can run that isa_plan's
 * isas[0..n) leave out, widest first, measured at DRAM alone. A DRAM
 * copy or write is not fastest with the widest vectors on every part
 * (an Intel Xeon VM copied 25.7 GB/s with SSE2's non-temporal stores,
 * 20-21 with AVX-512's), and the summary keeps the fastest of them all.
 * Returns how many (0 for a list: it measures what it names). */
int isa_plan_dram_extra(const struct run_env *env,
			const enum bw_isa *isas, int n,
			enum bw_isa out[BW_ISA_COUNT]);

#endif
