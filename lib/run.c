/* One run, the same on every platform (see run.h). */
#include "run.h"
#include "registry.h"

#include "arch/arch.h"
#include "platform.h"
#include "util/fmt.h"
#include "util/out.h"

/* Points a run holds before the latency and bandwidth tests each size
 * their own series to the plan (lib/suite/capacity.h). */
#define FIRST_LAT_POINTS 4096
#define FIRST_BW_POINTS 1024

struct run_results *run_new(const char *platform)
{
	struct run_results *res = plat_alloc(sizeof *res);

	if (!res)
		return 0;
	res->platform = platform;
	res->arch = ARCH_NAME;
	res->tests = registry_tests;
	res->test_count = registry_test_count;
	res->lat.cap = FIRST_LAT_POINTS;
	res->lat.p = plat_alloc(sizeof(*res->lat.p) * (size_t)res->lat.cap);
	res->bw.cap = FIRST_BW_POINTS;
	res->bw.p = plat_alloc(sizeof(*res->bw.p) * (size_t)res->bw.cap);
	if (!res->lat.p || !res->bw.p) {
		plat_free(res->lat.p);
		plat_free(res->bw.p);
		plat_free(res);
		return 0;
	}
	return res;
}

void run_preflight(struct run_results *res)
{
	if (res->core_cycles_source)
		;	/* the platform said why it reads no core clock */
	else if (!res->cpu.f.core_clock)
		msgs_add(&res->warnings, ARCH_NO_CORE_CLOCK ": core cycles "
			 "and the bandwidth points' core clock are not "
			 "measured, TSC cycles are");
	else if (!res->msr_ok)
		msgs_add(&res->warnings, "no " ARCH_REG_KIND " access on this "
			 "platform: core cycles and the bandwidth points' core "
			 "clock (" ARCH_CORE_CLOCK ") are not measured, TSC "
			 "cycles are");
	else
		res->clock_read = coreclock_read_here;
	if (!res->cpu.f.invariant_ticks)
		msgs_add(&res->warnings, ARCH_TICKS_NOT_INVARIANT ": ns are "
			 "right only while the TSC rate holds");
}

static void print_tsc(const struct run_results *res)
{
	const char *variant = res->cpu.f.invariant_ticks ? ""
						   : ", not invariant";

	if (res->tsc_error_ppm >= 0)
		out("tsc: %.3f MHz from %s (calibration bound %.1f ppm)%s\n",
		    (double)res->tsc_hz / 1e6, res->tsc_source,
		    res->tsc_error_ppm, variant);
	else
		out("tsc: %.3f MHz from %s (%s)%s\n", (double)res->tsc_hz / 1e6,
		    res->tsc_source, res->tsc_source[0] == 'c'
		    ? "nominal: CPUID 15h crystal x ratio" : "no error bound",
		    variant);
}

/* Who maps the buffers: baremem's own tables (UEFI) or the OS's, where
 * each point records the page it really got. */
static void print_paging(const struct run_results *res)
{
	char a[16];
	const char *page = res->page_bytes >= (1ull << 30) ? "1G"
			   : res->page_bytes >= (2ull << 20) ? "2M" : "4K";

	if (res->platform[0] == 'u')
		out("paging: baremem's identity map, %s mapped, buffers on %s "
		    "pages\n", fmt_size(a, sizeof a, res->mapped_bytes), page);
	else
		out("paging: the OS's page tables, buffers asked on %s pages "
		    "(each point says what it got)\n", page);
}

void run_print_machine(const struct run_results *res)
{
	const struct cpu_info *ci = &res->cpu;
	char a[16];

	out("cpu: %s (%s family %d model %d stepping %d)%s\n",
	    ci->brand[0] ? ci->brand : "unknown", ci->vendor, ci->family,
	    ci->model, ci->stepping, ci->f.hypervisor ? ", virtual" : "");
	if (ci->core_type)
		out("hybrid cpu: the suite runs on a%s %s core; the caches below "
		    "are that core type's\n", ci->core_type[0] == 'e' ? "n" : "",
		    ci->core_type);
	if (res->msr_note)
		out("msr probe: %s\n", res->msr_note);
	if (res->microcode_known)
		out("microcode: 0x%llx\n", (unsigned long long)res->microcode);
	if (res->tom2_read > 0)
		out("amd tom2: %s\n", res->tom2_note);
	out("frequency: boost %s, hwp/cppc %s (as the %s left them)\n",
	    res->freq.boost, res->freq.hwp,
	    res->platform[0] == 'u' ? "firmware" : "OS");
	out("smi count: %s\n", res->smi_count ? "read around every sample "
	    "(MSR 0x34)" : "unavailable");
	for (int i = 0; i < ci->cache_count; i++) {
		const struct cpu_cache *c = &ci->caches[i];
		out("cache: L%d %-11s %8s, %d-byte lines, %d-way, shared by %d\n",
		    c->level, c->type, fmt_size(a, sizeof a, c->size_bytes),
		    c->line_bytes, c->ways, c->shared_by);
	}
	print_tsc(res);
	print_paging(res);
}

void run_print_config(const struct bm_config *c)
{
	char line[512], val[128];
	size_t n = 0;

	for (int k = 0; k < BM_KEY_COUNT; k++) {
		const char *v = config_value_text(c, (enum bm_key)k, val,
						  sizeof val);
		n += fmt(line + n, sizeof line - n, "%s%s=%s", k ? " " : "",
			 config_key_name((enum bm_key)k),
			 v[0] ? v : "(profile)");
		if (n >= sizeof line)
			break;
	}
	out("config: %s\n", line);
}

static void print_list(const char *label, const struct msgs *m)
{
	for (int i = 0; i < m->count; i++)
		out("%s: %s\n", label, m->text[i]);
	if (m->dropped)
		out("%s: (%d more not kept)\n", label, m->dropped);
}

void run_print_msgs(const struct run_results *res)
{
	print_list("error", &res->errors);
	print_list("warning", &res->warnings);
}

void run_print_warnings(const struct run_results *res)
{
	print_list("warning", &res->warnings);
}

void run_print_done(enum run_status status, int run, const char *file)
{
	out("baremem: done status=%s run=%d file=%s\n",
	    results_status_name(status), run, file ? file : "none");
}
