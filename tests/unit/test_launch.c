/* Starting a window's cpus: the start skew allowed per cpu (timeouts and
 * start barriers grow with the window), an AP's slot found by its APIC
 * id, and the boot cpu left out when it cannot run with the APs. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "fake_platform.h"

#include "suite/cpus.h"
#include "suite/launch.h"

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

static struct run_results *selected(const char *cpus, int bsp_alone)
{
	char word[64];
	const char *words[] = { word };
	struct run_results *res;

	snprintf(word, sizeof word, "cpus=%s", cpus);
	res = fake_results_new(words, 1, 0, 0);
	assert_non_null(res);
	fake_cpus = 4;
	fake_bsp_alone = bsp_alone;
	cpus_select(res);
	return res;
}

/* Firmware that starts APs only with blocking calls: the boot cpu 0
 * waits in them, so it is left out of a run with APs, once, said. */
static void bsp_left_out_when_it_cannot_run_with_aps(void **state)
{
	struct run_results *res = selected("all", 1);
	(void)state;
	assert_int_equal(res->selected_count, 3);
	for (int i = 0; i < 3; i++)
		assert_int_equal(res->selected[i], i + 1);
	assert_int_equal(res->warnings.count, 1);
	assert_true(fake_warned(res, "the boot cpu 0"));
	assert_false(res->failed);
	fake_results_free(res);
}

/* The boot cpu alone is still measured; with non-blocking calls it
 * runs with the APs and nothing changes. */
static void bsp_kept_when_alone_or_able(void **state)
{
	struct run_results *res = selected("0", 1);
	(void)state;
	assert_int_equal(res->selected_count, 1);
	assert_int_equal(res->selected[0], 0);
	assert_int_equal(res->warnings.count, 0);
	fake_results_free(res);
	res = selected("all", 0);
	assert_int_equal(res->selected_count, 4);
	assert_int_equal(res->selected[0], 0);
	assert_int_equal(res->warnings.count, 0);
	fake_results_free(res);
	res = selected("1,2", 1);	/* no boot cpu to leave out */
	assert_int_equal(res->selected_count, 2);
	assert_int_equal(res->warnings.count, 0);
	fake_results_free(res);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(skew_grows_with_the_cpus),
		cmocka_unit_test(barrier_allows_the_skew),
		cmocka_unit_test(slot_by_apic_id),
		cmocka_unit_test(bsp_left_out_when_it_cannot_run_with_aps),
		cmocka_unit_test(bsp_kept_when_alone_or_able),
	};
	return cmocka_run_group_tests(tests, 0, 0);
}
