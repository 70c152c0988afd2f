/* A host stand-in for the platform seam (lib/platform.h), for unit tests
 * of lib/ code that measures: buffers mapped between guard pages
 * (fake_map), windows run in place, a fixed cpu table. Include it in
 * exactly one test file. */
#ifndef BAREMEM_FAKE_PLATFORM_H
#define BAREMEM_FAKE_PLATFORM_H

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "config/config.h"
#include "hw/numa.h"
#include "platform.h"
#include "registry.h"
#include "results/results.h"
#include "results/run_env.h"
#include "suite/scan_plan.h"

static int fake_cpus = 1;
static int fake_lost_cpu = -1;	/* this cpu never answers */
/* Threads per core, numbered as lib/hw/cpuorder.h does: cpu k is thread
 * k / cores of core k % cores (1: every cpu its own core). */
static int fake_smt = 1;
static uint64_t fake_page_cap = 4096;	/* buffers get at most these pages */
static char fake_out[1 << 16];
static size_t fake_out_len;
/* The largest buffer plat_buffer_max_bytes admits. */
static uint64_t fake_max_bytes = 64ull << 20;
/* 1: plat_run_on_cpus runs the cpus' windows at once, one thread each
 * (points on several cpus meet on a barrier); 0: one after the other. */
static int fake_threads;
/* NUMA: 0 nodes, no topology; else the cpus split evenly over
 * fake_nodes nodes in order (fake_node_of_cpu), each node giving at most
 * fake_node_room[node] bytes of buffers at once. */
static int fake_nodes;
static uint64_t fake_node_room[NUMA_MAX_NODES];
/* Without nodes: the bytes of buffers there is room for at once. */
static uint64_t fake_mem_room = ~0ull;
/* A real machine's shape instead of the even split (tests/unit/corpus.h):
 * fake_cpu_table[0..fake_cpus) answers plat_cpu_info, fake_topo
 * plat_numa_topology (its cpus named by baremem cpu number; fake_nodes
 * is then its node count, fake_node_room each node's room). */
static const struct plat_cpu *fake_cpu_table;
static const struct numa_topo *fake_topo;

/* Every live buffer and the node it came from (plat_buffer_alloc: the
 * first with room; -1 without nodes), so a test can tell where a
 * pointer lies. */
#define FAKE_MAX_BUFS 64
static struct {
	uint8_t *base;
	uint64_t bytes;
	int node;
} fake_bufs[FAKE_MAX_BUFS];

static inline int fake_node_of_cpu(int cpu)
{
	return fake_nodes ? cpu * fake_nodes / fake_cpus : -1;
}

/* The node of the live buffer p lies in (-1: no nodes); -2: in no live
 * buffer. */
static inline int fake_node_of_addr(const void *p)
{
	const uint8_t *a = p;
	for (int i = 0; i < FAKE_MAX_BUFS; i++)
		if (fake_bufs[i].base && a >= fake_bufs[i].base &&
		    a < fake_bufs[i].base + fake_bufs[i].bytes)
			return fake_bufs[i].node;
	return -2;
}

/* A measurement buffer's memory: its own mapping with a PROT_NONE page
 * on each side, so a run past either end faults (ASan reports the
 * SEGV) as it would hit malloc's redzone. Not malloc: ASan's allocator
 * poisons and quarantines every byte of a freed buffer (a memset over
 * its shadow, then fresh pages for the next), which cost the tests that
 * take DRAM-sized buffers over and over most of their time; pages the
 * suite never touches cost nothing here. */
#define FAKE_GUARD 4096ull

static uint64_t fake_map_bytes(uint64_t bytes)
{
	return ((bytes + 4095) & ~4095ull) + 2 * FAKE_GUARD;
}

static void *fake_map(uint64_t bytes)
{
	uint64_t len = fake_map_bytes(bytes);
	uint8_t *p = mmap(0, len, PROT_NONE,
			  MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);

	if (p == MAP_FAILED)
		return 0;
	if (mprotect(p + FAKE_GUARD, len - 2 * FAKE_GUARD,
		     PROT_READ | PROT_WRITE) != 0) {
		munmap(p, len);
		return 0;
	}
	return p + FAKE_GUARD;
}

static void fake_unmap(void *p, uint64_t bytes)
{
	if (p)
		munmap((uint8_t *)p - FAKE_GUARD, fake_map_bytes(bytes));
}

static int fake_buffer_take(uint64_t bytes, uint64_t page_bytes, int node,
			    struct plat_buffer *out)
{
	int slot = 0;
	void *p;

	while (slot < FAKE_MAX_BUFS && fake_bufs[slot].base)
		slot++;
	/* memory is in some node: anywhere is the first with room */
	for (int m = 0; node < 0 && m < fake_nodes; m++)
		if (bytes <= fake_node_room[m])
			node = m;
	if (slot == FAKE_MAX_BUFS || (fake_nodes && node < 0) ||
	    (node >= 0 && bytes > fake_node_room[node]) ||
	    (!fake_nodes && bytes > fake_mem_room))
		return -1;
	p = fake_map(bytes);
	if (!p)
		return -1;
	fake_bufs[slot].base = p;
	fake_bufs[slot].bytes = bytes;
	fake_bufs[slot].node = node;
	if (node >= 0)
		fake_node_room[node] -= bytes;
	else
		fake_mem_room -= bytes;
	*out = (struct plat_buffer){ .base = p, .bytes = bytes,
				     .page_bytes = page_bytes < fake_page_cap
							   ? page_bytes
							   : fake_page_cap };
	return 0;
}

void plat_print(const char *text)
{
	size_t n = strlen(text);
	if (fake_out_len + n < sizeof fake_out) {
		memcpy(fake_out + fake_out_len, text, n + 1);
		fake_out_len += n;
	}
}

void plat_progress(const char *text)
{
	(void)text;
}

/* plat_alloc refuses a request past this many bytes (0: no limit), as a
 * short pool would. */
static size_t fake_alloc_max;

void *plat_alloc(size_t bytes)
{
	if (fake_alloc_max && bytes > fake_alloc_max)
		return 0;
	return calloc(1, bytes ? bytes : 1);
}

void plat_free(void *p)
{
	free(p);
}

int plat_buffer_alloc(uint64_t bytes, uint64_t page_bytes,
		      struct plat_buffer *out)
{
	return fake_buffer_take(bytes, page_bytes, -1, out);
}

/* 1: frees are refused, as on UEFI once a lost cpu may still write
 * baremem's memory (buffers keep their base). */
static int fake_hold_all;

void plat_buffer_free(struct plat_buffer *buf)
{
	uint64_t bytes = buf->bytes;

	if (fake_hold_all)
		return;
	for (int i = 0; i < FAKE_MAX_BUFS; i++)
		if (buf->base && fake_bufs[i].base == buf->base) {
			if (fake_bufs[i].node >= 0)
				fake_node_room[fake_bufs[i].node] +=
					fake_bufs[i].bytes;
			else
				fake_mem_room += fake_bufs[i].bytes;
			fake_bufs[i].base = 0;
			bytes = fake_bufs[i].bytes;
		}
	fake_unmap(buf->base, bytes);
	buf->base = 0;
}

/* tests=scan: a memory map of fake_span_count spans (none: the host's
 * case, -1); plat_buffer_alloc_at gives a buffer of the range's bytes
 * (malloc'ed, not at its address) and counts the calls. The
 * fake_lose_at_alloc-th call loses cpu fake_lose_cpu (it answers no
 * more) and, with fake_hold_on_loss, holds all memory as UEFI does for
 * a cpu that never came back. */
static struct scan_span fake_spans[16];
static int fake_span_count;
static int fake_alloc_at_calls;
static int fake_lose_at_alloc;
static int fake_lose_cpu = -1;
static int fake_hold_on_loss;

int plat_memory_spans(struct scan_span *out, int max)
{
	if (!fake_span_count)
		return -1;
	for (int i = 0; i < fake_span_count && i < max; i++)
		out[i] = fake_spans[i];
	return fake_span_count < max ? fake_span_count : max;
}

int plat_buffer_alloc_at(uint64_t base, uint64_t bytes, uint64_t page_bytes,
			 struct plat_buffer *out)
{
	(void)base;
	if (++fake_alloc_at_calls == fake_lose_at_alloc) {
		fake_lost_cpu = fake_lose_cpu;
		fake_hold_all = fake_hold_on_loss;
	}
	return fake_buffer_take(bytes, page_bytes, -1, out);
}

/* The pinned memory of a Linux scan: fake_pin_count pieces of
 * fake_pin_bytes, at made-up physical addresses 1 GiB apart. */
static int fake_pin_count, fake_pins_taken;
static uint64_t fake_pin_bytes = 4ull << 20;

int plat_scan_pin(uint64_t page_bytes, struct plat_buffer *out,
		  struct plat_pin *info, char *note, size_t note_len)
{
	(void)page_bytes;
	if (fake_pins_taken >= fake_pin_count ||
	    fake_buffer_take(fake_pin_bytes, 2ull << 20, -1, out) != 0) {
		snprintf(note, note_len, "%d fake pieces", fake_pins_taken);
		return -1;
	}
	info->phys = (uint64_t)(4 + fake_pins_taken++) << 30;
	info->phys_contiguous = 1;
	return 0;
}

uint64_t plat_buffer_max_bytes(uint64_t page_bytes)
{
	(void)page_bytes;
	return fake_max_bytes;
}

uint64_t plat_tsc_hz(void)
{
	return 1000000000ull;
}

void plat_run_window(plat_window_fn fn, void *arg)
{
	fn(arg);
}

int plat_cpu_count(void)
{
	return fake_cpus;
}

int plat_cpu_info(int cpu, struct plat_cpu *out)
{
	if (cpu < 0 || cpu >= fake_cpus)
		return -1;
	if (fake_cpu_table) {
		*out = fake_cpu_table[cpu];
		return 0;
	}
	int cores = fake_cpus / (fake_smt > 0 ? fake_smt : 1);

	cores = cores > 0 ? cores : 1;
	*out = (struct plat_cpu){ .cpu = cpu, .apic_id = (uint32_t)cpu * 2,
				  .core = cpu % cores, .thread = cpu / cores,
				  .bsp = cpu == 0,
				  .usable = cpu != fake_lost_cpu };
	return 0;
}

static int fake_bsp_alone;	/* the boot cpu cannot run with APs */

int plat_bsp_runs_with_aps(void)
{
	return !fake_bsp_alone;
}

struct fake_window {
	plat_window_fn fn;
	void *arg;
};

static void *fake_window_thread(void *p)
{
	struct fake_window *w = p;
	w->fn(w->arg);
	return 0;
}

/* plat_run_on_cpus calls so far (a test counts the windows it asks for). */
static int fake_run_calls;

int plat_run_on_cpus(const int *cpus, int n, plat_window_fn fn, void **args,
		     uint64_t timeout_us, int *ok)
{
	pthread_t th[64];
	struct fake_window w[64];
	int done = 0, started = 0;
	(void)timeout_us;
	fake_run_calls++;
	for (int i = 0; i < n; i++) {
		ok[i] = cpus[i] != fake_lost_cpu && cpus[i] < fake_cpus;
		if (!ok[i])
			continue;
		done++;
		if (fake_threads && n > 1 && n <= 64) {
			w[i] = (struct fake_window){ fn, args[i] };
			if (pthread_create(&th[started], 0, fake_window_thread,
					   &w[i]) == 0) {
				started++;
				continue;
			}
		}
		fn(args[i]);
	}
	for (int i = 0; i < started; i++)
		pthread_join(th[i], 0);
	return done;
}

/* An ACPI SRAT image instead of the even split below, read as
 * efi/numa.c reads the firmware's: parsed, its hot-pluggable ranges
 * counted by the spans the fake memory map lists as RAM
 * (fake_ram[0..fake_ram_count)), APIC ids matched to the fake cpus'
 * (cpu * 2). fake_nodes still names the nodes' room. */
static const void *fake_srat;
static size_t fake_srat_len;
static struct {
	uint64_t base, bytes;
} fake_ram[8];
static int fake_ram_count;

static int fake_srat_topology(struct numa_topo *t)
{
	int n = numa_parse_srat(fake_srat, fake_srat_len, t);

	if (n <= 0)
		return n;
	for (int i = 0; i < fake_ram_count; i++)
		numa_hotplug_ram_add(t, fake_ram[i].base, fake_ram[i].bytes);
	for (int k = 0; k < t->cpu_count; k++)
		if (t->cpu[k].apic_id % 2 == 0 &&
		    t->cpu[k].apic_id / 2 < (uint32_t)fake_cpus)
			t->cpu[k].cpu = (int)(t->cpu[k].apic_id / 2);
	return n;
}

/* No NUMA topology unless fake_nodes (the matrix then measures one
 * node, and node buffers are plain ones); with it, the cpus split in
 * order, one range per node, distances 10 and 20. */
int plat_numa_topology(struct numa_topo *t)
{
	if (fake_topo) {
		*t = *fake_topo;
		return t->node_count;
	}
	memset(t, 0, sizeof *t);
	if (fake_srat)
		return fake_srat_topology(t);
	if (!fake_nodes) {
		t->problem = "no topology on the fake platform";
		return 0;
	}
	t->node_count = fake_nodes;
	t->range_count = fake_nodes;
	t->has_slit = 1;
	for (int m = 0; m < fake_nodes; m++) {
		t->domain[m] = (uint32_t)m;
		t->range[m] = (struct numa_range){ .base = (uint64_t)m << 40,
						   .bytes = 1ull << 40,
						   .ram_bytes = 1ull << 40,
						   .node = m };
		for (int k = 0; k < fake_nodes; k++)
			t->slit[m][k] = m == k ? 10 : 20;
	}
	for (int c = 0; c < fake_cpus && c < NUMA_MAX_CPUS; c++)
		t->cpu[t->cpu_count++] = (struct numa_cpu){
			.apic_id = (uint32_t)c * 2, .node = fake_node_of_cpu(c),
			.cpu = c };
	return fake_nodes;
}

int plat_buffer_alloc_node(uint64_t bytes, uint64_t page_bytes,
			   const struct numa_topo *t, int node,
			   struct plat_buffer *out)
{
	if (!fake_nodes || t->range_count == 0)
		return plat_buffer_alloc(bytes, page_bytes, out);
	if (node < 0 || node >= fake_nodes)
		return -1;
	/* efi/numa.c's rule for which of the node's ranges may hold it */
	for (int r = 0; fake_srat && r < t->range_count; r++)
		if (numa_range_fits(&t->range[r], node, bytes))
			return fake_buffer_take(bytes, page_bytes, node, out);
	if (fake_srat)
		return -1;
	return fake_buffer_take(bytes, page_bytes, node, out);
}

/* Where the fake put the buffer p is in (fake_buffer_take's node);
 * fake_misplace_node >= 0 pretends the pages went there instead. */
static int fake_misplace_node = -1;

int plat_buffer_node(const void *p, uint64_t bytes, const struct numa_topo *t)
{
	int node = fake_node_of_addr(p);
	(void)bytes;
	(void)t;
	if (node < 0)
		return -1;
	return fake_misplace_node >= 0 ? fake_misplace_node : node;
}

/* MSRs: one value per cpu; plat_msr_probe answers fake_msr_probe, and
 * writes on fake_msr_stuck_cpu fail (the value stays). */
#define FAKE_MSR_CPUS 16
static uint64_t fake_msr[FAKE_MSR_CPUS];
static int fake_msr_probe = -1;
static int fake_msr_stuck_cpu = -1;
static int fake_msr_writes;

int plat_msr_probe(uint32_t msr)
{
	(void)msr;
	return fake_msr_probe;
}

int plat_msr_on_cpus(const int *cpus, int n, uint32_t msr, uint64_t *vals,
		     int write, int *ok)
{
	int done = 0;
	(void)msr;
	for (int i = 0; i < n; i++) {
		int c = cpus[i];
		ok[i] = c >= 0 && c < FAKE_MSR_CPUS && c < fake_cpus &&
			c != fake_lost_cpu && !(write && c == fake_msr_stuck_cpu);
		if (!ok[i])
			continue;
		if (write) {
			fake_msr[c] = vals[i];
			fake_msr_writes++;
		} else {
			vals[i] = fake_msr[c];
		}
		done++;
	}
	return done;
}

/* Frees a run_results a test built with calloc (its lat, bw, cpu lists). */
/* A run as the suite starts one: the config from words[0..n) (0 when it
 * does not parse), room for lat_cap latency and bw_cap bandwidth points,
 * the host's TSC rate, a 32K L1 data cache and a 256K L2. The caller
 * changes what its test needs, then selects the cpus (cpus_select) and
 * frees the run with fake_results_free. */
static inline struct run_results *fake_results_new(const char **words,
						   int n, int lat_cap,
						   int bw_cap)
{
	struct run_results *res = calloc(1, sizeof *res);

	if (!res)
		return 0;
	config_defaults(&res->config);
	if (config_parse_args(&res->config, n, words, &res->errors,
			      &res->warnings) != 0) {
		free(res);
		return 0;
	}
	res->tests = registry_tests;	/* as run_new gives every run */
	res->test_count = registry_test_count;
	res->lat.cap = lat_cap;
	res->lat.p = lat_cap ? calloc((size_t)lat_cap, sizeof *res->lat.p) : 0;
	res->bw.cap = bw_cap;
	res->bw.p = bw_cap ? calloc((size_t)bw_cap, sizeof *res->bw.p) : 0;
	res->tsc_hz = plat_tsc_hz();
	/* An L2 names the last-level cache: without one the suite guesses
	 * 32 MiB, and the DRAM floor (4x that) outgrows the fake memory. */
	res->cpu.cache_count = 2;
	res->cpu.caches[0] = (struct cpu_cache){ 1, "data", 32 << 10, 64, 8, 1, 0 };
	res->cpu.caches[1] = (struct cpu_cache){ 2, "unified", 256 << 10, 64,
						 8, 1, 0 };
	return res;
}

/* res's inputs and selection as the suite runner hands them to a test
 * (run_env_fix), for calling one of a test's helpers alone. Each call
 * overwrites the last one's. */
static inline const struct run_env *fake_env(const struct run_results *res)
{
	static struct run_env env;

	run_env_fix(&env, res);
	return &env;
}

static inline const struct cpu_set *fake_set(const struct run_results *res)
{
	static struct cpu_set set;

	set = run_env_selected(res);
	return &set;
}

/* What the runner hands a test (results_test_out), with every series
 * of res in it: for the unit tests that stand in for several tests, or
 * grow a series as a test would. */
static inline struct test_out *fake_test_out(struct run_results *res)
{
	static struct test_out out;

	out = results_test_out(res, -1);
	out.lat = &res->lat;
	out.bw = &res->bw;
	out.loaded = &res->loaded;
	out.c2c = &res->c2c;
	out.numa = &res->numa;
	out.scan = &res->scan;
	return &out;
}

static inline void fake_results_free(struct run_results *res)
{
	for (int i = 0; i < res->bw.count; i++)
		free((void *)res->bw.p[i].buffer_nodes);
	for (int i = 0; i < res->loaded.count; i++) {
		free((void *)res->loaded.p[i].cpu_list);
		free((void *)res->loaded.p[i].buffer_nodes);
	}
	free(res->loaded.p);
	free(res->tsc);
	free(res->lat.p);
	free(res->bw.p);
	free(res->cpus);
	free(res->selected);
	free(res);
}

/* Whether a warning of the run contains `what`. */
static inline int fake_warned(const struct run_results *res, const char *what)
{
	for (int i = 0; i < res->warnings.count; i++)
		if (strstr(res->warnings.text[i], what))
			return 1;
	return 0;
}

#endif
