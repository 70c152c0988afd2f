/* The AArch64 UEFI entry point: config, watchdog, the machine's Arm
 * facts, baremem's tables, the cpus (PSCI), then the suite as on x86
 * (lib/suite's suite_run, under fault_arm.c's guard), the results
 * (efi/run_finish.c) and `after`. */
#include "baremem_efi.h"
#include "arm_efi.h"
#include "sysreg.h"
#include "platform.h"
#include "run.h"
#include "util/out.h"
#include "net/netboot.h"
#include "results/results_json.h"
#include "suite/barrier.h"
#include "suite/suite.h"

static void run_suite(struct run_results *res)
{
	suite_run(res);
}

/* The suite, under fault_arm.c's guard: a fault on the boot cpu ends it
 * there (or a hardware error on any cpu, once its call is over), and
 * what was measured before is reported as usual. */
static void run_guarded(struct run_results *res)
{
	int abandoned = fault_run_guarded(run_suite, res) != 0;

	barrier_lag_report(res);	/* the suite's own call was skipped */
	if (!fault_report(res, res->bsp_cpu) && !abandoned)
		return;
	out("baremem: the run stops here; what was measured before the "
	    "fault is kept\n");
}

EFI_STATUS efi_main(EFI_HANDLE image, EFI_SYSTEM_TABLE *systab)
{
	struct run_results *res;
	EFI_FILE_HANDLE root;
	int config_ok;
	struct arm_machine machine = { 0 };
	uint64_t t_start = read_cntvct_el0();

	InitializeLib(image, systab);
	console_init();
	res = run_start(image, " (aarch64)", &root, &config_ok);
	if (!res)
		return EFI_OUT_OF_RESOURCES;
	/* The machine and its clock describe the run even when it measures
	 * nothing (a bad config): its results name the part and the timer
	 * as any other's do (the schema requires the clock's source). */
	arm_machine_read(res, &machine);
	if (config_ok && res->errors.count == 0 && arm_paging_init(res) == 0) {
		arm_cpu_setup_boot(res);
		arm_mp_init(res, &machine);
		arm_sve_check(res);
		run_print_config(&res->config);
		run_print_warnings(res);
		run_guarded(res);
		arm_cpu_setup_restore();
	}
	res->duration_s = (double)(read_cntvct_el0() - t_start) /
			  (double)(machine.timer_hz ? machine.timer_hz : 1);
	run_end_warn(res, arm_loose_cpu(), paging_tables_kept());
	run_report(res, root);
	if (root)
		root->Close(root);
	run_finish(res, arm_loose_cpu(), arm_paging_fini);
	return EFI_SUCCESS;
}
