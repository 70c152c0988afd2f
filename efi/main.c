/* The UEFI entry point: sets the stage (watchdog, config, timer, page
 * tables), runs the suite, reports, then does what `after` says. */
#include "baremem_efi.h"
#include "hw/cpu.h"
#include "hw/isa.h"
#include "suite/cpus.h"
#include "util/fmt.h"
#include "util/out.h"
#include "platform.h"
#include "suite/prefetch.h"
#include "results/results_json.h"
#include "suite/suite.h"

static uint64_t plat_tsc_hz_value;

uint64_t plat_tsc_hz(void)
{
	return plat_tsc_hz_value;
}

static void print_msgs(const char *label, const struct msgs *m)
{
	for (int i = 0; i < m->count; i++)
		out("%s: %s\n", label, m->text[i]);
	if (m->dropped)
		out("%s: (%d more not kept)\n", label, m->dropped);
}

/* freq_state_from_msrs' reader: the #GP-safe documented read. */
static int freq_msr_read(void *ctx, uint32_t msr, uint64_t *v)
{
	(void)ctx;
	return msr_read_documented(msr, v);
}

static void print_machine(const struct run_results *res)
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
	out("msr probe: %s\n", msr_probe_note());
	if (res->microcode_known)
		out("microcode: 0x%llx\n", (unsigned long long)res->microcode);
	if (res->tom2_read > 0)
		out("amd tom2: %s\n", res->tom2_applied
		    ? "[4 GiB, TOM2) write-back by default (SYSCFG bits 21, 22)"
		    : "not in force (SYSCFG bits 21, 22 not both set)");
	out("frequency: boost %s, hwp/cppc %s (as the firmware left them)\n",
	    res->freq.boost, res->freq.hwp);
	out("smi count: %s\n", res->smi_count ? "read around every sample "
	    "(MSR 0x34)" : "unavailable");
	for (int i = 0; i < ci->cache_count; i++) {
		const struct cpu_cache *c = &ci->caches[i];
		out("cache: L%d %-11s %8s, %d-byte lines, %d-way, shared by %d\n",
		    c->level, c->type, fmt_size(a, sizeof a, c->size_bytes),
		    c->line_bytes, c->ways, c->shared_by);
	}
	if (res->tsc_error_ppm >= 0)
		out("tsc: %.3f MHz from %s (calibration bound %.1f ppm)%s\n",
		    (double)res->tsc_hz / 1e6, res->tsc_source,
		    res->tsc_error_ppm,
		    ci->f.invariant_tsc ? "" : ", not invariant");
	else
		out("tsc: %.3f MHz from %s (%s)%s\n", (double)res->tsc_hz / 1e6,
		    res->tsc_source, res->tsc_source[0] == 'c'
		    ? "nominal: CPUID 15h crystal x ratio" : "no error bound",
		    ci->f.invariant_tsc ? "" : ", not invariant");
	out("paging: baremem's identity map, %s mapped, buffers on %s pages\n",
	    fmt_size(a, sizeof a, res->mapped_bytes),
	    res->page_bytes >= (1ull << 30) ? "1G"
	    : res->page_bytes >= (2ull << 20) ? "2M" : "4K");
}

static void print_config(const struct bm_config *c)
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

static void run_suite(struct run_results *res)
{
	suite_run(res);
}

/* The suite, under fault.c's guard: a fault on the boot cpu ends it
 * there, and what was measured before is reported as usual. */
static void run_guarded(struct run_results *res)
{
	int abandoned = fault_run_guarded(run_suite, res) != 0;

	if (!fault_report(res, mp_bsp()) && !abandoned)
		return;
	out("baremem: the run stops here; what was measured before the "
	    "fault is kept\n");
	/* The fault may have left the prefetchers off: every cpu back as
	 * it was found (a cpu that cannot be is an error of its own). */
	if (prefetch_restore_after_abort(res))
		out("baremem: prefetchers put back as they were found\n");
}

#define JSON_BYTES (4u << 20)	/* first try; doubled while too small */
#define JSON_MAX_BYTES (512u << 20)	/* 512 threads in profile=full: ~100 MiB */
#define SUMMARY_BYTES 2048
#define WHY_BYTES 200

/* Where the results go, in DESIGN §4's order: the file (JSON, then the
 * console text), the done line, then the variable. A failure at one
 * place is said on the console and does not stop the next. */
static enum run_status report(struct run_results *res, EFI_FILE_HANDLE root)
{
	enum run_status status = results_status(res);
	EFI_FILE_HANDLE dir = 0;
	char why[WHY_BYTES], name[32], *json = plat_alloc(JSON_BYTES);
	size_t len, json_bytes = JSON_BYTES;
	int run = 0, filed = 0;

	why[0] = 0;
	if (root && !(dir = store_open(root, why, sizeof why)))
		msgs_add(&res->warnings, "no results file: %s", why);
	if (dir && (run = store_next_run(dir)) < 0) {
		msgs_add(&res->warnings, "no results file: the results folder "
			 "already holds run-9999; move old runs off the stick");
		run = 0;
	}
	if (run > 0 && json) {
		res->run_number = run;
		fmt(res->file, sizeof res->file,
		    "\\baremem\\results\\run-%04d.json", run);
		len = results_json(res, status, json, json_bytes);
		/* A large machine's run outgrows the first buffer: the
		 * capacity grows with the plan (lib/suite/capacity.h), so must
		 * the text's. */
		while (len == 0 && json_bytes < JSON_MAX_BYTES) {
			char *bigger = plat_alloc(2 * json_bytes);
			if (!bigger)
				break;
			plat_free(json);
			json = bigger;
			json_bytes *= 2;
			len = results_json(res, status, json, json_bytes);
		}
		fmt(name, sizeof name, "run-%04d.json", run);
		if (len == 0)
			msgs_add(&res->warnings, "no results file: the results "
				 "do not fit in %llu bytes",
				 (unsigned long long)json_bytes);
		else if (store_write(dir, name, json, len, why, sizeof why))
			msgs_add(&res->warnings, "no results file: %s", why);
		else
			filed = 1;
	}
	if (!filed) {
		res->file[0] = 0;
		res->run_number = 0;
		if (status == RUN_OK)
			status = RUN_PARTIAL;
	}

	out("\n");
	print_msgs("error", &res->errors);
	print_msgs("warning", &res->warnings);
	out("baremem: done status=%s run=%d file=%s\n",
	    results_status_name(status), filed ? run : 0,
	    filed ? res->file : "none");
	if (filed) {
		const char *text = console_log(&len);
		fmt(name, sizeof name, "run-%04d.txt", run);
		if (store_write(dir, name, text, len, why, sizeof why))
			out("warning: console text not saved: %s\n", why);
	}
	if (res->config.var && json) {
		len = results_summary_json(res, status, json, SUMMARY_BYTES);
		if (len == 0)
			out("warning: EFI variable not written: the summary is "
			    "over 2 KiB\n");
		else if (var_write(json, len, why, sizeof why))
			out("warning: EFI variable not written: %s\n", why);
		else
			out("baremem: summary saved in EFI variable "
			    "BarememResult\n");
	}
	if (dir)
		dir->Close(dir);
	plat_free(json);
	return status;
}

/* Does what `after` says; when `after` itself was bad, waits, so the
 * user can read why (DESIGN §3). */
static void finish(struct run_results *res)
{
	enum bm_after after = (res->config.bad_mask & (1u << BM_KEY_AFTER))
				      ? BM_AFTER_WAIT : res->config.after;

	memory_release_all();
	if (!memory_held())	/* a lost cpu may still walk them */
		paging_fini();
	switch (after) {
	case BM_AFTER_SHUTDOWN:
		out("baremem: powering off\n");
		RT->ResetSystem(EfiResetShutdown, EFI_SUCCESS, 0, 0);
		break;
	case BM_AFTER_REBOOT:
		out("baremem: rebooting\n");
		RT->ResetSystem(EfiResetCold, EFI_SUCCESS, 0, 0);
		break;
	case BM_AFTER_WAIT:
		out("baremem: press any key to leave\n");
		console_wait_key();
		break;
	case BM_AFTER_EXIT:
		break;
	}
}

/* The boot manager arms a 5-minute watchdog before it starts us (UEFI
 * spec 3.1.2), which would reset a long run. Turned off before anything
 * is measured, and after the config is read, so the test image can arm
 * a short one first (test_hook=watchdog-5s) and prove this call works;
 * reading the config takes milliseconds of those 5 minutes. */
static void watchdog_off(struct run_results *res)
{
	EFI_STATUS st = BS->SetWatchdogTimer(0, 0, 0, 0);

	/* EFI_UNSUPPORTED: the platform has no watchdog to turn off. */
	if (st != EFI_SUCCESS && st != EFI_UNSUPPORTED)
		msgs_add(&res->warnings, "the firmware watchdog could not be "
			 "turned off (status 0x%llx): a run over 5 minutes may "
			 "be reset", (unsigned long long)st);
}

EFI_STATUS efi_main(EFI_HANDLE image, EFI_SYSTEM_TABLE *systab)
{
	struct run_results *res;
	EFI_FILE_HANDLE root;
	const char *why = 0;
	int config_ok;
	uint64_t t_start = tsc_read();

	InitializeLib(image, systab);
	console_init();
	res = plat_alloc(sizeof *res);
	if (!res) {
		Print(L"baremem: out of memory at start\r\n");
		return EFI_OUT_OF_RESOURCES;
	}
	res->platform = "uefi";
	res->lat_cap = 4096;
	res->lat = plat_alloc(sizeof(*res->lat) * (size_t)res->lat_cap);
	res->bw_cap = 1024;
	res->bw = plat_alloc(sizeof(*res->bw) * (size_t)res->bw_cap);

	out("baremem %s: memory latency and bandwidth, no OS in the way\n",
	    BAREMEM_VERSION);
	root = esp_open_root(image, &why);
	if (!root)
		msgs_add(&res->warnings, "no results file: %s", why);
	config_load(image, root, res);
	test_hooks_arm(res);
	watchdog_off(res);
	config_ok = res->errors.count == 0;
	cpuinfo_read(&res->cpu);
	machine_read(res);

	/* The TSC rate describes the machine even in a run that measures
	 * nothing (a bad config); it costs 100 ms. */
	timer_calibrate(res);
	plat_tsc_hz_value = res->tsc_hz;
	if (!config_ok && mp_init(res) == 0)
		cpus_select(res);	/* the processors, for the record */
	if (config_ok && res->lat && res->bw) {
		print_config(&res->config);
		res->avx2_usable = res->cpu.f.avx2 && cpu_enable_avx() == 0;
		res->isa_widest = isa_usable_here();
		res->msr_ok = 1;
		msr_probe(res);
		freq_state_from_msrs(&res->cpu, freq_msr_read, 0, &res->freq);
		if (!res->cpu.f.aperfmperf)
			msgs_add(&res->warnings, "CPU has no APERF/MPERF "
				 "(CPUID 6): core cycles are not measured, TSC "
				 "cycles are");
		if (!res->cpu.f.invariant_tsc)
			msgs_add(&res->warnings, "TSC is not invariant (CPUID "
				 "80000007h): ns are right only while the TSC "
				 "rate holds");
		if (paging_init(res) != 0) {
			msgs_add(&res->errors, "cannot build page tables "
				 "(memory map unreadable or no memory)");
		} else if (mp_init(res) != 0) {
			msgs_add(&res->errors, "out of memory listing the cpus");
		} else {
			print_machine(res);
			print_msgs("warning", &res->warnings);
			run_guarded(res);
		}
	}
	res->duration_s = (double)(tsc_read() - t_start) /
			  (double)(res->tsc_hz ? res->tsc_hz : 1);
	report(res, root);
	finish(res);
	if (root)
		root->Close(root);
	memory_release_pool();
	return EFI_SUCCESS;
}
