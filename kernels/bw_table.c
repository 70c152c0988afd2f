/* The bandwidth kernels by name (the names of docs/design.md §4) and
 * operation, so callers choose one by name or by operation instead of
 * calling it directly: the lookups over the architecture's own table
 * (bw_kernels(): kernels/x86_64/bw_kernels_x86.c,
 * kernels/aarch64/bw_table_arm.c). */
#include "bw.h"

static int same(const char *a, const char *b)
{
	while (*a && *a == *b)
		a++, b++;
	return *a == *b;
}

const struct bw_kernel *bw_kernel_find(const char *name)
{
	int count;
	const struct bw_kernel *k = bw_kernels(&count);

	for (int i = 0; i < count; i++)
		if (same(k[i].name, name))
			return &k[i];
	return 0;
}

const struct bw_kernel *bw_kernel_for(const char *op, enum bw_isa isa)
{
	int count;
	const struct bw_kernel *k = bw_kernels(&count);

	for (int i = 0; i < count; i++)
		if (k[i].isa == isa && same(k[i].op, op))
			return &k[i];
	return 0;
}

const struct bw_kernel *bw_kernel_nt_twin(const struct bw_kernel *k)
{
	if (same(k->op, "copy"))
		return bw_kernel_for("ntcopy", k->isa);
	if (same(k->op, "write"))
		return bw_kernel_for("ntwrite", k->isa);
	return 0;
}
