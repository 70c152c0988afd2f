/* Everything a run measured and knew, as the suite fills it in; the JSON
 * writer (results_json.c) and the console summary read it. */
#ifndef BAREMEM_RESULTS_H
#define BAREMEM_RESULTS_H

#include <stdint.h>

#include "config/config.h"
#include "hw/fault.h"
#include "hw/freqstate.h"
#include "hw/coreclock.h"
#include "hw/cpuinfo.h"
#include "hw/l3alloc.h"
#include "hw/tscskew.h"
#include "util/hist.h"
#include "util/msgs.h"
#include "results/test_row.h"
#include "results/test_table.h"
#include "platform.h"

/* Hardware prefetchers during a point, where baremem switched them. */
/* Core types a run tells apart: Intel's Core and Atom (CPUID 1Ah), and
 * room for a third. */
#define CORE_TYPES_MAX 4

/* The fewest ticks a timed sample spans, whatever its profile's length
 * (lib/suite/sweep.h's sweep_sample_ticks): its two counter reads each
 * err by up to a tick, at most 2 / 20000 = 0.01 % of the sample. A
 * 3 GHz TSC passes it in 7 us, a 25 MHz generic timer in 0.8 ms, a
 * 1 MHz one only in 20 ms (docs/method.md). */
#define SAMPLE_TICKS_MIN 20000u

#define BM_PF_ON 1
#define BM_PF_OFF 2

/* One selected cpu's TSC against the reference cpu's, from the run's
 * TSC check (lib/suite/tsccheck.c). */
struct tsc_cpu {
	int cpu;
	int reference;		/* the cpu the others were compared with */
	int exchanges;		/* completed with the reference */
	struct tsc_skew_est est;	/* unknown for the reference itself */
	int adjust_known;	/* IA32_TSC_ADJUST read (Intel, UEFI) */
	int64_t adjust;
};

/* One latency point: a working-set size chased on one cpu. */
struct lat_point {
	int cpu;
	uint64_t size_bytes;
	uint64_t page_bytes;	/* page size that mapped the buffer */
	uint64_t hops;		/* per sample */
	int repeats;
	double ns_min, ns_median, ns_max;	/* per hop */
	double tsc_cycles_median;		/* per hop */
	double core_cycles_median;		/* per hop; < 0: unavailable */
	int retaken;		/* samples taken again by the outlier rule */
	int noisy;		/* outliers left after the retakes */
	/* The samples' spread, (max - min) / min after the retakes, and the
	 * whole-point retakes it cost (docs/method.md, "A disturbed
	 * point"); disturbed: still past the bound after them. */
	double spread;
	int whole_retakes;
	int disturbed;
	int smi;		/* samples that saw an SMI (retaken ones too);
				 * < 0: SMIs not counted */
	const char *level;	/* cache level the size falls in: "L1".."DRAM" */
	const char *level_measured;	/* the level the curve reads it as
					 * (suite/curve.h); 0: not judged,
					 * or a transition */
	int buffer_node;	/* node of the chased buffer's pages
				 * (plat_buffer_node); -1: unknown, or in
				 * several */
	/* Distribution (dist=on, lib/suite/dist.c): ns per hop of short timed
	 * segments, the timing overhead subtracted. */
	int dist_segments;	/* 0: not measured */
	int dist_hops;		/* hops per segment */
	double dist_overhead_ns;	/* per segment, subtracted */
	double ns_p50, ns_p90, ns_p99, ns_p999;
	struct hist hist;
	int prefetch;		/* BM_PF_ON / BM_PF_OFF; 0: not controlled */
};

/* One bandwidth point: a kernel over a working set on one or more cpus
 * at once (each cpu its own buffer of size_bytes). */
struct bw_point {
	const char *kernel;	/* "avx512-read", "avx2-triad", ... */
	const char *level;	/* "L1", "L2", "L3", "DRAM" */
	int scaling;		/* part of the 1..N cpus curve */
	int cpus;		/* how many ran at once */
	/* the cpus that ran: res->selected[0..cpus) */
	uint64_t size_bytes;	/* working set per cpu */
	uint64_t bytes;		/* bytes counted per sample, all cpus */
	int repeats;
	double gb_min, gb_median, gb_max;	/* GB = 10^9 bytes */
	int smi;		/* samples that saw an SMI and were dropped;
				 * < 0: SMIs not counted */
	int retaken;		/* samples taken again for them */
	int prefetch;		/* BM_PF_ON / BM_PF_OFF; 0: not controlled */
	int nontemporal;	/* stores went around the caches */
	/* the smallest page that mapped the cpus' buffers (a buffer only
	 * partly on huge pages counts as the small ones); 0: not recorded */
	uint64_t page_bytes;
	/* A DRAM copy or write is measured with cached and with non-temporal
	 * stores and the faster kept (lib/suite/bandwidth.c): then
	 * stores_compared is set and both medians are here. */
	int stores_compared;
	double cached_gb_median, nontemporal_gb_median;
	/* [cpus]: the node each cpu's buffer was in, in cpu_list's order;
	 * -1: not known. 0: not recorded. */
	const int *buffer_nodes;
	/* cpus that could not run the kernel's ISA (CPUID or XCR0) and ran
	 * the widest twin they could (warned); 0 normally */
	int fallback_cpus;
	/* The effective core clock over the samples kept, every cpu's:
	 * TSC Hz x dAPERF/dMPERF of each sample (median, lowest); < 0 where
	 * APERF/MPERF are not read or did not move. */
	double clock_ghz, clock_ghz_min;
	/* A 512-bit point's settle time (lib/suite/settle.h): the longest
	 * wait of its cpus in ms (< 0: no settle, not 512-bit), and 1 when
	 * every cpu's clock came back near its clock before, 0 when one
	 * did not within the bound, -1 when no counter could tell. */
	double settle_ms;
	int settle_back;
};

/* One point of the loaded-latency curve: the chasing cpu's
 * DRAM latency while the others read with `delay` (-1: idle, no load). */
struct loaded_point {
	int64_t delay;
	int loaders;		/* cpus reading at once */
	double gb_per_s;	/* the loaders' aggregate read bandwidth */
	double ns;		/* median ns per hop of the chase */
	/* [loaders + 1]: the chasing cpu, then the loaders; and the node
	 * each one's buffer was in (-1: not known). 0: not recorded. */
	const int *cpu_list;
	const int *buffer_nodes;
};

/* One-way cache-line transfer latency between two cpus. */
struct c2c_point {
	int from, to;		/* from served, to answered */
	double ns;		/* median round trip / 2 */
	int same_core;		/* SMT siblings of one core */
};

/* A test's series of points: count held, room for cap (each series
 * owns its room: lat_reserve, bw_reserve grow it), the points. */
struct lat_series {
	int count, cap;
	struct lat_point *p;
};

struct bw_series {
	int count, cap;
	struct bw_point *p;
	const char *isa;	/* "avx512", "avx2", "sse2": the widest
				 * kernels measured (0: none) */
	int avx512_used;	/* some point ran AVX-512 kernels */
};

struct loaded_series {
	int count;		/* the test allocates its room once */
	struct loaded_point *p;
};

struct c2c_series {
	int count;
	struct c2c_point *p;
};

/* The node x node matrix; cells < 0 were not measured. */
struct numa_topo;
struct numa_result {
	struct numa_topo *topo;
	const char *source;	/* "srat", "linux" or "none" */
	double *latency_ns;	/* [cpu node][memory node] */
	double *read_gb;
	uint64_t *buffer_base;	/* where each cell's buffer was (0: none) */
	uint64_t *page_bytes;	/* the pages that mapped it (0: none) */
	uint64_t size_bytes;	/* working set of each cell */
};

/* tests=scan (lib/suite/scan.c): one point per planned range. */
#define SCAN_POINT_FLAG_BYTES 240	/* suite/scan_flag.h's SCAN_FLAG_BYTES */
#define SCAN_POINT_DIMMS 64		/* hw/smbios.h's SMBIOS_MAX_DIMMS */
struct scan_point {
	uint64_t base, bytes;	/* the planned range */
	uint64_t measured_bytes;	/* read and chased over (bytes, but
					 * under the test hook scan-small) */
	uint64_t page_bytes;	/* the pages that mapped it */
	int node;		/* SRAT node index, -1: unknown */
	double ns_median;	/* < 0: not measured */
	double gb_per_s_median;	/* < 0: not measured */
	int cpu_count;
	int *cpus;		/* [cpu_count]: the readers */
	const char *cpus_from;	/* where the readers come from
				 * (lib/suite/scan_readers.h): "node",
				 * "nearest-node" (the node has no
				 * selected cpu), "first-selected"; 0:
				 * not measured, written as the last */
	int distance;		/* SLIT, the readers' node to node; -1:
				 * no SLIT or a node unknown */
	int dimm_count;		/* -1: not known (SMBIOS type 20) */
	uint64_t chase_lines;	/* lines in its chain (0: not chased) */
	int chase_cold;		/* 1: written with stores that leave no
				 * line of it in any cache */
	uint64_t chase_hops;	/* hops chased in all (warm pass,
				 * calibration, samples, retakes) */
	int ns_may_be_cached;	/* 1: its chain is under 4x the last-level
				 * cache and not known to be in no cache
				 * (not written cold, or chased round), or
				 * written cold and read faster than any
				 * memory (under 40 ns a hop) */
	int base_unknown;	/* pinned: the OS hid the physical address */
	int phys_contiguous;	/* pinned: 1 when [base, base + bytes) is
				 * all of it, 0: pages scattered, base the
				 * first one's; planned ranges: 1 */
	/* Every DIMM of an interleave set names every range it covers:
	 * hw/smbios.h's SMBIOS_MAX_DIMMS (a node of 12 channels with 2
	 * DIMMs each is 24), checked in suite/scan.c. */
	const char *dimms[SCAN_POINT_DIMMS];
	char flag[SCAN_POINT_FLAG_BYTES];	/* "": not flagged */
};

struct scan_skip;
struct scan_result {
	int count;
	struct scan_point *point;
	int skip_count;
	const struct scan_skip *skip;	/* results/scan_skip.h */
	uint64_t chase_lines;	/* lines chased per range (at most) */
	uint64_t llc_bytes;	/* the last-level cache they defeat */
	const char *dimms_note;	/* said once when a range has no DIMMs */
	double seconds;		/* measuring the ranges (taking the
				 * pinned memory not counted) */
	uint64_t measure_tsc;	/* when measuring began (0: never) */
	/* Of seconds: building the chains, chasing them (the warm pass,
	 * the calibration, the samples), reading the ranges; the ticks
	 * they are summed in. */
	double build_s, chase_s, read_s;
	uint64_t build_ticks, chase_ticks, read_ticks;
	/* Where the ranges came from: "memory-map" (the platform's map of
	 * physical memory, every usable GiB) or "pinned" (what the process
	 * could pin: Linux), and for "pinned" what bounded it. */
	const char *source;
	char pinned_note[160];
};

/* The GiBs of the scan's ranges that were measured (measured_bytes). */
double scan_gib(const struct scan_result *sr);

enum run_status { RUN_OK, RUN_PARTIAL, RUN_ERROR };

struct smbios_info;
struct mem_ceiling;

struct run_results {
	const char *platform;	/* "uefi" or "linux" */
	const char *arch;	/* "x86_64" or "aarch64" (ARCH_NAME) */
	const char *msr_note;	/* how MSRs were probed (console); 0: not */
	int run_number;		/* 0: no results file */
	char file[256];		/* where the file went, "" if nowhere */
	char started[32];	/* ISO 8601, "" when the clock is unknown */
	double duration_s;
	const char *boot;	/* "disk", "network"; 0: not said (linux) */

	/* The machine beyond CPUID, as the platform found it. */
	char firmware_vendor[64], firmware_version[32];
	uint64_t memory_total_bytes;
	const struct smbios_info *smbios;	/* 0: none */
	/* The DIMMs' ceiling (hw/memceiling.h); 0: no SMBIOS DIMMs */
	const struct mem_ceiling *ceiling;
	struct msgs errors, warnings;
	int failed;		/* something selected could not be measured */
	/* The exceptions caught in measurement windows (hw/fault.h), as
	 * each was reported: the first FAULTS_KEPT, fault_count them all. */
#define FAULTS_KEPT 8
	struct fault_record faults[FAULTS_KEPT];
	int fault_count;

	struct bm_config config;
	struct cpu_info cpu;
	/* Each core type's CPUID, read on a cpu of that type, and each cpu's
	 * type as an index into core_types (lib/suite/coretypes.h). 0 types:
	 * not read (one core type), every cpu has res->cpu's caches. */
	int core_type_count;
	struct cpu_info core_types[CORE_TYPES_MAX];
	unsigned char cpu_type[BM_MAX_CPUS];
	/* CPUID inside the window that reads the core types, ctx pointing at
	 * the cpu's number (an int); 0: the cpu's own CPUID. The unit tests
	 * give every cpu a part of their own here. */
	cpuid_fn cpuid_here;
	struct freq_state freq;	/* boost, HWP/CPPC as the run found them */
	/* The boot cpu's L3 cache allocation (lib/hw/l3alloc.h): its class's
	 * ways and the size the plan sizes the L3 by where it is partitioned
	 * (state 0: not read). */
	struct l3alloc l3alloc;
	uint64_t tsc_hz;
	const char *tsc_source;	/* cpuid, pmtimer, hpet, stall, os */
	double tsc_error_ppm;	/* calibration bound; < 0: unknown */
	/* TSC agreement across the selected cpus; tsc_cpus 0: not checked. */
	int tsc_cpus;
	struct tsc_cpu *tsc;	/* [tsc_cpus], res->selected's order */
	struct tsc_skew_summary tsc_skew;	/* over the partners */
	const char *tsc_skew_why;	/* not measured: why (0: measured) */

	int cpu_count;		/* logical processors the platform knows */
	struct plat_cpu *cpus;	/* [cpu_count] */
	int bsp_cpu;		/* the cpu the suite runs on */
	int selected_count;	/* cpus the configuration selects, usable */
	int *selected;		/* [selected_count], ascending; only the
				 * suite runner prunes it, between tests */
	/* The registry of tests (lib/registry.c) in run order: the runner,
	 * the results writer and the report go through it. */
	const struct test_row *tests;
	int test_count;
	/* Each row's own points where this struct has no member for them
	 * (a test added since): row i's in own[i], its type the test's own
	 * (the test writes it through its test_out's own). */
	void *own[TEST_ROWS_MAX];

	uint64_t page_bytes;	/* page size of the measurement buffers */
	uint64_t mapped_bytes;	/* bytes the page tables map */
	/* AMD/Hygon SYSCFG and TOM2 as the page tables' memory types read
	 * them, decoded where they were read (efi/x86_64/paging.c).
	 * tom2_read: 0 not asked (other vendors, other architectures,
	 * Linux), 1 read, -1 the registers could not be read safely. Read:
	 * SYSCFG's TOM2 enable and force-WB bits, TOM2's address, the
	 * console's line on them. */
	int tom2_read;
	int tom2_en, tom2_force_wb;
	uint64_t tom2_bytes;
	char tom2_note[120];
	int tom2_applied;	/* [4 GiB, TOM2) taken as WB by default */

	/* Each test's points, as the suite runner hands them to it (the
	 * registry row's `out`) and the results writer reads them. */
	struct lat_series lat;
	struct bw_series bw;
	int avx2_usable;	/* AVX2 present and its state enabled */
	int isa_widest;		/* enum bw_isa: the widest the boot cpu
				 * can run (CPUID and XCR0, lib/arch/x86_64/isa.h) */
	/* AArch64's SVE (efi/aarch64/isa_arm.c): sve_known says these are
	 * written. sve_cpu_bytes: the vector length each cpu read back
	 * (cpu_count entries, bytes; 0 where the cpu has no SVE usable or
	 * was not reached; 0 itself when not read). sve_bytes: the length
	 * the run's SVE kernels ran at, 0 when they did not run; sve_why:
	 * why not, for the warnings and isa_plan's messages. */
	int sve_known;
	uint32_t *sve_cpu_bytes;
	uint32_t sve_bytes;
	const char *sve_why;
	/* Where core cycles come from: "aperf-mperf" (x86), "pmccntr"
	 * (AArch64's PMU cycle counter); 0: from the cpu's features, x86's
	 * rule. */
	const char *core_cycles_source;
	int msr_ok;		/* the suite may read MSRs CPUID vouches for
				 * (UEFI: ring 0; Linux: no) */
	/* Reads the calling cpu's SMI count (UEFI: MSR 0x34 where msr.c
	 * found it); called inside measurement windows, on any cpu. 0: SMIs
	 * are not counted. */
	uint64_t (*smi_count)(void);
	/* The calling cpu's widest ISA (enum bw_isa), asked inside every
	 * bandwidth window; 0: kernels/bw.h's isa_usable_here. The unit
	 * tests give a cpu without AVX-512 here. */
	int (*isa_here)(void);
	/* Reads the calling cpu's APERF and MPERF (lib/hw/coreclock.h),
	 * inside bandwidth windows on any cpu: each point's core clock and
	 * the settle after 512-bit points. 0: not read (no CPUID.6:ECX[0],
	 * no MSR access as under Linux). The unit tests give a fake. */
	coreclock_read_fn clock_read;
	int microcode_known;	/* microcode holds the revision */
	uint64_t microcode;	/* revision (Intel BIOS_SIGN_ID high half,
				 * AMD PATCH_LEVEL) */
	struct loaded_series loaded;
	struct c2c_series c2c;
	struct numa_result *numa;	/* 0: not measured */
	struct scan_result *scan;	/* 0: not run */
	/* The conditions the tests running now make their points under:
	 * set by the suite around them (prefetch=off|both,
	 * lib/suite/prefetch.c) and stamped on each latency and bandwidth
	 * point as it is appended (lat_append, bw_append). */
	struct {
		int prefetch;	/* BM_PF_ON / BM_PF_OFF; 0: not controlled */
	} now;
	/* prefetch=off|both (lib/suite/prefetch.c); state 0: not asked. */
	struct {
		const char *state;	/* "switched", "unsupported", "failed" */
		const char *control;	/* "intel-msr-0x1a4" or
					 * "amd-msr-0xc0000108"; 0: none */
		const char *switched;	/* prefetcher names, comma list */
		uint64_t off_bits;	/* bits set to switch them off */
		uint64_t original;	/* the MSR as found, first cpu */
		int cpus;		/* cpus switched and restored */
		int restore_failed;	/* cpus not back at their value */
		char why[160];		/* unsupported / failed: why */
	} prefetch;
};

/* Each series of points owns its room: a test's latency points grow
 * only through lat_reserve, its bandwidth points through bw_reserve
 * (plat_alloc), keeping the points they hold; room for `more` points
 * past those held. 0, or -1 when pool memory is short: warned in
 * out->warnings ("points past N latency are not kept"), the old array
 * stays and a point past it is refused. */
int lat_reserve(struct test_out *out, int more);
int bw_reserve(struct test_out *out, int more);

/* Appends a copy of *pt to the test's series, stamped with the
 * conditions it was made under (out->prefetch). Returns the point kept,
 * or 0 when the series is full (nothing kept). */
struct lat_point *lat_append(struct test_out *out, const struct lat_point *pt);
struct bw_point *bw_append(struct test_out *out, const struct bw_point *pt);

/* What the suite runner hands row `row` of res->tests: the run's
 * messages, the conditions now (res->now), and the row's own series
 * alone (its `out` column); every other series stays 0. */
struct test_out results_test_out(struct run_results *res, int row);
/* The registry's out column: row's own series into *out. */
void results_latency_out(struct run_results *res, struct test_out *out);
void results_bandwidth_out(struct run_results *res, struct test_out *out);
void results_loaded_out(struct run_results *res, struct test_out *out);
void results_c2c_out(struct run_results *res, struct test_out *out);
void results_numa_out(struct run_results *res, struct test_out *out);
void results_scan_out(struct run_results *res, struct test_out *out);

/* Keeps a caught exception's record for the results file's faults[]
 * (counted past FAULTS_KEPT, not kept). */
void results_add_fault(struct run_results *r, const struct fault_record *f);

/* ok: everything selected was measured; partial: some results and some
 * failures; error: nothing measured (no row of r->tests says it
 * measured something). */
enum run_status results_status(const struct run_results *r);
/* The registry's measured column (lib/registry.c): whether each test
 * kept a point (the scan: a range with a figure). */
int results_latency_measured(const struct run_results *r);
int results_bandwidth_measured(const struct run_results *r);
int results_loaded_measured(const struct run_results *r);
int results_c2c_measured(const struct run_results *r);
int results_numa_measured(const struct run_results *r);
int results_scan_measured(const struct run_results *r);
const char *results_status_name(enum run_status s);
/* Whether row t kept anything: its measured column, or without one,
 * whether its table has a row. */
int test_row_measured(const struct test_row *t, const struct run_results *r);
/* What the row named name keeps in res->own (0: nothing, no such row):
 * a test with no member here keeps its points behind its test_out's
 * own, and its json, table and views read them back with this. */
const void *test_own_of(const struct run_results *res, const char *name);

/* cpu's core type: an index into res->core_types (0 when not read; the
 * suite reads them, lib/suite/coretypes.h). Inline, so the summary and
 * the JSON writer need no platform. */
static inline int coretypes_of(const struct run_results *res, int cpu)
{
	if (!res->core_type_count || cpu < 0 || cpu >= BM_MAX_CPUS)
		return 0;
	return res->cpu_type[cpu];
}

/* cpu's CPUID: its core type's (res->cpu when the types were not read). */
static inline const struct cpu_info *
coretypes_info(const struct run_results *res, int cpu)
{
	return res->core_type_count ? &res->core_types[coretypes_of(res, cpu)]
				    : &res->cpu;
}

#endif
