/* The FADT's ARM boot architecture flags (fadt_arm.h). */
#include "arch/aarch64/fadt_arm.h"

#include "hw/acpi_table.h"
#include "util/str.h"

#define FADT_ARM_BOOT_ARCH 129	/* 2 bytes */
#define FADT_MINOR_REVISION 131
#define FADT_ARM_MIN_BYTES 132	/* through the minor revision */
#define ARM_PSCI_COMPLIANT 1u
#define ARM_PSCI_USE_HVC 2u

int fadt_arm_parse(const void *table, size_t len, struct fadt_arm *f)
{
	const uint8_t *p = table;
	size_t end;

	mem_set(f, 0, sizeof *f);
	end = acpi_table_bytes(p, len, "FACP", ACPI_HEADER_BYTES,
			       &f->problem);
	if (!end)
		return -1;
	f->major = p[8];
	/* Before 5.1 the bytes at 129..131 were reserved (zero), and a
	 * 5.0 table is long enough to hold them: only the revision says
	 * whether they mean anything. */
	if (end < FADT_ARM_MIN_BYTES) {
		acpi_note(&f->problem, "FADT too short for the ARM boot "
			  "flags (ACPI 5.1)");
		return -1;
	}
	f->minor = p[FADT_MINOR_REVISION];
	if (f->major < 5 || (f->major == 5 && f->minor < 1)) {
		acpi_note(&f->problem, "FADT older than ACPI 5.1: no ARM "
			  "boot flags");
		return -1;
	}
	f->boot_flags = acpi_rd16(p + FADT_ARM_BOOT_ARCH);
	if (f->boot_flags & ARM_PSCI_COMPLIANT)
		f->conduit = f->boot_flags & ARM_PSCI_USE_HVC ? PSCI_HVC
							      : PSCI_SMC;
	return 0;
}

const char *psci_conduit_name(enum psci_conduit c)
{
	return c == PSCI_SMC ? "SMC" : c == PSCI_HVC ? "HVC" : "none";
}
