/* The summary rule: each level from points well inside it, DRAM from the
 * largest size, read bandwidth from the one-cpu and all-cpu points. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "suite/summary.h"

#define K 1024ull
#define M (1024ull * 1024)

static struct lat_point pts[64];
static struct bw_point bws[16];

static void machine(struct run_results *r)
{
	memset(r, 0, sizeof *r);
	r->cpu.cache_count = 4;
	r->cpu.caches[0] = (struct cpu_cache){ 1, "data", 32 * K, 64, 8, 2, 0 };
	r->cpu.caches[1] = (struct cpu_cache){ 1, "instruction", 32 * K, 64, 8, 2, 0 };
	r->cpu.caches[2] = (struct cpu_cache){ 2, "unified", 1 * M, 64, 16, 2, 0 };
	r->cpu.caches[3] = (struct cpu_cache){ 3, "unified", 16 * M, 64, 16, 16, 0 };
	r->lat.p = pts;
	r->bw.p = bws;
}

static void add(struct run_results *r, int cpu, uint64_t size, double ns)
{
	pts[r->lat.count++] = (struct lat_point){
		.cpu = cpu, .size_bytes = size, .ns_median = ns,
		.tsc_cycles_median = ns * 3, .core_cycles_median = -1 };
}

/* A sweep whose values encode where they come from: a level's value is
 * only right if the rule picked the points inside that level. */
static void levels_from_inner_points(void **state)
{
	struct run_results r;
	struct summary s;
	(void)state;
	machine(&r);
	add(&r, 0, 4 * K, 1.0);
	add(&r, 0, 8 * K, 1.0);
	add(&r, 0, 16 * K, 1.2);	/* L1: 4K..16K -> median 1.0 */
	add(&r, 0, 32 * K, 2.0);	/* edge: neither L1 nor L2 */
	add(&r, 0, 64 * K, 4.0);
	add(&r, 0, 256 * K, 4.0);
	add(&r, 0, 512 * K, 4.2);	/* L2: 64K..512K -> 4.0 */
	add(&r, 0, 1 * M, 7.0);	/* edge */
	add(&r, 0, 2 * M, 10.0);
	add(&r, 0, 8 * M, 11.0);	/* L3: 2M..8M -> 10.5 */
	add(&r, 0, 16 * M, 40.0);	/* edge */
	add(&r, 0, 64 * M, 80.0);	/* DRAM: largest, >= 4 x 16M */
	add(&r, 1, 128 * M, 999.0);	/* another cpu: ignored */
	summary_compute(&r, 0, &s);
	assert_true(s.lat_ns[SUM_L1] == 1.0);
	assert_true(s.lat_ns[SUM_L2] == 4.0);
	assert_true(s.lat_ns[SUM_L3] == 10.5);
	assert_true(s.lat_ns[SUM_DRAM] == 80.0);
	assert_true(s.lat_tsc_cycles[SUM_L2] == 12.0);
	assert_true(s.lat_core_cycles[SUM_L1] < 0);
}

/* page=all: the sweep on 1G, 2M and 4K pages; the summary is the 1G
 * pass's (no page walks), never a mix. */
static void page_all_summary_from_largest_pages(void **state)
{
	static const uint64_t pages[3] = { 1ull << 30, 2 * M, 4 * K };
	struct run_results r;
	struct summary s;
	(void)state;
	machine(&r);
	for (int k = 0; k < 3; k++) {
		double f = 1.0 + k;	/* 2M twice, 4K three times 1G's */
		add(&r, 0, 8 * K, 1.0 * f);
		add(&r, 0, 4 * M, 10.0 * f);
		add(&r, 0, 128 * M, 80.0 * f);
		for (int i = r.lat.count - 3; i < r.lat.count; i++)
			pts[i].page_bytes = pages[k];
	}
	summary_compute(&r, 0, &s);
	assert_true(s.lat_ns[SUM_L1] == 1.0);
	assert_true(s.lat_ns[SUM_L3] == 10.0);
	assert_true(s.lat_ns[SUM_DRAM] == 80.0);
}

static void missing_levels_are_unmeasured(void **state)
{
	struct run_results r;
	struct summary s;
	(void)state;
	machine(&r);
	add(&r, 0, 16 * K, 1.0);
	add(&r, 0, 24 * M, 70.0);	/* < 2x the LLC, no L3 seen: not DRAM */
	summary_compute(&r, 0, &s);
	assert_true(s.lat_ns[SUM_L1] == 1.0);
	assert_true(s.lat_ns[SUM_L2] < 0);
	assert_true(s.lat_ns[SUM_L3] < 0);
	assert_true(s.lat_ns[SUM_DRAM] < 0);
	assert_true(s.read_gb[SUM_L1] < 0 && s.read_gb_dram_all < 0);
}

static void read_bandwidth_by_level(void **state)
{
	struct run_results r;
	struct summary s;
	(void)state;
	machine(&r);
	bws[r.bw.count++] = (struct bw_point){ .kernel = "avx2-read",
		.level = "L1", .cpus = 1, .gb_median = 200 };
	bws[r.bw.count++] = (struct bw_point){ .kernel = "avx2-write",
		.level = "L1", .cpus = 1, .gb_median = 100 };
	bws[r.bw.count++] = (struct bw_point){ .kernel = "avx2-read",
		.level = "DRAM", .cpus = 1, .gb_median = 20 };
	bws[r.bw.count++] = (struct bw_point){ .kernel = "avx2-read",
		.level = "DRAM", .cpus = 8, .gb_median = 60 };
	bws[r.bw.count++] = (struct bw_point){ .kernel = "avx2-read",
		.level = "DRAM", .cpus = 16, .scaling = 1, .gb_median = 99 };
	/* isa=avx512,avx2,sse2: each level's peak is the best ISA's, in
	 * whichever order they ran; mixes are not reads */
	bws[r.bw.count++] = (struct bw_point){ .kernel = "avx512-read",
		.level = "L2", .cpus = 1, .gb_median = 150 };
	bws[r.bw.count++] = (struct bw_point){ .kernel = "avx2-read",
		.level = "L2", .cpus = 1, .gb_median = 110 };
	bws[r.bw.count++] = (struct bw_point){ .kernel = "sse2-read",
		.level = "DRAM", .cpus = 8, .gb_median = 55 };
	bws[r.bw.count++] = (struct bw_point){ .kernel = "avx512-mix31",
		.level = "DRAM", .cpus = 8, .gb_median = 70 };
	summary_compute(&r, 0, &s);
	assert_true(s.read_gb[SUM_L1] == 200);
	assert_true(s.read_gb[SUM_L2] == 150);
	assert_true(s.read_gb[SUM_DRAM] == 20);
	assert_true(s.read_gb[SUM_L3] < 0);
	assert_true(s.read_gb_dram_all == 60);
	assert_int_equal(s.dram_all_cpus, 8);
	assert_string_equal(s.read_isa[SUM_L1], "avx2");
	assert_string_equal(s.read_isa[SUM_L2], "avx512");
	assert_null(s.read_isa[SUM_L3]);
	assert_string_equal(s.read_isa_dram_all, "avx2");
}

/* isa=auto on a cpu with AVX-512 measures AVX2 beside it at the cache
 * levels: the summary keeps the faster ISA for each level and names it,
 * whichever ran first (the figures: this project's Zen 4, where 256-bit
 * loads read L1 faster); DRAM here has the widest alone. */
static void auto_keeps_the_faster_isa_and_names_it(void **state)
{
	static const struct { const char *kernel, *level; double gb; } pt[] = {
		{ "avx512-read", "L1", 223.0 }, { "avx512-read", "L2", 117.0 },
		{ "avx512-read", "DRAM", 29.6 }, { "avx2-read", "L1", 230.0 },
		{ "avx2-read", "L2", 116.0 }, { "avx2-write", "L1", 300.0 },
	};
	struct run_results r;
	struct summary s;
	(void)state;
	machine(&r);
	for (size_t i = 0; i < sizeof pt / sizeof pt[0]; i++)
		bws[r.bw.count++] = (struct bw_point){ .kernel = pt[i].kernel,
			.level = pt[i].level, .cpus = 1, .gb_median = pt[i].gb };
	summary_compute(&r, 0, &s);
	assert_true(s.read_gb[SUM_L1] == 230.0);
	assert_string_equal(s.read_isa[SUM_L1], "avx2");
	assert_true(s.read_gb[SUM_L2] == 117.0);
	assert_string_equal(s.read_isa[SUM_L2], "avx512");
	assert_true(s.read_gb[SUM_DRAM] == 29.6);
	assert_string_equal(s.read_isa[SUM_DRAM], "avx512");
	assert_true(s.read_gb[SUM_L3] < 0);
	assert_null(s.read_isa[SUM_L3]);
	assert_null(s.read_isa_dram_all);
}

/* The cloud Granite Rapids shape (CPUID L3 480M; the guest gets a
 * few tens of MiB): profile=standard up to the 1920M floor. The L3's
 * CPUID range [4M, 240M] holds cache points (35-40 ns) and DRAM ones
 * (133-166 ns): the figure is the cache plateau's alone, never a median
 * across the step, the L3 is reported short of CPUID's size, and DRAM
 * comes from the floor point. */
static void no_median_across_a_step(void **state)
{
	static const struct { uint64_t size; double ns; } pt[] = {
		{ 4 * K, 1.2 }, { 8 * K, 1.2 }, { 16 * K, 1.2 }, { 32 * K, 1.2 },
		{ 64 * K, 4.5 }, { 128 * K, 4.5 }, { 256 * K, 4.6 },
		{ 512 * K, 4.6 }, { 1 * M, 4.8 }, { 2 * M, 9.0 }, { 3 * M, 20 },
		{ 4 * M, 35 }, { 6 * M, 36 }, { 8 * M, 37 }, { 12 * M, 38 },
		{ 16 * M, 39 }, { 24 * M, 40 }, { 32 * M, 80 },
		{ 48 * M, 133 }, { 64 * M, 140 }, { 96 * M, 150 },
		{ 128 * M, 155 }, { 192 * M, 160 }, { 256 * M, 162 },
		{ 384 * M, 166 }, { 512 * M, 150 }, { 1024 * M, 160 },
		{ 1920 * M, 166 },
	};
	struct run_results r;
	struct summary s;
	(void)state;
	machine(&r);
	r.cpu.caches[0].size_bytes = 48 * K;
	r.cpu.caches[2].size_bytes = 2 * M;
	r.cpu.caches[3].size_bytes = 480 * M;
	for (size_t i = 0; i < sizeof pt / sizeof pt[0]; i++)
		add(&r, 0, pt[i].size, pt[i].ns);
	summary_compute(&r, 0, &s);
	assert_true(s.curve_judged);
	assert_true(s.lat_ns[SUM_L3] >= 35 && s.lat_ns[SUM_L3] <= 40);
	assert_true(s.lat_ns[SUM_DRAM] == 166);
	assert_int_equal(s.dram_size_bytes, 1920 * M);
	assert_int_equal(s.dram_floor_bytes, 1920 * M);
	assert_false(s.dram_below_floor);
	assert_true(s.short_of_cpuid[SUM_L3]);
	assert_true(s.measured_bytes[SUM_L3] >= 24 * M &&
		    s.measured_bytes[SUM_L3] < 48 * M);
	assert_int_equal(s.cpuid_bytes[SUM_L3], 480 * M);
	assert_false(s.short_of_cpuid[SUM_L2]);
	assert_int_equal(s.lat_flagged[SUM_L3], 0);
}

/* A level's figure from a point flagged noisy (outliers left) or
 * disturbed (samples spread past the bound) says so. */
static void figure_from_a_flagged_point_says_so(void **state)
{
	static const uint64_t size[] = { 4 * K, 8 * K, 64 * K, 256 * K,
					 4 * M, 64 * M };
	static const double ns[] = { 1.0, 1.0, 4.0, 4.0, 12.0, 80.0 };
	struct run_results r;
	struct summary s;
	(void)state;
	machine(&r);
	for (size_t i = 0; i < sizeof size / sizeof size[0]; i++)
		add(&r, 0, size[i], ns[i]);
	pts[1].noisy = 1;
	pts[3].disturbed = 1;
	summary_compute(&r, 0, &s);
	assert_int_equal(s.lat_flagged[SUM_L1], 1);
	assert_int_equal(s.lat_flagged[SUM_L2], 1);
	assert_int_equal(s.lat_flagged[SUM_L3], 0);
	assert_int_equal(s.lat_flagged[SUM_DRAM], 0);
	pts[5].disturbed = 1;
	summary_compute(&r, 0, &s);
	assert_int_equal(s.lat_flagged[SUM_DRAM], 1);
}

/* One bandwidth point appended to r. */
static struct bw_point *add_bw(struct run_results *r, const char *kernel,
			       const char *level, int cpus, int nt, double gb)
{
	bws[r->bw.count] = (struct bw_point){ .kernel = kernel,
		.level = level, .cpus = cpus, .nontemporal = nt,
		.gb_median = gb };
	return &bws[r->bw.count++];
}

/* The DRAM copy and write: the fastest of every ISA and store kind, on
 * one cpu and on the most cpus, named (the figures: the Intel Xeon VM
 * whose SSE2 non-temporal copy beat AVX-512's); not the scaling curve,
 * not prefetch=off, not a cache row's ntwrite, not mix11 (a copy by
 * another name, always cached). */
static void dram_copy_and_write_keep_the_fastest_kernel(void **state)
{
	struct run_results r;
	struct summary s;

	(void)state;
	machine(&r);
	add_bw(&r, "avx512-copy", "DRAM", 1, 1, 20.9);
	add_bw(&r, "avx2-copy", "DRAM", 1, 0, 14.9);
	add_bw(&r, "sse2-copy", "DRAM", 1, 1, 25.7);
	add_bw(&r, "sse2-mix11", "DRAM", 1, 0, 30.0);
	add_bw(&r, "avx512-copy", "DRAM", 1, 1, 31.0)->prefetch = BM_PF_OFF;
	add_bw(&r, "avx512-copy", "DRAM", 2, 1, 39.8);
	add_bw(&r, "sse2-copy", "DRAM", 2, 1, 48.8);
	add_bw(&r, "avx2-copy", "DRAM", 1, 1, 60.0)->scaling = 1;
	add_bw(&r, "avx512-ntwrite", "L3", 1, 1, 99.0);
	add_bw(&r, "avx512-ntwrite", "DRAM", 1, 1, 21.0);
	add_bw(&r, "avx2-write", "DRAM", 1, 0, 22.5);
	add_bw(&r, "sse2-write", "DRAM", 2, 0, 30.0);
	add_bw(&r, "avx2-ntwrite", "DRAM", 2, 1, 28.0);
	add_bw(&r, "avx512-read", "DRAM", 1, 0, 50.0);
	summary_compute(&r, 0, &s);
	assert_true(s.dram_copy[SUM_ONE_CPU].gb == 25.7);
	assert_string_equal(s.dram_copy[SUM_ONE_CPU].isa, "sse2");
	assert_int_equal(s.dram_copy[SUM_ONE_CPU].nontemporal, 1);
	assert_int_equal(s.dram_copy[SUM_ONE_CPU].cpus, 1);
	assert_true(s.dram_copy[SUM_ALL_CPUS].gb == 48.8);
	assert_string_equal(s.dram_copy[SUM_ALL_CPUS].isa, "sse2");
	assert_int_equal(s.dram_copy[SUM_ALL_CPUS].cpus, 2);
	assert_true(s.dram_write[SUM_ONE_CPU].gb == 22.5);
	assert_string_equal(s.dram_write[SUM_ONE_CPU].isa, "avx2");
	assert_int_equal(s.dram_write[SUM_ONE_CPU].nontemporal, 0);
	assert_true(s.dram_write[SUM_ALL_CPUS].gb == 30.0);
	assert_string_equal(s.dram_write[SUM_ALL_CPUS].isa, "sse2");
	/* none measured: not a figure */
	machine(&r);
	summary_compute(&r, 0, &s);
	assert_true(s.dram_copy[SUM_ONE_CPU].gb < 0 &&
		    s.dram_copy[SUM_ALL_CPUS].gb < 0 &&
		    s.dram_write[SUM_ONE_CPU].gb < 0 &&
		    s.dram_write[SUM_ALL_CPUS].gb < 0);
}

/* The console's level label: the smallest data/unified cache that holds
 * the set whole; the instruction cache never counts; no L3 means sizes
 * above L2 are DRAM. */
static void level_label_of_a_size(void **state)
{
	struct run_results r;
	(void)state;
	machine(&r);
	assert_int_equal(summary_level_of(&r.cpu, 4 * K), SUM_L1);
	assert_int_equal(summary_level_of(&r.cpu, 32 * K), SUM_L1);
	assert_int_equal(summary_level_of(&r.cpu, 32 * K + 64), SUM_L2);
	assert_int_equal(summary_level_of(&r.cpu, 1 * M), SUM_L2);
	assert_int_equal(summary_level_of(&r.cpu, 2 * M), SUM_L3);
	assert_int_equal(summary_level_of(&r.cpu, 16 * M), SUM_L3);
	assert_int_equal(summary_level_of(&r.cpu, 17 * M), SUM_DRAM);
	r.cpu.caches[1].size_bytes = 64 * K;	/* a bigger L1i: no matter */
	assert_int_equal(summary_level_of(&r.cpu, 48 * K), SUM_L2);
	r.cpu.cache_count = 3;			/* no L3 */
	assert_int_equal(summary_level_of(&r.cpu, 2 * M), SUM_DRAM);
	r.cpu.cache_count = 0;			/* nothing known */
	assert_int_equal(summary_level_of(&r.cpu, 4 * K), SUM_DRAM);
	assert_string_equal(summary_level_name(SUM_L2), "L2");
	assert_string_equal(summary_level_name(SUM_DRAM), "DRAM");
	assert_string_equal(summary_level_name(7), "?");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(level_label_of_a_size),
		cmocka_unit_test(levels_from_inner_points),
		cmocka_unit_test(page_all_summary_from_largest_pages),
		cmocka_unit_test(missing_levels_are_unmeasured),
		cmocka_unit_test(no_median_across_a_step),
		cmocka_unit_test(figure_from_a_flagged_point_says_so),
		cmocka_unit_test(read_bandwidth_by_level),
		cmocka_unit_test(auto_keeps_the_faster_isa_and_names_it),
		cmocka_unit_test(dram_copy_and_write_keep_the_fastest_kernel),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
