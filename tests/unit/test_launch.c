/* Starting a window's cpus: the start skew allowed per cpu (timeouts and
 * start barriers grow with the window), an AP's slot found by its APIC
 * id. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "launch.h"

/* 64 cpus started one by one at edk2's ~10 ms each take ~0.64 s: the
 * allowance covers twice that, and grows with the count. */
static void skew_grows_with_the_cpus(void **state)
{
	(void)state;
	assert_true(launch_skew_us(0) == 0);
	assert_true(launch_skew_us(-3) == 0);
	assert_true(launch_skew_us(1) == LAUNCH_US_PER_CPU);
	assert_true(launch_skew_us(64) >= 64 * 10000u);
	assert_true(launch_skew_us(1024) == 1024ull * LAUNCH_US_PER_CPU);
	assert_true(launch_timeout_us(5000000, 64) ==
		    5000000 + 64ull * LAUNCH_US_PER_CPU);
	assert_true(launch_timeout_us(UINT64_MAX - 1, 2) == UINT64_MAX);
}

/* The fixed 5 s start line is passed by 500 APs started 10 ms apart;
 * the scaled one is not. */
static void barrier_allows_the_skew(void **state)
{
	uint64_t hz = 3000000000ull;
	(void)state;
	assert_true(launch_barrier_ticks(5, hz, 1) ==
		    5 * hz + hz / 1000000 * LAUNCH_US_PER_CPU);
	assert_true(launch_barrier_ticks(5, hz, 500) > 500 * hz / 100);
	assert_true(launch_barrier_ticks(5, hz, 500) >
		    launch_barrier_ticks(5, hz, 499));
	assert_true(launch_barrier_ticks(5, 0, 64) == 0);
	assert_true(launch_barrier_ticks(5, UINT64_MAX / 2, 64) ==
		    UINT64_MAX);
}

static void slot_by_apic_id(void **state)
{
	/* x2APIC ids need not be dense (a socket's ids start at a power of
	 * two); a cpu listed twice is found at its first slot */
	const uint32_t ids[] = { 0, 2, 0x40, 0x1000, 2 };
	(void)state;
	assert_int_equal(launch_slot(ids, 5, 0), 0);
	assert_int_equal(launch_slot(ids, 5, 2), 1);
	assert_int_equal(launch_slot(ids, 5, 0x40), 2);
	assert_int_equal(launch_slot(ids, 5, 0x1000), 3);
	assert_int_equal(launch_slot(ids, 5, 1), -1);
	assert_int_equal(launch_slot(ids, 0, 0), -1);
	assert_int_equal(launch_slot(ids, 3, 0x1000), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(skew_grows_with_the_cpus),
		cmocka_unit_test(barrier_allows_the_skew),
		cmocka_unit_test(slot_by_apic_id),
	};
	return cmocka_run_group_tests(tests, 0, 0);
}
