/* The DRAM copy and write rule of lib/suite/bandwidth.c: copy and write
 * at the DRAM size are measured with cached and with non-temporal
 * stores (each pair in turn, sample by sample), the faster is the one
 * point, and both medians stay in it; inside the caches copy and write
 * are the cached kernels alone. The isa key: each ISA's table and mixes, an ISA
 * the cpu cannot run replaced (warned), a cpu without the ISA falling
 * back on its own. Run on the host through the fake platform. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "fake_platform.h"

#include "suite/bandwidth.h"
#include "suite/cpus.h"
#include "arch/x86_64/isa.h"
#include "arch/arch.h"
#include "suite/isa_plan.h"
#include "suite/launch.h"
#include "skip_reason.h"
#include "suite/suite.h"

/* A one-cpu run asking isa (a config value) on a cpu whose widest is
 * `widest`. */
static struct run_results *run_isa(const char *isa, enum bw_isa widest)
{
	const char *words[] = { "profile=quick", "sizes=16K", "repeat=3",
				"tests=bandwidth", isa };
	struct run_results *res = fake_results_new(words, 5, 0, 256);

	assert_non_null(res);
	assert_int_equal(cpus_select(res), 1);
	res->isa_widest = widest;
	return res;
}

static int is_op(const struct bw_point *p, const char *op)
{
	const char *dash = strchr(p->kernel, '-');
	return dash && !strcmp(dash + 1, op);
}

/* One copy and one write point per level; the DRAM ones compared both
 * ways and each the faster of its two, named by the cached kernel; the
 * cache levels' cached and not compared; ntwrite says non-temporal,
 * read cached. The console names both comparisons. */
static void dram_copy_is_the_faster_of_both_stores(void **state)
{
	enum bw_isa isa = *(enum bw_isa *)*state;
	const char *name = bw_isa_name(isa);
	struct run_results *res;
	int copies = 0, dram = 0, writes = 0, dram_writes = 0;
	char word[16];

	if (isa > isa_usable_here())
		skip_because(isa_skip_code(isa), "this CPU cannot run %s "
			     "kernels", name);
	snprintf(word, sizeof word, "isa=%s", name);
	res = run_isa(word, isa);
	fake_out_len = 0;
	assert_int_equal(suite_run_alone(res, "bandwidth",
					 bandwidth_run).nothing, 0);
	for (int i = 0; i < res->bw.count; i++) {
		const struct bw_point *p = &res->bw.p[i];

		if (p->scaling)
			continue;
		assert_int_equal(strncmp(p->kernel, name, strlen(name)), 0);
		assert_int_equal(p->kernel[strlen(name)], '-');
		assert_int_equal(p->fallback_cpus, 0);
		copies += is_op(p, "copy");
		writes += is_op(p, "write");
		if (!(is_op(p, "copy") || is_op(p, "write")) ||
		    strcmp(p->level, "DRAM")) {
			assert_int_equal(p->nontemporal,
					 strstr(p->kernel, "ntwrite") != 0);
			assert_false(p->stores_compared);
			continue;
		}
		dram += is_op(p, "copy");
		dram_writes += is_op(p, "write");
		assert_true(p->stores_compared);
		assert_true(p->cached_gb_median > 0);
		assert_true(p->nontemporal_gb_median > 0);
		if (p->nontemporal) {
			assert_true(p->nontemporal_gb_median >
				    p->cached_gb_median);
			assert_true(p->gb_median == p->nontemporal_gb_median);
		} else {
			assert_true(p->cached_gb_median >=
				    p->nontemporal_gb_median);
			assert_true(p->gb_median == p->cached_gb_median);
		}
		assert_true(p->gb_min <= p->gb_median &&
			    p->gb_median <= p->gb_max);
	}
	assert_int_equal(copies, 3);	/* L1, L2 and DRAM, one cpu */
	assert_int_equal(writes, 3);
	assert_int_equal(dram, 1);
	assert_int_equal(dram_writes, 1);
	assert_non_null(strstr(fake_out, "DRAM copy, cached against "
				      "non-temporal stores, in turn"));
	assert_non_null(strstr(fake_out, "DRAM write, cached against "
				      "non-temporal stores, in turn"));
	fake_results_free(res);
}

/* isa=auto: the widest the cpu can run, and on a cpu with AVX-512 the
 * AVX2 tables beside it (a core that splits 512-bit accesses reads its
 * L1 faster with 256-bit ones), said on the console; every narrower ISA
 * at DRAM alone (narrow vectors copy DRAM fastest on some parts), said
 * too; the mixes and the scaling curve with the widest alone. */
static void check_auto_plan(struct run_results *res, enum bw_isa widest)
{
	int tables[BW_ISA_COUNT] = { 0 }, mixes[BW_ISA_COUNT] = { 0 };
	int caches[BW_ISA_COUNT] = { 0 };

	fake_out_len = 0;
	assert_int_equal(suite_run_alone(res, "bandwidth",
					 bandwidth_run).nothing, 0);
	for (int i = 0; i < res->bw.count; i++) {
		const struct bw_point *p = &res->bw.p[i];
		const struct bw_kernel *k = bw_kernel_find(p->kernel);

		assert_non_null(k);
		if (p->scaling)
			assert_int_equal(k->isa, widest);
		else if (strstr(k->op, "mix") || !strcmp(k->op, "triad"))
			mixes[k->isa]++;
		else {
			tables[k->isa]++;
			caches[k->isa] += strcmp(p->level, "DRAM") != 0;
		}
	}
	for (int i = 0; i < BW_ISA_COUNT; i++) {
		int planned = i == (int)widest ||
			      (widest == BW_AVX512 && i == BW_AVX2);
		/* every ISA up to the widest has its DRAM rows */
		assert_int_equal(tables[i] > 0, i <= (int)widest);
		assert_int_equal(caches[i] > 0, planned);
		assert_int_equal(mixes[i], i == (int)widest ? 4 : 0);
	}
	assert_int_equal(strstr(fake_out, "and avx2 beside them") != 0,
			 widest == BW_AVX512);
	assert_int_equal(strstr(fake_out, "sse2 kernels at DRAM alone") != 0,
			 widest > BW_SSE2);
	assert_string_equal(res->bw.isa, bw_isa_name(widest));
	fake_results_free(res);
}

/* On this cpu's own kernels: needs the ISA here (skips, saying so). */
static void auto_measures_avx2_beside_avx512(void **state)
{
	enum bw_isa widest = *(enum bw_isa *)*state;

	if (widest > isa_usable_here())
		skip_because(isa_skip_code(widest), "this CPU cannot run %s "
			     "kernels", bw_isa_name(widest));
	check_auto_plan(run_isa("isa=auto", widest), widest);
}

/* One config serves both apps of a stick: AArch64's words on x86 (and
 * x86's on AArch64, the same code) fall back to the widest the cpu
 * runs, each warned once, naming this architecture's ISAs; x86's own
 * word in the same list is kept. */
static void another_architectures_isa_falls_back(void **state)
{
	enum bw_isa out[BW_ISA_COUNT];
	struct run_results *res = run_isa("isa=neon,sve,sse2", BW_AVX2);
	int warned = 0;

	(void)state;
	assert_int_equal(isa_plan(fake_env(res), &res->warnings, out, 0), 2);
	assert_int_equal(out[0], BW_AVX2);
	assert_int_equal(out[1], BW_SSE2);
	for (int i = 0; i < res->warnings.count; i++) {
		warned += strstr(res->warnings.text[i], "isa=neon: not an ISA "
				 "of this cpu's architecture (x86_64 has avx512, "
				 "avx2, sse2): measured with avx2 instead") != 0;
		warned += strstr(res->warnings.text[i], "isa=sve: not an ISA")
			  != 0;
	}
	assert_int_equal(warned, 2);
	assert_int_equal(res->warnings.count, 2);
	fake_results_free(res);
}

static int no_avx512_here(void);

/* The plan on a boot cpu that claims AVX-512, on any AVX2 host: the
 * window's cpu runs the avx512 points with their AVX2 twins (as
 * a_cpu_without_the_isa_falls_back shows), so the plan is checked
 * where no AVX-512 exists. */
static void auto_on_an_avx512_boot_cpu_plans_avx2_beside(void **state)
{
	struct run_results *res;

	(void)state;
	if (isa_usable_here() < BW_AVX2)
		skip_because(isa_skip_code(BW_AVX2), "this CPU cannot run "
			     "avx2 kernels");
	res = run_isa("isa=auto", BW_AVX512);
	res->isa_here = no_avx512_here;
	check_auto_plan(res, BW_AVX512);
}

/* Each window's samples, seen through the hooks bw_window calls: the
 * ISA check once as a window begins, the SMI count twice a sample. */
static int window_samples[256], windows, smi_reads;

static int count_window(void)
{
	if (windows > 0 && windows <= 256)
		window_samples[windows - 1] = smi_reads / 2;
	windows++;
	smi_reads = 0;
	return isa_usable_here();
}

static uint64_t count_smi_read(void)
{
	smi_reads++;
	return 0;
}

/* The DRAM copy and write each run with their non-temporal twins in
 * one window, in turn: twice the samples of any other point (repeat=3),
 * two windows on one cpu. Timed as two points, a pair would meet the
 * machine's drift at two different moments. */
static void dram_copy_and_write_alternate_with_nt_twins(void **state)
{
	struct run_results *res = run_isa("isa=sse2", BW_SSE2);
	int doubled = 0, single = 0;

	(void)state;
	windows = smi_reads = 0;
	res->isa_here = count_window;
	res->smi_count = count_smi_read;
	assert_int_equal(suite_run_alone(res, "bandwidth",
					 bandwidth_run).nothing, 0);
	count_window();		/* closes the last */
	assert_true(windows > 2 && windows <= 256);
	for (int w = 0; w < windows - 1; w++) {
		doubled += window_samples[w] == 6;
		single += window_samples[w] == 3;
	}
	assert_int_equal(doubled, 2);
	assert_int_equal(doubled + single, windows - 1);
	fake_results_free(res);
}

/* isa=avx512,avx2,sse2 on a cpu whose widest is AVX2: a warning for
 * avx512, then avx2's and sse2's tables and mixes, nothing of avx512;
 * every mix at DRAM on the one cpu, its bytes whole passes over its
 * streams (read + written). */
static void a_list_measures_each_isa_it_can(void **state)
{
	static const char *const mixes[] = { "mix31", "mix21", "mix11",
					     "triad" };
	struct run_results *res;
	int found[2][4] = { { 0 } }, warned = 0;

	(void)state;
	if (!__builtin_cpu_supports("avx2"))
		skip_because("no-avx2", "the mixes are checked on avx2 "
			     "kernels");
	res = run_isa("isa=avx512,avx2,sse2", BW_AVX2);
	fake_out_len = 0;
	assert_int_equal(suite_run_alone(res, "bandwidth",
					 bandwidth_run).nothing, 0);
	for (int i = 0; i < res->warnings.count; i++)
		warned += strstr(res->warnings.text[i], "isa=avx512: this cpu "
				 "cannot run avx512 kernels") != 0;
	assert_int_equal(warned, 1);
	assert_false(res->bw.avx512_used);
	for (int i = 0; i < res->bw.count; i++) {
		const struct bw_point *p = &res->bw.p[i];
		const struct bw_kernel *k = bw_kernel_find(p->kernel);

		assert_non_null(k);
		assert_true(k->isa == BW_AVX2 || k->isa == BW_SSE2);
		for (int m = 0; m < 4; m++) {
			uint64_t pass;
			if (strcmp(k->op, mixes[m]))
				continue;
			assert_string_equal(p->level, "DRAM");
			assert_int_equal(p->cpus, 1);
			pass = p->size_bytes / (uint64_t)k->bytes_per_byte /
			       64 * 64 * (uint64_t)k->bytes_per_byte;
			assert_true(pass > 0 && p->bytes % pass == 0);
			found[k->isa == BW_SSE2][m]++;
		}
	}
	for (int t = 0; t < 2; t++)
		for (int m = 0; m < 4; m++)
			assert_int_equal(found[t][m], 1);
	assert_non_null(strstr(fake_out, "read/write mixes at DRAM"));
	fake_results_free(res);
}

static int no_avx512_here(void)
{
	return BW_AVX2;
}

/* The boot cpu has AVX-512 but the cpu that runs the window has only
 * AVX2 (a mixed machine, or a core whose ZMM state is off): that cpu
 * runs the AVX2 twin of every avx512 kernel instead of taking #UD, and
 * every point says so (fallback_cpus 1, a warning naming the kernel it
 * ran); the point keeps the name asked for and its bytes. */
static void a_cpu_without_the_isa_falls_back(void **state)
{
	struct run_results *res;
	int points = 0, warned = 0;

	(void)state;
	if (!__builtin_cpu_supports("avx2"))
		skip_because("no-avx2", "the fallback from avx512 runs "
			     "avx2 kernels");
	res = run_isa("isa=avx512", BW_AVX512);	/* the boot cpu claims it */
	res->isa_here = no_avx512_here;
	assert_int_equal(suite_run_alone(res, "bandwidth",
					 bandwidth_run).nothing, 0);
	for (int i = 0; i < res->bw.count; i++) {
		assert_int_equal(strncmp(res->bw.p[i].kernel, "avx512-", 7), 0);
		assert_int_equal(res->bw.p[i].fallback_cpus, 1);
		assert_true(res->bw.p[i].bytes > 0);
		points++;
	}
	assert_true(points > 0);
	for (int i = 0; i < res->warnings.count; i++)
		warned += strstr(res->warnings.text[i], "cannot run it (CPUID "
				 "or XCR0) and ran avx2-") != 0;
	/* one a point: the DRAM copy and write each measure both store
	 * kinds in one window */
	assert_int_equal(warned, points);
	fake_results_free(res);
}

/* A fake APERF/MPERF source: the core at 1.5x the TSC rate (MPERF 1000
 * a read, APERF 1500); fake_clock_zero: MPERF and APERF read 0, as QEMU
 * TCG's do. */
static uint64_t fake_clock_reads;

static void fake_clock_15(uint64_t *aperf, uint64_t *mperf)
{
	fake_clock_reads++;
	*aperf = fake_clock_reads * 1500;
	*mperf = fake_clock_reads * 1000;
}

static void fake_clock_zero(uint64_t *aperf, uint64_t *mperf)
{
	*aperf = *mperf = 0;
}

/* Every bandwidth point records the core clock of its samples, read
 * inside the window (TSC Hz x dAPERF/dMPERF: the fake platform's TSC
 * is 1 GHz, so 1.5 GHz); none where the counters read 0 or there is no
 * reader; and no settle on a point that is not 512-bit. */
static void every_point_records_its_core_clock(void **state)
{
	void (*readers[])(uint64_t *, uint64_t *) = { fake_clock_15,
						      fake_clock_zero, 0 };

	(void)state;
	if (isa_usable_here() < BW_AVX2)
		skip_because(isa_skip_code(BW_AVX2), "this CPU cannot run "
			     "avx2 kernels");
	for (int r = 0; r < 3; r++) {
		struct run_results *res = run_isa("isa=avx2", BW_AVX2);

		res->clock_read = readers[r];
		fake_clock_reads = 0;
		assert_int_equal(suite_run_alone(res, "bandwidth",
						 bandwidth_run).nothing, 0);
		assert_true(res->bw.count > 0);
		for (int i = 0; i < res->bw.count; i++) {
			const struct bw_point *p = &res->bw.p[i];
			if (r == 0) {
				assert_true(p->clock_ghz == 1.5);
				assert_true(p->clock_ghz_min == 1.5);
			} else {
				assert_true(p->clock_ghz < 0);
				assert_true(p->clock_ghz_min < 0);
			}
			assert_true(p->settle_ms < 0);
		}
		/* one pair of reads a sample, and a pair per retake */
		if (r == 0)
			assert_true(fake_clock_reads >=
				    2 * (uint64_t)res->bw.count * 3);
		fake_results_free(res);
	}
}

/* A 512-bit point ends, on each of its cpus, with the licence's settle:
 * at least 2 ms of the TSC after the kernel, then until APERF/MPERF is
 * back near its ratio before the point (the fake's is steady: back at
 * the first check); without counters the 2 ms alone, unchecked. Runs on
 * an AVX2 host: the window's cpu runs the avx512 points' twins, and the
 * settle goes by the kernel asked. */
static void a_512_bit_point_settles_before_anything_follows(void **state)
{
	void (*readers[])(uint64_t *, uint64_t *) = { fake_clock_15, 0 };

	(void)state;
	if (isa_usable_here() < BW_AVX2)
		skip_because(isa_skip_code(BW_AVX2), "this CPU cannot run "
			     "avx2 kernels");
	for (int r = 0; r < 2; r++) {
		struct run_results *res = run_isa("isa=auto", BW_AVX512);
		int wide = 0, narrow = 0;

		res->isa_here = no_avx512_here;
		res->clock_read = readers[r];
		assert_int_equal(suite_run_alone(res, "bandwidth",
						 bandwidth_run).nothing, 0);
		for (int i = 0; i < res->bw.count; i++) {
			const struct bw_point *p = &res->bw.p[i];
			if (strncmp(p->kernel, "avx512-", 7)) {
				assert_true(p->settle_ms < 0);
				narrow++;
				continue;
			}
			assert_true(p->settle_ms >= 2.0);
			assert_int_equal(p->settle_back, r == 0 ? 1 : -1);
			wide++;
		}
		assert_true(wide > 0 && narrow > 0);
		fake_results_free(res);
	}
}

/* A cpu gone for good (it faulted or hangs) while the others wait at
 * a point's start lines: they give up after two start lines in a row
 * timed out, not one timeout per sample left (repeat=1000 would make
 * that over an hour). The reported TSC rate is set low so a timeout
 * lasts milliseconds; the wait is counted in those timeouts. */
static void a_cpu_gone_costs_two_timeouts_not_one_a_sample(void **state)
{
	const char *words[] = { "profile=quick", "repeat=50", "tests=bandwidth" };
	const int cpus[] = { 0, 1 };
	struct run_results *res;
	uint64_t bytes = 1u << 20, timeout, t0, waited;
	uint8_t *buf = aligned_alloc(4096, bytes);

	(void)state;
	assert_non_null(buf);
	fake_cpus = 2;
	fake_threads = 1;
	res = fake_results_new(words, 3, 0, 0);
	assert_non_null(res);
	assert_int_equal(cpus_select(res), 2);
	res->tsc_hz = 10000000;	/* 10 MHz as far as the suite knows */
	timeout = launch_barrier_ticks(5, res->tsc_hz, 2);
	fake_lost_cpu = 1;
	t0 = ticks_read();
	assert_true(bandwidth_read_together(fake_env(res), &res->warnings,
					    &(struct test_outcome){ 0 },
					    cpus, 2, buf, bytes, 64 << 10, 0,
					    "test") < 0);
	waited = ticks_read() - t0;
	fake_lost_cpu = -1;
	fake_threads = 0;
	assert_true(waited >= 2 * timeout);
	/* One timeout a sample would be 50; 25 leaves room for a loaded
	 * host's delays (5 failed once beside six busy builds). */
	assert_true(waited < 25 * timeout);
	fake_results_free(res);
	free(buf);
}

/* Passes given (the scan's read of a large range: one a sample) run
 * the cpus' windows once, with no sizing on the first cpu alone
 * before; passes 0 sizes them there first: two windows. */
static void given_passes_skip_the_sizing(void **state)
{
	static const char *words[] = { "profile=quick", "repeat=1" };
	static const int cpus[] = { 0, 1 };
	struct run_results *res;
	uint64_t bytes = 1u << 20;
	uint8_t *buf = aligned_alloc(4096, bytes);

	(void)state;
	assert_non_null(buf);
	fake_cpus = 2;
	fake_threads = 1;
	fake_lost_cpu = -1;
	res = fake_results_new(words, 2, 0, 0);
	assert_non_null(res);
	assert_int_equal(cpus_select(res), 2);
	fake_run_calls = 0;
	assert_true(bandwidth_read_together(fake_env(res), &res->warnings,
					    &(struct test_outcome){ 0 },
					    cpus, 2, buf, bytes, 64 << 10, 0,
					    "test") > 0);
	assert_int_equal(fake_run_calls, 2);
	fake_run_calls = 0;
	assert_true(bandwidth_read_together(fake_env(res), &res->warnings,
					    &(struct test_outcome){ 0 },
					    cpus, 2, buf, bytes, 64 << 10, 1,
					    "test") > 0);
	assert_int_equal(fake_run_calls, 1);
	fake_threads = 0;
	fake_results_free(res);
	free(buf);
}

int main(void)
{
	static enum bw_isa avx512 = BW_AVX512, avx2 = BW_AVX2, sse2 = BW_SSE2;
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_prestate(dram_copy_is_the_faster_of_both_stores,
					  &avx512),
		cmocka_unit_test_prestate(dram_copy_is_the_faster_of_both_stores,
					  &avx2),
		cmocka_unit_test_prestate(dram_copy_is_the_faster_of_both_stores,
					  &sse2),
		cmocka_unit_test(a_list_measures_each_isa_it_can),
		cmocka_unit_test(another_architectures_isa_falls_back),
		cmocka_unit_test_prestate(auto_measures_avx2_beside_avx512,
					  &avx512),
		cmocka_unit_test_prestate(auto_measures_avx2_beside_avx512,
					  &avx2),
		cmocka_unit_test(auto_on_an_avx512_boot_cpu_plans_avx2_beside),
		cmocka_unit_test(a_cpu_without_the_isa_falls_back),
		cmocka_unit_test(every_point_records_its_core_clock),
		cmocka_unit_test(a_512_bit_point_settles_before_anything_follows),
		cmocka_unit_test(dram_copy_and_write_alternate_with_nt_twins),
		cmocka_unit_test(a_cpu_gone_costs_two_timeouts_not_one_a_sample),
		cmocka_unit_test(given_passes_skip_the_sizing),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
