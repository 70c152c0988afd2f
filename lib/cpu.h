/* x86 instructions the suite needs: CPUID, serialized TSC reads, pause.
 * Header-only so every caller inlines them; no firmware, no libc. */
#ifndef BAREMEM_CPU_H
#define BAREMEM_CPU_H

#include <stdint.h>

struct cpuid_regs {
	uint32_t eax, ebx, ecx, edx;
};

static inline struct cpuid_regs cpuid(uint32_t leaf, uint32_t subleaf)
{
	struct cpuid_regs r;
	__asm__ volatile("cpuid"
			 : "=a"(r.eax), "=b"(r.ebx), "=c"(r.ecx), "=d"(r.edx)
			 : "a"(leaf), "c"(subleaf));
	return r;
}

/* Start of a timed region: lfence keeps earlier loads from drifting into
 * the region and later ones from starting before the read (SDM vol 2B,
 * RDTSC: "LFENCE; RDTSC; LFENCE" orders it against both sides). */
static inline uint64_t tsc_begin(void)
{
	uint32_t lo, hi;
	__asm__ volatile("lfence\n\trdtsc\n\tlfence"
			 : "=a"(lo), "=d"(hi)::"memory");
	return ((uint64_t)hi << 32) | lo;
}

/* End of a timed region: rdtscp waits for every earlier instruction
 * (the last load of the chase) to complete; lfence stops later ones
 * from starting early. */
static inline uint64_t tsc_end(void)
{
	uint32_t lo, hi, aux;
	__asm__ volatile("rdtscp\n\tlfence"
			 : "=a"(lo), "=d"(hi), "=c"(aux)::"memory");
	(void)aux;
	return ((uint64_t)hi << 32) | lo;
}

static inline uint64_t tsc_read(void)
{
	uint32_t lo, hi;
	__asm__ volatile("rdtsc" : "=a"(lo), "=d"(hi));
	return ((uint64_t)hi << 32) | lo;
}

/* Only for MSRs the caller has checked exist (CPUID, vendor, model):
 * a missing MSR raises #GP, which firmware turns into a hang. */
static inline uint64_t rdmsr(uint32_t msr)
{
	uint32_t lo, hi;
	__asm__ volatile("rdmsr" : "=a"(lo), "=d"(hi) : "c"(msr));
	return ((uint64_t)hi << 32) | lo;
}

static inline void cpu_pause(void)
{
	__asm__ volatile("pause");
}

#endif
