/* The bandwidth kernels by name (the names of DESIGN §4), so callers
 * choose one by name or by operation instead of calling it directly. */
#include "bw.h"

static const struct bw_kernel kernels[] = {
	{ .name = "avx2-read", .run = bw_read_avx2, .avx2 = 1,
	  .bytes_per_byte = 1, .needs_src = 1 },
	{ .name = "avx2-write", .run = bw_write_avx2, .avx2 = 1,
	  .bytes_per_byte = 1, .needs_dst = 1 },
	{ .name = "avx2-ntwrite", .run = bw_ntwrite_avx2, .avx2 = 1,
	  .bytes_per_byte = 1, .needs_dst = 1 },
	/* copy reads and writes every byte: both count (DESIGN §5). */
	{ .name = "avx2-copy", .run = bw_copy_avx2, .avx2 = 1,
	  .bytes_per_byte = 2, .needs_src = 1, .needs_dst = 1 },
	{ .name = "sse2-read", .run = bw_read_sse2,
	  .bytes_per_byte = 1, .needs_src = 1 },
	{ .name = "sse2-write", .run = bw_write_sse2,
	  .bytes_per_byte = 1, .needs_dst = 1 },
	{ .name = "sse2-ntwrite", .run = bw_ntwrite_sse2,
	  .bytes_per_byte = 1, .needs_dst = 1 },
	{ .name = "sse2-copy", .run = bw_copy_sse2,
	  .bytes_per_byte = 2, .needs_src = 1, .needs_dst = 1 },
};

#define KERNEL_COUNT ((int)(sizeof kernels / sizeof kernels[0]))

/* If s starts with prefix: the rest of s, else 0. */
static const char *after_prefix(const char *s, const char *prefix)
{
	while (*prefix)
		if (*s++ != *prefix++)
			return 0;
	return s;
}

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
	const char *prefix = have_avx2 ? "avx2-" : "sse2-";

	for (int i = 0; i < KERNEL_COUNT; i++) {
		const char *rest = after_prefix(kernels[i].name, prefix);
		if (rest && same(rest, op))
			return &kernels[i];
	}
	return 0;
}
