/* The vector ISA the AArch64 app's bandwidth kernels use
 * (kernels/bw.h's isa_usable_here; the kernels and their table are
 * kernels/aarch64/, the same objects' sources as the Linux runner's).
 *
 * NEON (Advanced SIMD) is in every AArch64 core, and UEFI hands the app
 * its FP/SIMD registers enabled (CPACR_EL1.FPEN, or CPTR_EL2 at EL2),
 * which the cpus PSCI starts take from the boot cpu (psci_arm.c). SVE
 * is not: firmware leaves it trapped (CPACR_EL1.ZEN, CPTR_EL2.TZ, and
 * at EL1 a hypervisor's CPTR_EL2 the app cannot read), and its vector
 * length is ZCR_ELx's, which the app does not yet set on each cpu. An
 * SVE instruction under a trap ends the cpu's work in an exception, so
 * the app measures with NEON alone, isa=auto included; the bandwidth
 * table's heading says SVE is absent or not enabled (the Linux runner
 * measures SVE where the kernel enables it). */
#include "bw.h"

enum bw_isa isa_usable_here(void)
{
	return BW_NEON;
}
