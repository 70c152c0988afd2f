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

#include <stddef.h>
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

/* Waits for an interrupt (WFI). With interrupts masked, as inside a
 * measurement window, a pending one ends it without being taken. */
static inline void cpu_wait_interrupt(void)
{
	__asm__ volatile("wfi" ::: "memory");
}

/* The core clock's counts, as x86's MPERF and APERF: the generic
 * timer's count, and the PMU's cycle counter (PMCCNTR_EL0), which the
 * UEFI app enables on every cpu where it counts (efi/aarch64/pmu_arm.c)
 * and then sets cpu_info's core_clock. The Linux runner never does (the
 * counter is the kernel's at EL0), so never reads them. */
static inline uint64_t coreclock_ref(void)
{
	uint64_t v;
	__asm__ volatile("mrs %0, cntvct_el0" : "=r"(v));
	return v;
}

static inline uint64_t coreclock_actual(void)
{
	uint64_t v;
	__asm__ volatile("mrs %0, pmccntr_el0" : "=r"(v));
	return v;
}

/* Arm has none of the registers the suite reads on every cpu (a tick
 * offset, an L3 class of service), and baremem uses no prefetcher
 * switch there (docs/method.md). */
struct cpu_info;

/* Such a register in messages (none is reached on AArch64). */
#define ARCH_REG_KIND "system register"
#define ARCH_REG_FMT "system register 0x%x"
/* The core clock and the tick counter in the warnings (lib/run.c); the
 * platforms say themselves why no core clock is read (the run's
 * core_cycles_source), and the generic timer's rate is fixed, so these
 * stand by. */
#define ARCH_NO_CORE_CLOCK "no PMU cycle counter (PMCCNTR_EL0)"
#define ARCH_CORE_CLOCK "PMCCNTR_EL0"
#define ARCH_TICKS_NOT_INVARIANT "the generic timer's rate is not fixed"

static inline uint32_t arch_tick_offset_reg(const struct cpu_info *ci)
{
	(void)ci;
	return 0;
}

static inline uint32_t arch_cache_class_reg(void)
{
	return 0;
}

static inline int arch_cache_class_of(uint64_t value)
{
	(void)value;
	return -1;
}

static inline uint32_t arch_prefetch_documented(const struct cpu_info *ci,
						uint64_t *bits,
						const char **names, char *why,
						size_t cap)
{
	static const char none[] = "no documented prefetcher control on "
				   "AArch64";

	size_t i = 0;

	(void)ci;
	(void)bits;
	(void)names;
	if (!cap)
		return 0;
	for (; i + 1 < cap && none[i]; i++)
		why[i] = none[i];
	why[i] = 0;
	return 0;
}

static inline const char *arch_prefetch_control(uint32_t reg)
{
	(void)reg;
	return "none";
}

#endif
