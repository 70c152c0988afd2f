/* BarememConfigSerial: the highest serial this machine accepted per
 * signed network config name (lib/config/config_binding.h), so an old
 * signed config served again is refused. Non-volatile, boot services
 * only: an operating system cannot lower it. Written only when a config
 * with a higher serial was accepted, to spare the NV store. */
#include "netboot.h"
#include "util/fmt.h"

#define SERIAL_VAR L"BarememConfigSerial"

int config_serials_load(struct config_serials *s, char *why, UINTN why_cap)
{
	EFI_GUID guid = BAREMEM_VAR_GUID;
	char text[CONFIG_SERIALS_TEXT_MAX];
	UINTN size = sizeof text;
	UINT32 attr = 0;
	EFI_STATUS st;

	s->count = 0;
	st = RT->GetVariable(SERIAL_VAR, &guid, &attr, &size, text);
	if (st == EFI_NOT_FOUND)
		return 0;
	if (st != EFI_SUCCESS) {
		fmt(why, why_cap, "BarememConfigSerial cannot be read (status "
		    "0x%llx)", (unsigned long long)st);
		return -1;
	}
	if (config_serials_parse(s, text, size)) {
		fmt(why, why_cap, "BarememConfigSerial holds no serials baremem "
		    "wrote");
		return -1;
	}
	return 0;
}

int config_serials_store(const struct config_serials *s, char *why,
			 UINTN why_cap)
{
	EFI_GUID guid = BAREMEM_VAR_GUID;
	char text[CONFIG_SERIALS_TEXT_MAX];
	UINTN len = config_serials_text(s, text, sizeof text);
	EFI_STATUS st;

	st = RT->SetVariable(SERIAL_VAR, &guid,
			     EFI_VARIABLE_NON_VOLATILE |
				     EFI_VARIABLE_BOOTSERVICE_ACCESS,
			     len, text);
	if (st == EFI_SUCCESS)
		return 0;
	fmt(why, why_cap, "the firmware refused BarememConfigSerial (status "
	    "0x%llx)", (unsigned long long)st);
	return -1;
}
