/* prefetch=on|off|both: the hardware prefetchers switched off through
 * the architecture's prefetcher control, a register of every cpu read
 * and written through the platform (plat_msr_*). The control is used
 * only where the vendor documents it for the cpu at hand; which control
 * a cpu has, from which documents, and when it is not to be trusted
 * (under a hypervisor) is the architecture's answer (lib/arch/arch.h's
 * arch_prefetch_documented: x86's in lib/arch/x86_64/regs_x86.c). */
#include "suite/prefetch.h"

#include "arch/arch.h"
#include "util/fmt.h"
#include "util/out.h"
#include "util/str.h"
#include "platform.h"

/* The cpus whose control register is switched: every usable one, not
 * only the selected, so no core prefetches into a shared cache behind
 * the measurement's back. */
struct pf_state {
	uint32_t reg;
	uint64_t bits;
	int n;
	int *cpus, *ok;
	uint64_t *saved, *vals;
};

static int pf_open(struct pf_state *s)
{
	int count = plat_cpu_count();

	s->n = 0;
	s->cpus = plat_alloc(sizeof(int) * 2 * (size_t)(count ? count : 1));
	s->saved = plat_alloc(sizeof(uint64_t) * 2 *
			      (size_t)(count ? count : 1));
	if (!s->cpus || !s->saved)
		return -1;
	s->ok = s->cpus + count;
	s->vals = s->saved + count;
	for (int i = 0; i < count; i++) {
		struct plat_cpu pc;
		if (plat_cpu_info(i, &pc) == 0 && pc.usable)
			s->cpus[s->n++] = i;
	}
	if (plat_msr_on_cpus(s->cpus, s->n, s->reg, s->saved, 0, s->ok) !=
	    s->n)
		return -1;
	return 0;
}

/* The state of a switch in progress, kept outside prefetch_run's stack
 * frame: an abandoned run leaves that frame without returning. */
static struct pf_state live;
static int live_switched;

static void pf_free(struct pf_state *s)
{
	if (s->cpus)
		plat_free(s->cpus);
	if (s->saved)
		plat_free(s->saved);
}

/* Writes saved | bits (off) or saved (on) on every cpu; 0 when all took
 * it. */
static int pf_write(struct pf_state *s, int off)
{
	for (int i = 0; i < s->n; i++)
		s->vals[i] = off ? s->saved[i] | s->bits : s->saved[i];
	return plat_msr_on_cpus(s->cpus, s->n, s->reg, s->vals, 1, s->ok) ==
		       s->n
		       ? 0
		       : -1;
}

/* Puts every cpu back and checks it by reading back; counts and reports
 * the cpus that are not. */
static void pf_restore(struct run_results *res, struct pf_state *s)
{
	int bad = 0;

	pf_write(s, 0);
	for (int i = 0; i < s->n; i++)
		s->vals[i] = ~s->saved[i];
	plat_msr_on_cpus(s->cpus, s->n, s->reg, s->vals, 0, s->ok);
	for (int i = 0; i < s->n; i++) {
		if (s->ok[i] && s->vals[i] == s->saved[i])
			continue;
		bad++;
		msgs_add(&res->errors, "prefetch: cpu %d's " ARCH_REG_FMT
			 " could not be put back to 0x%llx: reboot to "
			 "restore it",
			 s->cpus[i], (unsigned)s->reg,
			 (unsigned long long)s->saved[i]);
	}
	res->prefetch.restore_failed = bad;
	if (bad)
		res->failed = 1;
}

/* fn with the prefetchers in state v: the condition each point it
 * appends is stamped with (lat_append, bw_append). */
static void run_as(struct run_results *res,
		   void (*fn)(struct run_results *res, void *ctx),
		   void *ctx, int v)
{
	res->now.prefetch = v;
	fn(res, ctx);
	res->now.prefetch = 0;
}

static const char *asked_name(const struct run_results *res)
{
	return res->config.prefetch == BM_PREFETCH_BOTH ? "both" : "off";
}

static void unsupported(struct run_results *res,
			void (*fn)(struct run_results *res, void *ctx),
			void *ctx)
{
	res->prefetch.state = "unsupported";
	msgs_add(&res->warnings, "prefetch=%s: hardware prefetcher control "
		 "unavailable (%s): measured once, prefetchers as the "
		 "firmware left them", asked_name(res), res->prefetch.why);
	out("\nprefetch=%s: control unavailable (%s)\n", asked_name(res),
	    res->prefetch.why);
	fn(res, ctx);
}

void prefetch_run(struct run_results *res,
		  void (*fn)(struct run_results *res, void *ctx),
		  void *ctx)
{
	struct pf_state s = { 0 };
	const char *names = 0;

	if (res->config.prefetch == BM_PREFETCH_ON) {
		fn(res, ctx);
		return;
	}
	if (!res->msr_ok) {
		fmt(res->prefetch.why, sizeof res->prefetch.why,
		    "this platform gives baremem no " ARCH_REG_KIND
		    " access");
		unsupported(res, fn, ctx);
		return;
	}
	s.reg = arch_prefetch_documented(&res->cpu, &s.bits, &names,
					 res->prefetch.why,
					 sizeof res->prefetch.why);
	if (s.reg && plat_msr_probe(s.reg) != 0) {
		fmt(res->prefetch.why, sizeof res->prefetch.why,
		    ARCH_REG_FMT " could not be read and written back on the "
		    "boot cpu", (unsigned)s.reg);
		s.reg = 0;
	}
	if (!s.reg) {
		unsupported(res, fn, ctx);
		return;
	}
	if (pf_open(&s) != 0) {
		pf_free(&s);
		res->prefetch.state = "failed";
		fmt(res->prefetch.why, sizeof res->prefetch.why,
		    ARCH_REG_FMT " could not be read on every cpu",
		    (unsigned)s.reg);
		msgs_add(&res->warnings, "prefetch=%s: %s: measured once as "
			 "found", asked_name(res), res->prefetch.why);
		fn(res, ctx);
		return;
	}
	res->prefetch.control = arch_prefetch_control(s.reg);
	res->prefetch.switched = names;
	res->prefetch.off_bits = s.bits;
	res->prefetch.original = s.saved[0];
	res->prefetch.cpus = s.n;
	res->prefetch.state = "switched";
	out("\nprefetch=%s: %s switched through " ARCH_REG_FMT " on %d cpus "
	    "(found 0x%llx on cpu %d)\n", asked_name(res), names,
	    (unsigned)s.reg, s.n, (unsigned long long)s.saved[0], s.cpus[0]);
	if (res->config.prefetch == BM_PREFETCH_BOTH) {
		out("\nprefetchers on (as found):\n");
		run_as(res, fn, ctx, BM_PF_ON);
	}
	if (pf_write(&s, 1) == 0) {
		out("\nprefetchers off:\n");
		live = s;
		live_switched = 1;
		run_as(res, fn, ctx, BM_PF_OFF);
		live_switched = 0;
		pf_restore(res, &s);
	} else {
		/* Half switched: every cpu back before anything else runs. */
		pf_restore(res, &s);
		res->prefetch.state = "failed";
		fmt(res->prefetch.why, sizeof res->prefetch.why,
		    ARCH_REG_FMT " could not be written on every cpu",
		    (unsigned)s.reg);
		msgs_add(&res->warnings, "prefetch=%s: %s: nothing measured "
			 "with the prefetchers off", asked_name(res),
			 res->prefetch.why);
		if (res->config.prefetch == BM_PREFETCH_OFF)
			fn(res, ctx);
	}
	pf_free(&s);
	if (res->config.prefetch == BM_PREFETCH_BOTH)
		prefetch_print_compare(res->lat.p, res->lat.count, res->bw.p,
				       res->bw.count);
}

static void ratio(char *buf, size_t cap, double off, double on)
{
	if (on > 0 && off >= 0)
		fmt(buf, cap, "%.2f", off / on);
	else
		fmt(buf, cap, "-");
}

void prefetch_print_compare(const struct lat_point *lat, int lat_count,
			    const struct bw_point *bw, int bw_count)
{
	char a[16], r[16];
	int header = 0;

	for (int i = 0; i < lat_count; i++) {
		const struct lat_point *off = &lat[i];
		if (off->prefetch != BM_PF_OFF)
			continue;
		for (int j = 0; j < lat_count; j++) {
			const struct lat_point *on = &lat[j];
			if (on->prefetch != BM_PF_ON || on->cpu != off->cpu ||
			    on->size_bytes != off->size_bytes ||
			    on->page_bytes != off->page_bytes)
				continue;
			if (!header++)
				out("\nprefetchers on vs off: latency, ns per "
				    "load (median)\n%10s %-5s %4s %10s %10s "
				    "%8s\n", "size", "level", "cpu", "on",
				    "off", "off/on");
			ratio(r, sizeof r, off->ns_median, on->ns_median);
			out("%10s %-5s %4d %10.2f %10.2f %8s\n",
			    fmt_size(a, sizeof a, off->size_bytes),
			    off->level ? off->level : "", off->cpu,
			    on->ns_median, off->ns_median, r);
			break;
		}
	}
	header = 0;
	for (int i = 0; i < bw_count; i++) {
		const struct bw_point *off = &bw[i];
		if (off->prefetch != BM_PF_OFF)
			continue;
		for (int j = 0; j < bw_count; j++) {
			const struct bw_point *on = &bw[j];
			if (on->prefetch != BM_PF_ON || on->cpus != off->cpus ||
			    on->size_bytes != off->size_bytes ||
			    on->scaling != off->scaling ||
			    !str_eq(on->kernel, off->kernel))
				continue;
			if (!header++)
				out("\nprefetchers on vs off: bandwidth, GB/s "
				    "(median)\n%-14s %10s %4s %10s %10s %8s\n",
				    "kernel", "size", "cpus", "on", "off",
				    "off/on");
			ratio(r, sizeof r, off->gb_median, on->gb_median);
			out("%-14s %10s %4d %10.2f %10.2f %8s\n", off->kernel,
			    fmt_size(a, sizeof a, off->size_bytes), off->cpus,
			    on->gb_median, off->gb_median, r);
			break;
		}
	}
}

int prefetch_restore_after_abort(struct run_results *res)
{
	if (!live_switched)
		return 0;
	live_switched = 0;
	res->now.prefetch = 0;
	pf_restore(res, &live);
	pf_free(&live);
	return 1;
}
