/* The cpus of an AArch64 machine from the ACPI MADT's GICC structures
 * (ACPI 6.5, 5.2.12.14): each cpu's MPIDR (what PSCI CPU_ON and the
 * affinity of every other table name it by), its ACPI processor UID
 * (what PPTT and SRAT name it by) and whether it may be started. */
#ifndef BAREMEM_MADT_GICC_H
#define BAREMEM_MADT_GICC_H

#include <stddef.h>
#include <stdint.h>

#define MADT_GICC_MAX 1024	/* BM_MAX_CPUS */

struct madt_gicc_cpu {
	uint32_t uid;		/* ACPI processor UID */
	uint32_t interface;	/* GIC CPU interface number */
	/* MPIDR_EL1's affinity fields Aff3 (39:32) and Aff2..Aff0 (23:0);
	 * the other bits are zero in the table */
	uint64_t mpidr;
	int enabled;		/* flag bit 0: usable now */
	/* flag bit 3 (ACPI 6.5): disabled but may be brought online;
	 * baremem leaves such a cpu alone (the firmware has not
	 * described it as present) */
	int online_capable;
	uint8_t efficiency_class;	/* 0 where the table has none */
};

struct madt_gicc {
	int count;		/* GICC structures kept, in table order */
	struct madt_gicc_cpu cpu[MADT_GICC_MAX];
	int enabled;		/* of them, with the enabled flag */
	const char *problem;	/* first problem met (static), or 0 */
	int dropped;		/* GICCs beyond MADT_GICC_MAX */
};

/* Parses an APIC (MADT) table of `len` readable bytes into m (cleared
 * first); other structure types are skipped by their length. A GICC
 * shorter than its ACPI 5.1 size (76 bytes: up to the MPIDR) or an MPIDR
 * listed twice is skipped with a problem noted. Returns the number of
 * enabled cpus. */
int madt_gicc_parse(const void *table, size_t len, struct madt_gicc *m);

/* The index in m of the GICC with this UID, or -1. */
int madt_gicc_of_uid(const struct madt_gicc *m, uint32_t uid);

/* MPIDR_EL1's affinity levels in 32 bits (Aff3 31:24, Aff2..Aff0
 * 23:0): a cpu's hardware id where x86 gives its APIC id (platform.h's
 * apic_id, numa.h's cpus). */
uint32_t madt_mpidr_word(uint64_t mpidr);

#endif
