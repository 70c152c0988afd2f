/* The AArch64 UEFI entry point: watchdog, config, the machine's Arm
 * facts, the chase on the boot cpu, then the results file and `after`. */
#include "baremem_efi.h"
#include "arm_efi.h"
#include "sysreg.h"
#include "platform.h"
#include "run.h"
#include "run_end.h"
#include "util/fmt.h"
#include "util/out.h"
#include "net/netboot.h"
#include "results/results_json.h"
#include "suite/summary.h"

#define WHY_BYTES 200

/* Where the results go, in docs/design.md §4's order: the file (JSON),
 * the done line, the stick's console text, then the variable. A failure
 * at one place is said on the console and does not stop the next. */
static enum run_status report(struct run_results *res, EFI_FILE_HANDLE root)
{
	enum run_status status = results_status(res);
	EFI_FILE_HANDLE dir = 0;
	char why[WHY_BYTES], name[32], *json, *summary;
	struct summary sum;
	size_t len, tried;
	int run = 0, filed = 0;

	why[0] = 0;
	if (root && !(dir = store_open(root, why, sizeof why)))
		msgs_add(&res->warnings, "no results file: %s", why);
	if (dir && (run = store_next_run(dir)) < 0) {
		msgs_add(&res->warnings, "no results file: the results folder "
			 "already holds run-9999; move old runs off the stick");
		run = 0;
	}
	if (run > 0) {
		res->run_number = run;
		fmt(res->file, sizeof res->file,
		    "\\baremem\\results\\run-%04d.json", run);
		summary_of_run(res, &sum);
		json = results_json_new(res, &sum, status, &len, &tried);
		fmt(name, sizeof name, "run-%04d.json", run);
		if (!json)
			msgs_add(&res->warnings, "no results file: %s", tried
				 ? "the results do not fit in memory"
				 : "out of memory for the results text");
		else if (store_write(dir, name, json, len, why, sizeof why))
			msgs_add(&res->warnings, "no results file: %s", why);
		else
			filed = 1;
		plat_free(json);
	}
	if (!filed) {
		res->file[0] = 0;
		res->run_number = 0;
		if (status == RUN_OK)
			status = RUN_PARTIAL;	/* kept nowhere */
	}
	out("\n");
	run_print_msgs(res);
	run_print_done(status, filed ? run : 0, filed ? res->file : 0);
	if (filed) {
		const char *text = console_log(&len);
		fmt(name, sizeof name, "run-%04d.txt", run);
		if (store_write(dir, name, text, len, why, sizeof why))
			out("warning: console text not saved: %s\n", why);
	}
	summary = res->config.var ? plat_alloc(RESULTS_SUMMARY_MAX_BYTES + 1)
				  : 0;
	if (summary) {
		summary_of_run(res, &sum);
		len = results_summary_json(res, &sum, status, summary,
					   RESULTS_SUMMARY_MAX_BYTES + 1);
		if (len == 0)
			out("warning: EFI variable not written: the summary is "
			    "over 2 KiB\n");
		else if (var_write(summary, len, why, sizeof why))
			out("warning: EFI variable not written: %s\n", why);
		else
			out("baremem: summary saved in EFI variable "
			    "BarememResult\n");
	}
	plat_free(summary);
	if (dir)
		dir->Close(dir);
	return status;
}

static int after_bad(const struct run_results *res)
{
	return !!(res->config.bad_mask & (1u << BM_KEY_AFTER));
}

/* Before the report, so the results carry it: how the end will differ
 * from `after` because a cpu may still run baremem's code. */
static void end_note(struct run_results *res)
{
	char note[MSG_BYTES];

	if (run_end_note(note, sizeof note, res->config.after, after_bad(res),
			 arm_loose_cpu(), 0))
		msgs_add(&res->warnings, "%s", note);
}

/* Does what `after` says (lib/run_end.h): with a cpu that may still run
 * baremem's code, its tables stay and the app never returns. */
static void finish(struct run_results *res)
{
	struct run_end e = run_end_plan(res->config.after, after_bad(res),
					arm_loose_cpu());

	if (e.may_free)
		arm_paging_fini();
	if (e.wait_key) {
		out("baremem: press a key\n");
		console_wait_key();
	}
	switch (e.then) {
	case RUN_END_SHUTDOWN:
		out("baremem: powering off\n");
		RT->ResetSystem(EfiResetShutdown, EFI_SUCCESS, 0, 0);
		break;
	case RUN_END_REBOOT:
		out("baremem: rebooting\n");
		RT->ResetSystem(EfiResetCold, EFI_SUCCESS, 0, 0);
		break;
	case RUN_END_RETURN:
		break;
	}
}

EFI_STATUS efi_main(EFI_HANDLE image, EFI_SYSTEM_TABLE *systab)
{
	struct run_results *res;
	EFI_FILE_HANDLE root;
	const char *why = 0;
	struct arm_machine machine = { 0 };
	uint64_t t_start = read_cntvct_el0();
	EFI_STATUS st;

	InitializeLib(image, systab);
	console_init();
	res = run_new("uefi");
	if (!res) {
		Print(L"baremem: out of memory at start\r\n");
		return EFI_OUT_OF_RESOURCES;
	}
	out("baremem %s (aarch64): memory latency and bandwidth, no OS in "
	    "the way\n", BAREMEM_VERSION);
	boot_source_find(image, res);
	root = esp_open_root(image, &why);
	if (!root)
		msgs_add(&res->warnings, "no results file: %s", why);
	config_load(image, root, res);
	st = BS->SetWatchdogTimer(0, 0, 0, 0);
	if (st != EFI_SUCCESS && st != EFI_UNSUPPORTED)
		msgs_add(&res->warnings, "the firmware watchdog could not be "
			 "turned off (status 0x%llx): a run over 5 minutes may "
			 "be reset", (unsigned long long)st);
	if (res->errors.count == 0) {
		arm_machine_read(res, &machine);
		if (res->errors.count == 0 && arm_paging_init(res) == 0)
			arm_chase(res, &machine);
	}
	res->duration_s = (double)(read_cntvct_el0() - t_start) /
			  (double)(machine.timer_hz ? machine.timer_hz : 1);
	end_note(res);
	report(res, root);
	if (root)
		root->Close(root);
	finish(res);
	return EFI_SUCCESS;
}
