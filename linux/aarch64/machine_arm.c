/* baremem-linux's AArch64 part: the cpu description (cpuinfo_read),
 * the vector ISA the kernel lets this process run (isa_usable_here),
 * and linux_arch_machine (linux_platform.h).
 *
 * - The part: MIDR_EL1, as Linux exports it in sysfs
 *   (cpuN/regs/identification/midr_el1), else read with MRS, which the
 *   kernel emulates at EL0 where AT_HWCAP has HWCAP_CPUID.
 * - The caches: Linux's cache/index* of the cpu this runs on (from the
 *   ACPI PPTT or the device tree, with who shares each); where the
 *   kernel lists less, what the part's documentation adds
 *   (lib/arch/aarch64/cpu_desc.c's arm_cpu_caches: a fixed L1 or L2, a
 *   system-level cache the PPTT leaves out) with CTR_EL0's line, and a
 *   warning. CLIDR_EL1 and CCSIDR_EL1 cannot be read at EL0.
 * - The ISA: HWCAP_SVE says the kernel enabled SVE for user space;
 *   NEON (HWCAP_ASIMD) is in every AArch64 core Linux runs on.
 * - Time: CNTVCT_EL0 at CNTFRQ_EL0's rate, both readable at EL0 on
 *   Linux; the rate is the one the firmware programmed, which the
 *   kernel's own clock trusts too. It is checked against
 *   CLOCK_MONOTONIC_RAW, and a disagreement is a warning. */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "arch/aarch64/cpu_desc.h"
#include "arch/aarch64/midr.h"
#include "arch/arch.h"
#include "bw.h"
#include "config/config.h"
#include "hw/l3alloc.h"
#include "linux_platform.h"
#include "util/out.h"

#ifndef HWCAP_CPUID
#define HWCAP_CPUID (1ul << 11)
#endif
#ifndef HWCAP_SVE
#define HWCAP_SVE (1ul << 22)
#endif
#ifndef PR_SVE_GET_VL
#define PR_SVE_GET_VL 51
#endif
#define PR_SVE_VL_LEN_MASK 0xffff

#define SYS_CPU "/sys/devices/system/cpu"

/* Where the description came from, for linux_arch_machine's warnings. */
static struct {
	int midr_from;		/* 0 none, 1 sysfs, 2 MRS */
	int caches_from;	/* 0 none, 1 sysfs */
	int caches_of_part;	/* added from the part's documentation */
} seen;

/* A sysfs value: its text without the trailing newline; -1 when
 * unreadable or empty. */
static int read_file(const char *path, char *buf, size_t cap)
{
	size_t n;

	if (linux_read_text(path, buf, cap) != 0)
		return -1;
	n = strlen(buf);
	while (n && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
		buf[--n] = 0;
	return n ? 0 : -1;
}

static int this_cpu(void)
{
	int c = sched_getcpu();

	return c < 0 ? 0 : c;
}

static uint64_t midr_read(int cpu)
{
	char path[128], text[64];
	uint64_t v;

	snprintf(path, sizeof path,
		 SYS_CPU "/cpu%d/regs/identification/midr_el1", cpu);
	if (read_file(path, text, sizeof text) == 0) {
		seen.midr_from = 1;
		return strtoull(text, 0, 16);
	}
	if (getauxval(AT_HWCAP) & HWCAP_CPUID) {
		__asm__ volatile("mrs %0, midr_el1" : "=r"(v));
		seen.midr_from = 2;
		return v;
	}
	seen.midr_from = 0;
	return 0;
}

/* "48K", "1024K", "32M" into bytes. */
static uint64_t size_of(const char *t)
{
	char *end;
	uint64_t v = strtoull(t, &end, 10);

	return *end == 'K' ? v << 10 : *end == 'M' ? v << 20
	       : *end == 'G' ? v << 30 : v;
}

/* Cpus in a cpulist ("0-3,8,10-11"). */
static int cpulist_count(const char *t)
{
	int n = 0;

	while (*t) {
		char *end;
		long a = strtol(t, &end, 10), b = a;

		if (end == t)
			break;
		if (*end == '-')
			b = strtol(end + 1, &end, 10);
		n += b >= a ? (int)(b - a + 1) : 0;
		t = *end == ',' ? end + 1 : end;
	}
	return n;
}

/* cpuN/cache/index*: how many caches it put in out (at most max). */
static int caches_sysfs(struct arm_cache *out, int max, int cpu)
{
	int n = 0;

	for (int i = 0; i < 16 && n < max; i++) {
		char dir[96], path[160], t[128];
		struct arm_cache c = { .source = "linux" };

		snprintf(dir, sizeof dir, SYS_CPU "/cpu%d/cache/index%d", cpu,
			 i);
#define FIELD(name) (snprintf(path, sizeof path, "%s/" name, dir), \
		     read_file(path, t, sizeof t) == 0)
		if (!FIELD("level"))
			break;
		c.level = atoi(t);
		if (!FIELD("type"))
			continue;
		c.type = !strcmp(t, "Data") ? 'D'
			 : !strcmp(t, "Instruction") ? 'I' : 'U';
		if (FIELD("size"))
			c.bytes = size_of(t);
		if (FIELD("coherency_line_size"))
			c.line_bytes = (uint32_t)atoi(t);
		if (FIELD("ways_of_associativity"))
			c.ways = (uint32_t)atoi(t);
		if (FIELD("shared_cpu_list"))
			c.shared_by = cpulist_count(t);
#undef FIELD
		if (c.level < 1 || !c.bytes)
			continue;
		out[n++] = c;
	}
	return n;
}

/* Linux's caches of this cpu, then what the part's documentation adds
 * where Linux lists less (lib/arch/aarch64/cpu_desc.c: a fixed L1 or
 * L2, a system-level cache its PPTT leaves out), CTR_EL0's data line
 * where a size has no line. */
void cpuinfo_read(struct cpu_info *ci)
{
	struct arm_cache c[CPU_MAX_CACHES];
	int cpu = this_cpu();
	uint64_t midr = midr_read(cpu), ctr;
	long cpus = sysconf(_SC_NPROCESSORS_CONF);
	int n = caches_sysfs(c, CPU_MAX_CACHES, cpu);

	__asm__ volatile("mrs %0, ctr_el0" : "=r"(ctr));
	arm_cpu_describe(ci, midr);
	seen.caches_from = n > 0;
	seen.caches_of_part = arm_cpu_caches(ci, midr, c, n,
					     arm_ctr_dline_bytes(ctr),
					     cpus > 0 ? (int)cpus : 1);
}

enum bw_isa isa_usable_here(void)
{
	return getauxval(AT_HWCAP) & HWCAP_SVE ? BW_SVE : BW_NEON;
}

int ticks_end_way_here(void)
{
	return TICKS_END_ORDERED;
}

static uint64_t cntfrq(void)
{
	uint64_t v;

	__asm__ volatile("mrs %0, cntfrq_el0" : "=r"(v));
	return v;
}

void linux_arch_machine(struct run_results *res)
{
	/* the caps' L3 allocation bit stands for "the cpu may partition
	 * its L3": MPAM is not read, so an L3 is "unknown", never "full" */
	static const struct l3alloc_caps mpam_unread = { .l3_cat = 1 };
	double check_ppm = 0, off_ppm;
	uint64_t measured = linux_tsc_calibrate(&check_ppm);

	if (!seen.midr_from)
		msgs_add(&res->warnings, "cpu: MIDR_EL1 not readable (no "
			 "sysfs midr_el1, no HWCAP_CPUID): the part is not "
			 "named");
	if (seen.caches_of_part)
		msgs_add(&res->warnings, "cpu: Linux lists %s (" SYS_CPU
			 "/cpu*/cache): %d taken from the part's "
			 "documentation (the levels its licensee chooses stay "
			 "missing)", seen.caches_from ? "fewer caches than "
			 "the part has" : "no caches", seen.caches_of_part);
	else if (!seen.caches_from)
		msgs_add(&res->warnings, "cpu: no cache sizes (Linux lists "
			 "none and the part is not one baremem knows): the "
			 "levels are planned from defaults");
	l3alloc_unread(&res->cpu, &mpam_unread, "Arm MPAM cache "
		       "partitions are not read on this architecture",
		       &res->l3alloc);
	if (!strcmp(res->l3alloc.state, "unknown"))
		msgs_add(&res->warnings, "l3 partitions: %s", res->l3alloc.why);

	/* Said here, so run_preflight gives no x86 APERF/MPERF reason */
	res->core_cycles_source = "none";
	msgs_add(&res->warnings, "core cycles not measured: Linux keeps the "
		 "Arm PMU's cycle counter (PMCCNTR_EL0) from user space at "
		 "EL0; ns and timer ticks are");
	res->tsc_hz = cntfrq();
	res->tsc_source = "generic-timer";
	res->tsc_error_ppm = -1;	/* the firmware's figure: no bound */
	if (!res->tsc_hz) {
		res->tsc_hz = measured;
		res->tsc_source = "os";
		res->tsc_error_ppm = check_ppm;
		msgs_add(&res->warnings, "timer: CNTFRQ_EL0 reads 0: the "
			 "counter's rate is calibrated against "
			 "CLOCK_MONOTONIC_RAW instead");
	} else {
		off_ppm = 1e6 * ((double)measured - (double)res->tsc_hz) /
			  (double)res->tsc_hz;
		if (off_ppm < 0)
			off_ppm = -off_ppm;
		if (off_ppm > 1000 + 3 * check_ppm)
			msgs_add(&res->warnings, "timer: CNTFRQ_EL0 says %llu "
				 "Hz but the counter ran at %llu Hz against "
				 "CLOCK_MONOTONIC_RAW (%.0f ppm apart): times "
				 "use CNTFRQ_EL0's rate",
				 (unsigned long long)res->tsc_hz,
				 (unsigned long long)measured, off_ppm);
	}
	res->isa_widest = isa_usable_here();
	/* isa= names of x86 fall back in lib/suite/isa_plan.c, warned */
	res->sve_known = 1;
	if (res->isa_widest == BW_SVE) {
		int vl = prctl(PR_SVE_GET_VL, 0, 0, 0, 0);

		res->sve_bytes = vl > 0 ? (uint32_t)(vl & PR_SVE_VL_LEN_MASK)
					: 0;
		if (!res->sve_bytes)
			res->sve_why = "the kernel enabled SVE but did not "
				       "tell its vector length (prctl "
				       "PR_SVE_GET_VL)";
	} else {
		res->sve_why = "no HWCAP_SVE: the kernel did not enable SVE for "
			       "this process";
	}
}

void linux_arch_print(const struct run_results *res)
{
	if (res->sve_bytes)
		out("sve: vector length %u bytes (%u bits)\n",
		    (unsigned)res->sve_bytes, 8 * (unsigned)res->sve_bytes);
	else
		out("sve: %s: neon kernels\n", res->sve_why);
}

const char *linux_arch_timer_note(void)
{
	return "the tick counter is CNTVCT_EL0 at CNTFRQ_EL0's rate";
}
