/* freqstate: boost and HWP/CPPC decoded from synthetic CPUID bits and
 * MSR values as the SDM and APM document them; an MSR that cannot be
 * read is "unknown", never a guess. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "hw/freqstate.h"

struct msrs {
	uint32_t msr[4];
	uint64_t val[4];
	int n;
};

static int rd(void *ctx, uint32_t msr, uint64_t *v)
{
	const struct msrs *m = ctx;

	for (int i = 0; i < m->n; i++)
		if (m->msr[i] == msr) {
			*v = m->val[i];
			return 0;
		}
	return -1;
}

static struct cpu_info cpu(const char *vendor)
{
	struct cpu_info ci;

	memset(&ci, 0, sizeof ci);
	memcpy(ci.vendor, vendor, 12);
	return ci;
}

static void intel(void **state)
{
	struct cpu_info ci = cpu("GenuineIntel");
	struct msrs m = { { 0x1a0, 0x770 }, { 0, 1 }, 2 };
	struct freq_state fs;
	(void)state;

	ci.x86.turbo = 1;
	ci.x86.hwp = 1;
	freq_state_from_msrs(&ci, rd, &m, &fs);
	assert_string_equal(fs.boost, "on");
	assert_string_equal(fs.hwp, "on");
	assert_string_equal(fs.source, "msr");
	/* Turbo disabled by firmware: bit 38, and CPUID 6:EAX[1] reads 0. */
	m.val[0] = 1ull << 38;
	m.val[1] = 0;
	ci.x86.turbo = 0;
	freq_state_from_msrs(&ci, rd, &m, &fs);
	assert_string_equal(fs.boost, "off");
	assert_string_equal(fs.hwp, "off");
	/* No turbo, no HWP in the cpu. */
	m.val[0] = 0;
	ci.x86.hwp = 0;
	freq_state_from_msrs(&ci, rd, &m, &fs);
	assert_string_equal(fs.boost, "absent");
	assert_string_equal(fs.hwp, "absent");
	/* Unreadable: unknown. */
	m.n = 0;
	ci.x86.hwp = 1;
	freq_state_from_msrs(&ci, rd, &m, &fs);
	assert_string_equal(fs.boost, "unknown");
	assert_string_equal(fs.hwp, "unknown");
}

static void amd(void **state)
{
	struct cpu_info ci = cpu("AuthenticAMD");
	struct msrs m = { { 0xc0010015, 0xc00102b1 }, { 0, 1 }, 2 };
	struct freq_state fs;
	(void)state;

	ci.x86.cpb = 1;
	ci.x86.cppc = 1;
	freq_state_from_msrs(&ci, rd, &m, &fs);
	assert_string_equal(fs.boost, "on");	/* CpbDis clear */
	assert_string_equal(fs.hwp, "on");
	m.val[0] = 1ull << 25;
	m.val[1] = 0;
	freq_state_from_msrs(&ci, rd, &m, &fs);
	assert_string_equal(fs.boost, "off");
	assert_string_equal(fs.hwp, "off");
	ci.x86.cpb = 0;
	ci.x86.cppc = 0;
	freq_state_from_msrs(&ci, rd, &m, &fs);
	assert_string_equal(fs.boost, "absent");
	assert_string_equal(fs.hwp, "absent");
}

static void other_vendor_unknown(void **state)
{
	struct cpu_info ci = cpu("CentaurHauls");
	struct msrs m = { { 0x1a0 }, { 0 }, 1 };
	struct freq_state fs;
	(void)state;

	freq_state_from_msrs(&ci, rd, &m, &fs);
	assert_string_equal(fs.boost, "unknown");
	assert_string_equal(fs.hwp, "unknown");
	assert_string_equal(fs.source, "none");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(intel),
		cmocka_unit_test(amd),
		cmocka_unit_test(other_vendor_unknown),
	};
	return cmocka_run_group_tests(tests, 0, 0);
}
