/* The bandwidth kernels by name (the names of DESIGN §4). */
#include "bw.h"

static const struct bw_kernel kernels[] = {
	{ "avx2-read", bw_read_avx2, 1, 1 },
	{ "avx2-write", bw_write_avx2, 1, 1 },
	{ "avx2-ntwrite", bw_ntwrite_avx2, 1, 1 },
	{ "avx2-copy", bw_copy_avx2, 1, 2 },
	{ "sse2-read", bw_read_sse2, 0, 1 },
	{ "sse2-write", bw_write_sse2, 0, 1 },
	{ "sse2-ntwrite", bw_ntwrite_sse2, 0, 1 },
	{ "sse2-copy", bw_copy_sse2, 0, 2 },
};

#define COUNT ((int)(sizeof kernels / sizeof kernels[0]))

static int same(const char *a, const char *b)
{
	while (*a && *a == *b)
		a++, b++;
	return *a == *b;
}

const struct bw_kernel *bw_kernels(int *count)
{
	*count = COUNT;
	return kernels;
}

const struct bw_kernel *bw_kernel_find(const char *name)
{
	for (int i = 0; i < COUNT; i++)
		if (same(kernels[i].name, name))
			return &kernels[i];
	return 0;
}

const struct bw_kernel *bw_kernel_for(const char *op, int have_avx2)
{
	for (int i = 0; i < COUNT; i++) {
		const char *n = kernels[i].name;
		if (kernels[i].avx2 == !!have_avx2 && same(n + 5, op))
			return &kernels[i];
	}
	return 0;
}
