/* The UEFI entry point: sets the stage (watchdog, config, timer, page
 * tables), runs the suite, reports, then does what `after` says. */
#include "../baremem_efi.h"
#include "arch/arch.h"
#include "bw.h"
#include "../net/netboot.h"
#include "suite/barrier.h"
#include "suite/cpus.h"
#include "util/fmt.h"
#include "util/out.h"
#include "platform.h"
#include "run.h"
#include "run_end.h"
#include "suite/prefetch.h"
#include "results/console_json.h"
#include "results/results_json.h"
#include "suite/suite.h"
#include "suite/summary.h"

static uint64_t plat_tsc_hz_value;

uint64_t plat_tsc_hz(void)
{
	return plat_tsc_hz_value;
}

/* freq_state_from_msrs' reader: the #GP-safe documented read. */
static int freq_msr_read(void *ctx, uint32_t msr, uint64_t *v)
{
	(void)ctx;
	return msr_read_documented(msr, v);
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

	barrier_lag_report(res);	/* the suite's own call was skipped */
	test_hook_after_run();
	if (!fault_report(res, mp_bsp()) && !abandoned)
		return;
	out("baremem: the run stops here; what was measured before the "
	    "fault is kept\n");
	/* The fault may have left the prefetchers off: every cpu back as
	 * it was found (a cpu that cannot be is an error of its own). */
	if (prefetch_restore_after_abort(res))
		out("baremem: prefetchers put back as they were found\n");
}

/* What `after` may free on x86: the buffers and baremem's page tables. */
static void release_x86(void)
{
	memory_release_all();
	paging_fini();
}

EFI_STATUS efi_main(EFI_HANDLE image, EFI_SYSTEM_TABLE *systab)
{
	struct run_results *res;
	struct l3alloc_caps l3caps;
	EFI_FILE_HANDLE root;
	int config_ok;
	uint64_t t_start = ticks_read();

	InitializeLib(image, systab);
	console_init();
	res = run_start(image, "", &root, &config_ok);
	if (!res)
		return EFI_OUT_OF_RESOURCES;
	cpuinfo_read(&res->cpu);
	machine_read(res);

	/* The TSC rate describes the machine even in a run that measures
	 * nothing (a bad config); it costs 100 ms. */
	timer_calibrate(res);
	plat_tsc_hz_value = res->tsc_hz;
	if (!config_ok && mp_init(res) == 0)
		cpus_select(res);	/* the processors, for the record */
	if (config_ok) {
		run_print_config(&res->config);
		res->avx2_usable = res->cpu.x86.avx2 && cpu_enable_avx() == 0;
		res->isa_widest = isa_usable_here();
		res->msr_ok = 1;
		msr_probe(res);
		res->msr_note = msr_probe_note();
		freq_state_from_msrs(&res->cpu, freq_msr_read, 0, &res->freq);
		l3alloc_caps_decode(&l3caps, cpuinfo_cpuid_here, 0);
		l3alloc_read(&res->cpu, &l3caps, freq_msr_read, 0,
			     &res->l3alloc);
		run_preflight(res);
		if (paging_init(res) != 0) {
			msgs_add(&res->errors, "cannot build page tables "
				 "(memory map unreadable or no memory)");
		} else if (mp_init(res) != 0) {
			msgs_add(&res->errors, "out of memory listing the cpus");
		} else {
			run_print_machine(res);
			run_print_warnings(res);
			run_guarded(res);
		}
	}
	res->duration_s = (double)(ticks_read() - t_start) /
			  (double)(res->tsc_hz ? res->tsc_hz : 1);
	run_end_warn(res, mp_loose_cpu(), paging_tables_kept());
	run_report(res, root);
	run_finish(res, mp_loose_cpu(), release_x86);
	if (root)
		root->Close(root);
	memory_release_pool();
	return EFI_SUCCESS;
}
