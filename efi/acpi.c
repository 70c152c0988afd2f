/* ACPI tables, found through the RSDP in the firmware's configuration
 * table (XSDT when present, else RSDT). */
#include "baremem_efi.h"

struct rsdp {
	char signature[8];	/* "RSD PTR " */
	UINT8 checksum;
	char oem[6];
	UINT8 revision;
	UINT32 rsdt;
	UINT32 length;		/* revision >= 2 from here on */
	UINT64 xsdt;
} __attribute__((packed));

struct sdt_header {
	char signature[4];
	UINT32 length;
	UINT8 revision, checksum;
	char oem[6], oem_table[8];
	UINT32 oem_revision, creator, creator_revision;
} __attribute__((packed));

#define MAX_TABLE_BYTES (1u << 20)

static int same(const char *a, const char *b, int n)
{
	for (int i = 0; i < n; i++)
		if (a[i] != b[i])
			return 0;
	return 1;
}

static const struct rsdp *find_rsdp(void)
{
	EFI_GUID acpi20_guid = ACPI_20_TABLE_GUID;
	const struct rsdp *v1 = 0;

	for (UINTN i = 0; i < ST->NumberOfTableEntries; i++) {
		EFI_CONFIGURATION_TABLE *t = &ST->ConfigurationTable[i];
		const struct rsdp *r = t->VendorTable;

		if (!r || !same(r->signature, "RSD PTR ", 8))
			continue;
		if (!CompareGuid(&t->VendorGuid, &acpi20_guid))
			return r;
		if (!CompareGuid(&t->VendorGuid, &AcpiTableGuid))
			v1 = r;
	}
	return v1;
}

const void *acpi_find_table(const char sig[4])
{
	const struct rsdp *r = find_rsdp();
	const struct sdt_header *root;
	int wide;
	UINT32 entries;

	if (!r)
		return 0;
	wide = r->revision >= 2 && r->xsdt;
	root = (const void *)(UINTN)(wide ? r->xsdt : r->rsdt);
	if (!root || root->length < sizeof(*root) ||
	    root->length > MAX_TABLE_BYTES)
		return 0;
	entries = (root->length - sizeof(*root)) / (wide ? 8 : 4);
	for (UINT32 i = 0; i < entries; i++) {
		const UINT8 *p = (const UINT8 *)(root + 1) + i * (wide ? 8 : 4);
		UINT64 addr = 0;
		const struct sdt_header *t;

		for (int b = 0; b < (wide ? 8 : 4); b++)
			addr |= (UINT64)p[b] << (8 * b);
		t = (const void *)(UINTN)addr;
		if (t && same(t->signature, sig, 4) &&
		    t->length >= sizeof(*t) && t->length <= MAX_TABLE_BYTES)
			return t;
	}
	return 0;
}
