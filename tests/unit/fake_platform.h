/* A host stand-in for the platform seam (lib/platform.h), for unit tests
 * of lib/ code that measures: buffers from malloc, windows run in place,
 * a fixed cpu table. Include it in exactly one test file. */
#ifndef BAREMEM_FAKE_PLATFORM_H
#define BAREMEM_FAKE_PLATFORM_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "numa.h"
#include "platform.h"
#include "results.h"

static int fake_cpus = 1;
static int fake_lost_cpu = -1;	/* this cpu never answers */
static uint64_t fake_page_cap = 4096;	/* buffers get at most these pages */
static char fake_out[1 << 16];
static size_t fake_out_len;

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

void *plat_alloc(size_t bytes)
{
	return calloc(1, bytes ? bytes : 1);
}

void plat_free(void *p)
{
	free(p);
}

int plat_buffer_alloc(uint64_t bytes, uint64_t page_bytes,
		      struct plat_buffer *out)
{
	void *p = aligned_alloc(4096, (bytes + 4095) & ~4095ull);
	if (!p)
		return -1;
	*out = (struct plat_buffer){ .base = p, .bytes = bytes,
				     .page_bytes = page_bytes < fake_page_cap
							   ? page_bytes
							   : fake_page_cap };
	return 0;
}

void plat_buffer_free(struct plat_buffer *buf)
{
	free(buf->base);
	buf->base = 0;
}

uint64_t plat_buffer_max_bytes(uint64_t page_bytes)
{
	(void)page_bytes;
	return 64ull << 20;
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
	*out = (struct plat_cpu){ .cpu = cpu, .apic_id = (uint32_t)cpu * 2,
				  .bsp = cpu == 0,
				  .usable = cpu != fake_lost_cpu };
	return 0;
}

static int fake_bsp_alone;	/* the boot cpu cannot run with APs */

int plat_bsp_runs_with_aps(void)
{
	return !fake_bsp_alone;
}

int plat_run_on_cpus(const int *cpus, int n, plat_window_fn fn, void **args,
		     uint64_t timeout_us, int *ok)
{
	int done = 0;
	(void)timeout_us;
	for (int i = 0; i < n; i++) {
		ok[i] = cpus[i] != fake_lost_cpu && cpus[i] < fake_cpus;
		if (ok[i]) {
			fn(args[i]);
			done++;
		}
	}
	return done;
}

/* No NUMA topology (the matrix then measures one node); node buffers
 * are plain ones. */
int plat_numa_topology(struct numa_topo *t)
{
	memset(t, 0, sizeof *t);
	t->problem = "no topology on the fake platform";
	return 0;
}

int plat_buffer_alloc_node(uint64_t bytes, uint64_t page_bytes,
			   const struct numa_topo *t, int node,
			   struct plat_buffer *out)
{
	(void)t;
	(void)node;
	return plat_buffer_alloc(bytes, page_bytes, out);
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
 * the host's TSC rate, one 32K L1 data cache. The caller changes what
 * its test needs, then selects the cpus (cpus_select) and frees the run
 * with fake_results_free. */
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
	res->lat_cap = lat_cap;
	res->lat = lat_cap ? calloc((size_t)lat_cap, sizeof *res->lat) : 0;
	res->bw_cap = bw_cap;
	res->bw = bw_cap ? calloc((size_t)bw_cap, sizeof *res->bw) : 0;
	res->tsc_hz = plat_tsc_hz();
	res->cpu.cache_count = 1;
	res->cpu.caches[0] = (struct cpu_cache){ 1, "data", 32 << 10, 64, 8, 1 };
	return res;
}

static inline void fake_results_free(struct run_results *res)
{
	free(res->lat);
	free(res->bw);
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
