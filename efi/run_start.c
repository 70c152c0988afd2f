/* How a run starts, for both architectures' mains: the results, the
 * banner, where the app was loaded from, the ESP's root (none over the
 * network), the configuration, the test image's hooks and the firmware
 * watchdog off. What follows (the machine, the clock, the cpus) is each
 * architecture's. */
#include "baremem_efi.h"
#include "net/netboot.h"
#include "results/results_json.h"
#include "run.h"
#include "util/out.h"

struct run_results *run_start(EFI_HANDLE image, const char *arch_tag,
			      EFI_FILE_HANDLE *root, int *config_ok)
{
	struct run_results *res = run_new("uefi");
	const char *why = 0;

	*root = 0;
	if (!res) {
		Print(L"baremem: out of memory at start\r\n");
		return 0;
	}
	out("baremem %s%s: memory latency and bandwidth, no OS in the way\n",
	    BAREMEM_VERSION, arch_tag);
	boot_source_find(image, res);
	/* A volume on a network device (iPXE's) holds no config and takes
	 * no results: the network boot's rules apply, and the upload step
	 * says where the results went. */
	*root = boot_source()->network ? 0 : esp_open_root(image, &why);
	if (!*root && !boot_source()->network)
		msgs_add(&res->warnings, "no results file: %s", why);
	config_load(image, *root, res);
	test_hooks_arm(res);
	watchdog_off(res);
	*config_ok = res->errors.count == 0;
	return res;
}
