/* The scan's range planner (lib/suite/scan_plan.c) over memory maps like
 * OVMF's with -m 8G (RAM below the 3 GiB PCI hole and above 4 GiB), and
 * its flag rule (lib/suite/scan_flag.c), and who reads a range and how
 * far they are from it (lib/suite/scan_readers.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "results/results.h"
#include "suite/scan_flag.h"
#include "suite/scan_plan.h"
#include "suite/scan_readers.h"

#define M (1ull << 20)
#define G (1ull << 30)

static struct scan_range ranges[64];
static struct scan_skip skips[64];
static struct scan_plan plan;

static int build(const struct scan_span *s, int n, uint64_t max_page,
		 const struct numa_topo *t)
{
	plan = (struct scan_plan){ .cap = 64, .range = ranges,
				   .skip_cap = 64, .skip = skips };
	return scan_plan_build(s, n, max_page, t, &plan);
}

/* The skip holding addr, or 0. */
static const struct scan_skip *skip_at(uint64_t addr)
{
	for (int i = 0; i < plan.skip_count; i++)
		if (addr >= skips[i].base && addr - skips[i].base < skips[i].bytes)
			return &skips[i];
	return 0;
}

/* Two whole free GiBs above 4 GiB: each once, on a 1 GiB page. */
static void whole_gibs_get_1g_pages(void **state)
{
	struct scan_span s[] = { { 4 * G, 2 * G, SCAN_FREE } };
	(void)state;

	assert_int_equal(build(s, 1, G, 0), 2);
	assert_int_equal(ranges[0].base, 4 * G);
	assert_int_equal(ranges[0].bytes, G);
	assert_int_equal(ranges[0].page_bytes, G);
	assert_int_equal(ranges[1].base, 5 * G);
	assert_int_equal(ranges[1].page_bytes, G);
	assert_int_equal(ranges[0].node, -1);
	assert_int_equal(plan.skip_count, 0);
}

/* No 1 GiB pages on the cpu: the same GiBs on 2 MiB pages. */
static void no_1g_pages_gives_2m(void **state)
{
	struct scan_span s[] = { { 4 * G, 2 * G, SCAN_FREE } };
	(void)state;

	assert_int_equal(build(s, 1, 2 * M, 0), 2);
	assert_int_equal(ranges[0].page_bytes, 2 * M);
	assert_int_equal(ranges[1].page_bytes, 2 * M);
}

/* A run not on a GiB boundary is cut at each GiB: 1.5 GiB from 4.5 GiB
 * is [4.5, 5) and [5, 6), the first on 2M pages, the second on 1G. A
 * run with a 4K-aligned start begins at its first 2 MiB boundary, the
 * edge before it named: never a range on 4K pages. */
static void unaligned_runs_cut_at_gibs(void **state)
{
	struct scan_span s[] = { { 4 * G + G / 2, G + G / 2, SCAN_FREE },
				 { 8 * G + 4096, 64 * M, SCAN_FREE } };
	(void)state;

	assert_int_equal(build(s, 2, G, 0), 3);
	assert_int_equal(ranges[0].base, 4 * G + G / 2);
	assert_int_equal(ranges[0].bytes, G / 2);
	assert_int_equal(ranges[0].page_bytes, 2 * M);
	assert_int_equal(ranges[1].base, 5 * G);
	assert_int_equal(ranges[1].bytes, G);
	assert_int_equal(ranges[1].page_bytes, G);
	assert_int_equal(ranges[2].base, 8 * G + 2 * M);
	assert_int_equal(ranges[2].bytes, 62 * M);
	assert_int_equal(ranges[2].page_bytes, 2 * M);
	assert_int_equal(skip_at(8 * G + 4096)->why, SCAN_SKIP_SMALL);
	assert_int_equal(skip_at(8 * G + 4096)->bytes, 2 * M - 4096);
	/* the hole between 6 GiB and 8 GiB + 4K is named */
	assert_non_null(skip_at(7 * G));
	assert_int_equal(skip_at(7 * G)->why, SCAN_SKIP_HOLE);
	assert_int_equal(skip_at(7 * G)->base, 6 * G);
	assert_int_equal(skip_at(7 * G)->bytes, 2 * G + 4096);
}

/* OVMF-like -m 8G: free RAM to 2 GiB with the app and firmware in it,
 * the PCI hole from 3 GiB, RAM again 4..9 GiB. Every free byte is in
 * one range or named; the hole is named once. */
static void ovmf_map_with_hole_and_exceptions(void **state)
{
	struct scan_span s[] = {
		{ 0, 640 * 1024, SCAN_FREE },
		{ 1 * M, 1 * G + 1 * M, SCAN_FREE },   /* to 1G+2M */
		{ G + 2 * M, 30 * M, SCAN_APP },
		{ G + 32 * M, G - 32 * M, SCAN_FREE },	/* to 2G */
		{ 2 * G, 256 * M, SCAN_FIRMWARE },
		{ 2 * G + 256 * M, 512 * M, SCAN_FREE_NOT_WB },
		{ 4 * G, 5 * G, SCAN_FREE },
	};
	uint64_t scanned = 0;
	(void)state;

	build(s, 7, G, 0);
	for (int i = 0; i < plan.count; i++) {
		/* each in one GiB */
		assert_int_equal(ranges[i].base / G,
				 (ranges[i].base + ranges[i].bytes - 1) / G);
		if (i)
			assert_true(ranges[i].base >= ranges[i - 1].base +
							     ranges[i - 1].bytes);
		scanned += ranges[i].bytes;
	}
	/* [2M, 1G), [1G, 1G+2M), [1G+32M, 2G), 4..9G as five GiBs; the
	 * MiB from 1M to 2M is an edge under 2 MiB */
	assert_int_equal(plan.count, 8);
	assert_int_equal(ranges[0].base, 2 * M);
	assert_int_equal(ranges[0].page_bytes, 2 * M);
	assert_int_equal(ranges[1].base, G);
	assert_int_equal(ranges[1].bytes, 2 * M);
	assert_int_equal(ranges[2].base, G + 32 * M);
	assert_int_equal(ranges[3].base, 4 * G);
	assert_int_equal(ranges[7].base, 8 * G);
	assert_int_equal(scanned, (G - 2 * M) + 2 * M + (G - 32 * M) + 5 * G);
	assert_int_equal(skip_at(M + 4096)->why, SCAN_SKIP_SMALL);
	assert_int_equal(skip_at(0)->why, SCAN_SKIP_SMALL);	/* 640K */
	assert_int_equal(skip_at(700 * 1024)->why, SCAN_SKIP_HOLE);
	assert_int_equal(skip_at(G + 3 * M)->why, SCAN_SKIP_APP);
	assert_int_equal(skip_at(2 * G + M)->why, SCAN_SKIP_FIRMWARE);
	assert_int_equal(skip_at(2 * G + 300 * M)->why, SCAN_SKIP_NOT_WB);
	assert_int_equal(skip_at(3 * G)->why, SCAN_SKIP_HOLE);
	assert_int_equal(skip_at(3 * G)->base, 2 * G + 768 * M);
	assert_int_equal(skip_at(3 * G)->bytes, 4 * G - (2 * G + 768 * M));
	assert_null(skip_at(9 * G));
	assert_int_equal(plan.dropped, 0);
}

/* A free span the map also lists as the firmware's is the firmware's:
 * never measured. Overlapping free spans are one run. */
static void overlaps_take_the_stricter_kind(void **state)
{
	struct scan_span s[] = { { 4 * G, G, SCAN_FREE },
				 { 4 * G + G / 2, 4 * M, SCAN_FIRMWARE },
				 { 5 * G - 512 * M, 1 * G + 512 * M, SCAN_FREE } };
	(void)state;

	assert_int_equal(build(s, 3, G, 0), 3);
	assert_int_equal(ranges[0].bytes, G / 2);
	assert_int_equal(ranges[1].base, 4 * G + G / 2 + 4 * M);
	assert_int_equal(ranges[1].bytes, G / 2 - 4 * M);
	assert_int_equal(ranges[2].base, 5 * G);
	assert_int_equal(ranges[2].bytes, G);
	assert_int_equal(ranges[2].page_bytes, G);
	assert_int_equal(skip_at(4 * G + G / 2)->why, SCAN_SKIP_FIRMWARE);
}

/* The SRAT's node per range, the ranges cut where a node ends inside a
 * GiB; memory in no SRAT range has node -1. */
static void nodes_from_the_srat(void **state)
{
	static struct numa_topo t;
	struct scan_span s[] = { { 4 * G, 4 * G, SCAN_FREE } };
	(void)state;

	t = (struct numa_topo){ .node_count = 2, .range_count = 2 };
	t.range[0] = (struct numa_range){ .base = 0, .bytes = 5 * G + G / 2,
					  .node = 0 };
	t.range[1] = (struct numa_range){ .base = 5 * G + G / 2,
					  .bytes = 2 * G, .node = 1 };
	assert_int_equal(build(s, 1, G, &t), 6);
	assert_int_equal(ranges[0].node, 0);	/* 4G */
	assert_int_equal(ranges[1].node, 0);	/* 5G..5.5G */
	assert_int_equal(ranges[1].bytes, G / 2);
	assert_int_equal(ranges[1].page_bytes, 2 * M);
	assert_int_equal(ranges[2].node, 1);	/* 5.5G..6G */
	assert_int_equal(ranges[3].node, 1);	/* 6G */
	assert_int_equal(ranges[3].page_bytes, G);
	assert_int_equal(ranges[4].node, 1);	/* 7G..7.5G */
	assert_int_equal(ranges[5].node, -1);	/* 7.5G..8G: no SRAT range */
	assert_int_equal(ranges[5].base, 7 * G + G / 2);
}

/* More ranges than the caller's array: counted as dropped, no overrun. */
static void caps_are_kept(void **state)
{
	struct scan_span s[] = { { 4 * G, 70 * G, SCAN_FREE } };
	(void)state;

	assert_int_equal(build(s, 1, G, 0), 64);
	assert_int_equal(plan.dropped, 6);
}

static struct scan_judged judged(int node, double ns, double gb)
{
	return (struct scan_judged){ .node = node, .ns = ns, .gb = gb };
}

/* One slow GiB among its node's: flagged with the median and spread;
 * the same figures in another node are judged there. */
static void flag_slower_than_node_median(void **state)
{
	struct scan_judged r[] = {
		judged(0, 100, 10), judged(0, 102, 10.2), judged(0, 99, 9.9),
		judged(0, 115, 10), judged(0, 100, 8.5),
		judged(1, 115, 8.5), judged(1, 116, 8.6), judged(1, 114, 8.4),
	};
	double work[16];
	(void)state;

	assert_int_equal(scan_flag_all(r, 8, SCAN_FLAG_THRESHOLD, work), 2);
	assert_string_equal(r[0].flag, "");
	assert_string_equal(r[3].flag, "latency 15% above the node's median "
				       "100.0 ns (node spread 99.0..115.0 ns)");
	assert_string_equal(r[4].flag, "bandwidth 15% below the node's median "
				       "10.0 GB/s (node spread 8.5..10.2 GB/s)");
	for (int i = 5; i < 8; i++)
		assert_string_equal(r[i].flag, "");
}

/* At the threshold itself: not flagged; both slow: both reasons. Fewer
 * than SCAN_FLAG_MIN_RANGES in a node: never flagged. */
static void flag_edges(void **state)
{
	struct scan_judged r[] = {
		judged(0, 100, 10), judged(0, 125, 7.5), judged(0, 100, 10),
		judged(0, 100, 10), judged(0, 130, 5),
		judged(2, 100, 10), judged(2, 200, 1),
	};
	double work[16];
	(void)state;

	/* 125 ns and 7.5 GB/s are exactly 25 % off the medians 100 and 10 */
	assert_int_equal(scan_flag_all(r, 7, 0.25, work), 1);
	assert_string_equal(r[1].flag, "");
	assert_non_null(strstr(r[4].flag, "latency 30% above"));
	assert_non_null(strstr(r[4].flag, "; bandwidth 50% below"));
	assert_string_equal(r[6].flag, "");
}

/* A cpu lost mid-scan: the node's later ranges are read by one cpu
 * fewer, at a lower figure that says nothing of the memory; judged
 * among themselves, not against the ranges read by all. Likewise a
 * chain the caches may answer (a range under twice the DRAM floor) is
 * not the median a DRAM chain is judged by. */
static void fewer_readers_and_cached_chains_judged_apart(void **state)
{
	struct scan_judged r[] = {
		judged(0, 100, 20), judged(0, 101, 20.2), judged(0, 99, 10),
		judged(0, 100, 20), judged(0, 100, 10), judged(0, 100, 10.1),
		judged(0, 100, 9.9), judged(0, 100, 9.9),
	};
	struct scan_judged c[] = {
		judged(0, 100, 10), judged(0, 101, 10), judged(0, 99, 10),
		judged(0, 40, 10), judged(0, 41, 10), judged(0, 42, 10),
		judged(0, 40, 10),
	};
	double work[16];
	(void)state;

	for (int i = 0; i < 8; i++)
		r[i].readers = i < 4 ? 2 : 1;
	/* one 2-reader range at 10 GB/s is still flagged among its peers */
	assert_int_equal(scan_flag_all(r, 8, SCAN_FLAG_THRESHOLD, work), 1);
	assert_non_null(strstr(r[2].flag, "bandwidth 50% below"));
	for (int i = 0; i < 8; i++)
		if (i != 2)
			assert_string_equal(r[i].flag, "");
	for (int i = 3; i < 7; i++)
		c[i].ns_may_be_cached = 1;
	assert_int_equal(scan_flag_all(c, 7, SCAN_FLAG_THRESHOLD, work), 0);
}

/* A run of tests=scan alone is ok when a range was measured, an error
 * when none was (results_status counts the scan). */
static void scan_counts_in_the_status(void **state)
{
	static struct run_results res;
	struct scan_point pts[2] = {
		{ .ns_median = -1, .gb_per_s_median = -1 },
		{ .ns_median = -1, .gb_per_s_median = -1 },
	};
	struct scan_result sr = { .count = 2, .point = pts };
	(void)state;

	/* the registry's scan row, as far as the status reads it */
	static const struct test_row scan_row = {
		.name = "scan", .measured = results_scan_measured };
	res.tests = &scan_row;
	res.test_count = 1;
	res.scan = &sr;
	assert_int_equal(results_status(&res), RUN_ERROR);
	pts[1].ns_median = 95.0;
	pts[1].gb_per_s_median = 12.0;
	assert_int_equal(results_status(&res), RUN_OK);
}

/* Three nodes: 0 with cpus 0 and 1, 1 with memory only (CXL, HBM in
 * flat mode), 2 with cpus 2 and 3; an asymmetric SLIT, so the direction
 * shows ([from][to]). */
static void three_nodes(struct numa_topo *t, int slit)
{
	static const uint8_t d[3][3] = { { 10, 21, 31 },
					 { 22, 10, 33 },
					 { 32, 34, 10 } };

	*t = (struct numa_topo){ .node_count = 3, .cpu_count = 4,
				 .has_slit = slit };
	for (int c = 0; c < 4; c++)
		t->cpu[c] = (struct numa_cpu){ .apic_id = (uint32_t)c,
					       .node = c < 2 ? 0 : 2,
					       .cpu = c };
	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 3; j++)
			t->slit[i][j] = d[i][j];
}

/* The readers of a range of node among selected[0..n) are the two
 * cpus c0, c1, from `want`, at SLIT distance dist from the range. */
static void expect_two_readers(const struct numa_topo *t,
			       const int *selected, int n, int node,
			       enum scan_readers_from want, int c0, int c1,
			       int dist)
{
	int cpus[4];
	enum scan_readers_from from = SCAN_FROM_FIRST_SELECTED;

	assert_int_equal(scan_readers(t, selected, n, node, cpus, &from), 2);
	assert_int_equal(from, want);
	assert_int_equal(cpus[0], c0);
	assert_int_equal(cpus[1], c1);
	assert_int_equal(scan_reader_distance(t, cpus[0], node), dist);
}

/* A node with selected cpus is read by them, all of them, at the SLIT's
 * local distance. */
static void readers_are_the_nodes_cpus(void **state)
{
	static struct numa_topo t;
	int selected[] = { 2, 3, 0, 1 };
	(void)state;

	three_nodes(&t, 1);
	assert_string_equal(scan_readers_from_name(SCAN_FROM_NODE), "node");
	expect_two_readers(&t, selected, 4, 0, SCAN_FROM_NODE, 0, 1, 10);
	expect_two_readers(&t, selected, 4, 2, SCAN_FROM_NODE, 2, 3, 10);
}

/* A memory-only node (cpus_from nearest-node) is read by every selected
 * cpu of the node the SLIT puts nearest it, at once, whatever the
 * selection's order: node 1 (no cpus) is 21 from node 0 and 34 from
 * node 2, so node 0's cpus read it, at 21. Before, the first selected
 * cpu read it alone (here cpu 2, from the farther node, at 34). */
static void memory_only_node_is_read_by_the_nearest_nodes_cpus(void **state)
{
	static struct numa_topo t;
	int selected[] = { 2, 3, 0, 1 }, cpus[4];
	enum scan_readers_from from = SCAN_FROM_FIRST_SELECTED;
	(void)state;

	three_nodes(&t, 1);
	assert_string_equal(scan_readers_from_name(SCAN_FROM_NEAREST_NODE),
			    "nearest-node");
	expect_two_readers(&t, selected, 4, 1, SCAN_FROM_NEAREST_NODE, 0, 1,
			   21);
	/* node 0's cpus not selected: node 2's, the nearest with any */
	expect_two_readers(&t, selected, 2, 1, SCAN_FROM_NEAREST_NODE, 2, 3,
			   34);
	/* a tie goes to the lower node */
	t.slit[2][1] = 21;
	expect_two_readers(&t, selected, 4, 1, SCAN_FROM_NEAREST_NODE, 0, 1,
			   21);
	/* a node of only unselected cpus: the same rule (cpu 0 alone is
	 * selected, node 2 is read from node 0 at 31) */
	selected[0] = 0;
	assert_int_equal(scan_readers(&t, selected, 1, 2, cpus, &from), 1);
	assert_int_equal(from, SCAN_FROM_NEAREST_NODE);
	assert_int_equal(cpus[0], 0);
	assert_int_equal(scan_reader_distance(&t, cpus[0], 2), 31);
}

/* No SLIT: a memory-only node is read by the first selected cpu's
 * node's selected cpus, at a null distance; an unknown node by the
 * first selected cpu alone; no guessed 10 or 20 anywhere. */
static void distance_null_without_slit_or_node(void **state)
{
	static struct numa_topo t;
	int selected[] = { 2, 0, 3 }, cpus[3];
	enum scan_readers_from from = SCAN_FROM_NODE;
	(void)state;

	three_nodes(&t, 0);
	assert_int_equal(scan_readers(&t, selected, 3, 1, cpus, &from), 2);
	assert_int_equal(from, SCAN_FROM_NEAREST_NODE);
	assert_int_equal(cpus[0], 2);
	assert_int_equal(cpus[1], 3);
	assert_int_equal(scan_reader_distance(&t, cpus[0], 1), -1);
	assert_int_equal(scan_reader_distance(&t, cpus[0], 2), -1);
	three_nodes(&t, 1);
	assert_int_equal(scan_readers(&t, selected, 3, -1, cpus, &from), 1);
	assert_int_equal(from, SCAN_FROM_FIRST_SELECTED);
	assert_string_equal(scan_readers_from_name(from), "first-selected");
	assert_int_equal(cpus[0], 2);
	assert_int_equal(scan_reader_distance(&t, cpus[0], -1), -1);
	assert_int_equal(scan_reader_distance(&t, cpus[0], 3), -1);
	assert_int_equal(scan_reader_distance(&t, 7, 0), -1);
	assert_int_equal(scan_reader_distance(0, 0, 0), -1);
	/* no cpu's node known (no SRAT): the first selected cpu alone */
	t.cpu_count = 0;
	assert_int_equal(scan_readers(&t, selected, 3, 1, cpus, &from), 1);
	assert_int_equal(from, SCAN_FROM_FIRST_SELECTED);
	assert_int_equal(cpus[0], 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(whole_gibs_get_1g_pages),
		cmocka_unit_test(no_1g_pages_gives_2m),
		cmocka_unit_test(unaligned_runs_cut_at_gibs),
		cmocka_unit_test(ovmf_map_with_hole_and_exceptions),
		cmocka_unit_test(overlaps_take_the_stricter_kind),
		cmocka_unit_test(nodes_from_the_srat),
		cmocka_unit_test(caps_are_kept),
		cmocka_unit_test(flag_slower_than_node_median),
		cmocka_unit_test(flag_edges),
		cmocka_unit_test(fewer_readers_and_cached_chains_judged_apart),
		cmocka_unit_test(scan_counts_in_the_status),
		cmocka_unit_test(readers_are_the_nodes_cpus),
		cmocka_unit_test(memory_only_node_is_read_by_the_nearest_nodes_cpus),
		cmocka_unit_test(distance_null_without_slit_or_node),
	};
	return cmocka_run_group_tests(tests, 0, 0);
}
