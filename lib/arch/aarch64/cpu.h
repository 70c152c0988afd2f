/* lib/arch/arch.h on AArch64: the tick counter is the generic timer's
 * virtual count (CNTVCT_EL0, at CNTFRQ_EL0's rate), the spin hint YIELD.
 * Only arch.h includes this file.
 *
 * A read of CNTVCT_EL0 may be taken early or late, out of program order
 * (Arm ARM, the Generic Timer: reads of the counter "can occur
 * speculatively and out of order"), so a timed region's reads are
 * fenced: DSB ISH waits for every earlier load and store to complete
 * (x86's LFENCE waits for loads alone: the end here is as strict as
 * x86's MFENCE path), ISB keeps the read from starting before that,
 * and the ISB after it keeps later instructions (the region's first
 * load, or the next region) from starting before the read. */
#ifndef BAREMEM_ARCH_AARCH64_CPU_H
#define BAREMEM_ARCH_AARCH64_CPU_H

#include <stdint.h>

static inline uint64_t ticks_begin(void)
{
	uint64_t v;
	__asm__ volatile("dsb ish\n\tisb\n\tmrs %0, cntvct_el0\n\tisb"
			 : "=r"(v)::"memory");
	return v;
}

/* One sequence on every AArch64 cpu: way is unused. */
static inline uint64_t ticks_end(int way)
{
	uint64_t v;
	(void)way;
	__asm__ volatile("dsb ish\n\tisb\n\tmrs %0, cntvct_el0\n\tisb"
			 : "=r"(v)::"memory");
	return v;
}

static inline uint64_t ticks_read(void)
{
	uint64_t v;
	__asm__ volatile("mrs %0, cntvct_el0" : "=r"(v));
	return v;
}

static inline void cpu_relax(void)
{
	__asm__ volatile("yield");
}

/* The core clock's counts: AArch64's equivalent is the activity
 * monitors (FEAT_AMUv1: AMEVCNTR00_EL0 core cycles, AMEVCNTR01_EL0 the
 * constant-rate count), not read here yet. A cpu_info on AArch64 never
 * sets aperfmperf, so the suite does not call these; a 0 makes
 * coreclock_ratio answer "not measured" should one be reached. */
static inline uint64_t coreclock_ref(void)
{
	return 0;
}

static inline uint64_t coreclock_actual(void)
{
	return 0;
}

#endif
