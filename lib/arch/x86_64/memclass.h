/* Which class (lib/hw/pagetable.h) a range of the firmware's memory map
 * gets in baremem's page tables: the rule that decides where a large
 * page may go. */
#ifndef BAREMEM_MEMCLASS_H
#define BAREMEM_MEMCLASS_H

#include <stdint.h>

#include "arch/x86_64/mtrr.h"

/* What the firmware says a range is. */
enum mem_kind {
	MEM_KIND_RAM,		/* loader, boot/runtime services, conventional,
				 * ACPI reclaim and NVS: memory the OS owns */
	MEM_KIND_RESERVED,	/* EfiReservedMemoryType: may hide TSEG/SMRAM */
	MEM_KIND_OTHER,		/* MMIO, unusable, persistent, ... */
};

/* PT_CLASS_WB only for RAM that the map allows to be WB (attr_wb) and
 * whose MTRR type is WB over the whole range (mtrr 0: MTRRs unusable,
 * the map's word taken). Everything else is PT_CLASS_UC: mapped, never
 * touched by a measurement, and never inside a large page with RAM.
 * Reserved ranges are UC even when the map says WB: SMRAM (TSEG) is
 * reported reserved and is UC outside SMM through the SMRRs, so a 1 GiB
 * page over it and RAM would span two memory types (SDM vol 3A,
 * 12.11.9, "Large Page Size Considerations"). */
int memclass_of(enum mem_kind kind, int attr_wb, const struct mtrr_state *mtrr,
		uint64_t base, uint64_t bytes);

#endif
