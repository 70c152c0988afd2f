/* cpuorder: baremem's cpu numbers put every core's first thread before
 * any second thread, by package and core, whatever order the platform
 * lists processors in (edk2: by APIC id, siblings side by side). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "hw/cpuorder.h"

#define CPU(p, c, t) { .package = (p), .core = (c), .thread = (t), .usable = 1 }

static void expect_order(struct plat_cpu *raw, int n, const int *want)
{
	int order[64];

	cpuorder_smt_last(raw, n, order);
	for (int k = 0; k < n; k++)
		if (order[k] != want[k])
			fail_msg("cpu %d is raw %d, want raw %d", k, order[k],
				 want[k]);
}

/* edk2 on one package with SMT2: APIC ids 0,1 = core 0, 2,3 = core 1. */
static void smt2_one_package(void **state)
{
	struct plat_cpu raw[] = { CPU(0, 0, 0), CPU(0, 0, 1), CPU(0, 1, 0),
				  CPU(0, 1, 1), CPU(0, 2, 0), CPU(0, 2, 1) };
	static const int want[] = { 0, 2, 4, 1, 3, 5 };
	(void)state;

	expect_order(raw, 6, want);
	assert_int_equal(raw[1].thread, 1);
	assert_int_equal(raw[4].thread, 0);
}

/* Two packages, two cores each, SMT2, listed by APIC id: package 0's
 * cores, then package 1's, then all second threads. */
static void two_packages_smt(void **state)
{
	struct plat_cpu raw[] = { CPU(0, 0, 0), CPU(0, 0, 1), CPU(0, 1, 0),
				  CPU(0, 1, 1), CPU(1, 0, 0), CPU(1, 0, 1),
				  CPU(1, 1, 0), CPU(1, 1, 1) };
	static const int want[] = { 0, 2, 4, 6, 1, 3, 5, 7 };
	(void)state;

	expect_order(raw, 8, want);
}

/* No SMT: the platform's order by (package, core), unchanged when it is
 * already so (a plain QEMU -smp N keeps its numbers). */
static void no_smt_unchanged(void **state)
{
	struct plat_cpu raw[] = { CPU(0, 0, 0), CPU(0, 1, 0), CPU(1, 0, 0),
				  CPU(1, 1, 0) };
	static const int want[] = { 0, 1, 2, 3 };
	(void)state;

	expect_order(raw, 4, want);
}

/* SMT4, cores listed with gaps in their ids and out of order, thread ids
 * that are not 0..3 (only their order counts). */
static void smt4_gaps_and_odd_ids(void **state)
{
	struct plat_cpu raw[] = { CPU(0, 8, 6), CPU(0, 8, 4), CPU(0, 2, 1),
				  CPU(0, 8, 5), CPU(0, 2, 0), CPU(0, 8, 7),
				  CPU(0, 2, 3), CPU(0, 2, 2) };
	static const int want[] = { 4, 1, 2, 3, 7, 0, 6, 5 };
	(void)state;

	expect_order(raw, 8, want);
	assert_int_equal(raw[5].thread, 3);
}

/* Linux VMs may list siblings far apart (cpu0/cpu4 one core); disabled
 * cpus are ordered like the others (the suite skips them). */
static void far_siblings_and_disabled(void **state)
{
	struct plat_cpu raw[] = { CPU(0, 0, 0), CPU(0, 1, 0), CPU(0, 2, 0),
				  CPU(0, 3, 0), CPU(0, 0, 1), CPU(0, 1, 1),
				  CPU(0, 2, 1), CPU(0, 3, 1) };
	static const int want[] = { 0, 1, 2, 3, 4, 5, 6, 7 };
	(void)state;

	raw[2].usable = 0;
	expect_order(raw, 8, want);
}

/* Equal keys (a firmware that reports no topology: all zeros) keep the
 * platform's order; each becomes its own "thread" of core 0. */
static void no_topology_stable(void **state)
{
	struct plat_cpu raw[] = { CPU(0, 0, 0), CPU(0, 0, 0), CPU(0, 0, 0) };
	static const int want[] = { 0, 1, 2 };
	(void)state;

	expect_order(raw, 3, want);
	assert_true(cpuorder_same_core(&raw[0], &raw[2]));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(smt2_one_package),
		cmocka_unit_test(two_packages_smt),
		cmocka_unit_test(no_smt_unchanged),
		cmocka_unit_test(smt4_gaps_and_odd_ids),
		cmocka_unit_test(far_siblings_and_disabled),
		cmocka_unit_test(no_topology_stable),
	};
	return cmocka_run_group_tests(tests, 0, 0);
}
