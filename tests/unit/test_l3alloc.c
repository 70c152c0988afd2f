/* l3alloc: the L3 cache allocation caps decoded from CPUID leaves
 * recorded on real parts (copied from the corpus files named below), and
 * the class of service, its mask and the effective size from MSR values:
 * the reset state (class 0, every mask all ones: SDM vol 3B 18.19), a
 * partial mask, CDP (class n's data mask at C90h + 2n), no RDT, MSRs that
 * cannot be read, AMD's bandwidth limit; and Linux resctrl's schemata. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "hw/l3alloc.h"

#define MIB (1ull << 20)

struct leaf {
	uint32_t leaf, sub;
	struct cpuid_regs r;
};

/* tests/data/machines/gnr-xeon6-658x-1s.txt, first cpu: RDT with L3
 * CAT, 16-bit masks, CDP, 15 classes. */
static const struct leaf gnr[] = {
	{ 0, 0, { 0x24, 0x756e6547, 0x6c65746e, 0x49656e69 } },
	{ 7, 0, { 0x2, 0xf3bfbffb, 0xbb417fee, 0xffdd4430 } },
	{ 0x10, 0, { 0, 0xe, 0, 0 } },
	{ 0x10, 1, { 0xf, 0xc000, 0xe, 0xe } },
	{ 0x80000000u, 0, { 0x80000008u, 0, 0, 0 } },
	{ 0, 0, { 0, 0, 0, 0 } } };

/* tests/data/machines/emr-plat8570-1s.txt: 20-bit masks, CDP. */
static const struct leaf emr[] = {
	{ 0, 0, { 0x20, 0x756e6547, 0x6c65746e, 0x49656e69 } },
	{ 7, 0, { 0x2, 0xf3bfbfff, 0xfb417fee, 0xffdd4432 } },
	{ 0x10, 0, { 0, 0xe, 0, 0 } },
	{ 0x10, 1, { 0x13, 0xc0000, 0x4, 0xe } },
	{ 0x80000000u, 0, { 0x80000008u, 0, 0, 0 } },
	{ 0, 0, { 0, 0, 0, 0 } } };

/* tests/data/machines/turin-9655-1s.txt: AMD PQoS, L3 allocation in leaf
 * 10h, bandwidth limits in 8000_0020h (12-bit limits, 16 classes). */
static const struct leaf turin[] = {
	{ 0, 0, { 0x10, 0x68747541, 0x444d4163, 0x69746e65 } },
	{ 7, 0, { 0x1, 0xf1bf97ab, 0x19415fce, 0x10000110 } },
	{ 0x10, 0, { 0, 0x2, 0, 0 } },
	{ 0x10, 1, { 0xf, 0, 0x4, 0xf } },
	{ 0x80000000u, 0, { 0x80000028u, 0, 0, 0 } },
	{ 0x80000020u, 0, { 0, 0x7e, 0, 0 } },
	{ 0x80000020u, 1, { 0xc, 0, 0, 0xf } },
	{ 0, 0, { 0, 0, 0, 0 } } };

/* tests/data/machines/mtl-ultra7-155h.txt: a client part, leaf 10h all
 * zeros: no RDT. */
static const struct leaf mtl[] = {
	{ 0, 0, { 0x23, 0x756e6547, 0x6c65746e, 0x49656e69 } },
	{ 7, 0, { 0x2, 0x239c27eb, 0x994007ac, 0xfc18c410 } },
	{ 0x10, 0, { 0, 0, 0, 0 } },
	{ 0x10, 1, { 0, 0, 0, 0 } },
	{ 0x80000000u, 0, { 0x80000008u, 0, 0, 0 } },
	{ 0, 0, { 0, 0, 0, 0 } } };

static struct cpuid_regs replay(void *ctx, uint32_t leaf, uint32_t sub)
{
	const struct leaf *l = ctx;

	for (int i = 0; l[i].leaf || l[i].r.eax; i++)
		if (l[i].leaf == leaf && l[i].sub == sub)
			return l[i].r;
	return (struct cpuid_regs){ 0, 0, 0, 0 };
}

struct msrs {
	uint32_t msr[6];
	uint64_t val[6];
	int n;
	int reads;
};

static int rd(void *ctx, uint32_t msr, uint64_t *v)
{
	struct msrs *m = ctx;

	m->reads++;
	for (int i = 0; i < m->n; i++)
		if (m->msr[i] == msr) {
			*v = m->val[i];
			return 0;
		}
	return -1;
}

/* A cpu with an L3 of l3 bytes (and an L2 below it). */
static struct cpu_info cpu_with_l3(uint64_t l3)
{
	struct cpu_info ci;

	memset(&ci, 0, sizeof ci);
	ci.caches[0] = (struct cpu_cache){ 2, "unified", 2 * MIB, 64, 16, 2, 0 };
	ci.caches[1] = (struct cpu_cache){ 3, "unified", l3, 64, 16, 48, 0 };
	ci.cache_count = 2;
	return ci;
}

static void caps_from_recorded_leaves(void **state)
{
	struct l3alloc_caps c;
	(void)state;

	l3alloc_caps_decode(&c, replay, (void *)gnr);
	assert_int_equal(c.l3_cat, 1);
	assert_int_equal(c.cbm_bits, 16);
	assert_int_equal(c.shareable, 0xc000);
	assert_int_equal(c.cdp, 1);
	assert_int_equal(c.cos_max, 14);
	assert_int_equal(c.amd_bw, 0);
	l3alloc_caps_decode(&c, replay, (void *)emr);
	assert_int_equal(c.cbm_bits, 20);
	l3alloc_caps_decode(&c, replay, (void *)turin);
	assert_int_equal(c.l3_cat, 1);
	assert_int_equal(c.cbm_bits, 16);
	assert_int_equal(c.cos_max, 15);
	assert_int_equal(c.amd_bw, 1);
	assert_int_equal(c.bw_bits, 12);
	assert_int_equal(c.bw_cos_max, 15);
	l3alloc_caps_decode(&c, replay, (void *)mtl);
	assert_int_equal(c.l3_cat, 0);
	assert_int_equal(c.amd_bw, 0);
}

/* The reset state: class 0, its mask all 16 ways. */
static void full_mask(void **state)
{
	struct cpu_info ci = cpu_with_l3(144 * MIB);
	struct l3alloc_caps c;
	struct msrs m = { { 0xc8f, 0xc81, 0xc90 }, { 0, 0, 0xffff }, 3, 0 };
	struct l3alloc a;
	(void)state;

	l3alloc_caps_decode(&c, replay, (void *)gnr);
	l3alloc_read(&ci, &c, rd, &m, &a);
	assert_string_equal(a.state, "full");
	assert_string_equal(a.source, "msr");
	assert_int_equal(a.cos, 0);
	assert_int_equal(a.ways_allowed, 16);
	assert_int_equal(a.ways_total, 16);
	assert_int_equal(a.effective_bytes, 144 * MIB);
	assert_int_equal(l3alloc_apply(&a, &ci), 0);
	assert_int_equal(ci.caches[1].size_bytes, 144 * MIB);
}

/* Class 1 (PQR_ASSOC bits 63:32; an RMID in the low bits) may fill 4
 * of 16 ways: a quarter of the L3, and the plan's L3 is that quarter. */
static void partial_mask(void **state)
{
	struct cpu_info ci = cpu_with_l3(144 * MIB);
	struct l3alloc_caps c;
	struct msrs m = { { 0xc8f, 0xc81, 0xc90, 0xc91 },
			  { (1ull << 32) | 5, 0, 0xffff, 0xf000 }, 4, 0 };
	struct l3alloc a;
	(void)state;

	l3alloc_caps_decode(&c, replay, (void *)gnr);
	l3alloc_read(&ci, &c, rd, &m, &a);
	assert_string_equal(a.state, "partitioned");
	assert_int_equal(a.cos, 1);
	assert_int_equal(a.mask, 0xf000);
	assert_int_equal(a.ways_allowed, 4);
	assert_int_equal(a.effective_bytes, 36 * MIB);
	assert_int_equal(a.cpuid_bytes, 144 * MIB);
	assert_int_equal(l3alloc_apply(&a, &ci), 1);
	assert_int_equal(ci.caches[1].size_bytes, 36 * MIB);
	assert_int_equal(ci.caches[0].size_bytes, 2 * MIB);
	/* bits past the mask's width do not count */
	m.val[3] = 0xff0000ull | 0x3;
	l3alloc_read(&ci, &c, rd, &m, &a);
	assert_int_equal(a.ways_allowed, 2);
}

/* CDP on (IA32_L3_QOS_CFG bit 0): class 2's data mask is MSR C94h, its
 * code mask C95h; class 2's plain-mode MSR (C92h) is another pair's. */
static void cdp_data_mask(void **state)
{
	struct cpu_info ci = cpu_with_l3(300 * MIB);
	struct l3alloc_caps c;
	struct msrs m = { { 0xc8f, 0xc81, 0xc92, 0xc94, 0xc95 },
			  { 2ull << 32, 1, 0xfffff, 0xff, 0xfffff }, 5, 0 };
	struct l3alloc a;
	(void)state;

	l3alloc_caps_decode(&c, replay, (void *)emr);
	l3alloc_read(&ci, &c, rd, &m, &a);
	assert_string_equal(a.state, "partitioned");
	assert_int_equal(a.cdp, 1);
	assert_int_equal(a.mask, 0xff);
	assert_int_equal(a.ways_allowed, 8);
	assert_int_equal(a.ways_total, 20);
	assert_int_equal(a.effective_bytes, 120 * MIB);
	/* CDP off: class 2's mask is C92h, all ways */
	m.val[1] = 0;
	l3alloc_read(&ci, &c, rd, &m, &a);
	assert_int_equal(a.cdp, 0);
	assert_string_equal(a.state, "full");
}

/* No RDT (leaf 10h zeros; a VM whose max leaf is under 10h reads the
 * same): absent, and no MSR is touched. */
static void no_rdt(void **state)
{
	struct cpu_info ci = cpu_with_l3(24 * MIB);
	struct l3alloc_caps c;
	struct msrs m = { { 0 }, { 0 }, 0, 0 };
	struct l3alloc a;
	(void)state;

	l3alloc_caps_decode(&c, replay, (void *)mtl);
	l3alloc_read(&ci, &c, rd, &m, &a);
	assert_string_equal(a.state, "absent");
	assert_int_equal(m.reads, 0);
	assert_int_equal(a.effective_bytes, 24 * MIB);
	assert_int_equal(l3alloc_apply(&a, &ci), 0);
	l3alloc_unread(&ci, &c, "no MSRs here", &a);
	assert_string_equal(a.state, "absent");
}

/* An MSR that cannot be read, a class past CPUID's highest, or no MSR
 * access at all: unknown, saying why, and nothing applied. */
static void unreadable(void **state)
{
	struct cpu_info ci = cpu_with_l3(144 * MIB);
	struct l3alloc_caps c;
	struct msrs m = { { 0xc8f, 0xc81 }, { 1ull << 32, 0 }, 2, 0 };
	struct l3alloc a;
	(void)state;

	l3alloc_caps_decode(&c, replay, (void *)gnr);
	l3alloc_read(&ci, &c, rd, &m, &a);
	assert_string_equal(a.state, "unknown");
	assert_non_null(strstr(a.why, "IA32_L3_QOS_MASK_1"));
	assert_int_equal(l3alloc_apply(&a, &ci), 0);
	m.val[0] = 15ull << 32;
	l3alloc_read(&ci, &c, rd, &m, &a);
	assert_string_equal(a.state, "unknown");
	assert_non_null(strstr(a.why, "above CPUID's highest"));
	l3alloc_unread(&ci, &c, "baremem-linux reads no MSRs", &a);
	assert_string_equal(a.state, "unknown");
	assert_string_equal(a.source, "none");
	assert_string_equal(a.why, "baremem-linux reads no MSRs");
}

/* AMD: the class's L3QOS_BW_CONTROL: 160 eighths = 20 GB/s; the bit
 * above the 12-bit limit set = unlimited. */
static void amd_bandwidth_limit(void **state)
{
	struct cpu_info ci = cpu_with_l3(32 * MIB);
	struct l3alloc_caps c;
	struct msrs m = { { 0xc8f, 0xc81, 0xc90, 0xc0000200u },
			  { 0, 0, 0xffff, 160 }, 4, 0 };
	struct l3alloc a;
	(void)state;

	l3alloc_caps_decode(&c, replay, (void *)turin);
	l3alloc_read(&ci, &c, rd, &m, &a);
	assert_string_equal(a.state, "full");
	assert_int_equal(a.bw_eighths, 160);
	m.val[3] = 1u << 12;
	l3alloc_read(&ci, &c, rd, &m, &a);
	assert_int_equal(a.bw_eighths, -1);
}

/* Linux resctrl: the group's schemata (decimal domain ids, hex masks;
 * "L3DATA" where CDP is on) against info/L3/cbm_mask. Lines as the
 * kernel's resctrl documentation (Documentation/arch/x86/resctrl.rst)
 * shows them. */
static void resctrl_schemata(void **state)
{
	struct cpu_info ci = cpu_with_l3(30 * MIB);
	struct l3alloc_caps c;
	struct l3alloc a;
	(void)state;

	l3alloc_caps_decode(&c, replay, (void *)gnr);
	assert_int_equal(l3alloc_from_schemata(&ci, &c, "    MB:0=100;1=100\n"
					       "    L3:0=7ff;1=00f\n", 1,
					       "7ff\n", &a), 0);
	assert_string_equal(a.state, "partitioned");
	assert_string_equal(a.source, "resctrl");
	assert_int_equal(a.cos, -1);
	assert_int_equal(a.ways_allowed, 4);
	assert_int_equal(a.ways_total, 11);
	assert_int_equal(a.effective_bytes, 30 * MIB * 4 / 11);
	assert_int_equal(l3alloc_from_schemata(&ci, &c, "L3:0=7ff;1=00f\n", 0,
					       "7ff", &a), 0);
	assert_string_equal(a.state, "full");
	/* CDP on: the data line; the code line is not the chase's */
	assert_int_equal(l3alloc_from_schemata(&ci, &c, "L3CODE:0=7ff\n"
					       "L3DATA:0=0ff\n", 0, "7ff",
					       &a), 0);
	assert_int_equal(a.cdp, 1);
	assert_int_equal(a.ways_allowed, 8);
	/* an AMD part's twelve CCDs: domain 11 of "0=ffff;...;11=00ff" */
	assert_int_equal(l3alloc_from_schemata(&ci, &c,
		"L3:0=ffff;1=ffff;2=ffff;3=ffff;4=ffff;5=ffff;6=ffff;7=ffff;"
		"8=ffff;9=ffff;10=ffff;11=00ff\n", 11, "ffff", &a), 0);
	assert_int_equal(a.ways_allowed, 8);
	assert_int_equal(a.ways_total, 16);
	/* no such domain, no cbm_mask: unknown, saying what was missing */
	assert_int_equal(l3alloc_from_schemata(&ci, &c, "L3:0=7ff\n", 3,
					       "7ff", &a), -1);
	assert_string_equal(a.state, "unknown");
	assert_non_null(strstr(a.why, "domain 3"));
	assert_int_equal(l3alloc_from_schemata(&ci, &c, "L3:0=7ff\n", 0, "",
					       &a), -1);
	assert_non_null(strstr(a.why, "cbm_mask"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(caps_from_recorded_leaves),
		cmocka_unit_test(full_mask),
		cmocka_unit_test(partial_mask),
		cmocka_unit_test(cdp_data_mask),
		cmocka_unit_test(no_rdt),
		cmocka_unit_test(unreadable),
		cmocka_unit_test(amd_bandwidth_limit),
		cmocka_unit_test(resctrl_schemata),
	};
	return cmocka_run_group_tests(tests, 0, 0);
}
