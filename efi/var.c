/* The EFI variable BarememResult: a compact summary that survives in
 * NVRAM for Linux to read (docs/design.md §4). Written once per run. */
#include "baremem_efi.h"
#include "results/results_json.h"
#include "util/fmt.h"

int var_write(const char *json, UINTN len, char *why, UINTN why_cap)
{
	EFI_GUID guid = BAREMEM_VAR_GUID;
	EFI_STATUS st;

	if (len > RESULTS_SUMMARY_MAX_BYTES) {
		fmt(why, why_cap, "summary is %u bytes, over the 2 KiB bound",
		    (unsigned)len);
		return -1;
	}
	st = RT->SetVariable(L"BarememResult", &guid,
			     EFI_VARIABLE_NON_VOLATILE |
				     EFI_VARIABLE_BOOTSERVICE_ACCESS |
				     EFI_VARIABLE_RUNTIME_ACCESS,
			     len, (void *)json);
	if (st == EFI_SUCCESS)
		return 0;
	fmt(why, why_cap, "the firmware refused the EFI variable (%s)",
	    st == EFI_OUT_OF_RESOURCES ? "NVRAM full"
	    : st == EFI_WRITE_PROTECTED ? "variables are read-only"
	    : st == EFI_SECURITY_VIOLATION ? "security policy"
					    : "error");
	return -1;
}
