/* The AArch64 test image's hooks (lib/config/test_hooks.h; x86's are
 * efi/x86_64/test_hooks_x86.c): ap-spin, fault-bsp and fault-ap act here as on
 * x86, fault-ap-bsp here alone, mp-services-fake in mp_fake_arm.c, and
 * the hooks that only pick a path in the shared efi/ files
 * (test_hook_on) work as on x86.
 * Any other hook is said to do nothing in this app. Built only with
 * BAREMEM_TEST_HOOKS, into build/baremem-aa64-test.efi. */
#ifdef BAREMEM_TEST_HOOKS
#include "arm_efi.h"
#include "arch/arch.h"
#include "util/out.h"

/* How long a spinning cpu gets: the suite's own timeouts (minutes)
 * would make the test last that long. */
#define SPIN_TIMEOUT_US 1000000u

static enum test_hook active;
static const struct run_results *hook_res;
static int spin_cpu = -1;	/* latched by the first ap-spin or fault-ap call */
static int ap_fault_given;	/* fault-ap-bsp: the AP's faulting call made */

/* The hooks that act in this app. */
static int acts_here(enum test_hook h)
{
	return h == TEST_HOOK_AP_SPIN || h == TEST_HOOK_FAULT_BSP ||
	       h == TEST_HOOK_FAULT_AP || h == TEST_HOOK_FAULT_AP_BSP ||
	       h == TEST_HOOK_MP_SERVICES_FAKE;
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
	if (!acts_here(active))
		msgs_add(&res->warnings, "test image: test_hook=%s does "
			 "nothing in the AArch64 app but where efi/'s shared "
			 "files look at it", test_hook_name(active));
}

int test_hook_on(enum test_hook h)
{
	return active == h;
}

/* ap-spin: the cpu never returns, interrupts masked inside its window,
 * as a wedged core would. It waits for an interrupt rather than spins:
 * to the boot cpu the two are the same (no answer), but a spinning vCPU
 * costs QEMU a host core for the rest of the run, a waiting one nothing.
 * With interrupts masked a pending one ends the WFI without being
 * taken, so the loop goes back to waiting. */
static void spin_forever(void *arg)
{
	(void)arg;
	for (;;)
		cpu_wait_interrupt();
}

/* fault-bsp, fault-ap: read_unmapped, write_unmapped (translation
 * faults: past baremem's map, inside or past the firmware's VA range). */
#include "test_unmapped.h"

/* ap-spin, fault-ap, fault-ap-bsp: the first selected cpu that is not
 * the boot cpu, chosen at its first call and kept: once it is dropped,
 * no other cpu spins or faults. fault-ap leaves that cpu's first call
 * alone, as on x86: the fault belongs in a measurement with one kept
 * before it. */
void test_hook_ap_call(int cpu, plat_window_fn *fn, uint64_t *timeout_us)
{
	int fault = active == TEST_HOOK_FAULT_AP ||
		    active == TEST_HOOK_FAULT_AP_BSP;

	if (active != TEST_HOOK_AP_SPIN && !fault)
		return;
	for (int i = 0; spin_cpu < 0 && hook_res &&
			i < hook_res->selected_count; i++) {
		struct plat_cpu pc;

		if (plat_cpu_info(hook_res->selected[i], &pc) == 0 && !pc.bsp)
			spin_cpu = pc.cpu;
	}
	if (cpu != spin_cpu)
		return;
	if (fault) {
		static int calls;

		if (arm_setup_call)
			return;	/* the SVE check: the suite's calls count */

		if (++calls >= 2) {
			*fn = write_unmapped;
			ap_fault_given = 1;
		}
		return;
	}
	*fn = spin_forever;
	if (*timeout_us > SPIN_TIMEOUT_US)
		*timeout_us = SPIN_TIMEOUT_US;
}

/* fault-bsp: the second window the boot cpu runs on its own, so the
 * run has a result to keep by then (windows shared with other cpus do
 * not count). fault-ap-bsp: the first it runs on its own once the AP
 * was given its faulting call, so one boot sees both kinds of fault. */
plat_window_fn test_hook_bsp_window(plat_window_fn fn, int shared)
{
	static int windows;

	if (active == TEST_HOOK_FAULT_AP_BSP)
		return ap_fault_given && !shared ? read_unmapped : fn;
	if (active != TEST_HOOK_FAULT_BSP)
		return fn;
	return !shared && ++windows == 2 ? read_unmapped : fn;
}

void test_hook_after_run(void)
{
}

uint64_t test_hook_fw_timeout(int cpu, uint64_t timeout_us, int blocking)
{
	(void)cpu;
	(void)blocking;
	return timeout_us;
}

char *test_hook_json(char *json, size_t *len)
{
	(void)len;
	return json;
}
#endif
