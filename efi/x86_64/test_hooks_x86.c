/* Test image only (make test-image): the hook points' state, set once
 * from the config's test_hook key. The release build compiles this file
 * to nothing and baremem_efi.h turns every hook point into a constant. */
#include "../baremem_efi.h"

#ifdef BAREMEM_TEST_HOOKS
#include "arch/arch.h"
#include "../net/netboot.h"
#include "results/upload_parts.h"
#include "util/out.h"
#include "platform.h"

static enum test_hook active;
static const struct run_results *hook_res;
static int spin_cpu = -1;	/* latched by the first ap-spin or fault-ap call */
/* How long the firmware waits for the spinning AP: the suite's own
 * timeouts (2 to 5 minutes) would make the test last that long, and
 * each second of it is a second of test_ap_hangs. The other cpus keep
 * theirs. */
#define SPIN_TIMEOUT_US 1000000u
/* ap-spin-suite-timeout spins in the first call that carries one of the
 * measurements' own timeouts (lib/suite: 2 to 5 minutes), not in the
 * short ones of the TSC check or the MSR reads before them. */
#define SUITE_TIMEOUT_MIN_US 60000000u

/* watchdog-5s: what the boot manager does before starting an option
 * (UEFI spec 3.1.2: a 5-minute watchdog), but with 5 s, so a test run
 * that outlasts it proves baremem's own call turned it off. Codes up to
 * 0xFFFF are the firmware's. */
#define WATCHDOG_TEST_S 5
#define WATCHDOG_TEST_CODE 0x10009ull

static void arm_watchdog(void)
{
	EFI_STATUS st = BS->SetWatchdogTimer(WATCHDOG_TEST_S,
					     WATCHDOG_TEST_CODE, 0, 0);

	out("test image: firmware watchdog set to %d s (status 0x%llx)\n",
	    WATCHDOG_TEST_S, (unsigned long long)st);
}

/* triple-fault: an IDT of limit 0, then an invalid opcode. The #UD's
 * gate is past the limit (#GP), so is the #GP's (#DF), so is the #DF's:
 * a triple fault, on which the cpu resets the machine. What a crash of
 * the app looks like from outside; tests/qemu/test_test_image checks
 * that scripts/run-qemu reports it and does not pass it. */
static void __attribute__((noreturn)) triple_fault(void)
{
	cpu_crash_unhandled();
}

void test_hooks_arm(struct run_results *res)
{
	active = res->config.test_hook;
	hook_res = res;
	if (active == TEST_HOOK_NONE)
		return;
	out("test image: hook %s is on\n", test_hook_name(active));
	msgs_add(&res->warnings, "test image: test_hook=%s was on; these "
		 "are not figures to keep", test_hook_name(active));
	if (active == TEST_HOOK_FAULT_AP_BSP)	/* AArch64's alone */
		msgs_add(&res->warnings, "test image: test_hook=%s does "
			 "nothing in the x86 app", test_hook_name(active));
	if (active == TEST_HOOK_WATCHDOG_5S)
		arm_watchdog();
	if (active == TEST_HOOK_TRIPLE_FAULT) {
		out("test image: triple fault now\n");
		triple_fault();
	}
}

int test_hook_on(enum test_hook h)
{
	return active == h;
}

/* ap-spin: the AP never returns, with interrupts off inside its window,
 * as a wedged core would. It halts rather than spins: to the boot cpu
 * and the firmware the two are the same (no answer; INIT still resets
 * it), but a spinning vCPU costs QEMU a host core for the rest of the
 * run, a halted one nothing. The loop holds should an NMI wake it. */
static void spin_forever(void *arg)
{
	(void)arg;
	for (;;)
		cpu_wait_interrupt();
}

/* fault-bsp, fault-ap: read_unmapped, write_unmapped. */
#include "../test_unmapped.h"

/* fault-bsp: the second window the boot cpu runs on its own, so the run
 * has a result to keep by then (windows shared with APs, such as the TSC
 * check every multi-cpu run starts with, do not count). fault-bsp-shared:
 * the first window after the TSC check that the boot cpu runs while APs
 * run theirs in the same call (shared), so the fault must wait for them
 * before the run is abandoned. */
/* mc-wait: the window halts until a machine check takes it out (QEMU's
 * monitor command `mce`, sent by tests/qemu/test_machine_check once the
 * console line below shows). Halted rather than spinning: a machine
 * check wakes a halted cpu with interrupts off (as NMI and INIT do), and
 * reaches the same handler the same way, but a spinning vCPU costs QEMU
 * a host core while the test waits to inject it. Nothing the window
 * masks wakes it, so MC_WAIT_S bounds the wait only where something else
 * does (an NMI); without a machine check the test's QEMU timeout ends
 * it. */
#define MC_WAIT_S 60
static uint64_t mc_wait_ticks;

static void wait_for_machine_check(void *arg)
{
	uint64_t end = ticks_read() + mc_wait_ticks;

	(void)arg;
	while (ticks_read() < end)
		cpu_wait_interrupt();
}

plat_window_fn test_hook_bsp_window(plat_window_fn fn, int shared)
{
	static int windows, shared_windows;

	if (active == TEST_HOOK_FAULT_BSP_SHARED)	/* the TSC check first */
		return shared && ++shared_windows == 2 ? read_unmapped : fn;
	if (active == TEST_HOOK_MC_WAIT && !shared && ++windows == 2) {
		mc_wait_ticks = MC_WAIT_S * plat_tsc_hz();
		out("\ntest image: cpu %d waits in a window for a machine "
		    "check (CR4.MCE %d)\n", mp_bsp(),
		    cpu_machine_check_enabled());
		return wait_for_machine_check;
	}
	if (active != TEST_HOOK_FAULT_BSP)
		return fn;
	return !shared && ++windows == 2 ? read_unmapped : fn;
}

/* mc-wait: what the handler left in MCG_STATUS, read back after the run
 * (on the boot cpu, the one that took the #MC): MCIP must be clear. */
void test_hook_after_run(void)
{
	UINT64 v = 0;

	if (active != TEST_HOOK_MC_WAIT)
		return;
	if (cpu_machine_check_status(&v) != 0)
		out("test image: MCG_STATUS unreadable after the run\n");
	else
		out("test image: MCG_STATUS after the run 0x%llx\n",
		    (unsigned long long)v);
}

/* ap-lost: the firmware gets no timeout for the spinning AP (0: wait
 * forever, PI spec), so it never stops it nor says it is done: the AP
 * is lost loose, still running baremem's code. Only in non-blocking
 * calls (event set): a blocking call would wait forever with it. */
uint64_t test_hook_fw_timeout(int cpu, uint64_t timeout_us, int blocking)
{
	return active == TEST_HOOK_AP_LOST && !blocking && cpu == spin_cpu
		       ? 0 : timeout_us;
}

/* ap-spin, ap-spin-suite-timeout, ap-lost, fault-ap: the first selected
 * cpu that is not the boot cpu, chosen at its first call and kept: once
 * it is dropped, the next AP must
 * not spin (or fault) too. Should it be called again, it does again.
 * fault-ap leaves that cpu's first call alone: every multi-cpu run starts
 * with the TSC check, and the fault belongs in a measurement. */
void test_hook_ap_call(int cpu, plat_window_fn *fn, uint64_t *timeout_us)
{
	if (active != TEST_HOOK_AP_SPIN && active != TEST_HOOK_FAULT_AP &&
	    active != TEST_HOOK_AP_LOST &&
	    active != TEST_HOOK_AP_SPIN_SUITE_TIMEOUT)
		return;
	if (spin_cpu < 0 && hook_res) {
		for (int i = 0; i < hook_res->selected_count; i++) {
			struct plat_cpu pc;
			if (plat_cpu_info(hook_res->selected[i], &pc) == 0 &&
			    !pc.bsp) {
				spin_cpu = pc.cpu;
				break;
			}
		}
	}
	if (cpu != spin_cpu)
		return;
	if (active == TEST_HOOK_AP_SPIN_SUITE_TIMEOUT &&
	    *timeout_us < SUITE_TIMEOUT_MIN_US)
		return;
	if (active == TEST_HOOK_FAULT_AP) {
		static int calls;

		if (++calls >= 2)
			*fn = write_unmapped;
		return;
	}
	*fn = spin_forever;
	/* ap-spin-suite-timeout keeps the suite's timeout: the product's
	 * own is what tests/long/test_ap_hangs_suite_timeout waits out. */
	if (active == TEST_HOOK_AP_SPIN &&
	    *timeout_us > SPIN_TIMEOUT_US)
		*timeout_us = SPIN_TIMEOUT_US;
}
/* huge-result: the largest file one edk2 MTFTP4 write carries at the
 * block size tftpd-hpa grants us (65535 blocks of TFTP_BLOCK_BYTES, less
 * one byte), plus 1 MiB: without parts the write fails at block 65535.
 * The padding is a string member of the top-level object, so the result
 * stays a valid baremem-results/1 document. */
#define HUGE_RESULT_BYTES ((size_t)UPLOAD_TFTP_MAX_BLOCKS * TFTP_BLOCK_BYTES + \
			   (1u << 20))

char *test_hook_json(char *json, size_t *len)
{
	static const char head[] = ",\n  \"test_padding\": \"";
	static const char tail[] = "\"\n}\n";
	size_t brace = *len, at, fill;
	char *big;

	if (active != TEST_HOOK_HUGE_RESULT || !json)
		return json;
	while (brace > 0 && json[brace - 1] != '}')
		brace--;
	if (brace == 0 || brace - 1 + sizeof head + sizeof tail >
	    HUGE_RESULT_BYTES)
		return json;
	brace--;			/* the top-level object's '}' */
	big = plat_alloc(HUGE_RESULT_BYTES + 1);
	if (!big) {
		plat_free(json);
		return 0;
	}
	CopyMem(big, json, brace);
	CopyMem(big + brace, head, sizeof head - 1);
	at = brace + sizeof head - 1;
	fill = HUGE_RESULT_BYTES - at - (sizeof tail - 1);
	SetMem(big + at, fill, 'x');
	CopyMem(big + at + fill, tail, sizeof tail);	/* and the NUL */
	*len = HUGE_RESULT_BYTES;
	plat_free(json);
	out("test image: the results JSON padded to %llu bytes\n",
	    (unsigned long long)*len);
	return big;
}
#endif
