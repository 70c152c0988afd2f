/* The bandwidth kernels by name (the names of docs/design.md §4) and operation,
 * so callers choose one by name or by operation instead of calling it
 * directly. */
#include "bw.h"

static const char *const isa_names[BW_ISA_COUNT] = {
	[BW_SSE2] = "sse2", [BW_AVX2] = "avx2", [BW_AVX512] = "avx512",
};

/* One ISA's kernels. copy reads and writes every byte: both count
 * (docs/design.md §5); ntcopy is reported as copy. mix11 (one read stream, one
 * write stream, cached stores) is the cached copy under its mix name. */
#define BW_ISA_KERNELS(x, id)                                             \
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

static const struct bw_kernel kernels[] = {
	BW_ISA_KERNELS(avx512, BW_AVX512),
	BW_ISA_KERNELS(avx2, BW_AVX2),
	BW_ISA_KERNELS(sse2, BW_SSE2),
};

#define KERNEL_COUNT ((int)(sizeof kernels / sizeof kernels[0]))

static int same(const char *a, const char *b)
{
	while (*a && *a == *b)
		a++, b++;
	return *a == *b;
}

const char *bw_isa_name(enum bw_isa isa)
{
	return isa >= 0 && isa < BW_ISA_COUNT ? isa_names[isa] : "?";
}

const struct bw_kernel *bw_kernels(int *count)
{
	*count = KERNEL_COUNT;
	return kernels;
}

const struct bw_kernel *bw_kernel_find(const char *name)
{
	for (int i = 0; i < KERNEL_COUNT; i++)
		if (same(kernels[i].name, name))
			return &kernels[i];
	return 0;
}

const struct bw_kernel *bw_kernel_for(const char *op, enum bw_isa isa)
{
	for (int i = 0; i < KERNEL_COUNT; i++)
		if (kernels[i].isa == isa && same(kernels[i].op, op))
			return &kernels[i];
	return 0;
}
