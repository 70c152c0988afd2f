/* Core types (lib/suite/coretypes.c) on a hybrid part: every cpu's CPUID
 * read on that cpu, cpus grouped by core type (CPUID 1Ah), each cpu's
 * latency labels and summary levels from its own type's caches, the
 * bandwidth plan sized so an E-core cluster's L2 holds its cpus' sets,
 * and the JSON naming each cpu's type and each type's caches. The
 * CPUID is a fake one per cpu (res->cpuid_here): cpus 0-1 P-cores
 * (1.25 MiB L2), cpus 2-5 E-cores of one cluster (2 MiB L2 shared by
 * four: listed as shared by 16, the APIC ids of the fake platform being
 * 2 x the cpu, so 4..10 for these), one 30 MiB L3. Before, every cpu
 * had the boot cpu's caches. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "fake_platform.h"

#include "results/results_json.h"
#include "suite/coretypes.h"
#include "suite/cpus.h"
#include "suite/summary.h"

#define K 1024ull
#define M (1024ull * 1024)
#define E_FIRST 2

/* From this cpu on, E-cores without an L3, as Meteor Lake's SoC tile
 * ones (the compute tile E-cores' type, their own 2 MiB L2 of two); past
 * the fake's cpus unless a test moves it. */
static int lp_first = 99;

/* Leaf 4 / 8000001Dh sub-leaf of one cache (SDM vol 2A, CPUID leaf 04H):
 * 64-byte lines, one partition, `ways` ways. */
static struct cpuid_regs leaf4(int type, int level, uint64_t bytes,
			       int ways, int shared_by)
{
	uint64_t sets = bytes / 64 / (uint64_t)ways;

	return (struct cpuid_regs){
		.eax = (uint32_t)type | (uint32_t)level << 5 |
		       (uint32_t)(shared_by - 1) << 14,
		.ebx = 63u | (uint32_t)(ways - 1) << 22,
		.ecx = (uint32_t)(sets - 1) };
}

static struct cpuid_regs fake_cpuid(void *ctx, uint32_t leaf, uint32_t sub)
{
	int cpu = *(const int *)ctx, e = cpu >= E_FIRST;
	struct cpuid_regs none = { 0 };

	switch (leaf) {
	case 0:	/* "GenuineIntel", leaves up to 1Ah */
		return (struct cpuid_regs){ 0x1a, 0x756e6547, 0x6c65746e,
					    0x49656e69 };
	case 7:
		return (struct cpuid_regs){ .edx = 1u << 15 };	/* hybrid */
	case 0x1a:
		return (struct cpuid_regs){ .eax = (e ? 0x20u : 0x40u) << 24 };
	case 4:
		if (sub == 0)
			return e ? leaf4(1, 1, 32 * K, 8, 1)
				 : leaf4(1, 1, 48 * K, 12, 2);
		if (sub == 1 && cpu >= lp_first)
			return leaf4(3, 2, 2 * M, 16, 2);
		if (sub == 1)
			return e ? leaf4(3, 2, 2 * M, 16, 16)
				 : leaf4(3, 2, 1280 * K, 10, 2);
		if (sub == 2 && cpu < lp_first)
			return leaf4(3, 3, 30 * M, 12, 128);
		return none;
	}
	return none;
}

static struct run_results *hybrid_run(void)
{
	const char *words[] = { "cpus=all" };
	struct run_results *res;

	fake_cpus = 6;
	fake_smt = 1;
	fake_threads = 0;
	res = fake_results_new(words, 1, 16, 16);
	assert_non_null(res);
	/* the boot cpu, a P-core: what cpuinfo_read gave res->cpu */
	cpuinfo_decode(&res->cpu, fake_cpuid, &(int){ 0 });
	assert_true(res->cpu.f.hybrid);
	res->cpuid_here = fake_cpuid;
	assert_true(cpus_select(res) == 6);
	return res;
}

static uint64_t l2_of(const struct run_results *res, int cpu)
{
	return cpuinfo_cache(coretypes_info(res, cpu), 2)->size_bytes;
}

static void each_cpu_has_its_own_caches(void **state)
{
	struct run_results *res = hybrid_run();
	(void)state;
	assert_int_equal(coretypes_read(res, &(struct test_outcome){ 0 }), 2);
	assert_string_equal(coretypes_info(res, 0)->core_type, "performance");
	assert_string_equal(coretypes_info(res, E_FIRST)->core_type,
			    "efficiency");
	assert_true(l2_of(res, 1) == 1280 * K);
	assert_true(l2_of(res, E_FIRST) == 2 * M);
	assert_true(l2_of(res, 5) == 2 * M);
	/* a 1.5 MiB chase: past a P-core's L2, inside an E-core's */
	assert_int_equal(summary_level_of(coretypes_info(res, 0), 1536 * K),
			 SUM_L3);
	assert_int_equal(summary_level_of(coretypes_info(res, E_FIRST),
					  1536 * K), SUM_L2);
	fake_results_free(res);
}

/* The all-cpu L2 point: four E-cores share one 2 MiB L2, so each gets
 * at most 256K, under a P-core's 640K share. */
static void plan_sizes_by_each_type(void **state)
{
	struct run_results *res = hybrid_run();
	struct levels_plan p;
	(void)state;
	coretypes_read(res, &(struct test_outcome){ 0 });
	assert_int_equal(coretypes_plan(fake_env(res), fake_set(res), 64 * M,
					&p), 0);
	assert_string_equal(p.rows[1].name, "L2");
	assert_int_equal(p.rows[1].all.cpus, 6);
	assert_true(p.rows[1].all.bytes <= 256 * K);
	fake_results_free(res);
}

/* The results file's JSON of res, its summary computed as the mains do. */
static size_t json_of(const struct run_results *res, char *buf, size_t cap)
{
	struct summary sum;

	summary_of_run(res, &sum);
	return results_json(res, &sum, RUN_OK, buf, cap);
}

static void json_names_types(void **state)
{
	struct run_results *res = hybrid_run();
	static char buf[1 << 18];
	char *types;
	(void)state;
	coretypes_read(res, &(struct test_outcome){ 0 });
	assert_true(json_of(res, buf, sizeof buf) > 0);
	assert_non_null(strstr(buf, "\"core_type\": \"efficiency\""));
	types = strstr(buf, "\"core_types\"");
	assert_non_null(types);
	/* the E type's caches: its 2 MiB L2 */
	assert_non_null(strstr(strstr(types, "efficiency"),
			       "\"size_bytes\": 2097152"));
	fake_results_free(res);
}

/* Not hybrid: nothing is read, every cpu has the boot cpu's caches. */
static void one_type_reads_nothing(void **state)
{
	struct run_results *res = hybrid_run();
	(void)state;
	res->cpu.f.hybrid = 0;
	assert_int_equal(coretypes_read(res, &(struct test_outcome){ 0 }), 0);
	assert_ptr_equal(coretypes_info(res, E_FIRST), &res->cpu);
	fake_results_free(res);
}

/* A cpu that does not answer is reported lost, keeps the boot type,
 * and leaves the selection when the runner prunes it (not before). */
static void lost_cpu_is_dropped(void **state)
{
	struct run_results *res = hybrid_run();
	struct test_outcome o = { 0, 0, 0 };
	int before = res->selected_count;
	(void)state;
	fake_lost_cpu = 3;
	coretypes_read(res, &o);
	assert_int_equal(o.lost, 1);
	assert_true(o.failed);
	assert_int_equal(res->selected_count, before);
	cpus_prune(res);
	fake_lost_cpu = -1;
	assert_int_equal(res->selected_count, 5);
	assert_true(fake_warned(res, "cpu 3 did not finish reading its "
				"caches"));
	assert_int_equal(coretypes_of(res, 3), 0);
	fake_results_free(res);
}

/* Meteor Lake's shape: cpus 6-7 report the E-core type but have no
 * L3. They are a type of their own, sized without an L3; grouped by the
 * core type alone they took the compute tile E-cores' 30 MiB L3. */
static void lp_ecores_without_l3_are_their_own_type(void **state)
{
	struct run_results *res;
	(void)state;
	lp_first = 6;
	fake_cpus = 8;
	fake_smt = 1;
	fake_threads = 0;
	res = fake_results_new((const char *[]){ "cpus=all" }, 1, 16, 16);
	assert_non_null(res);
	cpuinfo_decode(&res->cpu, fake_cpuid, &(int){ 0 });
	res->cpuid_here = fake_cpuid;
	assert_int_equal(cpus_select(res), 8);
	assert_int_equal(coretypes_read(res, &(struct test_outcome){ 0 }), 3);
	assert_string_equal(coretypes_info(res, 6)->core_type, "efficiency");
	assert_null(cpuinfo_cache(coretypes_info(res, 6), 3));
	assert_null(cpuinfo_cache(coretypes_info(res, 7), 3));
	assert_non_null(cpuinfo_cache(coretypes_info(res, E_FIRST), 3));
	assert_int_not_equal(coretypes_of(res, 6), coretypes_of(res, E_FIRST));
	assert_int_equal(coretypes_of(res, 5), coretypes_of(res, E_FIRST));
	/* 4 MiB: DRAM for an SoC tile E-core, not its "L3" */
	assert_int_equal(summary_level_of(coretypes_info(res, 6), 4 * M),
			 SUM_DRAM);
	lp_first = 99;
	fake_results_free(res);
}

/* The boot cpu's class of service may fill 3 of the L3's 12 ways: every
 * type's L3 is sized as that quarter (the plan's L3 points within it),
 * a warning says so, and the JSON keeps CPUID's 30 MiB beside the
 * record of the partition. */
static void partition_sizes_l3_by_its_share(void **state)
{
	struct run_results *res = hybrid_run();
	static char buf[1 << 18];
	struct levels_plan p;
	const char *part;
	(void)state;
	coretypes_read(res, &(struct test_outcome){ 0 });
	res->l3alloc = (struct l3alloc){
		.state = "partitioned", .source = "msr", .cos = 1,
		.mask = 0x7, .ways_allowed = 3, .ways_total = 12,
		.cpuid_bytes = 30 * M, .effective_bytes = 30 * M / 4,
		.bw_eighths = -1 };
	assert_int_equal(coretypes_partition(res), 1);
	assert_true(cpuinfo_cache(&res->cpu, 3)->size_bytes == 30 * M / 4);
	assert_true(cpuinfo_cache(coretypes_info(res, E_FIRST), 3)->size_bytes
		    == 30 * M / 4);
	assert_true(fake_warned(res, "L3 partition: the boot cpu's class of "
				"service 1 may fill 3 of the L3's 12 ways"));
	assert_int_equal(coretypes_plan(fake_env(res), fake_set(res), 64 * M,
					&p), 0);
	assert_string_equal(p.rows[2].name, "L3");
	assert_true(p.rows[2].one.bytes <= 30 * M / 8);
	assert_true(json_of(res, buf, sizeof buf) > 0);
	assert_non_null(strstr(buf, "\"size_bytes\": 31457280"));
	assert_null(strstr(buf, "\"size_bytes\": 7864320"));
	part = strstr(buf, "\"l3_allocation\"");
	assert_non_null(part);
	assert_non_null(strstr(part, "\"state\": \"partitioned\""));
	assert_non_null(strstr(part, "\"effective_bytes\": 7864320"));
	fake_results_free(res);
}

/* The boot cpu's class read from the MSRs (class 0, all ways): cpu 3
 * runs in class 2, whose share is not read: a warning says so. */
static void cpu_in_other_class_warned(void **state)
{
	struct run_results *res = hybrid_run();
	(void)state;
	coretypes_read(res, &(struct test_outcome){ 0 });
	res->l3alloc = (struct l3alloc){
		.state = "full", .source = "msr", .cos = 0, .mask = 0xfff,
		.ways_allowed = 12, .ways_total = 12, .cpuid_bytes = 30 * M,
		.effective_bytes = 30 * M, .bw_eighths = -1 };
	memset(fake_msr, 0, sizeof fake_msr);
	fake_msr[3] = 2ull << 32 | 7;	/* class 2, an RMID */
	fake_msr_probe = 0;
	assert_int_equal(coretypes_partition(res), 0);
	assert_true(fake_warned(res, "L3 partition: 1 cpu (cpu 3 first) run in "
				"another class of service than the boot "
				"cpu's 0"));
	fake_results_free(res);
	/* every cpu in the boot cpu's class: no warning */
	res = hybrid_run();
	coretypes_read(res, &(struct test_outcome){ 0 });
	res->l3alloc.source = "msr";
	res->l3alloc.cos = 0;
	fake_msr[3] = 7;
	coretypes_partition(res);
	assert_false(fake_warned(res, "L3 partition"));
	fake_msr_probe = -1;
	fake_results_free(res);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(each_cpu_has_its_own_caches),
		cmocka_unit_test(plan_sizes_by_each_type),
		cmocka_unit_test(json_names_types),
		cmocka_unit_test(one_type_reads_nothing),
		cmocka_unit_test(lost_cpu_is_dropped),
		cmocka_unit_test(lp_ecores_without_l3_are_their_own_type),
		cmocka_unit_test(partition_sizes_l3_by_its_share),
		cmocka_unit_test(cpu_in_other_class_warned),
	};
	return cmocka_run_group_tests(tests, 0, 0);
}
