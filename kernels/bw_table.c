/* The bandwidth kernels by name (the names of DESIGN §4) and operation,
 * so callers choose one by name or by operation instead of calling it
 * directly. */
#include "bw.h"

static const struct bw_kernel kernels[] = {
	{ .name = "avx2-read", .op = "read", .run = bw_read_avx2, .avx2 = 1,
	  .bytes_per_byte = 1, .needs_src = 1 },
	{ .name = "avx2-write", .op = "write", .run = bw_write_avx2,
	  .avx2 = 1, .bytes_per_byte = 1, .needs_dst = 1 },
	{ .name = "avx2-ntwrite", .op = "ntwrite", .run = bw_ntwrite_avx2,
	  .avx2 = 1, .bytes_per_byte = 1, .needs_dst = 1, .nontemporal = 1 },
	/* copy reads and writes every byte: both count (DESIGN §5). */
	{ .name = "avx2-copy", .op = "copy", .run = bw_copy_avx2, .avx2 = 1,
	  .bytes_per_byte = 2, .needs_src = 1, .needs_dst = 1 },
	{ .name = "avx2-copy", .op = "ntcopy", .run = bw_ntcopy_avx2,
	  .avx2 = 1, .bytes_per_byte = 2, .needs_src = 1, .needs_dst = 1,
	  .nontemporal = 1 },
	{ .name = "sse2-read", .op = "read", .run = bw_read_sse2,
	  .bytes_per_byte = 1, .needs_src = 1 },
	{ .name = "sse2-write", .op = "write", .run = bw_write_sse2,
	  .bytes_per_byte = 1, .needs_dst = 1 },
	{ .name = "sse2-ntwrite", .op = "ntwrite", .run = bw_ntwrite_sse2,
	  .bytes_per_byte = 1, .needs_dst = 1, .nontemporal = 1 },
	{ .name = "sse2-copy", .op = "copy", .run = bw_copy_sse2,
	  .bytes_per_byte = 2, .needs_src = 1, .needs_dst = 1 },
	{ .name = "sse2-copy", .op = "ntcopy", .run = bw_ntcopy_sse2,
	  .bytes_per_byte = 2, .needs_src = 1, .needs_dst = 1,
	  .nontemporal = 1 },
};

#define KERNEL_COUNT ((int)(sizeof kernels / sizeof kernels[0]))

static int same(const char *a, const char *b)
{
	while (*a && *a == *b)
		a++, b++;
	return *a == *b;
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

const struct bw_kernel *bw_kernel_for(const char *op, int have_avx2)
{
	for (int i = 0; i < KERNEL_COUNT; i++)
		if (kernels[i].avx2 == !!have_avx2 && same(kernels[i].op, op))
			return &kernels[i];
	return 0;
}
