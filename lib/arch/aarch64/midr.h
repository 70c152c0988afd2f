/* An AArch64 cpu's maker and part from MIDR_EL1, with the cache sizes
 * the part's documentation fixes (sizes a licensee may configure are 0:
 * the ID registers and PPTT say what a chip has). */
#ifndef BAREMEM_MIDR_H
#define BAREMEM_MIDR_H

#include <stdint.h>

struct arm_midr {
	uint8_t implementer;	/* 31:24: 0x41 Arm, 0xc0 Ampere, 0x46 Fujitsu... */
	uint8_t variant;	/* 23:20: the r of rNpM */
	uint8_t architecture;	/* 19:16: 0xf, see the ID registers */
	uint16_t part;		/* 15:4 */
	uint8_t revision;	/* 3:0: the p of rNpM */
};

struct arm_part {
	uint8_t implementer;
	uint16_t part;
	const char *name;	/* "Neoverse N1" */
	uint32_t l1d_bytes, l1i_bytes;	/* per core; 0: not fixed */
	uint64_t l2_bytes;	/* 0: configurable, not fixed by the part */
	int l2_shared_by;	/* cores sharing one L2 where fixed, else 1 */
	/* The largest system-level cache (on the mesh, behind every core)
	 * documented for the chips in seen_in; 0: none known. A chip's
	 * firmware may list its own in the PPTT; where neither it nor
	 * CLIDR shows one, the DRAM floor must still clear it. */
	uint64_t slc_bytes;
	/* chips built on it, for the reader: "AWS Graviton2, Ampere
	 * Altra" (MIDR cannot tell them apart; SMBIOS can) */
	const char *seen_in;
};

struct arm_midr arm_midr_decode(uint64_t midr);

/* The part of a MIDR_EL1 value, or 0 when baremem does not know it. */
const struct arm_part *arm_part_of_midr(uint64_t midr);

/* "Arm", "Ampere", "Fujitsu", ...; "unknown" for others. */
const char *arm_implementer_name(uint8_t implementer);

#endif
