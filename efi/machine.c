/* The machine as the firmware describes it: firmware vendor and version,
 * memory size, the wall clock at start. */
#include "baremem_efi.h"
#include "util/fmt.h"
#include "platform.h"
#include "hw/smbios.h"

#define SMBIOS_TABLE_MAX (1u << 20)

/* SMBIOS through the configuration table: the 3.x entry point when the
 * firmware gives one, else 2.x. Returns the parsed tables, or 0. */
static const struct smbios_info *smbios_read(struct run_results *res)
{
	struct smbios_entry ep;
	struct smbios_info *info;
	const void *ep3 = 0, *ep2 = 0;
	int st = SMBIOS_ERR_ANCHOR;

	for (UINTN i = 0; i < ST->NumberOfTableEntries; i++) {
		EFI_CONFIGURATION_TABLE *t = &ST->ConfigurationTable[i];
		if (!CompareGuid(&t->VendorGuid, &SMBIOS3TableGuid))
			ep3 = t->VendorTable;
		else if (!CompareGuid(&t->VendorGuid, &SMBIOSTableGuid))
			ep2 = t->VendorTable;
	}
	if (!ep3 && !ep2)
		return 0;
	/* Prefer 3.x; a broken 3.x entry point still leaves 2.x. */
	if (ep3)
		st = smbios_entry_parse(ep3, SMBIOS3_EP_BYTES, &ep);
	if (st != SMBIOS_OK && ep2)
		st = smbios_entry_parse(ep2, SMBIOS2_EP_BYTES, &ep);
	if (st != SMBIOS_OK) {
		msgs_add(&res->warnings, "SMBIOS entry point is invalid (%s): "
			 "no system or DIMM information", smbios_status_str(st));
		return 0;
	}
	if (!(info = plat_alloc(sizeof *info)))
		return 0;
	smbios_parse((const void *)(UINTN)ep.table_addr,
		     ep.table_max_bytes < SMBIOS_TABLE_MAX ? ep.table_max_bytes
							   : SMBIOS_TABLE_MAX,
		     &ep, info);
	if (info->malformed)
		msgs_add(&res->warnings, "SMBIOS tables are malformed: "
			 "system and DIMM information may be incomplete");
	/* DIMMs or type 20 maps past what smbios_info keeps: the ceiling
	 * (lib/hw/memceiling.c) warns, saying what it leaves unknown. */
	return info;
}

void machine_read(struct run_results *res)
{
	struct memmap m;
	EFI_TIME t;
	UINTN i = 0;
	const CHAR16 *v = ST->FirmwareVendor;

	/* Untrusted UCS-2: printable ASCII kept, the rest '?', bounded. */
	for (; v && v[i] && i + 1 < sizeof res->firmware_vendor; i++)
		res->firmware_vendor[i] =
			(v[i] >= 0x20 && v[i] < 0x7f) ? (char)v[i] : '?';
	res->firmware_vendor[i] = 0;
	fmt(res->firmware_version, sizeof res->firmware_version, "%u.%u",
	    ST->FirmwareRevision >> 16, ST->FirmwareRevision & 0xffff);

	res->smbios = smbios_read(res);
	if (memmap_read(&m) == 0) {
		for (UINTN k = 0; k < MEMMAP_COUNT(&m); k++) {
			EFI_MEMORY_DESCRIPTOR *d = MEMMAP_AT(&m, k);
			if (memmap_is_ram(d->Type))
				res->memory_total_bytes +=
					d->NumberOfPages * 4096;
		}
		memmap_free(&m);
	}

	/* GetTime's time zone is often "unspecified" (2047): the time is
	 * then local and written without a zone suffix. */
	if (RT->GetTime(&t, 0) == EFI_SUCCESS && t.Year >= 1970 &&
	    t.Month >= 1 && t.Month <= 12 && t.Day >= 1 && t.Day <= 31) {
		size_t n = fmt(res->started, sizeof res->started,
			       "%04u-%02u-%02uT%02u:%02u:%02u", t.Year, t.Month,
			       t.Day, t.Hour, t.Minute, t.Second);
		/* The sign of TimeZone changed between spec versions, so
		 * only UTC (0) gets a zone suffix. */
		if (t.TimeZone == 0)
			fmt(res->started + n, sizeof res->started - n, "Z");
	}
}
