/* Test hooks: faults a QEMU test cannot cause from outside (an AP that
 * never answers, an armed watchdog), switched on by the config key
 * `test_hook=NAME`. Only the test image (make test-image, built with
 * -DBAREMEM_TEST_HOOKS) knows the key or any hook; in the release build
 * the key is unknown and every hook point compiles to nothing.
 *
 * Adding a hook: one value here, its name in lib/config/test_hooks.c's table,
 * and `if (test_hook_on(TEST_HOOK_X))` where it acts (efi/). */
#ifndef BAREMEM_TEST_HOOKS_H
#define BAREMEM_TEST_HOOKS_H

#include <stddef.h>

enum test_hook {
	TEST_HOOK_NONE,
	TEST_HOOK_AP_SPIN,	/* the first selected AP spins in its window */
	TEST_HOOK_WATCHDOG_5S,	/* a 5 s firmware watchdog before baremem's
				 * own call turns it off */
	TEST_HOOK_FAULT_BSP,	/* the boot cpu's 2nd window reads an
				 * unmapped address (#PF) */
	TEST_HOOK_FAULT_AP,	/* the first selected AP's window writes to
				 * an unmapped address (#PF) */
	TEST_HOOK_FAULT_BSP_SHARED, /* the boot cpu's share of the first call
				 * with APs running faults (#PF) */
	TEST_HOOK_NO_MP,	/* firmware without MP services: the
				 * protocol is not found */
	TEST_HOOK_MP_BLOCKING_ONLY, /* non-blocking StartupAllAPs and
				 * StartupThisAP return EFI_UNSUPPORTED, as
				 * firmware may after ReadyToBoot */
	TEST_HOOK_HTML_NO_ROOM,	/* the HTML report gets at most 4 KiB, too
				 * little: it cannot be written, the JSON is */
	TEST_HOOK_NO_HTTP_PROTOCOL, /* firmware without EFI_HTTP_PROTOCOL: an
				 * HTTP upload takes the TCP4 way */
	TEST_HOOK_MC_WAIT,	/* the boot cpu's 2nd window waits for a
				 * machine check injected from outside */
	TEST_HOOK_AP_LOST,	/* ap-spin, and the firmware is never told
				 * to stop the AP (timeout 0: forever) */
	TEST_HOOK_AP_SPIN_SUITE_TIMEOUT, /* as ap-spin, but the firmware
				 * waits the suite's own timeout for it */
	TEST_HOOK_TRIPLE_FAULT,	/* the boot cpu faults with no IDT: a
				 * triple fault, which resets the machine
				 * (scripts/run-qemu must not pass it) */
	TEST_HOOK_SMALL_PARTS,	/* uploads split at 4 KiB, not 16 MiB: a
				 * quick result goes in several parts */
	TEST_HOOK_HUGE_RESULT,	/* the uploaded and framed JSON padded past
				 * the largest file one edk2 TFTP write
				 * carries (test_padding, ~93 MiB) */
	TEST_HOOK_SCAN_SMALL,	/* tests=scan measures only the first 64 MiB
				 * of each planned range (TCG reads a GiB
				 * slowly); measured_bytes says so */
	TEST_HOOK_TFTP_FAST,	/* TFTP writes wait 1 s a packet, 1 try,
				 * not 4 s x 6: a silent server costs 1 s an
				 * attempt; 200 ms between an upload's
				 * attempts, not 2 s; the retry rule (3
				 * attempts within a minute) unchanged */
	TEST_HOOK_MP_SERVICES_FAKE, /* AArch64: a fake EFI_MP_SERVICES_PROTOCOL
				 * over PSCI is installed, so the app takes
				 * its MP services path */
	TEST_HOOK_FAULT_AP_BSP,	/* AArch64: fault-ap, then the boot cpu's
				 * next window of its own faults too */
	TEST_HOOK_COUNT
};

/* Declarations only under the macro: the test app shares every lib/ object
 * whose source does not name it with the release app (Makefile,
 * EFI_TEST_OBJ). */
#ifdef BAREMEM_TEST_HOOKS
/* The config key's name. */
#define TEST_HOOK_KEY "test_hook"

/* The hook named s[0..len) (any case), or -1 when there is none. */
int test_hook_parse(const char *s, size_t len);
/* The hook's name ("none", "ap-spin"), or 0 when out of range. */
const char *test_hook_name(enum test_hook h);
/* The valid names for a message: "none, ap-spin, ...". */
const char *test_hook_valid_text(char *buf, size_t cap);
#endif

#endif
