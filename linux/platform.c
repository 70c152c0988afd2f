/* The platform seam on Linux: mmap'ed buffers with the page size asked
 * (hugetlbfs 1G/2M, transparent huge pages, or 4K), threads pinned with
 * sched_setaffinity, the TSC calibrated against CLOCK_MONOTONIC_RAW. */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "arch/arch.h"
#include "config/config.h"
#include "hw/cputable.h"
#include "linux_platform.h"
#include "platform.h"
#include "util/fmt.h"

#ifndef MAP_HUGE_SHIFT
#define MAP_HUGE_SHIFT 26
#endif
#define HUGE_1G (30 << MAP_HUGE_SHIFT)
#define HUGE_2M (21 << MAP_HUGE_SHIFT)
#define SZ_2M (2ull << 20)
#define SZ_1G (1ull << 30)
#define HEADROOM_BYTES (512ull << 20)
#define LOG_BYTES (4u << 20)

static char *log_buf;
static size_t log_len;
static int progress_on_tty;
static size_t progress_len;
static uint64_t tsc_hz;
static int cpu_count;	/* plat_cpu_count(), kept at hand */

/* ---- console ---- */

void plat_print(const char *text)
{
	size_t n = strlen(text);

	if (progress_len) {
		fprintf(stderr, "\r%*s\r", (int)progress_len, "");
		progress_len = 0;
	}
	fputs(text, stdout);
	fflush(stdout);
	if (!log_buf)
		log_buf = malloc(LOG_BYTES);
	if (log_buf && log_len + n < LOG_BYTES) {
		memcpy(log_buf + log_len, text, n);
		log_len += n;
	}
}

void plat_progress(const char *text)
{
	if (!progress_on_tty)
		return;
	fprintf(stderr, "\r%-*s", (int)(progress_len > strlen(text)
					? progress_len : strlen(text)), text);
	progress_len = strlen(text);
}

const char *linux_console_log(size_t *len)
{
	*len = log_len;
	return log_buf ? log_buf : "";
}

/* ---- files ---- */

int linux_read_text(const char *path, char *buf, size_t cap)
{
	FILE *f = fopen(path, "r");
	size_t n;

	if (!f)
		return -1;
	n = fread(buf, 1, cap - 1, f);
	fclose(f);
	buf[n] = 0;
	return 0;
}

/* ---- memory ---- */

void *plat_alloc(size_t bytes)
{
	return calloc(1, bytes ? bytes : 1);
}

void plat_free(void *p)
{
	free(p);
}

static uint64_t meminfo_kb(const char *key)
{
	FILE *f = fopen("/proc/meminfo", "r");
	char line[256];
	size_t klen = strlen(key);
	uint64_t kb = 0;

	if (!f)
		return 0;
	while (fgets(line, sizeof line, f))
		if (!strncmp(line, key, klen) && line[klen] == ':') {
			kb = strtoull(line + klen + 1, 0, 10);
			break;
		}
	fclose(f);
	return kb;
}

static uint64_t free_huge_pages(const char *size_dir)
{
	char path[128];
	FILE *f;
	unsigned long long n = 0;

	snprintf(path, sizeof path,
		 "/sys/kernel/mm/hugepages/%s/free_hugepages", size_dir);
	if (!(f = fopen(path, "r")))
		return 0;
	if (fscanf(f, "%llu", &n) != 1)
		n = 0;
	fclose(f);
	return n;
}

/* Bytes of [addr, addr + len) on huge pages, from /proc/self/smaps: a
 * hugetlbfs mapping (KernelPageSize 2 MiB or more) counts whole, an
 * anonymous one by its AnonHugePages (transparent huge pages). -1 where
 * that cannot be told for the range alone: no smaps, or a mapping that
 * reaches outside the range (its AnonHugePages may be pages of its
 * other part). */
static int64_t huge_bytes_in(const void *addr, uint64_t len)
{
	FILE *f = fopen("/proc/self/smaps", "r");
	char line[256];
	uintptr_t a = (uintptr_t)addr, z = a + len;
	unsigned long lo = 0, hi = 0;
	int in = 0, seen = 0, partial = 0;
	uint64_t total = 0, anon_kb = 0, page_kb = 0;

	if (!f)
		return -1;
	for (;;) {
		int more = fgets(line, sizeof line, f) != 0;
		unsigned long l2, h2;
		int head = more && sscanf(line, "%lx-%lx ", &l2, &h2) == 2 &&
			   strchr(line, '-') < strchr(line, ' ');

		if ((head || !more) && in) {	/* the mapping before ends */
			uint64_t from = lo > a ? lo : a, to = hi < z ? hi : z;
			if (page_kb >= 2048)
				total += to - from;
			else if (lo < a || hi > z)
				partial = 1;
			else
				total += anon_kb * 1024;
			seen += to - from > 0;
		}
		if (!more)
			break;
		if (head) {
			lo = l2;
			hi = h2;
			in = lo < z && hi > a;
			anon_kb = page_kb = 0;
		} else if (in && !strncmp(line, "AnonHugePages:", 14)) {
			anon_kb = strtoull(line + 14, 0, 10);
		} else if (in && !strncmp(line, "KernelPageSize:", 15)) {
			page_kb = strtoull(line + 15, 0, 10);
		}
	}
	fclose(f);
	return partial || !seen ? -1 : (int64_t)total;
}

/* Buffers whose transparent huge pages fell short (thp_page_bytes):
 * how many only partly took (and the least share of one, with its
 * size), and how many could not be told; linux_page_notes() turns them
 * into the run's warnings. */
static struct {
	int partial, unknown;
	int least_pct;		/* of the partly huge buffers, the least */
	uint64_t least_bytes;	/* that buffer's size */
} thp_short;

int linux_page_notes(char *out, size_t cap, int i)
{
	char a[16];

	if (i == 0 && thp_short.partial) {
		snprintf(out, cap, "page=2M: transparent huge pages backed "
			 "only part of %d buffer%s (the least: %d %% of %s), "
			 "the rest 4K pages: their points are reported as 4K",
			 thp_short.partial, thp_short.partial > 1 ? "s" : "",
			 thp_short.least_pct, fmt_size(a, sizeof a,
						       thp_short.least_bytes));
		return 1;
	}
	if (i == (thp_short.partial != 0) && thp_short.unknown) {
		snprintf(out, cap, "page=2M: /proc/self/smaps did not tell "
			 "which pages of %d transparent-huge-page buffer%s "
			 "the kernel made 2M: their points are reported as 4K",
			 thp_short.unknown, thp_short.unknown > 1 ? "s" : "");
		return 1;
	}
	return 0;
}

/* The page size to report for a buffer of whole 2M pages that asked for
 * transparent huge pages: 2M only when every one of them took (a point
 * on a mix of 2M and 4K pages walks 4K page tables for part of it, so
 * it is reported as 4K, the smaller), counted for a warning saying how
 * much was huge. None took: 4K, which the suite warns of itself. */
static uint64_t thp_page_bytes(const void *p, uint64_t whole)
{
	int64_t huge = huge_bytes_in(p, whole);
	int pct;

	if (huge >= (int64_t)whole)
		return SZ_2M;
	if (huge < 0) {
		thp_short.unknown++;
	} else if (huge > 0) {
		pct = (int)(huge * 100 / (int64_t)whole);
		if (!thp_short.partial++ || pct < thp_short.least_pct) {
			thp_short.least_pct = pct;
			thp_short.least_bytes = whole;
		}
	}
	return 4096;
}

static void *map_anon(uint64_t bytes, int extra)
{
	void *p = mmap(0, bytes, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | extra, -1, 0);
	return p == MAP_FAILED ? 0 : p;
}

int plat_buffer_alloc(uint64_t bytes, uint64_t page_bytes,
		      struct plat_buffer *out)
{
	uint64_t got = 4096, len, touched = 0;
	void *p = 0, *raw = 0;

	if (page_bytes >= SZ_1G) {
		len = (bytes + SZ_1G - 1) & ~(SZ_1G - 1);
		if ((p = map_anon(len, MAP_HUGETLB | HUGE_1G))) {
			got = SZ_1G;
			raw = p;
		}
	}
	if (!p && page_bytes >= SZ_2M) {
		len = (bytes + SZ_2M - 1) & ~(SZ_2M - 1);
		if ((p = map_anon(len, MAP_HUGETLB | HUGE_2M))) {
			got = SZ_2M;
			raw = p;
		} else {
			/* No reserved 2M pages, or too few: transparent huge
			 * pages on a 2M-aligned mapping of whole 2M pages (a
			 * buffer under 2M gets one), touched, then asked what
			 * the kernel made of them. */
			uint64_t whole = len;
			uint8_t *q = map_anon(whole + SZ_2M, 0);
			if (q) {
				p = (void *)(((uintptr_t)q + SZ_2M - 1) &
					     ~(uintptr_t)(SZ_2M - 1));
				madvise(p, whole, MADV_HUGEPAGE);
				memset(p, 0, whole);
				touched = whole;
				got = thp_page_bytes(p, whole);
				raw = q;
				len = whole + SZ_2M;
			}
		}
	}
	if (!p) {
		len = (bytes + 4095) & ~4095ull;
		if (!(p = map_anon(len, 0)))
			return -1;
		madvise(p, len, MADV_NOHUGEPAGE);
		got = 4096;
		raw = p;
	}
	/* Fault every page in now, not inside a measurement. */
	if (touched < bytes)
		memset(p, 0, bytes);
	*out = (struct plat_buffer){ .base = p, .bytes = bytes,
				     .page_bytes = got,
				     .priv = { (uint64_t)(uintptr_t)raw, len } };
	return 0;
}

uint64_t linux_buffer_span(const struct plat_buffer *buf)
{
	return buf->priv[0] + buf->priv[1] - (uint64_t)(uintptr_t)buf->base;
}

uint64_t linux_buffer_recheck_pages(const struct plat_buffer *buf)
{
	/* hugetlbfs pages stay whole; transparent ones a move may split */
	if (buf->page_bytes != SZ_2M)
		return buf->page_bytes;
	return thp_page_bytes(buf->base, (buf->bytes + SZ_2M - 1) &
					 ~(SZ_2M - 1));
}

void plat_buffer_free(struct plat_buffer *buf)
{
	if (buf->priv[0])
		munmap((void *)(uintptr_t)buf->priv[0], buf->priv[1]);
	buf->base = 0;
	buf->priv[0] = 0;
}

/* A process sees no physical memory map: tests=scan takes what it can
 * pin instead (linux/scan_pin.c). */
int plat_memory_spans(struct scan_span *out, int max)
{
	(void)out;
	(void)max;
	return -1;
}

int plat_buffer_alloc_at(uint64_t base, uint64_t bytes, uint64_t page_bytes,
			 struct plat_buffer *out)
{
	(void)base;
	(void)bytes;
	(void)page_bytes;
	(void)out;
	return -1;
}

/* Whether transparent huge pages may back a mapping that asks for them
 * (madvise): /sys/kernel/mm/transparent_hugepage/enabled is not
 * "[never]". */
static int thp_possible(void)
{
	FILE *f = fopen("/sys/kernel/mm/transparent_hugepage/enabled", "r");
	char line[128] = "";
	int ok;

	if (!f)
		return 0;
	ok = fgets(line, sizeof line, f) && !strstr(line, "[never]");
	fclose(f);
	return ok;
}

uint64_t plat_buffer_max_bytes(uint64_t page_bytes)
{
	uint64_t avail = meminfo_kb("MemAvailable") * 1024, n, rest;

	/* Leave room for the OS and the rest of the run. */
	avail = avail > HEADROOM_BYTES ? avail - HEADROOM_BYTES : 0;
	rest = avail / 2;
	if (page_bytes >= SZ_1G &&
	    (n = free_huge_pages("hugepages-1048576kB")) > 0)
		return n * SZ_1G;
	if (page_bytes >= SZ_2M && page_bytes < SZ_1G &&
	    (n = free_huge_pages("hugepages-2048kB")) > 0) {
		/* A short pool is no limit where transparent huge pages can
		 * give the rest (plat_buffer_alloc reports what they gave). */
		if (thp_possible() && rest > n * SZ_2M)
			return rest;
		return n * SZ_2M;
	}
	return rest;
}

/* ---- time ---- */

static uint64_t mono_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* One end of a calibration: a CLOCK_MONOTONIC_RAW reading bracketed by two
 * TSC reads. The clock was read somewhere between them, so its TSC stamp
 * is their middle, good to half their distance. */
struct stamp {
	uint64_t ns, tsc, half_width;
};

static struct stamp stamp_take(void)
{
	struct stamp s;
	uint64_t ta = ticks_read();
	s.ns = mono_ns();
	uint64_t tb = ticks_read();
	s.tsc = ta + (tb - ta) / 2;
	s.half_width = (tb - ta) / 2 + 1;
	return s;
}

/* TSC ticks over ~200 ms of CLOCK_MONOTONIC_RAW, three tries; the try with
 * the tightest brackets wins (a preemption during a bracket widens it, and
 * the bound says so). *error_ppm: both ends' half widths over the
 * interval, a measured bound on this calibration; it does not cover the
 * clock's own rate error (with clocksource tsc, MONOTONIC_RAW is the
 * kernel's TSC frequency, from CPUID or the hypervisor when the kernel
 * flags tsc_known_freq). */
uint64_t linux_tsc_calibrate(double *error_ppm)
{
	double best_hz = 0, best_ppm = -1;
	for (int i = 0; i < 3; i++) {
		struct stamp a = stamp_take(), b;
		do
			b = stamp_take();
		while (b.ns - a.ns < 200000000u);
		uint64_t ticks = b.tsc - a.tsc;
		double ppm = 1e6 * (double)(a.half_width + b.half_width) /
			     (double)ticks;
		if (best_ppm < 0 || ppm < best_ppm) {
			best_ppm = ppm;
			best_hz = (double)ticks * 1e9 / (double)(b.ns - a.ns);
		}
	}
	/* the file gives the bound to 0.1 ppm: never round it down to 0 */
	*error_ppm = best_ppm < 0.1 ? 0.1 : best_ppm;
	tsc_hz = (uint64_t)best_hz;
	return tsc_hz;
}

uint64_t plat_tsc_hz(void)
{
	return tsc_hz;
}

/* ---- cpus ---- */

static int read_int(const char *fmtpath, int cpu, int *v)
{
	char path[160];
	FILE *f;
	int ok;

	snprintf(path, sizeof path, fmtpath, cpu);
	if (!(f = fopen(path, "r")))
		return -1;
	ok = fscanf(f, "%d", v) == 1;
	fclose(f);
	return ok ? 0 : -1;
}

int linux_cpus_init(void)
{
	cpu_set_t allowed;
	int n = (int)sysconf(_SC_NPROCESSORS_CONF);
	struct plat_cpu *raw;

	if (n < 1)
		n = 1;
	if (n > BM_MAX_CPUS)
		n = BM_MAX_CPUS;
	if (sched_getaffinity(0, sizeof allowed, &allowed) != 0)
		CPU_ZERO(&allowed);
	raw = calloc((size_t)n, sizeof *raw);
	if (!raw)
		return -1;
	for (int i = 0; i < n; i++) {
		struct plat_cpu *c = &raw[i];
		int v;
		c->platform_cpu = i;
		c->usable = CPU_ISSET(i, &allowed);
		if (read_int("/sys/devices/system/cpu/cpu%d/topology/"
			     "physical_package_id", i, &v) == 0)
			c->package = v;
		if (read_int("/sys/devices/system/cpu/cpu%d/topology/core_id",
			     i, &v) == 0)
			c->core = v;
		/* Siblings are ranked by OS number (cpuorder sets thread). */
		c->thread = 0;
	}
	/* baremem's numbers (lib/hw/cpuorder.h), as on UEFI: the OS's own
	 * order need not put siblings last. */
	if (cputable_set(raw, n, 0) != 0) {
		free(raw);
		return -1;
	}
	free(raw);
	cpu_count = n;
	for (int i = 0; i < n; i++)
		if (cputable_at(i)->usable) {
			cpu_set_t one;

			cputable_at(i)->bsp = 1;
			/* The suite's own thread is "the boot cpu": pinned
			 * there, so what it measures (plat_run_window) runs
			 * where the results say, and the buffers it fills
			 * first (mmap, then memset) get that cpu's node under
			 * the kernel's local-allocation policy, not whichever
			 * node the unpinned thread ran on. */
			CPU_ZERO(&one);
			CPU_SET(cputable_at(i)->platform_cpu, &one);
			(void)sched_setaffinity(0, sizeof one, &one);	/* allowed */
			break;
		}
	progress_on_tty = isatty(2);
	return 0;
}

int linux_cpu_of_os(int os_cpu)
{
	for (int k = 0; k < cpu_count; k++)
		if (cputable_at(k)->platform_cpu == os_cpu)
			return k;
	return -1;
}

void plat_run_window(plat_window_fn fn, void *arg)
{
	fn(arg);
}

struct thread_call {
	plat_window_fn fn;
	void *arg;
	int cpu;
	int pinned;
};

static void *thread_main(void *p)
{
	struct thread_call *c = p;
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cputable_at(c->cpu)->platform_cpu, &set);
	c->pinned = sched_setaffinity(0, sizeof set, &set) == 0;
	if (c->pinned)
		c->fn(c->arg);
	return 0;
}

/* One pinned thread per cpu; a thread that does not finish within the
 * timeout marks its cpu unusable (it is left running detached). */
/* Threads all run at once: the calling one with the others. */
int plat_bsp_runs_with_aps(void)
{
	return 1;
}

int plat_run_on_cpus(const int *cpus, int n, plat_window_fn fn, void **args,
		     uint64_t timeout_us, int *ok)
{
	pthread_t *t = calloc((size_t)n, sizeof *t);
	struct thread_call *c = calloc((size_t)n, sizeof *c);
	int *started = calloc((size_t)n, sizeof *started), done = 0;
	struct timespec deadline;

	if (!t || !c || !started) {
		free(t);
		free(c);
		free(started);
		for (int i = 0; i < n; i++)
			ok[i] = 0;
		return 0;
	}
	clock_gettime(CLOCK_REALTIME, &deadline);
	deadline.tv_sec += (time_t)(timeout_us / 1000000u) + 1;
	for (int i = 0; i < n; i++) {
		ok[i] = 0;
		if (cpus[i] < 0 || cpus[i] >= cpu_count ||
		    !cputable_at(cpus[i])->usable)
			continue;
		c[i] = (struct thread_call){ fn, args[i], cpus[i], 0 };
		started[i] = pthread_create(&t[i], 0, thread_main, &c[i]) == 0;
	}
	for (int i = 0; i < n; i++) {
		if (!started[i])
			continue;
		if (pthread_timedjoin_np(t[i], 0, &deadline) != 0) {
			pthread_detach(t[i]);
			cputable_at(cpus[i])->usable = 0;
			continue;	/* c[i] leaks: the thread may still use it */
		}
		ok[i] = c[i].pinned;
		done += ok[i];
	}
	free(t);
	free(started);
	if (done == n)
		free(c);
	return done;
}

/* No MSR access from baremem-linux (it would need root and the msr
 * driver): the prefetcher control reports itself unavailable. */
int plat_msr_probe(uint32_t msr)
{
	(void)msr;
	return -1;
}

int plat_msr_on_cpus(const int *cpus, int n, uint32_t msr, uint64_t *vals,
		     int write, int *ok)
{
	(void)cpus;
	(void)msr;
	(void)vals;
	(void)write;
	for (int i = 0; i < n; i++)
		ok[i] = 0;
	return 0;
}
