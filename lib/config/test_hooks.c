/* Names of the test hooks (lib/config/test_hooks.h). The whole file is empty in
 * the release build, so not even the names reach the release image. */
#include "config/test_hooks.h"

#ifdef BAREMEM_TEST_HOOKS
#include "util/fmt.h"
#include "util/str.h"

static const char *const hook_names[TEST_HOOK_COUNT] = {
	[TEST_HOOK_NONE] = "none",
	[TEST_HOOK_AP_SPIN] = "ap-spin",
	[TEST_HOOK_WATCHDOG_5S] = "watchdog-5s",
	[TEST_HOOK_FAULT_BSP] = "fault-bsp",
	[TEST_HOOK_FAULT_AP] = "fault-ap",
	[TEST_HOOK_FAULT_BSP_SHARED] = "fault-bsp-shared",
	[TEST_HOOK_NO_MP] = "no-mp",
	[TEST_HOOK_MP_BLOCKING_ONLY] = "mp-blocking-only",
	[TEST_HOOK_HTML_NO_ROOM] = "html-no-room",
	[TEST_HOOK_NO_HTTP_PROTOCOL] = "no-http-protocol",
	[TEST_HOOK_MC_WAIT] = "mc-wait",
	[TEST_HOOK_AP_LOST] = "ap-lost",
	[TEST_HOOK_AP_SPIN_SUITE_TIMEOUT] = "ap-spin-suite-timeout",
	[TEST_HOOK_TRIPLE_FAULT] = "triple-fault",
	[TEST_HOOK_SMALL_PARTS] = "small-parts",
	[TEST_HOOK_HUGE_RESULT] = "huge-result",
	[TEST_HOOK_SCAN_SMALL] = "scan-small",
	[TEST_HOOK_TFTP_FAST] = "tftp-fast",
	[TEST_HOOK_MP_SERVICES_FAKE] = "mp-services-fake",
	[TEST_HOOK_FAULT_AP_BSP] = "fault-ap-bsp",
};

int test_hook_parse(const char *s, size_t len)
{
	for (int i = 0; i < TEST_HOOK_COUNT; i++)
		if (hook_names[i] && str_ieq(s, len, hook_names[i]))
			return i;
	return -1;
}

const char *test_hook_name(enum test_hook h)
{
	return (int)h >= 0 && h < TEST_HOOK_COUNT ? hook_names[h] : 0;
}

const char *test_hook_valid_text(char *buf, size_t cap)
{
	size_t n = 0;

	if (!buf || cap == 0)
		return "";
	buf[0] = 0;
	for (int i = 0; i < TEST_HOOK_COUNT && n < cap; i++)
		n += fmt(buf + n, cap - n, "%s%s", i ? ", " : "",
			 hook_names[i] ? hook_names[i] : "?");
	return buf;
}
#endif
