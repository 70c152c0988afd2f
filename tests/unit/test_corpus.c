/* The plan on real machine shapes: every machine of the corpus
 * (tests/data/machines) through the code that decides what a run measures
 * and where: the caches lib/arch/x86_64/cpuid.c decodes against the source's
 * own sizes, the cpu order of lib/hw/cpuorder (thread 0 of every core
 * first), the SRAT's nodes and cpus (lib/hw/numa.c, hot-pluggable ranges
 * counted by the machine's memory map), each cpu's buffer in its own node
 * (lib/suite/nodebuf through the fake platform given the machine's cpus
 * and SRAT) and its per-cpu DRAM latency buffer there too
 * (latency_buffer_node), the core types read on every cpu
 * (lib/suite/coretypes through the fake platform, each cpu's CPUID its
 * own recorded leaves, grouped by core type and cache list together), the level plan of lib/suite/levels.c for all the
 * machine's cpus at profile=full (each point's set against the caches
 * below and the level's, the DRAM point against the last-level caches),
 * and the result capacities for that plan. One test case per machine and
 * check, named "machine: check"; none is skipped. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "fake_platform.h"

#include "corpus.h"
#include "hw/cpuorder.h"
#include "suite/bandwidth.h"
#include "suite/capacity.h"
#include "suite/coretypes.h"
#include "suite/cpus.h"
#include "suite/latency.h"
#include "suite/levels.h"
#include "suite/dramfloor.h"
#include "suite/nodebuf.h"
#include "suite/perm.h"
#include "suite/scan_plan.h"
#include "suite/sweep.h"

#ifndef CORPUS_DIR
#define CORPUS_DIR "tests/data/machines"
#endif

static struct corpus_machine machines[CORPUS_MAX_MACHINES];
static int machine_count;

struct check_case {
	const struct corpus_machine *m;
	const char *check;
};

static void decode(const struct corpus_machine *m, int cpu,
		   struct cpu_info *ci)
{
	struct corpus_replay rp = { m, cpu };
	cpuinfo_decode(ci, corpus_cpuid, &rp);
}

static int log2_up(uint64_t n)
{
	int s = 0;
	while ((1ull << s) < n)
		s++;
	return s;
}

/* The number of instances of cache c across the machine. */
static int instances(const struct corpus_machine *m, const struct cpu_cache *c)
{
	int shift = log2_up((uint64_t)(c->shared_by > 0 ? c->shared_by : 1)),
	    n = 0;
	for (int i = 0; i < m->cpu_count; i++) {
		int first = 1;
		for (int j = 0; j < i && first; j++)
			first = (m->cpu[j].x2apic >> shift) !=
				(m->cpu[i].x2apic >> shift);
		n += first;
	}
	return n;
}

/* --- the machine as a platform ----------------------------------------- */

static struct plat_cpu table[CORPUS_MAX_CPUS];
static struct numa_topo topo;
static const struct corpus_machine *replaying;	/* replay_cpuid's machine */

/* m's SRAT (and SLIT) into topo as efi/numa.c reads the firmware's: its
 * hot-pluggable ranges counted by the RAM the memory map lists in them
 * (the file's "ram" lines). The node count. */
static int topo_of(const struct corpus_machine *m)
{
	int nodes = numa_parse_srat(m->srat, m->srat_len, &topo);

	if (m->slit)
		numa_parse_slit(m->slit, m->slit_len, &topo);
	for (int i = 0; i < m->ram_count; i++)
		numa_hotplug_ram_add(&topo, m->ram[i].base, m->ram[i].bytes);
	return nodes;
}

/* cpuid_here for coretypes_read: ctx starts with the baremem cpu number
 * (coretypes.c's job); that cpu's own recorded leaves. */
static struct cpuid_regs replay_cpuid(void *ctx, uint32_t leaf, uint32_t sub)
{
	struct corpus_replay rp = { replaying, table[*(int *)ctx].platform_cpu };
	return corpus_cpuid(&rp, leaf, sub);
}

/* Gives the fake platform m's cpus in baremem's order (cpuorder over the
 * file's order, as lib/hw/cputable does) and its SRAT's nodes and SLIT,
 * each node's room the memory lib/hw/numa.c counts usable in it
 * (numa_node_bytes, hot-pluggable ranges by the machine's "ram" lines), plus room for a buffer placed anywhere beyond the
 * SRAT's nodes (the firmware's memory map). Returns the node count. */
static int platform_from(const struct corpus_machine *m)
{
	struct plat_cpu raw[CORPUS_MAX_CPUS];
	int order[CORPUS_MAX_CPUS], nodes = 0;

	for (int i = 0; i < m->cpu_count; i++)
		raw[i] = (struct plat_cpu){ .platform_cpu = i,
					    .apic_id = m->cpu[i].x2apic,
					    .package = m->cpu[i].package,
					    .core = m->cpu[i].core,
					    .thread = m->cpu[i].thread,
					    .bsp = i == 0, .usable = 1 };
	cpuorder_smt_last(raw, m->cpu_count, order);
	for (int k = 0; k < m->cpu_count; k++) {
		table[k] = raw[order[k]];
		table[k].cpu = k;
	}
	fake_cpus = m->cpu_count;
	fake_cpu_table = table;
	fake_topo = 0;
	fake_nodes = 0;
	fake_threads = 0;
	fake_max_bytes = ~0ull;
	fake_mem_room = ~0ull;
	if (m->srat) {
		nodes = topo_of(m);
		for (int c = 0; c < topo.cpu_count; c++)
			for (int k = 0; k < m->cpu_count; k++)
				if (table[k].apic_id == topo.cpu[c].apic_id)
					topo.cpu[c].cpu = k;
		fake_topo = &topo;
		fake_nodes = nodes + 1;
		for (int n = 0; n < nodes; n++)
			fake_node_room[n] = numa_node_bytes(&topo, n);
		fake_node_room[nodes] = ~0ull;
	}
	return nodes;
}

static void platform_done(void)
{
	fake_cpu_table = 0;
	fake_topo = 0;
	fake_nodes = 0;
	fake_cpus = 1;
}

static struct run_results *run_full(const struct corpus_machine *m)
{
	const char *words[] = { "profile=full" };
	struct run_results *res = fake_results_new(words, 1, 0, 0);

	assert_non_null(res);
	decode(m, table[0].platform_cpu, &res->cpu);
	assert_int_equal(cpus_select(res), m->cpu_count);
	/* as suite_run does next: a hybrid part's cpus read on each cpu */
	replaying = m;
	res->cpuid_here = replay_cpuid;
	coretypes_read(res, &(struct test_outcome){ 0 });
	assert_int_equal(res->selected_count, m->cpu_count);
	return res;
}

/* --- the checks --------------------------------------------------------- */

/* Whether a reported line of purpose p describes a core of type t: p is
 * t, or a variant of it ("low-power-efficiency" for "efficiency"). */
static int purpose_is(const char *p, const char *t)
{
	size_t lp = strlen(p), lt = strlen(t);

	return strcmp(p, t) == 0 ||
	       (lp > lt && p[lp - lt - 1] == '-' && strcmp(p + lp - lt, t) == 0);
}

/* Whether reported lines a and b say the same (a two-socket dump's two
 * alike lines describe one group of cpus between them). */
static int reported_alike(const struct corpus_reported *a,
			  const struct corpus_reported *b)
{
	return strcmp(a->purpose, b->purpose) == 0 &&
	       a->l1d_kib == b->l1d_kib && a->l1i_kib == b->l1i_kib &&
	       a->l2_kib == b->l2_kib && a->l3_kib == b->l3_kib;
}

/* Each cpu's decoded L1d, L1i, L2, L3 (KiB; -1: none) are the sizes the
 * source reports for one group of its core type (a figure the source
 * does not give is not compared), and each group holds as many cpus as
 * the source says (its lines' logical counts, where the file holds all
 * the cpus the source counts): Meteor Lake's SoC tile
 * E-cores (no L3) are not taken for the compute tile's. */
static void caches_match_source(void **state)
{
	const struct check_case *cc = *state;
	const struct corpus_machine *m = cc->m;
	static const char *const label[4] = { "L1d", "L1i", "L2", "L3" };
	int matched[CORPUS_MAX_REPORTED] = { 0 };
	long counted = 0;

	assert_true(m->reported_count > 0);
	for (int k = 0; k < m->reported_count; k++)
		counted += m->reported[k].logical;
	for (int i = 0; i < m->cpu_count; i++) {
		struct cpu_info ci;
		const char *purpose;
		long got[4] = { -1, -1, -1, -1 };
		int any = 0, hit = -1;

		decode(m, i, &ci);
		purpose = ci.core_type ? ci.core_type : "general";
		for (int k = 0; k < ci.cache_count; k++) {
			const struct cpu_cache *c = &ci.caches[k];
			int slot = c->level == 1 ? c->type[0] == 'i' : c->level;
			if (slot <= 3)
				got[slot] = (long)(c->size_bytes >> 10);
		}
		for (int k = 0; k < m->reported_count && hit < 0; k++) {
			const struct corpus_reported *r = &m->reported[k];
			long want[4] = { r->l1d_kib, r->l1i_kib, r->l2_kib,
					 r->l3_kib };
			int same = 1;
			if (!purpose_is(r->purpose, purpose))
				continue;
			any = 1;
			for (int j = 0; j < 4; j++)
				same &= want[j] == CORPUS_UNREPORTED ||
					got[j] == want[j];
			if (same)
				hit = k;
		}
		if (!any)
			fail_msg("%s cpu %d: no reported sizes for a %s core",
				 m->name, i, purpose);
		if (hit < 0)
			fail_msg("%s cpu %d (x2APIC %#x, %s): %s %ld, %s %ld, "
				 "%s %ld, %s %ld KiB decoded, no reported line "
				 "of its core type says so", m->name, i,
				 m->cpu[i].x2apic, purpose, label[0], got[0],
				 label[1], got[1], label[2], got[2], label[3],
				 got[3]);
		matched[hit]++;
	}
	/* the groups' sizes, where the file holds every cpu the source counts
	 * (a dump that reached only some cpus, or a VM's one, does not) */
	for (int k = 0; k < m->reported_count && counted == m->cpu_count; k++) {
		long want = 0;
		int first = 1;
		for (int j = 0; j < m->reported_count; j++)
			if (reported_alike(&m->reported[j], &m->reported[k])) {
				want += m->reported[j].logical;
				first &= j >= k;
			}
		if (first && matched[k] != want)
			fail_msg("%s: %d cpus decode as the source's %s line "
				 "(L3 %ld KiB), which counts %ld", m->name,
				 matched[k], m->reported[k].purpose,
				 m->reported[k].l3_kib, want);
	}
}

/* The x2APIC ids give every cpu its own (package, core, thread), the
 * SRAT lists exactly the dump's cpus, and a node's cpus are one
 * package's, a core's threads one node's. */
static void topology_and_srat_cpus(void **state)
{
	const struct check_case *cc = *state;
	const struct corpus_machine *m = cc->m;

	for (int i = 0; i < m->cpu_count; i++)
		for (int j = 0; j < i; j++)
			if (m->cpu[i].package == m->cpu[j].package &&
			    m->cpu[i].core == m->cpu[j].core &&
			    m->cpu[i].thread == m->cpu[j].thread)
				fail_msg("%s: cpus %d and %d both package %d "
					 "core %d thread %d", m->name, j, i,
					 m->cpu[i].package, m->cpu[i].core,
					 m->cpu[i].thread);
	if (!m->srat)
		return;
	assert_true(numa_parse_srat(m->srat, m->srat_len, &topo) > 0);
	assert_int_equal(topo.cpu_count, m->cpu_count);
	for (int i = 0; i < m->cpu_count; i++) {
		int node = numa_node_of_apic(&topo, m->cpu[i].x2apic);
		if (node < 0)
			fail_msg("%s: x2APIC %#x not in the SRAT", m->name,
				 m->cpu[i].x2apic);
		for (int j = 0; j < i; j++) {
			int other = numa_node_of_apic(&topo, m->cpu[j].x2apic);
			if (other == node &&
			    m->cpu[j].package != m->cpu[i].package)
				fail_msg("%s: node %d holds packages %d and %d",
					 m->name, node, m->cpu[j].package,
					 m->cpu[i].package);
			if (m->cpu[j].package == m->cpu[i].package &&
			    m->cpu[j].core == m->cpu[i].core && other != node)
				fail_msg("%s: core %d/%d split over nodes",
					 m->name, m->cpu[i].package,
					 m->cpu[i].core);
		}
	}
	if (m->slit) {
		assert_int_equal(numa_parse_slit(m->slit, m->slit_len, &topo),
				 0);
		for (int n = 0; n < topo.node_count; n++)
			assert_int_equal(topo.slit[n][n], 10);
	}
}

/* Every node with cpus has memory the suite may place buffers in. */
static void srat_nodes_have_memory(void **state)
{
	const struct check_case *cc = *state;
	const struct corpus_machine *m = cc->m;

	if (!m->srat)
		return;
	topo_of(m);
	for (int c = 0; c < topo.cpu_count; c++)
		if (numa_node_bytes(&topo, topo.cpu[c].node) == 0)
			fail_msg("%s: node %d (cpu x2APIC %#x) has no usable "
				 "memory (numa_node_bytes 0)", m->name,
				 topo.cpu[c].node, topo.cpu[c].apic_id);
}

/* baremem's cpu order: thread 0 of every core before any second thread,
 * so cpus 0..cores-1 are distinct cores. */
static void cpu_order_cores_first(void **state)
{
	const struct check_case *cc = *state;
	const struct corpus_machine *m = cc->m;
	int cores = 0, seen[CORPUS_MAX_CPUS] = { 0 };

	platform_from(m);
	for (int i = 0; i < m->cpu_count; i++) {
		int first = 1;
		for (int j = 0; j < i && first; j++)
			first = !(m->cpu[j].package == m->cpu[i].package &&
				  m->cpu[j].core == m->cpu[i].core);
		cores += first;
	}
	for (int k = 0; k < m->cpu_count; k++) {
		seen[table[k].platform_cpu]++;
		if (k > 0 && table[k].thread < table[k - 1].thread)
			fail_msg("%s: cpu %d is thread %d after cpu %d thread "
				 "%d", m->name, k, table[k].thread, k - 1,
				 table[k - 1].thread);
		if ((k < cores) != (table[k].thread == 0))
			fail_msg("%s: cpu %d (of %d cores) is thread %d",
				 m->name, k, cores, table[k].thread);
		for (int j = 0; j < k && k < cores; j++)
			if (cpuorder_same_core(&table[j], &table[k]))
				fail_msg("%s: cpus %d and %d share a core",
					 m->name, j, k);
	}
	for (int i = 0; i < m->cpu_count; i++)
		assert_int_equal(seen[i], 1);
	platform_done();
}

/* nodebuf gives every cpu a slot in its own SRAT node. */
static void buffers_on_own_node(void **state)
{
	const struct check_case *cc = *state;
	const struct corpus_machine *m = cc->m;
	struct run_results *res;
	struct nodebuf nb;
	int nodes;

	nodes = platform_from(m);
	res = run_full(m);
	assert_int_equal(nodebuf_alloc(res->config.page_bytes, res->selected,
				       res->selected_count, 4096, &nb), 0);
	assert_int_equal(nb.topology_known, nodes > 0);
	for (int i = 0; nodes > 0 && i < res->selected_count; i++) {
		int cpu = res->selected[i], node = -3;
		int own = numa_node_of_apic(&topo, table[cpu].apic_id);
		assert_non_null(nodebuf_slot(&nb, cpu, &node));
		if (node != own)
			fail_msg("%s: cpu %d (x2APIC %#x) of node %d got its "
				 "buffer in %s %d", m->name, cpu,
				 table[cpu].apic_id, own, node == nodes ?
				 "memory outside the SRAT's usable ranges, "
				 "fake node" : "node", node);
	}
	nodebuf_free(&nb);
	fake_results_free(res);
	platform_done();
}

/* profile=full: the results hold every point the plan makes on all the
 * machine's cpus: the latency sweep on every cpu plus a DRAM point a cpu,
 * and per ISA the bandwidth table (each level, one cpu and all) with the
 * scaling curve. */
static void capacity_holds_full_plan(void **state)
{
	const struct check_case *cc = *state;
	const struct corpus_machine *m = cc->m;
	struct run_results *res;
	uint64_t sizes[256];
	int trimmed = 0, counts[128], levels = 1, lat_points, scaling;

	platform_from(m);
	res = run_full(m);
	assert_int_equal(lat_reserve(fake_test_out(res), capacity_latency_pass(
			&res->config, res->selected_count,
			latency_dram_floor_bytes(fake_env(res),
						 fake_set(res)))), 0);
	assert_int_equal(bw_reserve(fake_test_out(res), capacity_bandwidth_pass(
			&res->config)), 0);
	lat_points = (int)sweep_sizes(&res->config,
				      latency_dram_floor_bytes(fake_env(res),
							       fake_set(res)),
				      ~0ull,
				      sizes, 256,
				      &trimmed) + trimmed;
	lat_points = lat_points * res->selected_count + res->selected_count;
	assert_true(res->lat.cap >= lat_points);
	for (int l = 1; l <= 3; l++)
		levels += cpuinfo_cache(&res->cpu, l) != 0;
	scaling = bandwidth_scaling_counts(res->selected_count, counts, 128);
	/* read, write, ntwrite, copy at each level, one cpu and all */
	assert_true(res->bw.cap >= levels * 4 * 2 + scaling);
	fake_results_free(res);
	platform_done();
}

/* The DRAM working set is at least 4x the last-level cache: a cpu's own
 * instance for the one-cpu point, the machine's total for all cpus. */
static void dram_point_above_llc(void **state)
{
	const struct check_case *cc = *state;
	const struct corpus_machine *m = cc->m;
	struct run_results *res;
	const struct cpu_cache *llc;
	uint64_t dram, total;

	platform_from(m);
	res = run_full(m);
	llc = cpuinfo_cache(&res->cpu, 3);
	if (!llc)
		llc = cpuinfo_cache(&res->cpu, 2);
	assert_non_null(llc);
	dram = latency_dram_bytes(fake_env(res), fake_set(res));
	total = llc->size_bytes * (uint64_t)instances(m, llc);
	if (dram < 4 * llc->size_bytes)
		fail_msg("%s: DRAM point %llu bytes under 4x the LLC (%llu)",
			 m->name, (unsigned long long)dram,
			 (unsigned long long)llc->size_bytes);
	if (dram * (uint64_t)m->cpu_count < 4 * total)
		fail_msg("%s: all-cpu DRAM points %llu bytes in all under 4x "
			 "the machine's LLC (%llu)", m->name,
			 (unsigned long long)(dram * (uint64_t)m->cpu_count),
			 (unsigned long long)total);
	fake_results_free(res);
	platform_done();
}

/* How many of the plan's first `run` cpus share selected cpu k's
 * instance of cache c: those whose x2APIC id agrees above log2 of its
 * sharing count (SDM vol 2A, leaf 04H EAX[25:14]). */
static int running_sharers(const struct run_results *res, int k, int run,
			   const struct cpu_cache *c)
{
	int shift = log2_up((uint64_t)(c->shared_by > 0 ? c->shared_by : 1)),
	    n = 0;
	uint32_t id = table[res->selected[k]].apic_id;

	for (int j = 0; j < run; j++)
		n += (table[res->selected[j]].apic_id >> shift) == (id >> shift);
	return n;
}

/* Each of the point's running cpus (the first pt->cpus selected, every
 * one by its own decoded caches, own[k]): the set at least twice its
 * share of every cache below the level, and the running sharers' sets
 * within the level's instance. */
static void check_point(const struct corpus_machine *m,
			const struct run_results *res,
			const struct cpu_info *own, const struct levels_row *row,
			const struct levels_point *pt, const char *which)
{
	for (int k = 0; k < pt->cpus; k++) {
		const struct cpu_info *ci = &own[k];
		const struct cpu_cache *c = cpuinfo_cache(ci, row->level);

		for (int below = 1; below < row->level; below++) {
			const struct cpu_cache *b = cpuinfo_cache(ci, below);
			uint64_t share;
			if (!b)
				continue;
			share = b->size_bytes /
				(uint64_t)running_sharers(res, k, pt->cpus, b);
			if (pt->bytes < 2 * share)
				fail_msg("%s: %s %s point on %d cpus: %llu bytes "
					 "a cpu, under twice cpu %d's share of "
					 "its L%d (%llu)", m->name, row->name,
					 which, pt->cpus,
					 (unsigned long long)pt->bytes,
					 res->selected[k], below,
					 (unsigned long long)share);
		}
		if (c && pt->bytes * (uint64_t)running_sharers(res, k, pt->cpus,
							      c) > c->size_bytes)
			fail_msg("%s: %s %s point: %d cpus x %llu bytes overflow "
				 "cpu %d's %llu-byte instance", m->name,
				 row->name, which,
				 running_sharers(res, k, pt->cpus, c),
				 (unsigned long long)pt->bytes,
				 res->selected[k],
				 (unsigned long long)c->size_bytes);
	}
}

/* Each selected cpu's own decoded caches into own[0..selected_count),
 * in the plan's order; the count. */
static int decode_selected(const struct corpus_machine *m,
			   const struct run_results *res, struct cpu_info *own)
{
	for (int k = 0; k < res->selected_count; k++)
		decode(m, table[res->selected[k]].platform_cpu, &own[k]);
	return res->selected_count;
}

/* The highest data or unified cache of ci (0: none). */
static const struct cpu_cache *llc_of(const struct cpu_info *ci)
{
	for (int l = 3; l >= 1; l--)
		if (cpuinfo_cache(ci, l))
			return cpuinfo_cache(ci, l);
	return 0;
}

/* The level plan (lib/suite/levels.c through coretypes_plan, as
 * bandwidth.c asks it) for all the machine's cpus at profile=full: every
 * labelled point's per-cpu set at least twice each running cpu's share
 * of every cache below its level and the sharers' sets within the level
 * (each cpu judged by its own decoded caches, not the boot cpu's), a
 * row for every level cpu 0 has, a cut or missing all-cpu point with its
 * reason (so is a one-cpu point no size fits), and the DRAM point at least 4x the largest last-level cache
 * (one cpu) and 4x the machine's total (all cpus). */
static void level_plan_holds(void **state)
{
	const struct check_case *cc = *state;
	const struct corpus_machine *m = cc->m;
	static struct cpu_info own[CORPUS_MAX_CPUS];
	struct run_results *res;
	struct levels_plan plan;
	uint64_t llc_max = 0, llc_total = 0;
	int n;

	platform_from(m);
	res = run_full(m);
	n = decode_selected(m, res, own);
	assert_int_equal(coretypes_plan(fake_env(res), fake_set(res),
					latency_dram_bytes(fake_env(res),
							   fake_set(res)),
					&plan), 0);
	for (int l = 1; l <= 3; l++) {
		int found = 0;
		for (int r = 0; r < plan.count; r++)
			found |= plan.rows[r].level == l;
		if (cpuinfo_cache(&own[0], l) && !found)
			fail_msg("%s: no L%d row in the plan", m->name, l);
	}
	for (int k = 0; k < n; k++) {
		const struct cpu_cache *c = llc_of(&own[k]);
		if (!c)
			continue;
		if (c->size_bytes > llc_max)
			llc_max = c->size_bytes;
		/* the machine's total: each instance once, by its first cpu */
		if (running_sharers(res, k, k, c) == 0)
			llc_total += c->size_bytes;
	}
	for (int r = 0; r < plan.count; r++) {
		const struct levels_row *row = &plan.rows[r];
		if (row->all.cpus > n || row->one.cpus != 1)
			fail_msg("%s: %s row on %d cpus (one: %d) of %d",
				 m->name, row->name, row->all.cpus,
				 row->one.cpus, n);
		/* (one cpu: the one-cpu point is all there is) */
		if (n > 1 && (row->all.bytes == 0 || row->all.cpus < n) &&
		    !row->all.why[0])
			fail_msg("%s: %s all-cpu point %s with no reason",
				 m->name, row->name, row->all.bytes ?
				 "cut" : "missing");
		if (row->level == LEVELS_DRAM) {
			if (row->one.bytes < 4 * llc_max)
				fail_msg("%s: DRAM point %llu bytes under 4x the "
					 "largest LLC (%llu)", m->name,
					 (unsigned long long)row->one.bytes,
					 (unsigned long long)llc_max);
			if (n > 1 && row->all.bytes * (uint64_t)row->all.cpus <
			    4 * llc_total)
				fail_msg("%s: all-cpu DRAM point %d x %llu bytes "
					 "under 4x the machine's LLC (%llu)",
					 m->name, row->all.cpus,
					 (unsigned long long)row->all.bytes,
					 (unsigned long long)llc_total);
			continue;
		}
		/* no size fits one cpu (an L3 under twice the L2): said */
		if (row->one.bytes == 0 && !row->one.why[0])
			fail_msg("%s: %s has no one-cpu point and no reason",
				 m->name, row->name);
		if (row->one.bytes)
			check_point(m, res, own, row, &row->one, "one-cpu");
		if (row->all.bytes)
			check_point(m, res, own, row, &row->all, "all-cpu");
	}
	fake_results_free(res);
	platform_done();
}

/* What the suite sizes each cpu's points by (coretypes_info after
 * coretypes_read on every cpu, as suite_run does) is that cpu's own
 * caches and core type: a hybrid part's E-cores get their own. */
static void suite_caches_are_each_cpus(void **state)
{
	const struct check_case *cc = *state;
	const struct corpus_machine *m = cc->m;
	struct run_results *res;
	struct cpu_info own;

	platform_from(m);
	res = run_full(m);
	for (int k = 0; k < res->selected_count; k++) {
		int cpu = res->selected[k];
		const struct cpu_info *s = coretypes_info(res, cpu);
		const char *want, *got;

		decode(m, table[cpu].platform_cpu, &own);
		want = own.core_type ? own.core_type : "";
		got = s->core_type ? s->core_type : "";
		if (strcmp(want, got) != 0)
			fail_msg("%s: cpu %d labelled '%s', its CPUID says '%s'",
				 m->name, cpu, got, want);
		for (int l = 1; l <= 3; l++) {
			const struct cpu_cache *a = cpuinfo_cache(s, l),
					       *b = cpuinfo_cache(&own, l);
			if (!a != !b || (a && (a->size_bytes != b->size_bytes ||
					       a->shared_by != b->shared_by)))
				fail_msg("%s: cpu %d (%s) has a %llu-byte L%d "
					 "(shared by %d), sized as a %llu-byte "
					 "one", m->name, cpu, want,
					 (unsigned long long)(b ? b->size_bytes : 0),
					 l, b ? b->shared_by : 0,
					 (unsigned long long)(a ? a->size_bytes : 0));
		}
	}
	fake_results_free(res);
	platform_done();
}

/* Whether a and b list the same caches (level, type, size, ways, sharing). */
static int same_cache_list(const struct cpu_info *a, const struct cpu_info *b)
{
	if (a->cache_count != b->cache_count)
		return 0;
	for (int k = 0; k < a->cache_count; k++) {
		const struct cpu_cache *x = &a->caches[k], *y = &b->caches[k];
		if (x->level != y->level || strcmp(x->type, y->type) != 0 ||
		    x->size_bytes != y->size_bytes || x->ways != y->ways ||
		    x->shared_by != y->shared_by)
			return 0;
	}
	return 1;
}

/* The grouping coretypes_read makes (on a hybrid part): two cpus are of
 * one group exactly when their CPUID gives the same core type and the
 * same cache list (Meteor Lake's SoC tile E-cores, without an L3, are not
 * the compute tile's). */
static void core_types_group_by_type_and_caches(void **state)
{
	const struct check_case *cc = *state;
	const struct corpus_machine *m = cc->m;
	static struct cpu_info own[CORPUS_MAX_CPUS];
	struct run_results *res;
	int n;

	platform_from(m);
	res = run_full(m);
	n = decode_selected(m, res, own);
	for (int k = 0; k < n; k++)
		for (int j = 0; j < k; j++) {
			const char *a = own[k].core_type, *b = own[j].core_type;
			int alike = (a == b || (a && b && !strcmp(a, b))) &&
				    same_cache_list(&own[k], &own[j]);
			int grouped = !res->core_type_count ||
				      coretypes_of(res, res->selected[k]) ==
					      coretypes_of(res, res->selected[j]);
			if (alike != grouped)
				fail_msg("%s: cpus %d and %d %s but are %s",
					 m->name, res->selected[j],
					 res->selected[k], alike
					 ? "have one core type and caches"
					 : "differ in core type or caches",
					 grouped ? "one group" : "two groups");
		}
	fake_results_free(res);
	platform_done();
}

/* The per-cpu DRAM latency (latency_per_cpu): each cpu's buffer is asked
 * in its own SRAT node (latency_buffer_node) and nodebuf, given the
 * size latency_per_cpu asks, puts it there. */
/* The DRAM floor for every profile: 4x the largest last-level cache of
 * every cpu's own core type (read on each cpu), the one rule the sweep,
 * the per-cpu DRAM latency and the bandwidth plan share, and every
 * profile's sweep reaching it with memory to spare. */
static void every_profile_reaches_dram_floor(void **state)
{
	static const enum bm_profile profiles[] = {
		BM_PROFILE_QUICK, BM_PROFILE_STANDARD, BM_PROFILE_FULL };
	const struct check_case *cc = *state;
	const struct corpus_machine *m = cc->m;
	struct run_results *res;
	struct levels_plan plan;
	uint64_t llc = 0, floor_bytes, sizes[256];
	int trimmed;

	platform_from(m);
	res = run_full(m);
	for (int i = 0; i < res->selected_count; i++) {
		uint64_t b = levels_llc_bytes(coretypes_info(res,
							     res->selected[i]));
		llc = b > llc ? b : llc;
	}
	assert_true(llc > 0);
	floor_bytes = latency_dram_floor_bytes(fake_env(res), fake_set(res));
	if (floor_bytes < 4 * llc)
		fail_msg("%s: DRAM floor %llu under 4x the largest LLC %llu",
			 m->name, (unsigned long long)floor_bytes,
			 (unsigned long long)llc);
	assert_true(latency_dram_bytes(fake_env(res), fake_set(res)) >=
		    floor_bytes);
	assert_int_equal(coretypes_plan(fake_env(res), fake_set(res),
					latency_dram_bytes(fake_env(res),
							   fake_set(res)),
					&plan), 0);
	assert_int_equal(plan.dram_floor_bytes, floor_bytes);
	for (size_t k = 0; k < sizeof profiles / sizeof *profiles; k++) {
		size_t n;
		res->config.profile = profiles[k];
		n = sweep_sizes(&res->config, floor_bytes, ~0ull, sizes, 256,
				&trimmed);
		if (n == 0 || sizes[n - 1] < floor_bytes)
			fail_msg("%s: profile %d ends at %llu, under the DRAM "
				 "floor %llu", m->name, (int)profiles[k],
				 n ? (unsigned long long)sizes[n - 1] : 0ull,
				 (unsigned long long)floor_bytes);
	}
	fake_results_free(res);
}

/* The scan's chain over a 1 GiB range on the machine's last-level
 * cache (the DRAM floor's, dramfloor_llc_bytes): it spans the range end
 * to end (its first slot at the range's first pair, its last ending
 * within a pair of the end), holds 4x the cache in lines or, where a
 * GiB cannot, a line of every pair, marked possibly cached; its warm
 * pass is a cache's worth, at most the chain. Written cold, it is the
 * full profile's hops (854,096 lines) on any cache of 13 MiB or more. */
static void scan_chain_spans_gib(void **state)
{
	const struct check_case *cc = *state;
	const struct corpus_machine *m = cc->m;
	const uint64_t gib = 1ull << 30;
	struct run_results *res;
	uint64_t llc, floor_bytes, lines, cold, first, end;
	int whole;

	platform_from(m);
	res = run_full(m);
	llc = dramfloor_llc_bytes(fake_env(res), fake_set(res));
	floor_bytes = latency_dram_floor_bytes(fake_env(res), fake_set(res));
	assert_true(floor_bytes >= 4 * llc);
	lines = scan_chase_lines(gib, floor_bytes, &whole);
	if (whole ? lines != gib / 128 || floor_bytes / 64 <= gib / 128
		  : lines * 64 < floor_bytes)
		fail_msg("%s: LLC %llu MiB: a GiB's chain of %llu lines (%s), "
			 "neither 4x the cache nor every pair marked cached",
			 m->name, (unsigned long long)(llc >> 20),
			 (unsigned long long)lines, whole ? "whole" : "4x");
	chase_spread_slot(gib, lines, 0, &first, &end);
	assert_int_equal(first, 0);
	chase_spread_slot(gib, lines, lines - 1, &first, &end);
	if (gib - end >= 128 || end > gib || first >= end)
		fail_msg("%s: LLC %llu MiB: the chain's last slot [%llu, %llu) "
			 "is not at the GiB's end", m->name,
			 (unsigned long long)(llc >> 20),
			 (unsigned long long)first, (unsigned long long)end);
	assert_int_equal(scan_warm_hops(lines, floor_bytes),
			 lines < floor_bytes / 256 ? lines : floor_bytes / 256);
	/* Written cold (x86-64), the chain is the full profile's hops, or
	 * the 4x chain where that is shorter (an LLC under 13 MiB: past
	 * its hops the 4x rule holds), spread over the same GiB end to
	 * end. */
	cold = scan_cold_lines(gib, floor_bytes,
			       latency_chase_samples_max(&res->config));
	if (cold != (lines < 854096 ? lines : 854096))
		fail_msg("%s: LLC %llu MiB: a GiB's cold chain of %llu lines, "
			 "not the full profile's 854,096 or the 4x chain",
			 m->name,
			 (unsigned long long)(llc >> 20),
			 (unsigned long long)cold);
	chase_spread_slot(gib, cold, cold - 1, &first, &end);
	assert_true(gib - end < 128 && end <= gib);
	fake_results_free(res);
	platform_done();
}

static void dram_latency_on_own_node(void **state)
{
	const struct check_case *cc = *state;
	const struct corpus_machine *m = cc->m;
	static int placed[CORPUS_MAX_CPUS];	/* rep's buffer node + 2 */
	struct numa_topo *t = calloc(1, sizeof *t);
	struct run_results *res;
	uint64_t size;
	int nodes;

	assert_non_null(t);
	nodes = platform_from(m);
	res = run_full(m);
	size = latency_dram_bytes(fake_env(res), fake_set(res));
	if (plat_numa_topology(t) <= 0)
		t->node_count = t->cpu_count = t->range_count = 0;
	memset(placed, 0, sizeof placed);
	for (int k = 0; k < res->selected_count; k++) {
		int cpu = res->selected[k], rep = -1, node, own;
		struct nodebuf nb;

		node = latency_buffer_node(fake_set(res), t, cpu, &rep);
		own = nodes ? numa_node_of_apic(&topo, table[cpu].apic_id) : -1;
		if (node != own || rep < 0 || rep >= m->cpu_count)
			fail_msg("%s: cpu %d (node %d) has its DRAM latency "
				 "buffer asked in node %d (for cpu %d)",
				 m->name, cpu, own, node, rep);
		if (!placed[rep]) {
			assert_int_equal(nodebuf_alloc(res->config.page_bytes, &rep, 1, size, &nb),
					 0);
			placed[rep] = nb.node[0] + 2;
			nodebuf_free(&nb);
		}
		if (nodes && placed[rep] - 2 != own)
			fail_msg("%s: cpu %d of node %d chases a %llu-byte "
				 "buffer in node %d", m->name, cpu, own,
				 (unsigned long long)size, placed[rep] - 2);
	}
	free(t);
	fake_results_free(res);
	platform_done();
}

static const struct {
	const char *name;
	CMUnitTestFunction fn;
} CHECKS[] = {
	{ "caches_match_source", caches_match_source },
	{ "topology_and_srat_cpus", topology_and_srat_cpus },
	{ "srat_nodes_have_memory", srat_nodes_have_memory },
	{ "cpu_order_cores_first", cpu_order_cores_first },
	{ "buffers_on_own_node", buffers_on_own_node },
	{ "capacity_holds_full_plan", capacity_holds_full_plan },
	{ "dram_point_above_llc", dram_point_above_llc },
	{ "level_plan_holds", level_plan_holds },
	{ "suite_caches_are_each_cpus", suite_caches_are_each_cpus },
	{ "dram_latency_on_own_node", dram_latency_on_own_node },
	{ "core_types_group_by_type_and_caches",
	  core_types_group_by_type_and_caches },
	{ "every_profile_reaches_dram_floor", every_profile_reaches_dram_floor },
	{ "scan_chain_spans_gib", scan_chain_spans_gib },
};
#define CHECK_COUNT ((int)(sizeof CHECKS / sizeof *CHECKS))

int main(void)
{
	static char paths[CORPUS_MAX_MACHINES][256];
	static struct check_case cases[CORPUS_MAX_MACHINES * CHECK_COUNT];
	static struct CMUnitTest tests[CORPUS_MAX_MACHINES * CHECK_COUNT];
	static char names[CORPUS_MAX_MACHINES * CHECK_COUNT][112];
	char err[512] = "";
	int n = corpus_list(CORPUS_DIR, paths, CORPUS_MAX_MACHINES), t = 0, rc;

	/* The issue asks for at least 12 machines; fewer is a broken tree. */
	if (n < 12) {
		fprintf(stderr, "test_corpus: %d machine files in %s (12 at "
			"least expected)\n", n, CORPUS_DIR);
		return 1;
	}
	for (int i = 0; i < n; i++) {
		struct corpus_machine *m = &machines[machine_count];
		if (corpus_load(paths[i], m, err, sizeof err) != 0 ||
		    corpus_topology(m) != 0) {
			fprintf(stderr, "test_corpus: %s\n", err[0] ? err :
				paths[i]);
			return 1;
		}
		machine_count++;
		for (int k = 0; k < CHECK_COUNT; k++, t++) {
			cases[t] = (struct check_case){ m, CHECKS[k].name };
			snprintf(names[t], sizeof names[t], "%s: %s", m->name,
				 CHECKS[k].name);
			tests[t] = (struct CMUnitTest){ names[t], CHECKS[k].fn,
							0, 0, &cases[t] };
		}
	}
	rc = _cmocka_run_group_tests("corpus", tests, (size_t)t, 0, 0);
	for (int i = 0; i < machine_count; i++)
		corpus_free(&machines[i]);
	return rc;
}
