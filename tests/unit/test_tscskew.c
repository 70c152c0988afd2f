/* TSC agreement across cpus: the offset and bound from exchange minima
 * (lib/hw/tscskew.c) with synthetic offsets and transfer times, the
 * summary and its warning rule, and the check as the suite runs it
 * (lib/suite/tsccheck.c) on real threads of the fake platform: a lost
 * cpu, one cpu, and IA32_TSC_ADJUST read and compared. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "fake_platform.h"
#include "hw/tscskew.h"
#include "suite/cpus.h"
#include "suite/tsccheck.h"

#define HZ 1000000000ull	/* 1 tick = 1 ns, so ticks read as ns */

/* What the reference would record: the minima of `n` exchanges where
 * the partner's TSC runs `offset` ticks ahead and each transfer takes
 * base_there / base_back plus a delay that varies by exchange. */
static struct tsc_skew_est exchange(int64_t offset, int64_t base_there,
				    int64_t base_back, int n)
{
	int64_t there = INT64_MAX, back = INT64_MAX;

	for (int k = 0; k < n; k++) {
		int64_t late = (k * 37) % 500;	/* an interrupt, a detour */
		int64_t a = 1000000 + k * 3000;		/* reference sends */
		int64_t b_seen = a + base_there + late + offset;
		int64_t b_sent = b_seen + 40 + offset * 0;
		int64_t a_seen = (b_sent - offset) + base_back + (late / 3);
		if (b_seen - a < there)
			there = b_seen - a;
		if (a_seen - b_sent < back)
			back = a_seen - b_sent;
	}
	return tscskew_estimate(there, back, n, HZ);
}

static void estimate_offsets(void **state)
{
	const int64_t offsets[] = { 0, 250, -250, 5000000, -7000000 };
	(void)state;
	for (unsigned i = 0; i < sizeof offsets / sizeof offsets[0]; i++) {
		/* symmetric transfers: the offset exactly, bound = transfer */
		struct tsc_skew_est e = exchange(offsets[i], 70, 70, 200);
		assert_true(e.known);
		assert_true(e.offset_ns > (double)offsets[i] - 0.01 &&
			    e.offset_ns < (double)offsets[i] + 0.01);
		assert_true(e.bound_ns > 69.99 && e.bound_ns < 70.01);
		/* asymmetric: off by half the difference, still in bound */
		e = exchange(offsets[i], 40, 160, 200);
		assert_true(e.known);
		assert_true(e.offset_ns - e.bound_ns <= (double)offsets[i] &&
			    (double)offsets[i] <= e.offset_ns + e.bound_ns);
		assert_true(e.offset_ns > (double)offsets[i] - 60.01 &&
			    e.offset_ns < (double)offsets[i] - 59.99);
		assert_true(e.bound_ns > 99.99 && e.bound_ns < 100.01);
	}
	/* ticks become ns at the TSC's rate: 2 GHz halves them */
	struct tsc_skew_est e = tscskew_estimate(300, 100, 5, 2 * HZ);
	assert_true(e.known);
	assert_true(e.offset_ns > 49.99 && e.offset_ns < 50.01);
	assert_true(e.bound_ns > 99.99 && e.bound_ns < 100.01);
}

static void estimate_unknown(void **state)
{
	(void)state;
	/* no exchange completed */
	assert_false(tscskew_estimate(INT64_MAX, INT64_MAX, 0, HZ).known);
	/* no TSC rate */
	assert_false(tscskew_estimate(10, 10, 5, 0).known);
	/* arrivals before sendings: TSCs that moved meanwhile */
	assert_false(tscskew_estimate(-100, 50, 5, HZ).known);
	/* a skew larger than the transfer makes one minimum negative,
	 * which is fine as long as the sum is not */
	assert_true(tscskew_estimate(-100, 180, 5, HZ).known);
}

static void summary_and_warning(void **state)
{
	struct tsc_skew_est e[4] = {
		{ 1, 20, 60 }, { 1, -35, 70 }, { 0, 0, 0 }, { 1, 5, 50 },
	};
	struct tsc_skew_summary s;
	(void)state;
	tscskew_summarize(e, 4, &s);
	assert_int_equal(s.measured, 3);
	assert_int_equal(s.missing, 1);
	assert_true(s.max_ns > 34.99 && s.max_ns < 35.01);
	assert_int_equal(s.worst, 1);
	assert_true(s.bound_ns > 69.99 && s.bound_ns < 70.01);
	assert_false(s.over);
	assert_false(s.unsure);
	/* surely over: |offset| - bound above the warning level */
	e[3] = (struct tsc_skew_est){ 1, -(TSC_SKEW_WARN_NS + 500), 100 };
	tscskew_summarize(e, 4, &s);
	assert_true(s.over);
	assert_false(s.unsure);
	assert_int_equal(s.worst, 3);
	/* cannot tell: the bound reaches past the level, the offset not */
	e[3] = (struct tsc_skew_est){ 1, 30, TSC_SKEW_WARN_NS * 3 };
	tscskew_summarize(e, 4, &s);
	assert_false(s.over);
	assert_true(s.unsure);
	/* nor when the offset is past the level by less than its bound: it
	 * may be under it, so unsure, not over */
	e[3] = (struct tsc_skew_est){ 1, TSC_SKEW_WARN_NS + 500, 1000 };
	tscskew_summarize(e, 4, &s);
	assert_false(s.over);
	assert_true(s.unsure);
	/* none known */
	tscskew_summarize(e + 2, 1, &s);
	assert_int_equal(s.measured, 0);
	assert_true(s.max_ns < 0);
	assert_int_equal(s.worst, -1);
}

static struct run_results *run_on(int cpus, int lost)
{
	const char *words[] = { "profile=quick" };
	struct run_results *res;

	fake_cpus = cpus;
	fake_threads = 1;
	fake_lost_cpu = -1;
	fake_msr_probe = -1;
	res = fake_results_new(words, 1, 0, 0);
	assert_non_null(res);
	assert_int_equal(cpus_select(res), cpus);
	fake_lost_cpu = lost;	/* selected, then it stops answering */
	return res;
}

/* Real threads on the host's TSCs, which agree: every partner measured,
 * and its offset within its bound of zero (a kernel that timed the
 * wrong side of a load or store would claim a bound it does not have). */
static void check_on_threads(void **state)
{
	struct run_results *res = run_on(2, -1);	/* the host has 2 cores */
	(void)state;
	tsccheck_run(res, &(struct test_outcome){ 0 });
	assert_null(res->tsc_skew_why);
	assert_int_equal(res->tsc_cpus, 2);
	assert_true(res->tsc[0].reference);
	for (int i = 1; i < 2; i++) {
		const struct tsc_cpu *c = &res->tsc[i];
		assert_int_equal(c->cpu, i);
		assert_true(c->est.known);
		assert_true(c->exchanges >= 1);
		assert_true(c->est.offset_ns - c->est.bound_ns <= 0.5 &&
			    c->est.offset_ns + c->est.bound_ns >= -0.5);
		assert_false(c->adjust_known);
	}
	assert_int_equal(res->tsc_skew.measured, 1);
	assert_non_null(strstr(fake_out, "tsc skew: max "));
	assert_false(fake_warned(res, "IA32_TSC_ADJUST"));
	fake_results_free(res);
}

/* A cpu that never runs its share: no estimate, a warning, the run
 * partial; the others still measured. */
static void lost_cpu(void **state)
{
	struct run_results *res = run_on(3, 2);
	struct test_outcome o = { 0, 0, 0 };
	(void)state;
	tsccheck_run(res, &o);
	assert_null(res->tsc_skew_why);
	assert_true(res->tsc[1].est.known);
	assert_false(res->tsc[2].est.known);
	assert_int_equal(res->tsc[2].exchanges, 0);
	assert_int_equal(res->tsc_skew.missing, 1);
	assert_true(fake_warned(res, "cpu 2 did not finish the TSC check"));
	assert_true(fake_warned(res, "tsc skew: 1 of 2 cpus completed no "
				     "exchange with cpu 0, so their TSCs are not "
				     "checked: cpus 2"));
	/* the outcome says so; the selection shrinks when the runner
	 * prunes, after the check */
	assert_true(o.failed);
	assert_int_equal(o.lost, 1);
	assert_int_equal(res->selected_count, 3);
	cpus_prune(res);
	assert_int_equal(res->selected_count, 2);
	fake_results_free(res);
}

static void one_cpu(void **state)
{
	struct run_results *res = run_on(1, -1);
	(void)state;
	fake_out_len = 0;
	fake_out[0] = 0;
	tsccheck_run(res, &(struct test_outcome){ 0 });
	assert_int_equal(res->tsc_cpus, 1);
	assert_string_equal(res->tsc_skew_why, "one cpu selected");
	assert_non_null(strstr(fake_out, "tsc skew: not measured (one cpu "
				      "selected)"));
	fake_results_free(res);
}

/* The check on three cpus of `vendor`, CPUID 7:EBX[1] as `bit`, the
 * MSR probe answering `probe` (Linux's refuses). */
static struct run_results *adjust_run(const char *vendor, int bit, int probe)
{
	struct run_results *res = run_on(3, -1);

	fake_msr_probe = probe;
	memcpy(res->cpu.vendor, vendor, 13);
	res->cpu.x86.tsc_adjust = bit;
	tsccheck_run(res, &(struct test_outcome){ 0 });
	return res;
}

/* Intel with CPUID 7:EBX[1] and a readable MSR: every cpu's value kept,
 * and the one differing from the reference's named. Elsewhere (another
 * vendor, no CPUID bit, Linux's refused probe) nothing is read. */
static void tsc_adjust(void **state)
{
	struct run_results *res;
	const struct { const char *vendor; int bit, probe; } unread[] = {
		{ "AuthenticAMD", 1, 0 },
		{ "GenuineIntel", 0, 0 },
		{ "GenuineIntel", 1, -1 },
	};
	(void)state;
	fake_msr[0] = fake_msr[2] = 0;
	fake_msr[1] = (uint64_t)-4096;
	res = adjust_run("GenuineIntel", 1, 0);
	for (int i = 0; i < 3; i++)
		assert_true(res->tsc[i].adjust_known);
	assert_true(res->tsc[1].adjust == -4096);
	assert_true(fake_warned(res, "cpu 1's IA32_TSC_ADJUST is -4096, "
				     "cpu 0's 0"));
	assert_false(fake_warned(res, "cpu 2's IA32_TSC_ADJUST"));
	fake_results_free(res);
	for (unsigned k = 0; k < sizeof unread / sizeof unread[0]; k++) {
		res = adjust_run(unread[k].vendor, unread[k].bit,
				 unread[k].probe);
		assert_false(res->tsc[1].adjust_known);
		assert_false(fake_warned(res, "IA32_TSC_ADJUST"));
		fake_results_free(res);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(estimate_offsets),
		cmocka_unit_test(estimate_unknown),
		cmocka_unit_test(summary_and_warning),
		cmocka_unit_test(check_on_threads),
		cmocka_unit_test(lost_cpu),
		cmocka_unit_test(one_cpu),
		cmocka_unit_test(tsc_adjust),
	};
	return cmocka_run_group_tests(tests, 0, 0);
}
