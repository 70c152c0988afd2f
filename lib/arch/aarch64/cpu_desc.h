/* The arch-neutral cpu description (lib/hw/cpuinfo.h) of an AArch64
 * cpu from what its ID registers say, the same whichever platform read
 * them (the UEFI app at EL1/EL2, or Linux, which emulates the EL0 reads
 * of MIDR_EL1). Pure: the caller reads the registers. */
#ifndef BAREMEM_CPU_DESC_H
#define BAREMEM_CPU_DESC_H

#include <stdint.h>

#include "arch/aarch64/cache_id.h"
#include "hw/cpuinfo.h"

/* Identity from MIDR_EL1: vendor the implementer's name ("Arm",
 * "Ampere"), brand the part and its rNpM ("Neoverse N1 r3p1", or
 * "part 0xd0c r3p1" for a part baremem does not name), family the
 * implementer code, model the part number, stepping the revision. Also
 * what every AArch64 cpu has: timed regions end one way
 * (TICKS_END_ORDERED, lib/arch/aarch64/cpu.h), the 4 KiB granule's
 * 1 GiB level-1 blocks (big_pages), a fixed-rate counter
 * (invariant_ticks) and NEON (vector_isas). Clears ci first. */
void arm_cpu_describe(struct cpu_info *ci, uint64_t midr);

/* One decoded cache as cpu_info lists it ("data", "instruction",
 * "unified"; shared_by 1 where the source could not say). */
struct cpu_cache arm_cpu_cache(const struct arm_cache *c);

/* The cpu's caches into ci (its list replaced): `known`, what the ID
 * registers and the PPTT give (arm_caches_merge), then from the part's
 * documentation (lib/arch/aarch64/midr.c, by MIDR_EL1) what neither
 * lists: an L1 or L2 the part fixes, and, where nothing above L2 is
 * listed on a part whose chips put a system-level cache on the mesh,
 * that cache at the next level (the largest documented for those chips,
 * shared by all `cpus`), so the DRAM floor clears it. Caches from the
 * part have source "part". Returns how many came from the part (the
 * caller warns when any did). */
int arm_cpu_caches(struct cpu_info *ci, uint64_t midr,
		   const struct arm_cache *known, int n, uint32_t dline_bytes,
		   int cpus);

#endif
