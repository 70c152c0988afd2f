/* The seam between the portable suite (lib/) and a platform (efi/, linux/).
 * lib/ calls only these; each platform implements every one of them once. */
#ifndef BAREMEM_PLATFORM_H
#define BAREMEM_PLATFORM_H

#include <stddef.h>
#include <stdint.h>

/* A measurement buffer: identity-mapped on UEFI, mmap'ed on Linux. */
struct plat_buffer {
	void *base;
	uint64_t bytes;
	uint64_t page_bytes;	/* page size that really maps the buffer */
	uint64_t priv[2];	/* the platform's bookkeeping */
};

/* Runs inside a measurement window: interrupts off, baremem's page tables
 * loaded, AVX state enabled. It must not call any plat_* function. */
typedef void (*plat_window_fn)(void *arg);

/* Console: plat_print writes a finished line (or lines) that also goes to
 * the run's text log; plat_progress overwrites a transient status line. */
void plat_print(const char *text);
void plat_progress(const char *text);

/* Small working memory for the suite (results, plans); zeroed. */
void *plat_alloc(size_t bytes);
void plat_free(void *p);

/* Measurement buffers. page_bytes asks for a mapping (4K, 2M, 1G); the
 * platform falls back to what it can and reports it in out->page_bytes.
 * Returns 0 on success, -1 when no memory of that size can be had. */
int plat_buffer_alloc(uint64_t bytes, uint64_t page_bytes,
		      struct plat_buffer *out);
/* Gives the buffer back and sets buf->base to 0. A platform that may not
 * free it (UEFI once a lost cpu may still write baremem's memory) leaves
 * buf->base as it was: the caller can tell a refused free. */
void plat_buffer_free(struct plat_buffer *buf);
/* tests=scan (lib/suite/scan.c). plat_memory_spans lists the physical
 * memory map as spans (lib/suite/scan_plan.h: free WB RAM, free RAM not
 * WB, the app's own, the firmware's; what is not RAM left out), at most
 * max; returns the count, or -1 when the platform has no view of
 * physical memory (Linux). plat_buffer_alloc_at gives a measurement
 * buffer at exactly [base, base + bytes) (UEFI: AllocatePages at that
 * address, identity-mapped as the tables already map it: page_bytes is
 * a hint, out->page_bytes the smallest page over it), freed with
 * plat_buffer_free; -1 when that memory cannot be had now. */
struct scan_span;
int plat_memory_spans(struct scan_span *out, int max);
int plat_buffer_alloc_at(uint64_t base, uint64_t bytes, uint64_t page_bytes,
			 struct plat_buffer *out);
/* tests=scan where plat_memory_spans gives no map (Linux): the next
 * piece of memory the platform can pin (kept in RAM, never swapped), at
 * most 1 GiB, on pages up to page_bytes (the `page` key: 1 GiB takes
 * both hugetlbfs pools, 2 MiB the 2 MiB pool only, 4 KiB locked pages
 * only), within the platform's bound, held until plat_buffer_free;
 * the pieces taken before stay held, so each call gives memory none of
 * them has. phys is the physical address of its first byte (~0: the
 * platform cannot tell), phys_contiguous 1 when [phys, phys + bytes) is
 * the whole piece. Returns 0, or -1 when nothing more is pinned, note
 * (bounded, never empty) then saying what was taken and what stopped it.
 * UEFI: -1 (its scan plans from the memory map). */
struct plat_pin {
	uint64_t phys;
	int phys_contiguous;
};
int plat_scan_pin(uint64_t page_bytes, struct plat_buffer *out,
		  struct plat_pin *info, char *note, size_t note_len);
/* The largest buffer plat_buffer_alloc could give now (a hint). */
uint64_t plat_buffer_max_bytes(uint64_t page_bytes);

/* Time: TSC ticks per second, as calibrated at start. */
uint64_t plat_tsc_hz(void);

/* Runs fn(arg) on the calling (boot) cpu inside a measurement window. */
void plat_run_window(plat_window_fn fn, void *arg);

/* Logical processors, numbered 0..plat_cpu_count()-1 in baremem's order
 * (lib/hw/cpuorder.h: every core's first thread, by package and core, then
 * the second threads), the same rule on UEFI and Linux. A platform lists
 * its processors once with cputable_set (lib/hw/cputable.h), which then
 * serves plat_cpu_count and plat_cpu_info for it. */
struct plat_cpu {
	int cpu;
	int platform_cpu;	/* the platform's own number: MP services'
				 * processor number (UEFI), the OS's (Linux) */
	uint32_t apic_id;
	int package, core, thread;
	/* the cpu's cluster, numbered from 1 (AArch64: the PPTT's node
	 * between its core and its package); 0: none known */
	int cluster;
	int bsp;		/* the cpu the suite itself runs on */
	int usable;		/* enabled and healthy */
};
int plat_cpu_count(void);
int plat_cpu_info(int cpu, struct plat_cpu *out);

/* Runs fn(args[i]) on cpus[i] for i < n, all at once, each inside its own
 * measurement window, and waits for all (at most timeout_us each). The
 * boot cpu may be in the list. ok[i] is set to 1 for each cpu that ran
 * fn to the end, 0 for one that failed or did not answer in time (it is
 * not used again). Returns the number that completed. */
int plat_run_on_cpus(const int *cpus, int n, plat_window_fn fn, void **args,
		     uint64_t timeout_us, int *ok);
/* 1 when the boot cpu runs its share of a plat_run_on_cpus call while
 * the APs run theirs. 0 when the platform can start APs only with calls
 * that hold the boot cpu until the APs are done (UEFI firmware refusing
 * non-blocking MP calls): a call listing the boot cpu and APs then runs
 * the boot cpu's share after theirs, so cpus_select leaves the boot cpu
 * out of a run that measures other cpus. */
int plat_bsp_runs_with_aps(void);

/* MSRs on every cpu (the prefetcher control). plat_msr_probe
 * reads msr on the boot cpu and writes the same value back, both under
 * the #GP-safe probe (efi/x86_64/msr.c): 0 when both worked, -1 when not or
 * when the platform gives no MSR access (Linux). plat_msr_on_cpus runs
 * rdmsr (write 0: into vals[i]) or wrmsr (write 1: vals[i]) of msr on
 * each cpus[i] inside a window; ok[i] as plat_run_on_cpus, and returns
 * how many did. Only for an MSR plat_msr_probe accepted and the vendor
 * documents for this model of cpu. */
int plat_msr_probe(uint32_t msr);
int plat_msr_on_cpus(const int *cpus, int n, uint32_t msr, uint64_t *vals,
		     int write, int *ok);

/* NUMA. Fills t with the machine's nodes: memory ranges and
 * cpus per proximity domain, cpus given by their platform numbers
 * (numa_cpu.cpu; -1 for one the platform does not run). Returns the node
 * count; 0 when the platform knows no topology, t->problem saying why. */
struct numa_topo;
int plat_numa_topology(struct numa_topo *t);
/* A measurement buffer in node's memory (t from plat_numa_topology);
 * -1 when that node has no room. */
int plat_buffer_alloc_node(uint64_t bytes, uint64_t page_bytes,
			   const struct numa_topo *t, int node,
			   struct plat_buffer *out);
/* Where the memory of [p, p + bytes) (inside a measurement buffer)
 * really is: the node index in t of every page the platform looked at
 * (UEFI: the SRAT range holding the physical address, the buffers being
 * identity-mapped; Linux: move_pages(2) on a sample of the pages, so
 * what the kernel did, not what was asked). -1 when the platform cannot
 * tell, -2 when the pages are in more than one node. */
int plat_buffer_node(const void *p, uint64_t bytes,
		     const struct numa_topo *t);

#endif
