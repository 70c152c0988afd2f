/* The AArch64 bandwidth kernels' table (kernels/bw.h): SVE and NEON,
 * widest first, and DC ZVA's zeroing write; kernels/bw_table.c looks
 * them up by name ("neon-read", "sve-triad") or by operation and ISA,
 * as it does x86's (kernels/x86_64/bw_kernels_x86.c). */
#include "bw_arm.h"

static const char *const isa_names[BW_ISA_COUNT] = {
	[BW_NEON] = "neon", [BW_SVE] = "sve",
};

/* SVE first, as the x86 table lists the widest ISA first. */
static const struct bw_kernel kernels[] = {
	BW_ISA_KERNELS(sve, BW_SVE),
	BW_ISA_KERNELS(neon, BW_NEON),
	/* DC ZVA: zeros with no read for ownership (bw_neon.c). Base
	 * AArch64, listed under neon; usable only where
	 * bw_zva_block_bytes() is not 0. Not `nontemporal`: the zeroed
	 * lines are allocated in the caches, they do not go around them. */
	{ .name = "neon-zva", .op = "zva", .run = bw_zva_neon,
	  .isa = BW_NEON, .bytes_per_byte = 1, .needs_dst = 1 },
};

const char *bw_isa_name(enum bw_isa isa)
{
	return isa >= 0 && isa < BW_ISA_COUNT && isa_names[isa]
		       ? isa_names[isa] : "?";
}

const struct bw_kernel *bw_kernels(int *count)
{
	*count = (int)(sizeof kernels / sizeof kernels[0]);
	return kernels;
}
