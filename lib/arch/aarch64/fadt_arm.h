/* How an AArch64 machine starts and stops cpus, from the ACPI FADT's ARM
 * boot architecture flags (ACPI 6.5, 5.2.9, table 5.11; the field is new
 * in ACPI 5.1): whether the firmware implements PSCI, and whether its
 * calls go by HVC (to a hypervisor at EL2) or SMC (to EL3). */
#ifndef BAREMEM_FADT_ARM_H
#define BAREMEM_FADT_ARM_H

#include <stddef.h>
#include <stdint.h>

enum psci_conduit { PSCI_NONE, PSCI_SMC, PSCI_HVC };

struct fadt_arm {
	uint8_t major, minor;	/* FADT revision: header byte, then byte 131 */
	uint16_t boot_flags;	/* ARM_BOOT_ARCH, byte 129 */
	enum psci_conduit conduit;	/* PSCI_NONE: not PSCI compliant */
	const char *problem;	/* first problem met (static), or 0 */
};

/* Reads a FACP table of `len` readable bytes into f (cleared first).
 * Returns 0, or -1 when the table holds no ARM boot flags (no table, a
 * revision before 5.1, or too short): then conduit is PSCI_NONE and
 * problem says why. */
int fadt_arm_parse(const void *table, size_t len, struct fadt_arm *f);

/* "SMC", "HVC", "none". */
const char *psci_conduit_name(enum psci_conduit c);

#endif
