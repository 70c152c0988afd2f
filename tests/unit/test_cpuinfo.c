/* CPUID decoding against recorded dumps. First the leaves of this project's
 * development machine (an AMD Zen 4 "AMD EPYC" virtual machine, family
 * 19h model 11h), read with __cpuid_count on 2026-11-22. What Linux
 * reports there (/sys/devices/system/cpu/cpu0/cache) is the expectation:
 * L1d 32K, L1i 32K, L2 1024K, L3 32768K. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "bw.h"
#include "hw/cpuinfo.h"

struct leaf {
	uint32_t leaf, sub, eax, ebx, ecx, edx;
};

static const struct leaf zen4_vm[] = {
	{ 0x00000000, 0, 0x0000001c, 0x68747541, 0x444d4163, 0x69746e65 },
	{ 0x00000001, 0, 0x00a10f11, 0x01020800, 0xfffa3203, 0x178bfbff },
	{ 0x00000006, 0, 0x00000004, 0x00000000, 0x00000000, 0x00000000 },
	{ 0x00000007, 0, 0x00000001, 0xf1bf07ab, 0x00405fc6, 0x00000010 },
	{ 0x0000000d, 0, 0x000000e7, 0x00000980, 0x00000980, 0x00000000 },
	{ 0x80000000, 0, 0x80000021, 0x68747541, 0x444d4163, 0x69746e65 },
	{ 0x80000001, 0, 0x00a10f11, 0x40000000, 0x004003f3, 0x2fd3fbff },
	{ 0x80000002, 0, 0x20444d41, 0x43595045, 0x00000000, 0x00000000 },
	{ 0x80000005, 0, 0xff48ff40, 0xff48ff40, 0x20080140, 0x20080140 },
	{ 0x80000006, 0, 0x5c002200, 0x6c004200, 0x04006140, 0x0a009140 },
	{ 0x80000007, 0, 0x00000000, 0x00000000, 0x00000000, 0x00000100 },
	{ 0x80000008, 0, 0x00303030, 0x50020005, 0x00007001, 0x00000000 },
	{ 0x8000001d, 0, 0x00000121, 0x01c0003f, 0x0000003f, 0x00000000 },
	{ 0x8000001d, 1, 0x00000122, 0x01c0003f, 0x0000003f, 0x00000000 },
	{ 0x8000001d, 2, 0x00000143, 0x01c0003f, 0x000007ff, 0x00000002 },
	{ 0x8000001d, 3, 0x00004163, 0x03c0003f, 0x00007fff, 0x00000001 },
};

/* Intel Core i7-8700K (Coffee Lake S, CPUID 906EAh), transcribed from
 * InstLatx64's AIDA64 dump GenuineIntel/GenuineIntel00906EA_Coffeelake_
 * CPUID.txt (github.com/InstLatx64/InstLatx64, commit ddff8a92), CPU #0.
 * Intel's datasheet figures: L1d 32K 8-way, L2 256K 4-way, L3 12M
 * 16-way shared by the package. */
static const struct leaf coffee_lake[] = {
	{ 0x00000000, 0, 0x00000016, 0x756e6547, 0x6c65746e, 0x49656e69 },
	{ 0x00000001, 0, 0x000906ea, 0x00100800, 0x7ffafbff, 0xbfebfbff },
	{ 0x00000004, 0, 0x1c004121, 0x01c0003f, 0x0000003f, 0x00000000 },
	{ 0x00000004, 1, 0x1c004122, 0x01c0003f, 0x0000003f, 0x00000000 },
	{ 0x00000004, 2, 0x1c004143, 0x00c0003f, 0x000003ff, 0x00000000 },
	{ 0x00000004, 3, 0x1c03c163, 0x03c0003f, 0x00002fff, 0x00000006 },
	{ 0x00000006, 0, 0x000027f7, 0x00000002, 0x00000001, 0x00000000 },
	{ 0x00000007, 0, 0x00000000, 0x029c6fbf, 0x40000000, 0x00000000 },
	{ 0x80000000, 0, 0x80000008, 0x00000000, 0x00000000, 0x00000000 },
	{ 0x80000001, 0, 0x00000000, 0x00000000, 0x00000121, 0x2c100000 },
	{ 0x80000002, 0, 0x65746e49, 0x2952286c, 0x726f4320, 0x4d542865 },
	{ 0x80000003, 0, 0x37692029, 0x3037382d, 0x43204b30, 0x40205550 },
	{ 0x80000004, 0, 0x372e3320, 0x7a484730, 0x00000000, 0x00000000 },
	{ 0x80000006, 0, 0x00000000, 0x00000000, 0x01006040, 0x00000000 },
	{ 0x80000007, 0, 0x00000000, 0x00000000, 0x00000000, 0x00000100 },
	{ 0x80000008, 0, 0x00003027, 0x00000000, 0x00000000, 0x00000000 },
};

/* Intel Core i7-12800HX (Alder Lake, hybrid, CPUID 90672h), transcribed
 * from InstLatx64's GenuineIntel/GenuineIntel0090672_AlderLake_03_CPUID.txt
 * (commit a0cb9d91): logical CPU #0 (a P-core) and #16 (an E-core). The
 * leaves they share, then each core's own leaf 1, 4, 6 and 1Ah. */
#define ADL_COMMON \
	{ 0x00000000, 0, 0x00000020, 0x756e6547, 0x6c65746e, 0x49656e69 }, \
	{ 0x00000007, 0, 0x00000002, 0x239c27eb, 0x98c007ac, 0xfc18c410 }, \
	{ 0x80000000, 0, 0x80000008, 0x00000000, 0x00000000, 0x00000000 }, \
	{ 0x80000001, 0, 0x00000000, 0x00000000, 0x00000121, 0x2c100000 }, \
	{ 0x80000002, 0, 0x68743231, 0x6e654720, 0x746e4920, 0x52286c65 }, \
	{ 0x80000003, 0, 0x6f432029, 0x54286572, 0x6920294d, 0x32312d37 }, \
	{ 0x80000004, 0, 0x48303038, 0x00000058, 0x00000000, 0x00000000 }, \
	{ 0x80000007, 0, 0x00000000, 0x00000000, 0x00000000, 0x00000100 }, \
	{ 0x80000008, 0, 0x00003027, 0x00000000, 0x00000000, 0x00000000 }

static const struct leaf alder_lake_p[] = {
	ADL_COMMON,
	{ 0x00000001, 0, 0x00090672, 0x00800800, 0x7ffafbbf, 0xbfebfbff },
	{ 0x00000004, 0, 0xfc004121, 0x02c0003f, 0x0000003f, 0x00000000 },
	{ 0x00000004, 1, 0xfc004122, 0x01c0003f, 0x0000003f, 0x00000000 },
	{ 0x00000004, 2, 0xfc01c143, 0x0240003f, 0x000007ff, 0x00000000 },
	{ 0x00000004, 3, 0xfc1fc163, 0x0240003f, 0x00009fff, 0x00000004 },
	{ 0x00000006, 0, 0x00dfcff7, 0x00000002, 0x00000409, 0x00000003 },
	{ 0x0000001a, 0, 0x40000001, 0x00000000, 0x00000000, 0x00000000 },
	{ 0x80000006, 0, 0x00000000, 0x00000000, 0x05007040, 0x00000000 },
};

static const struct leaf alder_lake_e[] = {
	ADL_COMMON,
	{ 0x00000001, 0, 0x00090672, 0x40800800, 0x7ffafbbf, 0xbfebfbff },
	{ 0x00000004, 0, 0xfc004121, 0x01c0003f, 0x0000003f, 0x00000000 },
	{ 0x00000004, 1, 0xfc004122, 0x01c0003f, 0x0000007f, 0x00000000 },
	{ 0x00000004, 2, 0xfc01c143, 0x03c0003f, 0x000007ff, 0x00000000 },
	{ 0x00000004, 3, 0xfc1fc163, 0x0240003f, 0x00009fff, 0x00000004 },
	{ 0x00000006, 0, 0x00dfcff7, 0x00000002, 0x00000409, 0x00080003 },
	{ 0x0000001a, 0, 0x20000001, 0x00000000, 0x00000000, 0x00000000 },
	{ 0x80000006, 0, 0x00000000, 0x00000000, 0x08008040, 0x00000000 },
};

struct dump {
	const struct leaf *l;
	size_t n;
};
#define DUMP(a) (&(struct dump){ a, sizeof a / sizeof a[0] })

/* Leaves not in the dump read as zero, as absent subleaves do. */
static struct cpuid_regs from_dump(void *ctx, uint32_t leaf, uint32_t sub)
{
	const struct dump *d = ctx;
	for (size_t i = 0; i < d->n; i++)
		if (d->l[i].leaf == leaf && d->l[i].sub == sub)
			return (struct cpuid_regs){ d->l[i].eax, d->l[i].ebx,
						    d->l[i].ecx, d->l[i].edx };
	return (struct cpuid_regs){ 0, 0, 0, 0 };
}

static void identity_and_features(void **state)
{
	struct cpu_info ci;
	(void)state;
	cpuinfo_decode(&ci, from_dump, DUMP(zen4_vm));
	assert_string_equal(ci.vendor, "AuthenticAMD");
	assert_string_equal(ci.brand, "AMD EPYC");
	assert_int_equal(ci.family, 0x19);
	assert_int_equal(ci.model, 0x11);
	assert_int_equal(ci.stepping, 1);
	assert_true(ci.x86.avx2 && ci.x86.avx && ci.x86.xsave && ci.x86.sse2);
	/* what generic code reads: Zen 4 lists AVX-512F (7:EBX[16]) */
	assert_int_equal(ci.f.vector_isas, (1u << BW_SSE2) | (1u << BW_AVX2) |
					   (1u << BW_AVX512));
	assert_true(ci.f.big_pages);
	assert_true(ci.f.invariant_ticks);
	assert_true(ci.f.hypervisor);
	assert_false(ci.f.core_clock);	/* the VM hides APERF/MPERF */
	assert_int_equal(ci.phys_addr_bits, 48);
}

static void caches_from_leaf_8000001d(void **state)
{
	struct cpu_info ci;
	const struct cpu_cache *l1, *l2, *l3;
	(void)state;
	cpuinfo_decode(&ci, from_dump, DUMP(zen4_vm));
	assert_int_equal(ci.cache_count, 4);
	l1 = cpuinfo_cache(&ci, 1);
	l2 = cpuinfo_cache(&ci, 2);
	l3 = cpuinfo_cache(&ci, 3);
	assert_non_null(l1);
	assert_string_equal(l1->type, "data");
	assert_int_equal(l1->size_bytes, 32 * 1024);
	assert_int_equal(l1->ways, 8);
	assert_int_equal(l1->line_bytes, 64);
	assert_int_equal(l2->size_bytes, 1024 * 1024);
	assert_string_equal(l2->type, "unified");
	assert_int_equal(l3->size_bytes, 32 * 1024 * 1024);
	assert_int_equal(l3->ways, 16);
	assert_int_equal(l3->shared_by, 2);
	assert_string_equal(ci.caches[1].type, "instruction");
}

/* Without topology extensions the older AMD leaves give the caches.
 * Their L3 field (80000006h EDX[31:18], in 512 KiB units) reads 640 here:
 * 320 MiB, the whole package's L3 rather than one CCX's 32 MiB, which is
 * why leaf 8000001Dh is preferred when the CPU has it. */
static struct cpuid_regs no_topoext(void *ctx, uint32_t leaf, uint32_t sub)
{
	struct cpuid_regs r = from_dump(ctx, leaf, sub);
	if (leaf == 0x80000001)
		r.ecx &= ~(1u << 22);
	return r;
}

static void caches_from_legacy_amd_leaves(void **state)
{
	struct cpu_info ci;
	(void)state;
	cpuinfo_decode(&ci, no_topoext, DUMP(zen4_vm));
	assert_int_equal(cpuinfo_cache(&ci, 1)->size_bytes, 32 * 1024);
	assert_int_equal(cpuinfo_cache(&ci, 2)->size_bytes, 1024 * 1024);
	assert_int_equal(cpuinfo_cache(&ci, 3)->size_bytes,
			 640ull * 512 * 1024);
	assert_int_equal(cpuinfo_cache(&ci, 2)->ways, 8);
}

/* An Intel client core: leaf 4 gives four caches, L3 shared. */
static void intel_client_caches_from_leaf_4(void **state)
{
	struct cpu_info ci;
	const struct cpu_cache *l1, *l2, *l3;
	(void)state;
	cpuinfo_decode(&ci, from_dump, DUMP(coffee_lake));
	assert_string_equal(ci.vendor, "GenuineIntel");
	assert_string_equal(ci.brand, "Intel(R) Core(TM) i7-8700K CPU @ 3.70GHz");
	assert_int_equal(ci.family, 6);
	assert_int_equal(ci.model, 0x9e);
	assert_int_equal(ci.stepping, 0xa);
	assert_true(ci.x86.avx2 && ci.f.core_clock && ci.f.invariant_ticks);
	assert_false(ci.x86.avx512f);
	assert_int_equal(ci.f.vector_isas, (1u << BW_SSE2) | (1u << BW_AVX2));
	assert_false(ci.f.hybrid);
	assert_null(ci.core_type);
	assert_int_equal(ci.phys_addr_bits, 39);
	assert_int_equal(ci.cache_count, 4);
	l1 = cpuinfo_cache(&ci, 1);
	l2 = cpuinfo_cache(&ci, 2);
	l3 = cpuinfo_cache(&ci, 3);
	assert_int_equal(l1->size_bytes, 32 * 1024);
	assert_int_equal(l1->ways, 8);
	assert_int_equal(l1->shared_by, 2);	/* the core's two threads */
	assert_string_equal(ci.caches[1].type, "instruction");
	assert_int_equal(ci.caches[1].size_bytes, 32 * 1024);
	assert_int_equal(l2->size_bytes, 256 * 1024);
	assert_int_equal(l2->ways, 4);
	assert_int_equal(l3->size_bytes, 12 * 1024 * 1024);
	assert_int_equal(l3->ways, 16);
	assert_int_equal(l3->shared_by, 16);	/* APIC ids reserved */
	assert_string_equal(l3->type, "unified");
}

/* A hybrid part: the P-core and the E-core list different L1 and L2 in
 * leaf 4 and say which they are in leaf 1Ah; the L3 is the same. */
static void intel_hybrid_p_and_e_cores(void **state)
{
	struct cpu_info p, e;
	(void)state;
	cpuinfo_decode(&p, from_dump, DUMP(alder_lake_p));
	cpuinfo_decode(&e, from_dump, DUMP(alder_lake_e));
	assert_string_equal(p.brand, "12th Gen Intel(R) Core(TM) i7-12800HX");
	assert_int_equal(p.model, 0x97);
	assert_true(p.f.hybrid && e.f.hybrid);
	assert_string_equal(p.core_type, "performance");
	assert_string_equal(e.core_type, "efficiency");

	assert_int_equal(cpuinfo_cache(&p, 1)->size_bytes, 48 * 1024);
	assert_int_equal(cpuinfo_cache(&p, 1)->ways, 12);
	assert_int_equal(p.caches[1].size_bytes, 32 * 1024);	/* L1i */
	assert_int_equal(cpuinfo_cache(&p, 2)->size_bytes, 1280 * 1024);
	assert_int_equal(cpuinfo_cache(&p, 2)->ways, 10);

	assert_int_equal(cpuinfo_cache(&e, 1)->size_bytes, 32 * 1024);
	assert_int_equal(e.caches[1].size_bytes, 64 * 1024);	/* L1i */
	assert_int_equal(cpuinfo_cache(&e, 2)->size_bytes, 2048 * 1024);
	assert_int_equal(cpuinfo_cache(&e, 2)->ways, 16);
	/* one E-core cluster: 4 cores, 8 APIC ids reserved */
	assert_int_equal(cpuinfo_cache(&e, 2)->shared_by, 8);

	assert_int_equal(cpuinfo_cache(&p, 3)->size_bytes, 25 * 1024 * 1024);
	assert_int_equal(cpuinfo_cache(&e, 3)->size_bytes,
			 cpuinfo_cache(&p, 3)->size_bytes);
	assert_int_equal(cpuinfo_cache(&p, 3)->shared_by, 128);
}

/* Leaf 1Ah is read only when leaf 7 says the part is hybrid. */
static struct cpuid_regs not_hybrid(void *ctx, uint32_t leaf, uint32_t sub)
{
	struct cpuid_regs r = from_dump(ctx, leaf, sub);
	if (leaf == 7)
		r.edx &= ~(1u << 15);
	return r;
}

static void core_type_only_on_hybrid(void **state)
{
	struct cpu_info ci;
	(void)state;
	cpuinfo_decode(&ci, not_hybrid, DUMP(alder_lake_e));
	assert_false(ci.f.hybrid);
	assert_null(ci.core_type);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(intel_client_caches_from_leaf_4),
		cmocka_unit_test(intel_hybrid_p_and_e_cores),
		cmocka_unit_test(core_type_only_on_hybrid),
		cmocka_unit_test(identity_and_features),
		cmocka_unit_test(caches_from_leaf_8000001d),
		cmocka_unit_test(caches_from_legacy_amd_leaves),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
