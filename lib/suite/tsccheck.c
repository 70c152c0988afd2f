/* The TSC check (see tsccheck.h). One window holds every selected cpu:
 * the reference serves the partners one after the other, each on its own
 * line, while the rest wait, so the check costs one launch whatever the
 * cpu count, and its time is bounded: TSC_TOTAL_US shared by the
 * partners, at most TSC_CPU_US each (a few ms on a small machine, 0.1 s
 * on 512 cpus), stretched at most TSC_CAP_FACTOR times where exchanges
 * are slow. */
#include "suite/tsccheck.h"

#include "arch/arch.h"
#include "hw/cpuinfo.h"
#include "suite/cpus.h"
#include "suite/launch.h"
#include "tscping.h"
#include "util/fmt.h"
#include "util/out.h"
#include "platform.h"

#define TSC_TOTAL_US 100000u	/* exchanges over all partners */
#define TSC_CPU_US 5000u	/* exchanges with one partner, at most */
#define TSC_CPU_MIN_US 20u	/* ... and at least: ~100 exchanges */
/* Exchanges with one partner: at least TSC_MIN_EXCHANGES within
 * TSC_CAP_FACTOR times its share of the time, at most TSC_EXCHANGES.
 * The minimum a bound is made of settles within a few tens of
 * exchanges on hardware; a shared cpu (vCPU, loaded host) needs some
 * exchanges after the first that waited for the scheduler. */
#define TSC_MIN_EXCHANGES 32
#define TSC_EXCHANGES 1000
#define TSC_CAP_FACTOR 4u
/* One exchange left unanswered this long ends that partner's share,
 * and a partner not ready this long after the launch skew is counted
 * out: a real cpu answers in well under a microsecond, but a vCPU or a
 * Linux thread on a busy host can wait for the scheduler for tens of
 * ms. Only a cpu that died pays it. */
#define TSC_ANSWER_US 100000u
#define LINE_SLOT_BYTES 128u	/* one line alone, its buddy too (c2c.c) */

struct tsc_job {
	int lead;		/* 1: the reference */
	struct tscping_line **lines;	/* reference: [partners]; partner: [0] */
	int partners;
	struct tscping_minima *minima;	/* reference: [partners] */
	struct tscping_limits lim;	/* ready_by_tsc: ticks after start */
	uint64_t wait_ticks;
	int64_t answered;	/* partner: -1 when it gave up */
};

static void tsc_window(void *arg)
{
	struct tsc_job *j = arg;
	uint64_t start = ticks_read();

	if (!j->lead) {
		j->answered = tscping_follow(j->lines[0], j->wait_ticks);
		return;
	}
	for (int p = 0; p < j->partners; p++) {
		struct tscping_limits lim = j->lim;
		lim.ready_by_tsc += start;
		j->minima[p] = tscping_lead(j->lines[p], &lim);
	}
}

static uint64_t us_ticks(uint64_t us, uint64_t hz)
{
	return us * (hz / 1000000u) + us * (hz % 1000000u) / 1000000u;
}

/* Runs the exchanges; fills each partner's est and exchanges. */
static void measure(struct run_results *res, struct test_outcome *o, int n)
{
	int partners = n - 1, *ok = plat_alloc(sizeof(int) * (size_t)n);
	uint64_t per_cpu_us = TSC_TOTAL_US / (uint64_t)partners, wait_us;
	struct tsc_job *jobs = plat_alloc(sizeof(*jobs) * (size_t)n);
	void **args = plat_alloc(sizeof(void *) * (size_t)n);
	struct tscping_line **lines = plat_alloc(sizeof(*lines) *
						 (size_t)partners);
	struct tscping_minima *minima = plat_alloc(sizeof(*minima) *
						   (size_t)partners);
	uint8_t *slots = plat_alloc(LINE_SLOT_BYTES * (size_t)(partners + 1)),
		*first;

	if (!ok || !jobs || !args || !lines || !minima || !slots) {
		res->tsc_skew_why = "out of pool memory";
		goto out;
	}
	if (per_cpu_us > TSC_CPU_US)
		per_cpu_us = TSC_CPU_US;
	if (per_cpu_us < TSC_CPU_MIN_US)
		per_cpu_us = TSC_CPU_MIN_US;
	/* A partner waits for the ones before it: each their share and a
	 * last unanswered exchange, after the launch skew of the window. */
	wait_us = launch_skew_us(n) + TSC_ANSWER_US +
		  (uint64_t)partners * (per_cpu_us * TSC_CAP_FACTOR +
					TSC_ANSWER_US);
	first = (uint8_t *)(((uintptr_t)slots + LINE_SLOT_BYTES - 1) &
			    ~(uintptr_t)(LINE_SLOT_BYTES - 1));
	for (int p = 0; p < partners; p++)
		lines[p] = (struct tscping_line *)(first +
						   LINE_SLOT_BYTES * (size_t)p);
	for (int i = 0; i < n; i++) {
		jobs[i] = (struct tsc_job){
			.lead = i == 0,
			.lines = i == 0 ? lines : &lines[i - 1],
			.partners = partners,
			.minima = minima,
			.lim = {
				.ready_by_tsc = us_ticks(launch_skew_us(n) +
							 TSC_ANSWER_US,
							 res->tsc_hz),
				.budget_ticks = us_ticks(per_cpu_us, res->tsc_hz),
				.min_exchanges = TSC_MIN_EXCHANGES,
				.max_exchanges = TSC_EXCHANGES,
				.cap_ticks = us_ticks(per_cpu_us * TSC_CAP_FACTOR,
						      res->tsc_hz),
				.answer_ticks = us_ticks(TSC_ANSWER_US,
							 res->tsc_hz),
			},
			.wait_ticks = us_ticks(wait_us, res->tsc_hz),
		};
		args[i] = &jobs[i];
	}
	if (plat_run_on_cpus(res->selected, n, tsc_window, args,
			     launch_timeout_us(wait_us, n), ok) < n) {
		for (int i = 0; i < n; i++)
			if (!ok[i])
				cpus_lost(&res->warnings, o, res->selected[i],
					  "the TSC check");
		if (!ok[0])
			res->tsc_skew_why = "the reference cpu did not finish";
	}
	for (int p = 0; ok[0] && p < partners; p++) {
		struct tsc_cpu *c = &res->tsc[p + 1];
		c->exchanges = ok[p + 1] ? minima[p].exchanges : 0;
		c->est = tscskew_estimate(minima[p].there, minima[p].back,
					  c->exchanges, res->tsc_hz);
	}
out:
	plat_free(ok);
	plat_free(jobs);
	plat_free(args);
	plat_free(lines);
	plat_free(minima);
	plat_free(slots);
}

/* The tick counter's offset register (x86: IA32_TSC_ADJUST, where Intel
 * documents it; arch_tick_offset_reg) on every selected cpu where the
 * cpu has one and the platform can read it safely (plat_msr_probe:
 * not on Linux, not under a hypervisor without a checked #GP handler).
 * Firmware writes it when it brings a cpu's TSC in line (or out of it):
 * a value that differs from the reference's is a TSC set apart. */
static void read_adjust(struct run_results *res, int n)
{
	uint32_t reg = arch_tick_offset_reg(&res->cpu);
	uint64_t *vals;
	int *ok;

	if (!reg || plat_msr_probe(reg) != 0)
		return;
	vals = plat_alloc(sizeof(uint64_t) * (size_t)n);
	ok = plat_alloc(sizeof(int) * (size_t)n);
	if (vals && ok)
		plat_msr_on_cpus(res->selected, n, reg, vals, 0, ok);
	for (int i = 0; vals && ok && i < n; i++) {
		res->tsc[i].adjust_known = ok[i];
		res->tsc[i].adjust = (int64_t)vals[i];
	}
	for (int i = 1; vals && ok && i < n; i++)
		if (ok[0] && ok[i] && vals[i] != vals[0])
			msgs_add(&res->warnings, "cpu %d's IA32_TSC_ADJUST is "
				 "%lld, cpu %d's %lld: firmware set their TSCs "
				 "apart by that many ticks (tsc skew below says "
				 "what is left)", res->tsc[i].cpu,
				 (long long)vals[i], res->tsc[0].cpu,
				 (long long)vals[0]);
	plat_free(vals);
	plat_free(ok);
}

/* The console line and the warnings of the summary. */
static void report(struct run_results *res, int n)
{
	const struct tsc_skew_summary *s = &res->tsc_skew;

	if (res->tsc_skew_why) {
		out("tsc skew: not measured (%s)\n", res->tsc_skew_why);
		return;
	}
	out("tsc skew: max %.0f ns over %d cpus (bound %.0f ns) against cpu "
	    "%d%s\n", s->max_ns, s->measured + 1, s->bound_ns,
	    res->tsc[0].cpu, s->missing ? ", some cpus not measured" : "");
	if (s->missing) {
		char list[96] = "";
		size_t len = 0;
		int more = 0;
		for (int i = 1; i < n; i++) {
			if (res->tsc[i].est.known)
				continue;
			if (len + 16 < sizeof list)
				len += fmt(list + len, sizeof list - len, " %d",
					   res->tsc[i].cpu);
			else
				more = 1;
		}
		msgs_add(&res->warnings, "tsc skew: %d of %d cpus completed no "
			 "exchange with cpu %d, so their TSCs are not "
			 "checked: cpus%s%s", s->missing, n - 1,
			 res->tsc[0].cpu, list, more ? " ..." : "");
	}
	if (s->over)
		msgs_add(&res->warnings, "tsc skew: cpu %d's TSC is %.0f ns "
			 "(+-%.0f) off cpu %d's, over the %.0f us that "
			 "start lines and spans across cpus tolerate: "
			 "multi-cpu bandwidth figures are off as much",
			 res->tsc[s->worst + 1].cpu,
			 res->tsc[s->worst + 1].est.offset_ns,
			 res->tsc[s->worst + 1].est.bound_ns, res->tsc[0].cpu,
			 TSC_SKEW_WARN_NS / 1000);
	else if (s->unsure)
		msgs_add(&res->warnings, "tsc skew: exchanges bound it only "
			 "to %.0f ns, so a skew above the %.0f us that start "
			 "lines and spans across cpus tolerate is not ruled "
			 "out (a hypervisor or busy OS slowed the exchanges)",
			 s->bound_ns, TSC_SKEW_WARN_NS / 1000);
}

void tsccheck_run(struct run_results *res, struct test_outcome *o)
{
	int n = res->selected_count;
	struct tsc_skew_est *est;

	res->tsc_cpus = 0;
	res->tsc_skew_why = 0;
	res->tsc = plat_alloc(sizeof(*res->tsc) * (size_t)(n > 0 ? n : 1));
	if (!res->tsc || n < 1) {
		res->tsc_skew_why = "out of pool memory";
		report(res, 0);
		return;
	}
	for (int i = 0; i < n; i++)
		res->tsc[i] = (struct tsc_cpu){ .cpu = res->selected[i],
						.reference = i == 0 };
	res->tsc_cpus = n;
	read_adjust(res, n);
	if (n < 2)
		res->tsc_skew_why = "one cpu selected";
	else
		measure(res, o, n);
	est = plat_alloc(sizeof(*est) * (size_t)n);
	if (!est && !res->tsc_skew_why)
		res->tsc_skew_why = "out of pool memory";
	for (int i = 1; est && i < n; i++)
		est[i - 1] = res->tsc[i].est;
	if (!res->tsc_skew_why)
		tscskew_summarize(est, n - 1, &res->tsc_skew);
	if (!res->tsc_skew_why && res->tsc_skew.measured == 0)
		res->tsc_skew_why = "no cpu completed an exchange";
	plat_free(est);
	report(res, n);
}
