/* The processor described: identity, features, caches, how its timed
 * regions end. The architecture's decoder fills it (x86: CPUID, in
 * lib/arch/x86_64/cpuid.c, pure over a cpuid function so recorded dumps
 * can be tested). */
#ifndef BAREMEM_CPUINFO_H
#define BAREMEM_CPUINFO_H

#include <stdint.h>

/* The four registers one CPUID leaf answers: what a cpuid_fn returns
 * (recorded dumps in the tests, lib/arch/x86_64/x86.h's cpuid()). */
struct cpuid_regs {
	uint32_t eax, ebx, ecx, edx;
};

#define CPU_MAX_CACHES 8

struct cpu_cache {
	int level;
	const char *type;	/* "data", "instruction", "unified" */
	uint64_t size_bytes;
	int line_bytes;
	int ways;		/* 0: fully associative */
	int shared_by;		/* logical processors sharing it */
	/* What described it: 0 CPUID (x86); on AArch64 "ccsidr" (the
	 * cache ID registers), "pptt" (the ACPI PPTT), "part" (the part's
	 * documentation, lib/arch/aarch64/midr.c), "linux" (Linux's cache
	 * list). results.json's caches[].source. */
	const char *source;
};

/* What the suite needs to know of a cpu, in no architecture's words:
 * what lib/ outside lib/arch/ reads. Each architecture's decoder fills
 * it (lib/arch/x86_64/cpuid.c from CPUID, lib/arch/aarch64/cpu_desc.c
 * from the ID registers); a platform adds what it switches on itself
 * (efi/aarch64/pmu_arm.c the core clock). The results write them under
 * their first names, x86's (docs/results.schema.json, machine.cpu
 * .features: page_1g, invariant_tsc, aperf_mperf). */
struct cpu_features {
	/* 1 GiB pages can map memory (x86: CPUID 80000001h:EDX[26];
	 * AArch64: the 4 KiB granule's level-1 blocks, always). */
	int big_pages;
	/* The tick counter keeps one rate whatever the cores' clocks do
	 * (x86: the invariant TSC, CPUID 80000007h:EDX[8]; AArch64: the
	 * generic timer, always). */
	int invariant_ticks;
	/* A count of the core's own cycles beside the ticks
	 * (lib/arch/arch.h's coreclock_*: x86 APERF/MPERF, CPUID 6:ECX[0];
	 * AArch64 PMCCNTR_EL0, where the app enabled it). */
	int core_clock;
	int hypervisor;		/* running under a hypervisor (x86: CPUID
				 * 1:ECX[31]) */
	int hybrid;		/* cores of two types (x86: CPUID 7:EDX[15]) */
	/* The vector ISAs the cpu lists, whether or not their state is on:
	 * bit n for kernels/bw.h's enum bw_isa slot n (x86: SSE2, AVX2,
	 * AVX512F; AArch64: NEON). Which it can run now is isa_usable_here. */
	unsigned vector_isas;
};

/* x86's own CPUID facts beyond those: read by the x86 folders
 * (lib/arch/x86_64/, efi/x86_64/, linux/x86_64/), and written out under
 * these names in the results' machine.cpu.features (a contract: false
 * on AArch64, which leaves them 0). */
struct cpu_x86 {
	uint32_t max_leaf, max_ext_leaf;
	int sse2, avx, avx2;	/* CPUID 1:EDX[26], 1:ECX[28], 7:EBX[5] */
	int avx512f;		/* CPUID 7:EBX[16] */
	int xsave, osxsave;	/* CPUID 1:ECX[26], 1:ECX[27] */
	int rdtscp;		/* CPUID 80000001h:EDX[27] */
	int mtrr;		/* CPUID 1:EDX[12] */
	int tsc_adjust;		/* CPUID 7:EBX[1]: IA32_TSC_ADJUST (MSR 3Bh) */
	int turbo, hwp;		/* Intel CPUID 6:EAX[1], EAX[7] */
	int cpb, cppc;		/* AMD CPUID 80000007h:EDX[9], 80000008h:EBX[27] */
};

struct cpu_info {
	char vendor[13];	/* "GenuineIntel", "AuthenticAMD", ... */
	char brand[49];
	int family, model, stepping;	/* display family/model */
	int phys_addr_bits;
	struct cpu_features f;
	struct cpu_x86 x86;	/* x86's alone */
	/* ticks_end's way on this cpu (lib/arch/arch.h): TICKS_END_ORDERED
	 * or TICKS_END_FENCED, chosen once per run. */
	int ticks_end_way;
	/* On a hybrid part, the type of the core that ran CPUID (leaf 1Ah):
	 * "performance" or "efficiency"; 0 elsewhere. Its caches are those
	 * listed: the other type's differ. */
	const char *core_type;
	int cache_count;
	struct cpu_cache caches[CPU_MAX_CACHES];
};

typedef struct cpuid_regs (*cpuid_fn)(void *ctx, uint32_t leaf,
				      uint32_t subleaf);

/* Decodes through fn (recorded dumps in tests, the real CPU otherwise). */
void cpuinfo_decode(struct cpu_info *ci, cpuid_fn fn, void *ctx);
/* Decodes the CPU this runs on (each architecture has its own). */
void cpuinfo_read(struct cpu_info *ci);
/* The cpuid_fn of the CPU this runs on (ctx unused). */
struct cpuid_regs cpuinfo_cpuid_here(void *ctx, uint32_t leaf, uint32_t sub);

/* Whether CPUID's vendor string is vendor ("GenuineIntel", ...). */
int cpuinfo_vendor_is(const struct cpu_info *ci, const char *vendor);

/* The largest data/unified cache of a level (1..7), or 0. */
const struct cpu_cache *cpuinfo_cache(const struct cpu_info *ci, int level);

/* The source of c as a message's subject: "CPUID says", "the cache
 * registers say", "PPTT says", ... ("CPUID says" for c == 0). */
const char *cpuinfo_cache_says(const struct cpu_cache *c);

/* c's source as results.json names it ("cpuid" for 0). */
const char *cpuinfo_cache_source(const struct cpu_cache *c);

#endif
