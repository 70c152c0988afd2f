/* AArch64 identity maps with the 4 KiB granule (Arm ARM D8, VMSAv8-64
 * stage 1): lib/hw/pagetable.c's builder and walker with AArch64's
 * descriptors, and the TCR and MAIR settings the tables need. Pure: the
 * caller (efi/aarch64/) reads the registers and swaps TTBR0. */
#ifndef BAREMEM_PAGETABLE_ARM_H
#define BAREMEM_PAGETABLE_ARM_H

#include <stdint.h>

#include "hw/pagetable.h"

/* MAIR attribute bytes: Normal, inner and outer write-back,
 * read/write-allocate, non-transient; Device-nGnRnE. */
#define MAIR_NORMAL_WB 0xffu
#define MAIR_DEVICE_NGNRNE 0x00u

/* Descriptor bits (Arm ARM D8.3). */
#define PTA_VALID (1ull << 0)
#define PTA_TABLE (1ull << 1)	/* levels 0-2: table; level 3: page */
#define PTA_ATTR_SHIFT 2	/* AttrIndx, 3 bits: a MAIR byte */
#define PTA_AP1 (1ull << 6)	/* EL1&0: EL0 access; EL2 alone: RES1 */
#define PTA_AP2 (1ull << 7)	/* read-only */
#define PTA_SH_SHIFT 8
#define PTA_SH_INNER 3ull
#define PTA_AF (1ull << 10)	/* access flag: set, or the first access faults */
#define PTA_NG (1ull << 11)
#define PTA_PXN (1ull << 53)	/* two-range regimes only (RES0 at EL2 alone) */
#define PTA_XN (1ull << 54)	/* UXN in two-range regimes, XN at EL2 alone */
#define PTA_ADDR_MASK 0x0000fffffffff000ull

/* The translation regime the tables are for. */
struct pt_arm_regime {
	uint8_t normal_index;	/* MAIR index of MAIR_NORMAL_WB */
	uint8_t device_index;	/* MAIR index of MAIR_DEVICE_NGNRNE */
	/* EL2 without VHE (HCR_EL2.E2H 0): one VA range, AP[1] RES1, no
	 * PXN, XN instead of UXN */
	int el2_alone;
	unsigned t0sz;		/* TCR's T0SZ: the tables map 2^(64 - t0sz) */
};

/* f becomes AArch64's format for regime r (kept by pointer: r must
 * outlive f). RAM (PT_CLASS_WB) maps Normal write-back, inner
 * shareable, executable at the regime's own EL (the app runs from RAM)
 * and never from EL0; anything else Device-nGnRnE, never executable. */
void pt_arm_format(struct pt_format *f, const struct pt_arm_regime *r);

/* pt_build_with's levels for a T0SZ with the 4 KiB granule: 4 (start at
 * level 0) for 16..24, 3 (start at level 1) for 25..33; 0 for a T0SZ
 * these tables cannot serve. */
int pt_arm_levels(unsigned t0sz);

/* The MAIR index (0..7) holding attribute byte attr, or -1. */
int pt_arm_mair_index(uint64_t mair, uint8_t attr);

/* TCR_ELx for these tables from the firmware's value: TTBR0 walks with
 * the 4 KiB granule (TG0 0), inner shareable (SH0 3), write-back
 * cacheable (IRGN0, ORGN0 1) and enabled (EPD0 0; a RES0 bit at EL2
 * alone); T0SZ, the physical size (IPS or PS) and the rest as they
 * were, which the same fields at the same places in TCR_EL1 and TCR_EL2
 * with or without VHE allow. */
uint64_t pt_arm_tcr(uint64_t fw_tcr, int el2_alone);

/* TCR's T0SZ (bits 5:0). */
unsigned pt_arm_t0sz(uint64_t tcr);

/* Which translation regime the app's tables are for, by the EL it runs
 * at and HCR_EL2 (Arm ARM D8.1, "translation regimes"):
 * - EL1: the EL1&0 regime, TTBR0_EL1/TCR_EL1/MAIR_EL1/SCTLR_EL1, TLBI
 *   VMALLE1; two VA ranges (UXN and PXN, AP[1] EL0's).
 * - EL2 without VHE (HCR_EL2.E2H 0): the EL2 regime, the _EL2
 *   registers with TCR_EL2's own layout, TLBI ALLE2; one VA range (one
 *   XN bit, AP[1] RES1).
 * - EL2 with VHE (E2H 1): the EL2&0 regime, still the _EL2 registers
 *   (TTBR0_EL2 the lower range; TCR_EL2 then has TCR_EL1's layout),
 *   TLBI ALLE2 (which covers EL2&0 then); the descriptors two-range, as
 *   EL1's.
 * 0 and *out filled; -1 at another EL (EL0, EL3: no UEFI app runs so). */
#define PT_ARM_HCR_E2H (1ull << 34)
enum pt_arm_regs { PT_ARM_REGS_EL1, PT_ARM_REGS_EL2 };
struct pt_arm_el {
	enum pt_arm_regs regs;	/* and the TLBI: VMALLE1 at EL1, ALLE2 at EL2 */
	int el2_alone;		/* struct pt_arm_regime's */
	const char *name;	/* "EL1", "EL2 without VHE", "EL2 with VHE" */
};
int pt_arm_el_of(int el, uint64_t hcr_el2, struct pt_arm_el *out);

/* What the firmware's memory map says a range is, for these tables. */
enum pt_arm_use {
	PT_ARM_USE_RAM,		/* loader, boot/runtime services, free, ACPI */
	PT_ARM_USE_MMIO,	/* EfiMemoryMappedIO, ...PortSpace */
	PT_ARM_USE_OTHER,	/* reserved carve-outs, unusable, persistent */
};
struct pt_arm_desc {
	uint64_t base, bytes;
	enum pt_arm_use use;
	int attr_wb;		/* the descriptor's EFI_MEMORY_WB */
};
/* The class a range gets: RAM that may be write-back PT_CLASS_WB
 * (Normal WB), other RAM and MMIO PT_CLASS_UC (Device: the UEFI spec's
 * AArch64 table maps EFI_MEMORY_UC to Device-nGnRnE), anything else 0:
 * left unmapped, so no 1 GiB block spans a gigabyte holding it and
 * nothing, not even a speculative fetch, reaches it through these
 * tables. */
int pt_arm_class(enum pt_arm_use use, int attr_wb);
/* The map's ranges for pt_build_with (normalized: sorted, merged), at
 * most cap (2n + 16 is always room); *ram_top the end of the highest
 * write-back RAM. -1 when cap is short. */
int pt_arm_map_ranges(const struct pt_arm_desc *d, int n,
		      struct pt_range *out, int cap, uint64_t *ram_top);

#endif
