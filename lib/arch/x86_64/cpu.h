/* lib/arch/arch.h on x86-64: the tick counter is the TSC, the spin hint
 * PAUSE, the core clock's counts MPERF and APERF. Only arch.h includes
 * this file. */
#ifndef BAREMEM_ARCH_X86_64_CPU_H
#define BAREMEM_ARCH_X86_64_CPU_H

#include <stddef.h>
#include <stdint.h>

#include "arch/x86_64/x86.h"

/* Start of a timed region: lfence keeps earlier loads from drifting into
 * the region and later ones from starting before the read (SDM vol 2B,
 * RDTSC: "LFENCE; RDTSC; LFENCE" orders it against both sides). */
static inline uint64_t ticks_begin(void)
{
	uint32_t lo, hi;
	__asm__ volatile("lfence\n\trdtsc\n\tlfence"
			 : "=a"(lo), "=d"(hi)::"memory");
	return ((uint64_t)hi << 32) | lo;
}

/* End of a timed region. With RDTSCP (CPUID 80000001h:EDX[27]; every
 * x86-64 since Nehalem and AMD K8 rev F, but not Core 2 or some virtual
 * CPU models, where it is #UD): rdtscp waits for every earlier
 * instruction (the last load of the chase) to complete, lfence stops
 * later ones from starting early. Without it: MFENCE; LFENCE; RDTSC,
 * the SDM's sequence for a read after all earlier instructions executed
 * and earlier loads and stores are globally visible (vol 2B, RDTSC; AMD
 * APM vol 3 asks for MFENCE before RDTSC as well), then lfence.
 *
 * way: TICKS_END_ORDERED takes RDTSCP, TICKS_END_FENCED the MFENCE
 * sequence. The caller passes cpu_info's ticks_end_way, chosen once per
 * run; the branch depends on no timed load, so it resolves while the
 * last one is still in flight and the fast path times what it always
 * did. */
static inline uint64_t ticks_end(int way)
{
	uint32_t lo, hi, aux;

	if (__builtin_expect(way, 1)) {
		__asm__ volatile("rdtscp\n\tlfence"
				 : "=a"(lo), "=d"(hi), "=c"(aux)::"memory");
		(void)aux;
	} else {
		__asm__ volatile("mfence\n\tlfence\n\trdtsc\n\tlfence"
				 : "=a"(lo), "=d"(hi)::"memory");
	}
	return ((uint64_t)hi << 32) | lo;
}

static inline uint64_t ticks_read(void)
{
	uint32_t lo, hi;
	__asm__ volatile("rdtsc" : "=a"(lo), "=d"(hi));
	return ((uint64_t)hi << 32) | lo;
}

static inline void cpu_relax(void)
{
	__asm__ volatile("pause");
}

/* Waits for an interrupt (HLT). With interrupts off, as inside a
 * measurement window, only an NMI, SMI or INIT ends it. */
static inline void cpu_wait_interrupt(void)
{
	__asm__ volatile("hlt" ::: "memory");
}

/* The core clock's two counts (SDM vol 3B, 15.2; AMD APM vol 2, 17.3):
 * MPERF at the TSC's rate, APERF at the core's, both only while the
 * core runs. Only where CPUID.6:ECX[0] says they exist and the platform
 * may read MSRs (UEFI): a missing MSR is #GP. */
static inline uint64_t coreclock_ref(void)
{
	return rdmsr(MSR_MPERF);
}

static inline uint64_t coreclock_actual(void)
{
	return rdmsr(MSR_APERF);
}

/* The registers the suite reads on every cpu through the platform's
 * register access (plat_msr_*), each 0 where this cpu has none
 * (lib/arch/x86_64/regs_x86.c): the offset firmware wrote into a cpu's
 * tick counter (IA32_TSC_ADJUST, where Intel documents it), the cpu's
 * L3 class of service (IA32_PQR_ASSOC) and the class in its value. */
uint32_t arch_tick_offset_reg(const struct cpu_info *ci);
/* Such a register in messages: its kind, and a format for its number. */
#define ARCH_REG_KIND "MSR"
#define ARCH_REG_FMT "MSR 0x%x"
/* The core clock and the tick counter in the warnings (lib/run.c): no
 * core clock, its name, a tick counter whose rate is not fixed. */
#define ARCH_NO_CORE_CLOCK "CPU has no APERF/MPERF (CPUID 6)"
#define ARCH_CORE_CLOCK "APERF/MPERF"
#define ARCH_TICKS_NOT_INVARIANT "TSC is not invariant (CPUID 80000007h)"
uint32_t arch_cache_class_reg(void);
int arch_cache_class_of(uint64_t value);

/* The hardware prefetchers' switch the vendor documents for this cpu,
 * from CPUID alone: the register (*bits the bits that switch them off,
 * *names what they are), or 0 with why filled in. Pure: unit-tested. */
uint32_t arch_prefetch_documented(const struct cpu_info *ci, uint64_t *bits,
				  const char **names, char *why, size_t cap);
/* The switch's name in the results (prefetch.control). */
const char *arch_prefetch_control(uint32_t reg);

#endif
