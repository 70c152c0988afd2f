/* efi/aarch64/mp_services_arm.c on the host, against a fake
 * EFI_MP_SERVICES_PROTOCOL and fake boot services (QEMU's AAVMF has no
 * MP services, so no boot reaches this path): the choice (no protocol,
 * or one that cannot be used: PSCI; one that names the MADT's cpus and
 * takes a call: MP services), processors matched to the MADT's cpus by
 * MPIDR affinity whatever the firmware's order, disabled ones left out,
 * and each call's outcome: done, stopped by the firmware at its timeout,
 * never signalled, refused, retried while busy, and the wait mp_arm.c
 * makes on it (done: freed; stopped: dropped, kept; never signalled by
 * its deadline: loose, kept). Built with gnu-efi's
 * headers and the app's ABI (efi/aarch64/ has no other host test). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "arm_efi.h"
#include "mp_services.h"

/* ---- the platform's allocator, as efi/pool.c's: what the code keeps
 * (a call a cpu may still write) is freed by teardown ---- */

#define BLOCKS 64
static void *block[BLOCKS];

void *plat_alloc(size_t bytes)
{
	for (int i = 0; i < BLOCKS; i++)
		if (!block[i])
			return block[i] = calloc(1, bytes);
	return 0;
}

void plat_free(void *p)
{
	for (int i = 0; p && i < BLOCKS; i++)
		if (block[i] == p) {
			free(p);
			block[i] = 0;
			return;
		}
	assert_null(p);	/* freed twice, or never allocated here */
}

static int blocks_kept(void)
{
	int n = 0;

	for (int i = 0; i < BLOCKS; i++)
		n += block[i] != 0;
	return n;
}

/* ---- fake boot services: events are indices into a table ---- */

#define EVENTS 16
static struct {
	int used, signalled, closed;
} ev[EVENTS];
static int stalls;
static int protocol_present;

static EFI_STATUS EFIAPI fake_create_event(UINT32 type, EFI_TPL tpl,
					   EFI_EVENT_NOTIFY fn, VOID *ctx,
					   EFI_EVENT *event)
{
	for (int i = 1; i < EVENTS; i++)
		if (!ev[i].used) {
			ev[i].used = 1;
			*event = (EFI_EVENT)(uintptr_t)i;
			return EFI_SUCCESS;
		}
	return EFI_OUT_OF_RESOURCES;
}

static int ev_index(EFI_EVENT e)
{
	int i = (int)(uintptr_t)e;

	assert_true(i > 0 && i < EVENTS && ev[i].used);
	assert_false(ev[i].closed);
	return i;
}

static EFI_STATUS EFIAPI fake_check_event(EFI_EVENT e)
{
	return ev[ev_index(e)].signalled ? EFI_SUCCESS : EFI_NOT_READY;
}

static EFI_STATUS EFIAPI fake_close_event(EFI_EVENT e)
{
	ev[ev_index(e)].closed = 1;
	return EFI_SUCCESS;
}

static EFI_STATUS EFIAPI fake_stall(UINTN us)
{
	stalls++;
	return EFI_SUCCESS;
}

/* ---- the fake MP services ---- */

enum ap_mode {
	AP_RUNS,	/* runs the procedure, the firmware signals */
	AP_STOPPED,	/* times out: the firmware stops it and signals */
	AP_SILENT,	/* never comes back, never signalled */
	AP_UNSUPPORTED,	/* non-blocking calls refused */
	AP_BUSY_TWICE,	/* EFI_NOT_READY twice, then runs */
};

#define PROCS 8
static int proc_count;
static UINT64 proc_id[PROCS];
static UINT32 proc_flags[PROCS];
static enum ap_mode proc_mode[PROCS];
static int busy_left[PROCS];
static struct {
	UINTN number, timeout_us;
	EFI_EVENT event;
} calls[16];
static int call_count;

#define READY (PROCESSOR_ENABLED_BIT | PROCESSOR_HEALTH_STATUS_BIT)

static EFI_STATUS EFIAPI fake_count(EFI_MP_SERVICES_PROTOCOL *this,
				    UINTN *total, UINTN *enabled)
{
	*total = (UINTN)proc_count;
	*enabled = (UINTN)proc_count;
	return proc_count ? EFI_SUCCESS : EFI_DEVICE_ERROR;
}

static EFI_STATUS EFIAPI fake_info(EFI_MP_SERVICES_PROTOCOL *this, UINTN i,
				   EFI_PROCESSOR_INFORMATION *info)
{
	if (i >= (UINTN)proc_count)
		return EFI_NOT_FOUND;
	info->ProcessorId = proc_id[i];
	info->StatusFlag = proc_flags[i];
	return EFI_SUCCESS;
}

static EFI_STATUS EFIAPI fake_this_ap(EFI_MP_SERVICES_PROTOCOL *this,
				      EFI_AP_PROCEDURE proc, UINTN number,
				      EFI_EVENT event, UINTN timeout_us,
				      VOID *arg, BOOLEAN *finished)
{
	assert_true(number < (UINTN)proc_count);
	assert_non_null(event);	/* only non-blocking calls are made */
	assert_null(finished);
	switch (proc_mode[number]) {
	case AP_UNSUPPORTED:
		return EFI_UNSUPPORTED;
	case AP_BUSY_TWICE:
		if (busy_left[number]-- > 0)
			return EFI_NOT_READY;
		/* fall through */
	case AP_RUNS:
		proc(arg);
		ev[ev_index(event)].signalled = 1;
		break;
	case AP_STOPPED:
		ev[ev_index(event)].signalled = 1;
		break;
	case AP_SILENT:
		break;
	}
	calls[call_count].number = number;
	calls[call_count].timeout_us = timeout_us;
	calls[call_count].event = event;
	call_count++;
	return EFI_SUCCESS;
}

static EFI_MP_SERVICES_PROTOCOL fake_mps = {
	.GetNumberOfProcessors = fake_count,
	.GetProcessorInfo = fake_info,
	.StartupThisAP = fake_this_ap,
};

static EFI_STATUS EFIAPI fake_locate(EFI_GUID *guid, VOID *reg, VOID **out)
{
	EFI_GUID mp = EFI_MP_SERVICES_PROTOCOL_GUID;

	if (!protocol_present || memcmp(guid, &mp, sizeof mp) != 0)
		return EFI_NOT_FOUND;
	*out = &fake_mps;
	return EFI_SUCCESS;
}

static EFI_BOOT_SERVICES fake_bs = {
	.CreateEvent = fake_create_event,
	.CheckEvent = fake_check_event,
	.CloseEvent = fake_close_event,
	.Stall = fake_stall,
	.LocateProtocol = fake_locate,
};
EFI_BOOT_SERVICES *BS = &fake_bs;

/* ---- the machine: 4 cpus in the MADT, the boot cpu first ---- */

static const uint64_t madt_mpidr[4] = { 0x0, 0x1, 0x10000, 0x100000000ull };
static struct run_results *res;
static long long number[4];

static int setup(void **state)
{
	memset(ev, 0, sizeof ev);
	memset(calls, 0, sizeof calls);
	call_count = stalls = 0;
	protocol_present = 1;
	/* The firmware's own order; ProcessorId with MPIDR's non-affinity
	 * bits (31 RES1, 30 U, 24 MT) set, as MPIDR_EL1 reads. */
	proc_count = 4;
	proc_id[0] = 0x80010000;	/* MADT cpu 2 */
	proc_id[1] = 0x81000000;	/* MADT cpu 0, MT set */
	proc_id[2] = 0x1;		/* MADT cpu 1 */
	proc_id[3] = 0x100000000ull;	/* MADT cpu 3: Aff3 1 */
	for (int i = 0; i < PROCS; i++) {
		proc_flags[i] = READY;
		proc_mode[i] = AP_RUNS;
		busy_left[i] = 2;
	}
	proc_flags[1] |= PROCESSOR_AS_BSP_BIT;
	res = calloc(1, sizeof *res);
	return res ? 0 : -1;
}

static int teardown(void **state)
{
	for (int i = 0; i < BLOCKS; i++) {
		free(block[i]);
		block[i] = 0;
	}
	free(res);
	return 0;
}

static int warned(const char *part)
{
	for (int i = 0; i < res->warnings.count; i++)
		if (strstr(res->warnings.text[i], part))
			return 1;
	return 0;
}

static void no_protocol_leaves_psci(void **state)
{
	protocol_present = 0;
	assert_int_equal(arm_mps_init(res, madt_mpidr, 4, 0, number), 0);
	for (int k = 0; k < 4; k++)
		assert_int_equal(number[k], -1);
	assert_int_equal(res->warnings.count, 0);
	assert_int_equal(call_count, 0);
}

static void processors_matched_by_affinity(void **state)
{
	assert_int_equal(arm_mps_init(res, madt_mpidr, 4, 0, number), 1);
	assert_int_equal(number[0], 1);
	assert_int_equal(number[1], 2);
	assert_int_equal(number[2], 0);
	assert_int_equal(number[3], 3);
	/* the probe: one non-blocking call on the first other cpu, done */
	assert_int_equal(call_count, 1);
	assert_int_equal(calls[0].number, 2);
	assert_true(ev[(int)(uintptr_t)calls[0].event].closed);
	assert_int_equal(res->warnings.count, 0);
}

static void disabled_processor_not_matched(void **state)
{
	proc_flags[3] = PROCESSOR_HEALTH_STATUS_BIT;	/* not enabled */
	proc_flags[0] = PROCESSOR_ENABLED_BIT;		/* not healthy */
	assert_int_equal(arm_mps_init(res, madt_mpidr, 4, 0, number), 1);
	assert_int_equal(number[3], -1);
	assert_int_equal(number[2], -1);
	assert_int_equal(number[1], 2);
}

static void probe_refused_leaves_psci(void **state)
{
	proc_mode[2] = AP_UNSUPPORTED;	/* MADT cpu 1, the probe's */
	assert_int_equal(arm_mps_init(res, madt_mpidr, 4, 0, number), 0);
	assert_true(warned("would not run a call on cpu 1 (MPIDR 0x1)"));
	assert_true(warned("no non-blocking calls"));
	assert_true(warned("started by PSCI"));
}

static void probe_never_back_leaves_psci(void **state)
{
	proc_mode[2] = AP_SILENT;
	assert_int_equal(arm_mps_init(res, madt_mpidr, 4, 0, number), 0);
	assert_true(warned("did not come back within 2 s"));
	assert_true(stalls >= 2000);
	/* the probe's call is kept: the cpu may still write it */
	assert_int_equal(blocks_kept(), 1);
}

static void no_other_cpu_named_leaves_psci(void **state)
{
	proc_count = 2;
	proc_id[0] = 0x0;	/* the boot cpu, and a cpu not in the MADT */
	proc_id[1] = 0x20000;
	assert_int_equal(arm_mps_init(res, madt_mpidr, 4, 0, number), 0);
	assert_true(warned("name none of the MADT's other cpus"));
	assert_int_equal(call_count, 0);
}

static void no_count_leaves_psci(void **state)
{
	proc_count = 0;
	assert_int_equal(arm_mps_init(res, madt_mpidr, 4, 0, number), 0);
	assert_true(warned("give no processor count"));
}

static int work_runs;
static void *work_arg;

static void work(void *arg)
{
	work_runs++;
	work_arg = arg;
}

static struct arm_mps_call *ready_and_start(UINTN n, enum ap_mode mode)
{
	char why[160] = "";
	struct arm_mps_call *c;

	assert_int_equal(arm_mps_init(res, madt_mpidr, 4, 0, number), 1);
	proc_mode[n] = mode;
	work_runs = 0;
	c = arm_mps_start(n, work, &work_runs, 123456789, why, sizeof why);
	assert_non_null(c);
	assert_string_equal(why, "");
	assert_int_equal(calls[call_count - 1].number, n);
	assert_int_equal(calls[call_count - 1].timeout_us, 123456789);
	return c;
}

static void call_done(void **state)
{
	struct arm_mps_call *c = ready_and_start(3, AP_RUNS);
	EFI_EVENT e = calls[call_count - 1].event;

	assert_int_equal(arm_mps_poll(c), ARM_MPS_DONE);
	assert_int_equal(work_runs, 1);
	assert_ptr_equal(work_arg, &work_runs);
	assert_true(ev[(int)(uintptr_t)e].closed);
	arm_mps_free(c);
	assert_int_equal(blocks_kept(), 0);	/* the probe's freed too */
}

static void call_stopped_by_firmware(void **state)
{
	struct arm_mps_call *c = ready_and_start(3, AP_STOPPED);

	assert_int_equal(arm_mps_poll(c), ARM_MPS_STOPPED);
	assert_int_equal(arm_mps_poll(c), ARM_MPS_STOPPED);
	assert_int_equal(work_runs, 0);
}

static void call_never_signalled_stays_running(void **state)
{
	struct arm_mps_call *c = ready_and_start(3, AP_SILENT);
	EFI_EVENT e = calls[call_count - 1].event;

	for (int i = 0; i < 5; i++)
		assert_int_equal(arm_mps_poll(c), ARM_MPS_RUNNING);
	/* the firmware still holds the event: never closed */
	assert_false(ev[(int)(uintptr_t)e].closed);
}

static void call_retried_while_busy(void **state)
{
	struct arm_mps_call *c;

	stalls = 0;
	c = ready_and_start(3, AP_BUSY_TWICE);
	assert_int_equal(stalls, 2);
	assert_int_equal(arm_mps_poll(c), ARM_MPS_DONE);
	arm_mps_free(c);
}

/* arm_mps_wait's clock: its time is up after *polls_left checks. */
static int past_after(void *polls_left)
{
	return --*(int *)polls_left < 0;
}

static void wait_done_frees_the_call(void **state)
{
	struct arm_mps_call *c = ready_and_start(3, AP_RUNS);
	int polls = 3;
	char why[160] = "";

	assert_int_equal(arm_mps_wait(c, past_after, &polls, why, sizeof why), 0);
	assert_string_equal(why, "");
	assert_int_equal(blocks_kept(), 0);
}

static void wait_stopped_is_not_loose(void **state)
{
	struct arm_mps_call *c = ready_and_start(3, AP_STOPPED);
	int polls = 3;
	char why[160] = "";

	assert_int_equal(arm_mps_wait(c, past_after, &polls, why, sizeof why), -1);
	assert_string_equal(why, "it did not finish in time; the firmware's "
			    "MP services stopped it");
	assert_int_equal(blocks_kept(), 1);	/* never freed */
}

static void wait_silent_is_loose_and_kept(void **state)
{
	struct arm_mps_call *c = ready_and_start(3, AP_SILENT);
	int polls = 3;
	char why[160] = "";

	stalls = 0;
	assert_int_equal(arm_mps_wait(c, past_after, &polls, why, sizeof why), -2);
	assert_int_equal(stalls, 3);	/* polled until its time was up */
	assert_string_equal(why, "it did not finish in time and the "
			    "firmware's MP services never reported it "
			    "stopped; left running, its memory kept");
	assert_int_equal(blocks_kept(), 1);
	assert_false(ev[(int)(uintptr_t)calls[call_count - 1].event].closed);
}

static void call_refused_says_why(void **state)
{
	char why[160] = "";
	int before;

	assert_int_equal(arm_mps_init(res, madt_mpidr, 4, 0, number), 1);
	proc_mode[3] = AP_UNSUPPORTED;
	before = call_count;
	assert_null(arm_mps_start(3, work, 0, 1000, why, sizeof why));
	assert_int_equal(call_count, before);
	assert_int_equal(blocks_kept(), 0);
	assert_non_null(strstr(why, "StartupThisAP refused it (status "
				    "0x8000000000000003: no non-blocking calls)"));
	/* its event was made and closed again */
	for (int i = 1; i < EVENTS; i++)
		assert_true(!ev[i].used || ev[i].closed || ev[i].signalled);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(no_protocol_leaves_psci, setup, teardown),
		cmocka_unit_test_setup_teardown(processors_matched_by_affinity, setup, teardown),
		cmocka_unit_test_setup_teardown(disabled_processor_not_matched, setup, teardown),
		cmocka_unit_test_setup_teardown(probe_refused_leaves_psci, setup, teardown),
		cmocka_unit_test_setup_teardown(probe_never_back_leaves_psci, setup, teardown),
		cmocka_unit_test_setup_teardown(no_other_cpu_named_leaves_psci, setup, teardown),
		cmocka_unit_test_setup_teardown(no_count_leaves_psci, setup, teardown),
		cmocka_unit_test_setup_teardown(call_done, setup, teardown),
		cmocka_unit_test_setup_teardown(call_stopped_by_firmware, setup, teardown),
		cmocka_unit_test_setup_teardown(call_never_signalled_stays_running, setup, teardown),
		cmocka_unit_test_setup_teardown(call_retried_while_busy, setup, teardown),
		cmocka_unit_test_setup_teardown(call_refused_says_why, setup, teardown),
		cmocka_unit_test_setup_teardown(wait_done_frees_the_call, setup, teardown),
		cmocka_unit_test_setup_teardown(wait_stopped_is_not_loose, setup, teardown),
		cmocka_unit_test_setup_teardown(wait_silent_is_loose_and_kept, setup, teardown),
	};
	return cmocka_run_group_tests(tests, 0, 0);
}
