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

/* End of a timed region. With RDTSCP (CPUID 80000001h:EDX[27]; every
 * x86-64 since Nehalem and AMD K8 rev F, but not Core 2 or some virtual
 * CPU models, where it is #UD): rdtscp waits for every earlier
 * instruction (the last load of the chase) to complete, lfence stops
 * later ones from starting early. Without it: MFENCE; LFENCE; RDTSC,
 * the SDM's sequence for a read after all earlier instructions executed
 * and earlier loads and stores are globally visible (vol 2B, RDTSC; AMD
 * APM vol 3 asks for MFENCE before RDTSC as well), then lfence.
 *
 * The caller passes cpu_info's rdtscp, chosen once per run; the branch
 * depends on no timed load, so it resolves while the last one is still
 * in flight and the fast path times what it always did. */
static inline uint64_t tsc_end(int rdtscp)
{
	uint32_t lo, hi, aux;

	if (__builtin_expect(rdtscp, 1)) {
		__asm__ volatile("rdtscp\n\tlfence"
				 : "=a"(lo), "=d"(hi), "=c"(aux)::"memory");
		(void)aux;
	} else {
		__asm__ volatile("mfence\n\tlfence\n\trdtsc\n\tlfence"
				 : "=a"(lo), "=d"(hi)::"memory");
	}
	return ((uint64_t)hi << 32) | lo;
}

/* Does this cpu have RDTSCP? For code without a cpu_info at hand (the
 * host tests). */
static inline int cpu_has_rdtscp(void)
{
	return cpuid(0x80000000u, 0).eax >= 0x80000001u &&
	       ((cpuid(0x80000001u, 0).edx >> 27) & 1);
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
