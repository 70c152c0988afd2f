/* The AArch64 bandwidth kernels by name and operation, as
 * kernels/bw_table.c is for x86: callers choose one by name ("neon-read",
 * "sve-triad") or by operation and ISA instead of calling it directly. */
#include "bw_arm.h"

static const char *const isa_names[BW_ARM_ISA_COUNT] = {
	[BW_NEON] = "neon", [BW_SVE] = "sve",
};

/* One ISA's kernels, in bw_table.c's order and with its byte counts:
 * copy and mix11 count each byte read and written; ntcopy is reported as
 * copy, with `nontemporal` saying which stores it made. */
#define BW_ARM_ISA_KERNELS(x, id)                                         \
	{ .name = #x "-read", .op = "read", .run = bw_read_##x,         \
	  .isa = id, .bytes_per_byte = 1, .needs_src = 1 },                 \
	{ .name = #x "-write", .op = "write", .run = bw_write_##x,      \
	  .isa = id, .bytes_per_byte = 1, .needs_dst = 1 },                 \
	{ .name = #x "-ntwrite", .op = "ntwrite",                         \
	  .run = bw_ntwrite_##x, .isa = id, .bytes_per_byte = 1,          \
	  .needs_dst = 1, .nontemporal = 1 },                               \
	{ .name = #x "-copy", .op = "copy", .run = bw_copy_##x,         \
	  .isa = id, .bytes_per_byte = 2, .needs_src = 1, .needs_dst = 1 }, \
	{ .name = #x "-copy", .op = "ntcopy", .run = bw_ntcopy_##x,     \
	  .isa = id, .bytes_per_byte = 2, .needs_src = 1, .needs_dst = 1,   \
	  .nontemporal = 1 },                                               \
	{ .name = #x "-mix31", .op = "mix31", .run = bw_mix31_##x,      \
	  .isa = id, .bytes_per_byte = 4, .needs_src = 1, .needs_dst = 1 }, \
	{ .name = #x "-mix21", .op = "mix21", .run = bw_mix21_##x,      \
	  .isa = id, .bytes_per_byte = 3, .needs_src = 1, .needs_dst = 1 }, \
	{ .name = #x "-mix11", .op = "mix11", .run = bw_copy_##x,       \
	  .isa = id, .bytes_per_byte = 2, .needs_src = 1, .needs_dst = 1 }, \
	{ .name = #x "-triad", .op = "triad", .run = bw_triad_##x,      \
	  .isa = id, .bytes_per_byte = 3, .needs_src = 1, .needs_dst = 1 }

/* SVE first, as bw_table.c lists the widest ISA first. */
static const struct bw_arm_kernel kernels[] = {
	BW_ARM_ISA_KERNELS(sve, BW_SVE),
	BW_ARM_ISA_KERNELS(neon, BW_NEON),
	/* DC ZVA: zeros with no read for ownership (bw_neon.c). Base
	 * AArch64, listed under neon; usable only where
	 * bw_zva_block_bytes() is not 0. Not `nontemporal`: the zeroed
	 * lines are allocated in the caches, they do not go around them. */
	{ .name = "neon-zva", .op = "zva", .run = bw_zva_neon,
	  .isa = BW_NEON, .bytes_per_byte = 1, .needs_dst = 1 },
};

#define KERNEL_COUNT ((int)(sizeof kernels / sizeof kernels[0]))

static int same(const char *a, const char *b)
{
	while (*a && *a == *b)
		a++, b++;
	return *a == *b;
}

const char *bw_arm_isa_name(enum bw_arm_isa isa)
{
	return isa >= 0 && isa < BW_ARM_ISA_COUNT ? isa_names[isa] : "?";
}

const struct bw_arm_kernel *bw_arm_kernels(int *count)
{
	*count = KERNEL_COUNT;
	return kernels;
}

const struct bw_arm_kernel *bw_arm_kernel_find(const char *name)
{
	for (int i = 0; i < KERNEL_COUNT; i++)
		if (same(kernels[i].name, name))
			return &kernels[i];
	return 0;
}

const struct bw_arm_kernel *bw_arm_kernel_for(const char *op,
					      enum bw_arm_isa isa)
{
	for (int i = 0; i < KERNEL_COUNT; i++)
		if (kernels[i].isa == isa && same(kernels[i].op, op))
			return &kernels[i];
	return 0;
}
