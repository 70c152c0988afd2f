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

/* The done line. The results file of docs/design.md §4 needs the summary
 * (lib/suite/summary.c), which links into this app only once lib/ holds
 * no x86 code outside lib/arch/: until then the run says so. */
static enum run_status report(struct run_results *res, EFI_FILE_HANDLE root)
{
	enum run_status status;

	(void)root;
	msgs_add(&res->warnings, "no results file: the AArch64 app does not "
		 "write results files yet; the console has every figure");
	status = results_status(res);
	if (status == RUN_OK)
		status = RUN_PARTIAL;	/* kept nowhere but the console */
	out("\n");
	run_print_msgs(res);
	run_print_done(status, 0, 0);
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
