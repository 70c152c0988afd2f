/* Per-cpu buffers in each cpu's node (lib/suite/nodebuf.c) and what the
 * bandwidth and loaded-latency tests make of them: every
 * all-cpu point's buffer of cpu i in cpu i's node, buffer_nodes saying
 * so, a warning when the topology is unknown or a node is full; the
 * DRAM size floor (4x the LLC) on a machine with many cpus and little
 * memory; ntwrite in the cache rows marked as the DRAM writes it is;
 * each cpu's DRAM latency chased in its own node, the sweep in the first
 * cpu's, outliers judged among cpus as far from their buffers; SRAT
 * memory flagged hot-pluggable used where the memory map lists RAM.
 * Run on the host through the fake platform, its windows in threads. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "fake_platform.h"
#include "srat_image.h"

#include "suite/bandwidth.h"
#include "suite/c2c.h"
#include "suite/cpus.h"
#include "suite/latency.h"
#include "suite/loaded.h"
#include "suite/nodebuf.h"
#include "suite/numa_matrix.h"
#include "suite/suite.h"

#define MIB (1ull << 20)

/* A fake machine: cpus over nodes (0: no topology), room per node. */
static void machine(int cpus, int nodes, uint64_t node_room)
{
	fake_cpus = cpus;
	fake_smt = 1;
	fake_nodes = nodes;
	fake_threads = 1;
	fake_max_bytes = 64 * MIB;
	fake_mem_room = ~0ull;
	fake_srat = 0;
	fake_ram_count = 0;
	for (int m = 0; m < NUMA_MAX_NODES; m++)
		fake_node_room[m] = node_room;
	fake_out_len = 0;
	fake_out[0] = 0;
}

/* repeat=1: these checks read where buffers are and which points run,
 * never a sample's figure. */
static struct run_results *run(const char *tests)
{
	const char *words[] = { "profile=quick", "sizes=16K", "repeat=1",
				tests };
	struct run_results *res = fake_results_new(words, 4, 0, 256);

	assert_non_null(res);
	assert_int_equal(cpus_select(res), fake_cpus);
	return res;
}

static int count_warned(const struct run_results *res, const char *what)
{
	int n = 0;
	for (int i = 0; i < res->warnings.count; i++)
		n += strstr(res->warnings.text[i], what) != 0;
	return n;
}

/* Two nodes of four cpus: one buffer a node, sliced; each cpu's slot in
 * its own node's buffer, and the record says which. */
static void each_cpu_gets_its_own_node(void **state)
{
	struct run_results *res;
	struct nodebuf nb;
	int cpus[8] = { 0, 1, 2, 3, 4, 5, 6, 7 };

	(void)state;
	machine(8, 2, 1ull << 30);
	res = run("tests=bandwidth");
	assert_int_equal(nodebuf_alloc(res->config.page_bytes, cpus, 8, 3 * MIB + 5, &nb), 0);
	assert_int_equal(nb.slot_bytes, 3 * MIB + 4096);
	assert_int_equal(nb.nbufs, 2);
	for (int i = 0; i < 8; i++) {
		int node = -3;
		uint8_t *p = nodebuf_slot(&nb, cpus[i], &node);
		assert_non_null(p);
		assert_int_equal(node, fake_node_of_cpu(cpus[i]));
		assert_int_equal(fake_node_of_addr(p), node);
		assert_int_equal(fake_node_of_addr(p + nb.slot_bytes - 1), node);
	}
	nodebuf_warn(&res->warnings, &nb, "test");
	assert_int_equal(res->warnings.count, 0);
	nodebuf_free(&nb);
	assert_int_equal(fake_node_room[0], 1ull << 30);
	fake_results_free(res);
}

/* The platform finds the pages elsewhere than asked (a kernel that did
 * not honour mbind): the record says where they are, not what was
 * asked, and a warning says so. */
static void pages_recorded_where_they_are(void **state)
{
	struct run_results *res;
	struct nodebuf nb;
	int cpus[4] = { 0, 1, 2, 3 };

	(void)state;
	machine(4, 2, 1ull << 30);
	fake_misplace_node = 0;
	res = run("tests=bandwidth");
	assert_int_equal(nodebuf_alloc(res->config.page_bytes, cpus, 4, MIB, &nb), 0);
	for (int i = 0; i < 4; i++) {
		int node = -3;
		assert_non_null(nodebuf_slot(&nb, cpus[i], &node));
		assert_int_equal(node, 0);
	}
	assert_int_equal(nb.moved, 2);
	nodebuf_warn(&res->warnings, &nb, "test");
	assert_true(fake_warned(res, "test: 2 of 4 buffers' pages are not in "
				     "the node they were asked in"));
	assert_true(fake_warned(res, "2 of 4 buffers not in their cpu's own "
				     "node"));
	nodebuf_free(&nb);
	fake_misplace_node = -1;
	fake_results_free(res);
}

/* Node 1 has room for two of its four cpus: those two stay, the other
 * two go to node 0 (the nearest with room), recorded there, and the
 * warning names them. Too little memory anywhere: -1, nothing kept. */
static void full_node_falls_back_and_names_the_cpus(void **state)
{
	struct run_results *res;
	struct nodebuf nb;
	int cpus[8] = { 0, 1, 2, 3, 4, 5, 6, 7 };

	(void)state;
	machine(8, 2, 1ull << 30);
	fake_node_room[1] = 2 * MIB;
	res = run("tests=bandwidth");
	assert_int_equal(nodebuf_alloc(res->config.page_bytes, cpus, 8, MIB, &nb), 0);
	for (int i = 0; i < 8; i++) {
		int node;
		uint8_t *p = nodebuf_slot(&nb, cpus[i], &node);
		assert_int_equal(node, i < 6 ? fake_node_of_cpu(i) : 0);
		assert_int_equal(fake_node_of_addr(p), node);
	}
	nodebuf_warn(&res->warnings, &nb, "test");
	assert_true(fake_warned(res, "2 of 8 buffers not in their cpu's own "
				"node"));
	assert_true(fake_warned(res, "cpus 6-7"));
	nodebuf_free(&nb);

	fake_node_room[0] = 3 * MIB;
	assert_int_equal(nodebuf_alloc(res->config.page_bytes, cpus, 8, MIB, &nb), -1);
	assert_int_equal(fake_node_room[0], 3 * MIB);
	assert_int_equal(fake_node_room[1], 2 * MIB);
	fake_results_free(res);
}

/* Every bandwidth point on two nodes: buffer_nodes has one entry per
 * cpu of cpu_list, each that cpu's own node; the all-cpu points, the
 * DRAM ones and the scaling curve are there. */
static void bandwidth_points_read_their_own_node(void **state)
{
	struct run_results *res;
	int all = 0, dram_all = 0, scaling = 0;

	(void)state;
	machine(4, 2, 1ull << 30);
	fake_max_bytes = 16 * MIB;	/* small buffers: a quick test */
	res = run("tests=bandwidth");
	assert_int_equal(suite_run_alone(res, "bandwidth",
					 bandwidth_run).nothing, 0);
	for (int i = 0; i < res->bw.count; i++) {
		const struct bw_point *p = &res->bw.p[i];
		assert_non_null(p->buffer_nodes);
		for (int c = 0; c < p->cpus; c++)
			assert_int_equal(p->buffer_nodes[c],
					 fake_node_of_cpu(res->selected[c]));
		all += p->cpus == 4;
		dram_all += p->cpus == 4 && !strcmp(p->level, "DRAM");
		scaling += p->scaling;
	}
	assert_true(all >= 8);
	assert_true(dram_all >= 4);
	assert_true(scaling >= 2);
	assert_false(fake_warned(res, "not in their cpu's own node"));
	assert_false(fake_warned(res, "without knowing"));
	fake_results_free(res);
}

/* The loaded-latency curve on two nodes: the chaser and every loader
 * read their own node, and each point says so. */
static void loaded_points_read_their_own_node(void **state)
{
	struct run_results *res;
	int loaded = 0;

	(void)state;
	machine(4, 2, 1ull << 30);
	res = run("tests=loaded");
	assert_int_equal(suite_run_alone(res, "loaded", loaded_run).nothing, 0);
	for (int i = 0; i < res->loaded.count; i++) {
		const struct loaded_point *p = &res->loaded.p[i];
		if (p->delay < 0)
			continue;
		loaded++;
		assert_non_null(p->cpu_list);
		assert_non_null(p->buffer_nodes);
		assert_int_equal(p->loaders, 3);
		for (int c = 0; c <= p->loaders; c++)
			assert_int_equal(p->buffer_nodes[c],
					 fake_node_of_cpu(p->cpu_list[c]));
	}
	assert_true(loaded > 0);
	assert_false(fake_warned(res, "not in their cpu's own node"));
	fake_results_free(res);
}

/* No topology: the nodes are not known (-1 everywhere), and one warning
 * says so for the whole run, bandwidth and loaded latency both. */
static void unknown_topology_is_one_warning(void **state)
{
	struct run_results *res;

	(void)state;
	machine(2, 0, 0);
	fake_max_bytes = 16 * MIB;
	res = run("tests=bandwidth,loaded");
	assert_int_equal(suite_run_alone(res, "bandwidth",
					 bandwidth_run).nothing, 0);
	assert_int_equal(suite_run_alone(res, "loaded", loaded_run).nothing, 0);
	assert_true(res->bw.count > 0);
	for (int i = 0; i < res->bw.count; i++)
		for (int c = 0; c < res->bw.p[i].cpus; c++)
			assert_int_equal(res->bw.p[i].buffer_nodes[c], -1);
	for (int i = 0; i < res->loaded.count; i++)
		if (res->loaded.p[i].delay >= 0)
			assert_int_equal(res->loaded.p[i].buffer_nodes[1], -1);
	assert_int_equal(count_warned(res, "buffers placed without knowing "
				      "the NUMA nodes"), 1);
	fake_results_free(res);
}

/* A 2 MiB L3: the DRAM floor is 8 MiB a cpu. */
static void with_l3(struct run_results *res)
{
	res->cpu.caches[res->cpu.cache_count++] =
		(struct cpu_cache){ 3, "unified", 2 << 20, 64, 16, 8, 0 };
	assert_int_equal(latency_dram_floor_bytes(fake_env(res), fake_set(res)),
			 8 * MIB);
}

/* Many cpus, little memory (64 MiB a buffer): the one-cpu DRAM point is
 * sized on its own (the full 64 MiB, not 64 MiB over 8 cpus), and no
 * DRAM point is below 4x the LLC. */
static void dram_one_cpu_is_sized_on_its_own(void **state)
{
	struct run_results *res;
	int one = 0, all = 0;

	(void)state;
	machine(8, 0, 0);
	res = run("tests=bandwidth");
	with_l3(res);
	assert_int_equal(suite_run_alone(res, "bandwidth",
					 bandwidth_run).nothing, 0);
	for (int i = 0; i < res->bw.count; i++) {
		const struct bw_point *p = &res->bw.p[i];
		if (strcmp(p->level, "DRAM"))
			continue;
		assert_true(p->size_bytes >= 8 * MIB);
		if (p->cpus == 1 && !p->scaling) {
			assert_int_equal(p->size_bytes, 64 * MIB);
			one++;
		}
		all += p->cpus == 8;
	}
	assert_int_equal(one, 8);	/* 4 operations, 4 mixes */
	assert_true(all >= 4);
	fake_results_free(res);
}

/* Less memory still (100 MiB in all): 8 MiB a cpu fits only some cpus,
 * so the all-cpu DRAM points and the scaling curve run on fewer cpus,
 * said in a warning, rather than on smaller buffers called DRAM. */
static void dram_floor_shrinks_the_cpus_not_the_size(void **state)
{
	struct run_results *res;
	int all_dram = 0, most = 0;

	(void)state;
	machine(8, 0, 0);
	fake_mem_room = 100 * MIB;
	res = run("tests=bandwidth");
	with_l3(res);
	assert_int_equal(suite_run_alone(res, "bandwidth",
					 bandwidth_run).nothing, 0);
	for (int i = 0; i < res->bw.count; i++) {
		const struct bw_point *p = &res->bw.p[i];
		/* memory cuts no cache row: L1 and L2 on all 8, L3 on the
		 * 2 whose 512K (twice the L2) fit in half the 2M L3
		 * (lib/suite/levels.h) */
		if (strcmp(p->level, "DRAM")) {
			if (!p->scaling)
				assert_true(p->cpus == 1 ||
					    p->cpus == (strcmp(p->level, "L3")
							? 8 : 2));
			continue;
		}
		assert_true(p->size_bytes >= 8 * MIB);
		most = p->cpus > most ? p->cpus : most;
		all_dram += p->cpus > 1 && !p->scaling;
	}
	assert_true(all_dram >= 4);
	assert_true(most > 1 && most < 8);
	assert_true(fake_warned(res, "of the 8 cpus: the all-cpu DRAM points "
				"and the scaling curve run on those"));
	fake_results_free(res);
}

/* The console's cache rows mark ntwrite as DRAM writes (the L1 row's
 * ntwrite cell), with a note under the table; the DRAM row does not. */
static void ntwrite_in_cache_rows_is_marked(void **state)
{
	struct run_results *res;
	char *l1, *dram, *end;

	(void)state;
	machine(1, 0, 0);
	fake_max_bytes = 16 * MIB;
	res = run("tests=bandwidth");
	assert_int_equal(suite_run_alone(res, "bandwidth",
					 bandwidth_run).nothing, 0);
	l1 = strstr(fake_out, "\nL1 ");
	dram = strstr(fake_out, "\nDRAM ");
	assert_non_null(l1);
	assert_non_null(dram);
	end = strchr(l1 + 1, '\n');
	assert_non_null(end);
	*end = 0;
	assert_non_null(strstr(l1, " DRAM"));
	*end = '\n';
	end = strchr(dram + 1, '\n');
	*end = 0;
	assert_null(strstr(dram + 5, "DRAM"));
	*end = '\n';
	assert_non_null(strstr(fake_out, "ntwrite in the cache rows: "
				      "non-temporal stores go around the "
				      "caches"));
	fake_results_free(res);
}

/* SMT (lib/hw/cpuorder.h numbering: cpus 0, 1 are cores 0, 1; cpus 2, 3
 * their second threads): no loader runs on the chaser's core, and
 * loader_cpus / cpu_list say who loaded. */
static void loaders_avoid_the_chasers_core(void **state)
{
	struct run_results *res;
	int loaded = 0;

	(void)state;
	machine(4, 0, 0);
	fake_smt = 2;
	res = run("tests=loaded");
	assert_int_equal(suite_run_alone(res, "loaded", loaded_run).nothing, 0);
	for (int i = 0; i < res->loaded.count; i++) {
		const struct loaded_point *p = &res->loaded.p[i];
		if (p->delay < 0)
			continue;
		loaded++;
		assert_int_equal(p->loaders, 2);
		assert_int_equal(p->cpu_list[0], 0);
		assert_int_equal(p->cpu_list[1], 1);
		assert_int_equal(p->cpu_list[2], 3);
	}
	assert_true(loaded > 0);
	fake_results_free(res);

	/* Only the chaser's sibling beside it: nothing to load with. */
	machine(2, 0, 0);
	fake_smt = 2;
	res = run("tests=loaded");
	assert_int_equal(suite_run_alone(res, "loaded", loaded_run).nothing, 1);
	assert_int_equal(res->loaded.count, 0);
	assert_true(fake_warned(res, "thread of the chaser's core"));
	fake_results_free(res);
}

/* Every core-to-core pair says whether it is two threads of one core. */
static void c2c_pairs_say_same_core(void **state)
{
	struct run_results *res;
	int siblings = 0;

	(void)state;
	machine(4, 0, 0);
	fake_smt = 2;
	res = run("tests=c2c");
	assert_int_equal(suite_run_alone(res, "c2c", c2c_run).nothing, 0);
	assert_int_equal(res->c2c.count, 6);
	for (int i = 0; i < res->c2c.count; i++) {
		const struct c2c_point *p = &res->c2c.p[i];
		int same = p->from % 2 == p->to % 2;
		assert_int_equal(p->same_core, same);
		siblings += same;
	}
	assert_int_equal(siblings, 2);
	assert_non_null(strstr(fake_out, "s: SMT threads of one core"));
	free(res->c2c.p);
	fake_results_free(res);
}

/* A run with room for latency points; extra: one more config word. */
static struct run_results *run_lat(const char *extra)
{
	const char *words[] = { "profile=quick", "sizes=16K", "repeat=2",
				"tests=latency", extra };
	struct run_results *res = fake_results_new(words, extra ? 5 : 4, 64,
						   8);

	assert_non_null(res);
	assert_true(cpus_select(res) > 0);
	return res;
}

/* Two nodes: each cpu's DRAM point chases a buffer in its own node and
 * says so (buffer_node, found from the pages); the sweep's buffer is in
 * the first selected cpu's node, node 1 for cpus=2-3 (the first node
 * with room, where a plain buffer lands, is 0). */
static void per_cpu_latency_chases_its_own_node(void **state)
{
	struct run_results *res;

	(void)state;
	machine(4, 2, 1ull << 30);
	fake_max_bytes = 4 * MIB;
	res = run_lat(0);
	assert_int_equal(suite_run_alone(res, "latency",
					 latency_per_cpu).nothing, 0);
	assert_int_equal(res->lat.count, 4);
	for (int i = 0; i < res->lat.count; i++)
		assert_int_equal(res->lat.p[i].buffer_node,
				 fake_node_of_cpu(res->lat.p[i].cpu));
	assert_non_null(strstr(fake_out, "cpus of node 1: buffer in node 1"));
	assert_false(fake_warned(res, "own node"));
	fake_results_free(res);

	machine(4, 2, 1ull << 30);
	res = run_lat("cpus=2-3");
	assert_int_equal(res->selected[0], 2);
	assert_int_equal(suite_run_alone(res, "latency", latency_sweep).nothing,
			 0);
	assert_true(res->lat.count > 0);
	for (int i = 0; i < res->lat.count; i++)
		assert_int_equal(res->lat.p[i].buffer_node, 1);
	fake_results_free(res);

	/* No topology: every buffer_node unknown, said once. */
	machine(2, 0, 0);
	fake_max_bytes = 4 * MIB;
	res = run_lat(0);
	assert_int_equal(suite_run_alone(res, "latency", latency_sweep).nothing,
			 0);
	assert_int_equal(suite_run_alone(res, "latency",
					 latency_per_cpu).nothing, 0);
	for (int i = 0; i < res->lat.count; i++)
		assert_int_equal(res->lat.p[i].buffer_node, -1);
	assert_int_equal(count_warned(res, "without knowing"), 1);
	fake_results_free(res);
}

/* Node 1 has no room for a DRAM buffer: its cpus chase node 0's memory,
 * the record says so, a warning names it, and their remote latency is
 * no outlier against the local cpus'. */
static void per_cpu_latency_full_node_goes_remote(void **state)
{
	struct run_results *res;

	(void)state;
	machine(4, 2, 1ull << 30);
	fake_max_bytes = 4 * MIB;
	fake_node_room[1] = MIB;
	res = run_lat(0);
	assert_int_equal(suite_run_alone(res, "latency",
					 latency_per_cpu).nothing, 0);
	assert_int_equal(res->lat.count, 4);
	for (int i = 0; i < res->lat.count; i++)
		assert_int_equal(res->lat.p[i].buffer_node, 0);
	assert_true(fake_warned(res, "not in their cpu's own node"));
	fake_results_free(res);
}

static void lat_at(struct run_results *res, int cpu, double ns)
{
	res->lat.p[res->lat.count++] = (struct lat_point){
		.cpu = cpu, .size_bytes = 64 * MIB, .ns_median = ns };
}

/* Outliers are judged among cpus at one distance from their buffers: a
 * socket's cpus on a remote buffer (SLIT 21) are no outliers against
 * the local ones, a slow cpu among either is. */
static void outliers_judged_within_a_distance(void **state)
{
	struct run_results *res;
	int local_remote[5] = { 10, 10, 10, 21, 21 };
	int one[5] = { 10, 10, 10, 10, 10 };

	(void)state;
	machine(5, 0, 0);
	res = run_lat(0);
	lat_at(res, 0, 100);
	lat_at(res, 1, 101);
	lat_at(res, 2, 99);
	lat_at(res, 3, 150);
	lat_at(res, 4, 152);
	latency_judge_spread(fake_env(res), fake_test_out(res), 0, 64 * MIB,
			     local_remote);
	assert_int_equal(res->warnings.count, 0);
	assert_non_null(strstr(fake_out, "buffer at distance 21"));
	/* all at one distance: the remote ones stand out, as before */
	latency_judge_spread(fake_env(res), fake_test_out(res), 0, 64 * MIB,
			     one);
	assert_true(fake_warned(res, "cpu 3 DRAM latency 150.0 ns is"));
	assert_true(fake_warned(res, "cpu 4 DRAM latency 152.0 ns is"));
	assert_int_equal(res->warnings.count, 2);
	/* a slow cpu among the local ones, judged against them alone */
	res->warnings.count = 0;
	res->lat.p[1].ns_median = 120;
	latency_judge_spread(fake_env(res), fake_test_out(res), 0, 64 * MIB,
			     local_remote);
	assert_true(fake_warned(res, "cpu 1 DRAM latency 120.0 ns is +20% "
				     "from the median of the cpus at its "
				     "distance from its buffer (10)"));
	assert_int_equal(res->warnings.count, 1);
	fake_results_free(res);
}

static struct img hv_srat;

/* A Hyper-V guest's SRAT (and a server's with memory hot-plug on in
 * setup): cpus 0, 1 (APIC ids 0, 2) in domain 0, cpus 2, 3 in domain 1,
 * every memory range Enabled+HotPluggable, and an empty hot-plug slot in
 * domain 1. The memory map lists the first two ranges as RAM. */
static void hotplug_machine(void)
{
	machine(4, 2, 1ull << 30);
	fake_max_bytes = 4 * MIB;
	begin(&hv_srat, "SRAT", 48);
	lapic(&hv_srat, 0, 0, 1);
	lapic(&hv_srat, 2, 0, 1);
	lapic(&hv_srat, 4, 1, 1);
	lapic(&hv_srat, 6, 1, 1);
	memory(&hv_srat, 0, 1ull << 32, 0, SRAT_IMG_ENABLED | SRAT_IMG_HOTPLUG);
	memory(&hv_srat, 1ull << 32, 1ull << 32, 1,
	       SRAT_IMG_ENABLED | SRAT_IMG_HOTPLUG);
	memory(&hv_srat, 1ull << 36, 1ull << 34, 1,
	       SRAT_IMG_ENABLED | SRAT_IMG_HOTPLUG);
	finish(&hv_srat);
	fake_srat = hv_srat.buf;
	fake_srat_len = hv_srat.len;
	fake_ram[0].base = 0x100000;
	fake_ram[0].bytes = (1ull << 32) - 0x100000;
	fake_ram[1].base = 1ull << 32;
	fake_ram[1].bytes = 1ull << 32;
	fake_ram_count = 2;
}

/* Hot-pluggable ranges that the memory map lists as RAM hold each
 * node's buffers: every cpu's slot and DRAM chase in its own node, no
 * warning, and the NUMA matrix measures all four cells. */
static void hotplug_srat_memory_is_used(void **state)
{
	struct run_results *res;
	struct nodebuf nb;
	int cpus[4] = { 0, 1, 2, 3 };

	(void)state;
	hotplug_machine();
	res = run_lat(0);
	assert_int_equal(nodebuf_alloc(res->config.page_bytes, cpus, 4, MIB, &nb), 0);
	for (int i = 0; i < 4; i++) {
		int node = -3;
		assert_non_null(nodebuf_slot(&nb, cpus[i], &node));
		assert_int_equal(node, fake_node_of_cpu(cpus[i]));
	}
	nodebuf_warn(&res->warnings, &nb, "test");
	nodebuf_free(&nb);
	assert_int_equal(suite_run_alone(res, "latency",
					 latency_per_cpu).nothing, 0);
	for (int i = 0; i < res->lat.count; i++)
		assert_int_equal(res->lat.p[i].buffer_node,
				 fake_node_of_cpu(res->lat.p[i].cpu));
	assert_false(fake_warned(res, "own node"));
	assert_false(fake_warned(res, "asked in"));
	assert_false(fake_warned(res, "without knowing"));
	fake_results_free(res);

	hotplug_machine();
	res = run_lat("tests=numa");
	assert_int_equal(suite_run_alone(res, "numa", numa_run).nothing, 0);
	assert_non_null(res->numa);
	assert_int_equal(res->numa->topo->node_count, 2);
	assert_int_equal(numa_node_bytes(res->numa->topo, 1), 1ull << 32);
	for (int i = 0; i < 4; i++)
		assert_true(res->numa->latency_ns[i] > 0);
	assert_false(fake_warned(res, "numa"));
	free(res->numa->topo);
	free(res->numa->latency_ns);
	free(res->numa->read_gb);
	free(res->numa->buffer_base);
	free(res->numa->page_bytes);
	free(res->numa);
	fake_results_free(res);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(each_cpu_gets_its_own_node),
		cmocka_unit_test(full_node_falls_back_and_names_the_cpus),
		cmocka_unit_test(pages_recorded_where_they_are),
		cmocka_unit_test(bandwidth_points_read_their_own_node),
		cmocka_unit_test(loaded_points_read_their_own_node),
		cmocka_unit_test(unknown_topology_is_one_warning),
		cmocka_unit_test(dram_one_cpu_is_sized_on_its_own),
		cmocka_unit_test(dram_floor_shrinks_the_cpus_not_the_size),
		cmocka_unit_test(ntwrite_in_cache_rows_is_marked),
		cmocka_unit_test(loaders_avoid_the_chasers_core),
		cmocka_unit_test(c2c_pairs_say_same_core),
		cmocka_unit_test(per_cpu_latency_chases_its_own_node),
		cmocka_unit_test(per_cpu_latency_full_node_goes_remote),
		cmocka_unit_test(outliers_judged_within_a_distance),
		cmocka_unit_test(hotplug_srat_memory_is_used),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
