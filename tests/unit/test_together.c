/* "N cpus together": the one rule for their GB/s (lib/suite/together.c), and
 * the NUMA read matrix measured as the bandwidth table's all-cpus read
 * (through the fake platform, one cpu: the windows run in place). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "fake_platform.h"

#include "arch/arch.h"
#include "suite/cpus.h"
#include "suite/numa_matrix.h"
#include "suite/together.h"
#include "suite/suite.h"

#define GHZ 1000000000ull

/* One cpu took twice as long as the other for the same bytes: the pair
 * moved 2 GB in 2 s, 1.0 GB/s. Summing each cpu's own rate (1.0 + 0.5)
 * says 1.5, bandwidth the memory never gave while both were loading. */
static void all_bytes_over_the_slowest_end(void **state)
{
	struct cpu_span s[] = {
		{ .bytes = GHZ, .t0 = 100, .t1 = 100 + GHZ },
		{ .bytes = GHZ, .t0 = 100, .t1 = 100 + 2 * GHZ },
	};
	(void)state;
	assert_float_equal(together_gb_per_s(s, 2, GHZ), 1.0, 1e-9);
}

/* A cpu that started late: the span runs from the earliest start. 1.5 GB
 * in 1 s; each cpu's own rate would add up to 2.0. */
static void span_from_the_earliest_start(void **state)
{
	struct cpu_span s[] = {
		{ .bytes = GHZ, .t0 = 0, .t1 = GHZ },
		{ .bytes = GHZ / 2, .t0 = GHZ / 2, .t1 = GHZ },
	};
	(void)state;
	assert_float_equal(together_gb_per_s(s, 2, GHZ), 1.5, 1e-9);
}

/* Same window for everyone (the loaders of a time-bounded run): both
 * rules agree, and the TSC rate scales it. */
static void same_window_is_the_sum(void **state)
{
	struct cpu_span s[] = {
		{ .bytes = 3 * GHZ, .t0 = 7, .t1 = 7 + 2 * GHZ },
		{ .bytes = 5 * GHZ, .t0 = 7, .t1 = 7 + 2 * GHZ },
		{ .bytes = 0, .t0 = 7, .t1 = 7 + 2 * GHZ },
	};
	(void)state;
	assert_float_equal(together_gb_per_s(s, 3, 2 * GHZ), 8.0, 1e-9);
	assert_float_equal(together_gb_per_s(s, 1, GHZ), 1.5, 1e-9);
}

static void nothing_to_divide(void **state)
{
	struct cpu_span s[] = { { .bytes = 64, .t0 = 5, .t1 = 5 } };
	(void)state;
	assert_true(together_gb_per_s(s, 0, GHZ) < 0);
	assert_true(together_gb_per_s(s, 1, GHZ) < 0);
	s[0].t1 = 6;
	assert_true(together_gb_per_s(s, 1, 0) < 0);
	assert_true(together_gb_per_s(s, 1, GHZ) > 0);
}

/* A stand-in SMI counter: quiet, or a new SMI between any two reads. */
static int smi_storm;
static uint64_t smi_reads;

static uint64_t fake_smi_count(void)
{
	uint64_t n = smi_reads++;

	return smi_storm ? n : 0;
}

static struct run_results *numa_results(void)
{
	const char *words[] = { "profile=quick", "repeat=5", "tests=numa" };
	struct run_results *res = fake_results_new(words, 3, 0, 8);

	assert_non_null(res);
	res->cpu.ticks_end_way = ticks_end_way_here();
	/* A 16 MiB L3: the quick DRAM size is its floor, 64 MiB. */
	res->cpu.cache_count = 1;
	res->cpu.caches[0] = (struct cpu_cache){ 3, "unified", 16 << 20, 64,
						 16, 1, 0 };
	res->smi_count = fake_smi_count;
	smi_reads = 0;
	fake_cpus = 1;
	assert_int_equal(cpus_select(res), 1);
	return res;
}

static void numa_results_free(struct run_results *res)
{
	if (res->numa) {
		free(res->numa->topo);
		free(res->numa->latency_ns);
		free(res->numa->read_gb);
		free(res->numa->buffer_base);
		free(res->numa->page_bytes);
		free(res->numa);
	}
	fake_results_free(res);
}

/* The numa read is the bandwidth table's measurement: `repeat` samples,
 * each framed by SMI counter reads, nothing added to the table, and the
 * cell's pages recorded. */
static void numa_read_is_the_bandwidth_measurement(void **state)
{
	struct run_results *res;
	(void)state;
	smi_storm = 0;
	res = numa_results();
	assert_int_equal(suite_run_alone(res, "numa", numa_run).nothing, 0);
	assert_non_null(res->numa);
	assert_true(res->numa->latency_ns[0] > 0);
	assert_true(res->numa->read_gb[0] > 0);
	assert_int_equal(smi_reads, 2 * 5);
	assert_int_equal(res->bw.count, 0);
	assert_int_equal(res->numa->page_bytes[0], 4096);
	numa_results_free(res);
}

/* Every sample hit by an SMI, retakes too: the cell is dropped and says
 * why, as a bandwidth point would. */
static void numa_read_follows_the_smi_rule(void **state)
{
	struct run_results *res;
	(void)state;
	smi_storm = 1;
	res = numa_results();
	assert_int_equal(suite_run_alone(res, "numa", numa_run).nothing, 0);
	assert_true(res->numa->latency_ns[0] > 0);
	assert_true(res->numa->read_gb[0] < 0);
	assert_true(fake_warned(res, "numa read of node 0 by node 0 on 1 "
				"cpus: every sample hit by an SMI"));
	numa_results_free(res);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(all_bytes_over_the_slowest_end),
		cmocka_unit_test(span_from_the_earliest_start),
		cmocka_unit_test(same_window_is_the_sum),
		cmocka_unit_test(nothing_to_divide),
		cmocka_unit_test(numa_read_is_the_bandwidth_measurement),
		cmocka_unit_test(numa_read_follows_the_smi_rule),
	};
	return cmocka_run_group_tests(tests, 0, 0);
}
