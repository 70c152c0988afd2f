/* prefetch=on|off|both against fake per-cpu MSRs: which cpus the vendor
 * documents the control for, the on and off runs tagged, every cpu's
 * original value back afterwards (also when a write fails half-way), and
 * the unsupported path (a warning, one run, no MSR written). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "fake_platform.h"

#include "arch/arch.h"
#include "util/json.h"
#include "suite/prefetch.h"
#include "results/results_json.h"

static struct run_results *res;
static int calls;
static uint64_t seen[4][FAKE_MSR_CPUS];	/* MSRs during each call */
static int stamped[4][2];	/* each call's points' prefetch, as appended */

static const uint64_t original[4] = { 0x0, 0x1, 0x8, 0x100 };

/* Stands in for latency and bandwidth: one point of each per call,
 * appended as they append theirs (the condition stamped then). */
static void fake_tests(struct run_results *r, void *ctx)
{
	(void)ctx;
	if (calls < 4)
		memcpy(seen[calls], fake_msr, sizeof fake_msr);
	struct lat_point *lp;
	struct bw_point *bp;

	calls++;
	lp = lat_append(fake_test_out(r), &(struct lat_point){
		.cpu = 0, .size_bytes = 1 << 20, .page_bytes = 4096,
		.ns_median = 10.0 * calls, .level = "L2", .prefetch = -1 });
	bp = bw_append(fake_test_out(r), &(struct bw_point){
		.kernel = "sse2-read", .level = "L2", .cpus = 1,
		.size_bytes = 1 << 20, .gb_median = 50.0 / calls,
		.prefetch = -1 });
	assert_non_null(lp);
	assert_non_null(bp);
	if (calls <= 4) {
		stamped[calls - 1][0] = lp->prefetch;
		stamped[calls - 1][1] = bp->prefetch;
	}
}

static void set_cpu(struct cpu_info *ci, const char *vendor, int family,
		    int model, int hv)
{
	memset(ci, 0, sizeof *ci);
	memcpy(ci->vendor, vendor, 12);
	ci->family = family;
	ci->model = model;
	ci->f.hypervisor = hv;
}

static int setup(void **state)
{
	(void)state;
	res = calloc(1, sizeof *res);
	res->lat.cap = res->bw.cap = 16;
	res->lat.p = calloc(16, sizeof *res->lat.p);
	res->bw.p = calloc(16, sizeof *res->bw.p);
	res->msr_ok = 1;
	set_cpu(&res->cpu, "GenuineIntel", 6, 0x3f, 0);	/* Haswell-EP */
	fake_cpus = 4;
	fake_lost_cpu = -1;
	fake_msr_probe = 0;
	fake_msr_stuck_cpu = -1;
	fake_msr_writes = 0;
	memset(fake_msr, 0, sizeof fake_msr);
	memcpy(fake_msr, original, sizeof original);
	calls = 0;
	memset(stamped, 0xff, sizeof stamped);
	fake_out_len = 0;
	fake_out[0] = 0;
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	free(res->lat.p);
	free(res->bw.p);
	free(res);
	return 0;
}

static void restored(void)
{
	for (int c = 0; c < 4; c++)
		assert_int_equal(fake_msr[c], original[c]);
}

static void documented_cores(void **state)
{
	struct cpu_info ci;
	uint64_t bits = 0;
	const char *names = 0;
	char why[160];
	static const int listed[] = { 0x1a, 0x2c, 0x2a, 0x3e, 0x3c, 0x4f };
	(void)state;
	for (size_t i = 0; i < sizeof listed / sizeof listed[0]; i++) {
		set_cpu(&ci, "GenuineIntel", 6, listed[i], 0);
		assert_int_equal(arch_prefetch_documented(&ci, &bits, &names,
							  why, sizeof why),
				 0x1a4);
		assert_int_equal(bits, 0xf);
		assert_non_null(strstr(names, "DCU IP"));
	}
	set_cpu(&ci, "GenuineIntel", 6, 0x55, 0);	/* Skylake-SP */
	assert_int_equal(arch_prefetch_documented(&ci, &bits, &names, why,
						  sizeof why), 0);
	assert_non_null(strstr(why, "model 55h"));
	set_cpu(&ci, "GenuineIntel", 6, 0x3f, 1);	/* listed, but a VM */
	assert_int_equal(arch_prefetch_documented(&ci, &bits, &names, why,
						  sizeof why), 0);
	assert_non_null(strstr(why, "hypervisor"));
	set_cpu(&ci, "AuthenticAMD", 0x19, 0x11, 0);	/* Zen 4 (Genoa) */
	assert_int_equal(arch_prefetch_documented(&ci, &bits, &names, why,
						  sizeof why), 0xc0000108);
	assert_int_equal(bits, 0x2f);			/* bit 4 reserved */
	assert_non_null(strstr(names, "L2 up/down"));
	set_cpu(&ci, "AuthenticAMD", 0x19, 0x11, 1);	/* the same, a VM */
	assert_int_equal(arch_prefetch_documented(&ci, &bits, &names, why,
						  sizeof why), 0);
	assert_non_null(strstr(why, "hypervisor"));
	set_cpu(&ci, "AuthenticAMD", 0x17, 0x31, 0);	/* Zen 2: not checked */
	assert_int_equal(arch_prefetch_documented(&ci, &bits, &names, why,
						  sizeof why), 0);
	assert_non_null(strstr(why, "AMD family 17h"));
}

static void both_switches_and_restores(void **state)
{
	(void)state;
	res->config.prefetch = BM_PREFETCH_BOTH;
	prefetch_run(res, fake_tests, 0);
	assert_int_equal(calls, 2);
	for (int c = 0; c < 4; c++) {
		assert_int_equal(seen[0][c], original[c]);	/* on: as found */
		assert_int_equal(seen[1][c], original[c] | 0xf);
	}
	restored();
	assert_int_equal(res->lat.p[0].prefetch, BM_PF_ON);
	assert_int_equal(res->lat.p[1].prefetch, BM_PF_OFF);
	assert_int_equal(res->bw.p[0].prefetch, BM_PF_ON);
	assert_int_equal(res->bw.p[1].prefetch, BM_PF_OFF);
	assert_string_equal(res->prefetch.state, "switched");
	assert_int_equal(res->prefetch.cpus, 4);
	assert_int_equal(res->prefetch.restore_failed, 0);
	assert_int_equal(res->errors.count, 0);
	/* The comparison: 10 ns on, 20 ns off; 50 GB/s on, 25 off. */
	assert_non_null(strstr(fake_out, "prefetchers on vs off: latency"));
	assert_non_null(strstr(fake_out, "10.00      20.00     2.00"));
	assert_non_null(strstr(fake_out, "50.00      25.00     0.50"));
}

/* Each point carries its condition from the moment it is appended (a
 * test that reads its own point back sees it), and nothing rewrites the
 * points afterwards: one made before or after prefetch_run is not
 * controlled. */
static void points_stamped_as_made(void **state)
{
	(void)state;
	assert_non_null(lat_append(fake_test_out(res),
				   &(struct lat_point){ .cpu = 1 }));
	res->config.prefetch = BM_PREFETCH_BOTH;
	prefetch_run(res, fake_tests, 0);
	assert_int_equal(stamped[0][0], BM_PF_ON);
	assert_int_equal(stamped[0][1], BM_PF_ON);
	assert_int_equal(stamped[1][0], BM_PF_OFF);
	assert_int_equal(stamped[1][1], BM_PF_OFF);
	assert_int_equal(res->lat.p[0].prefetch, 0);
	assert_int_equal(res->lat.p[1].prefetch, BM_PF_ON);
	assert_int_equal(res->lat.p[2].prefetch, BM_PF_OFF);
	assert_non_null(bw_append(fake_test_out(res),
				  &(struct bw_point){ .kernel = "x" }));
	assert_int_equal(res->bw.p[2].prefetch, 0);
}

/* A Zen 4 on bare metal: PrefetchControl's five documented bits go on
 * and come off again on every cpu, reserved bit 4 untouched. */
static void amd_switches_its_five_bits(void **state)
{
	(void)state;
	set_cpu(&res->cpu, "AuthenticAMD", 0x19, 0x11, 0);
	res->config.prefetch = BM_PREFETCH_OFF;
	prefetch_run(res, fake_tests, 0);
	assert_int_equal(calls, 1);
	for (int c = 0; c < 4; c++)
		assert_int_equal(seen[0][c], original[c] | 0x2f);
	restored();
	assert_string_equal(res->prefetch.control, "amd-msr-0xc0000108");
	assert_non_null(strstr(res->prefetch.switched, "L1 stride"));
	assert_int_equal(res->errors.count, 0);
}

static void off_runs_once_off(void **state)
{
	(void)state;
	res->config.prefetch = BM_PREFETCH_OFF;
	prefetch_run(res, fake_tests, 0);
	assert_int_equal(calls, 1);
	assert_int_equal(seen[0][3], original[3] | 0xf);
	assert_int_equal(res->lat.p[0].prefetch, BM_PF_OFF);
	restored();
}

/* A cpu refuses the write: nothing is measured off, every cpu that did
 * switch is put back, prefetch=off still measures once untagged. */
static void failed_write_restores_all(void **state)
{
	(void)state;
	res->config.prefetch = BM_PREFETCH_OFF;
	fake_msr_stuck_cpu = 2;
	prefetch_run(res, fake_tests, 0);
	assert_int_equal(calls, 1);
	assert_int_equal(seen[0][0], original[0]);	/* back before it ran */
	assert_int_equal(res->lat.p[0].prefetch, 0);
	assert_string_equal(res->prefetch.state, "failed");
	restored();
	assert_int_equal(res->errors.count, 0);
	assert_int_equal(res->warnings.count, 1);
	assert_non_null(strstr(res->warnings.text[0], "could not be written"));

	/* both: the on run is kept and tagged, no off run. */
	teardown(state);
	setup(state);
	res->config.prefetch = BM_PREFETCH_BOTH;
	fake_msr_stuck_cpu = 1;
	prefetch_run(res, fake_tests, 0);
	assert_int_equal(calls, 1);
	assert_int_equal(res->lat.p[0].prefetch, BM_PF_ON);
	restored();
}

/* The run during which cpu 3 stops taking writes (as if it hung). */
/* A fault on the boot cpu leaves the suite without returning
 * (efi/x86_64/fault.c jumps out): here, out of the prefetchers-off
 * pass. */
static jmp_buf abandon;

static void tests_then_abandoned(struct run_results *r, void *ctx)
{
	(void)ctx;
	fake_tests(r, 0);
	longjmp(abandon, 1);
}

/* The run abandoned with the prefetchers off: nothing restored them on
 * the way out, prefetch_restore_after_abort puts every cpu back, once. */
static void abandoned_run_is_restored(void **state)
{
	(void)state;
	res->config.prefetch = BM_PREFETCH_OFF;
	if (setjmp(abandon) == 0)
		prefetch_run(res, tests_then_abandoned, 0);
	for (int c = 0; c < 4; c++)
		assert_int_equal(fake_msr[c], original[c] | 0xf);
	assert_int_equal(prefetch_restore_after_abort(res), 1);
	restored();
	assert_int_equal(res->prefetch.restore_failed, 0);
	assert_int_equal(res->errors.count, 0);
	assert_int_equal(prefetch_restore_after_abort(res), 0);
}

/* A run that ended normally leaves nothing to undo. */
static void finished_run_has_nothing_to_undo(void **state)
{
	(void)state;
	res->config.prefetch = BM_PREFETCH_BOTH;
	prefetch_run(res, fake_tests, 0);
	restored();
	fake_msr_writes = 0;
	assert_int_equal(prefetch_restore_after_abort(res), 0);
	assert_int_equal(fake_msr_writes, 0);
}

static void tests_then_cpu3_stuck(struct run_results *r, void *ctx)
{
	(void)ctx;
	fake_tests(r, 0);
	fake_msr_stuck_cpu = 3;
}

/* A cpu that cannot be put back: an error naming it, and the run is not
 * ok; the others are back. */
static void restore_failure_is_an_error(void **state)
{
	(void)state;
	res->config.prefetch = BM_PREFETCH_OFF;
	prefetch_run(res, tests_then_cpu3_stuck, 0);
	assert_int_equal(res->prefetch.restore_failed, 1);
	assert_int_equal(res->errors.count, 1);
	assert_non_null(strstr(res->errors.text[0], "cpu 3's MSR 0x1a4"));
	assert_true(res->failed);
	for (int c = 0; c < 3; c++)
		assert_int_equal(fake_msr[c], original[c]);
	assert_int_equal(fake_msr[3], original[3] | 0xf);
}

static void unsupported_paths(void **state)
{
	char buf[4096];
	struct json_writer w;
	(void)state;
	/* Under a hypervisor (QEMU): a warning, one run, nothing written. */
	res->config.prefetch = BM_PREFETCH_BOTH;
	res->cpu.f.hypervisor = 1;
	prefetch_run(res, fake_tests, 0);
	assert_int_equal(calls, 1);
	assert_int_equal(fake_msr_writes, 0);
	assert_int_equal(res->lat.p[0].prefetch, 0);
	assert_string_equal(res->prefetch.state, "unsupported");
	assert_non_null(strstr(res->warnings.text[0], "prefetch=both: "
			       "hardware prefetcher control unavailable"));
	json_init(&w, buf, sizeof buf, 0);
	json_object_begin(&w, 0);
	results_json_prefetch(&w, res);
	json_object_end(&w);
	assert_int_equal(json_finish(&w), 0);
	assert_non_null(strstr(buf, "\"state\":\"unsupported\""));
	assert_non_null(strstr(buf, "\"control\":null"));

	/* No MSR access (Linux), and a probe that fails. */
	teardown(state);
	setup(state);
	res->config.prefetch = BM_PREFETCH_OFF;
	res->msr_ok = 0;
	prefetch_run(res, fake_tests, 0);
	assert_string_equal(res->prefetch.state, "unsupported");
	assert_int_equal(fake_msr_writes, 0);
	teardown(state);
	setup(state);
	res->config.prefetch = BM_PREFETCH_OFF;
	fake_msr_probe = -1;
	prefetch_run(res, fake_tests, 0);
	assert_string_equal(res->prefetch.state, "unsupported");
	assert_non_null(strstr(res->prefetch.why, "written back"));
	assert_int_equal(fake_msr_writes, 0);

	/* prefetch=on: not asked, nothing touched, nothing recorded. */
	teardown(state);
	setup(state);
	prefetch_run(res, fake_tests, 0);
	assert_int_equal(calls, 1);
	assert_null(res->prefetch.state);
	assert_int_equal(fake_msr_writes, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(documented_cores),
		cmocka_unit_test_setup_teardown(points_stamped_as_made, setup,
						teardown),
		cmocka_unit_test_setup_teardown(both_switches_and_restores,
						setup, teardown),
		cmocka_unit_test_setup_teardown(amd_switches_its_five_bits,
						setup, teardown),
		cmocka_unit_test_setup_teardown(off_runs_once_off, setup,
						teardown),
		cmocka_unit_test_setup_teardown(failed_write_restores_all,
						setup, teardown),
		cmocka_unit_test_setup_teardown(restore_failure_is_an_error,
						setup, teardown),
		cmocka_unit_test_setup_teardown(abandoned_run_is_restored,
						setup, teardown),
		cmocka_unit_test_setup_teardown(finished_run_has_nothing_to_undo,
						setup, teardown),
		cmocka_unit_test_setup_teardown(unsupported_paths, setup,
						teardown),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
