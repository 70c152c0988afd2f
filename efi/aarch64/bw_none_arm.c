/* kernels/bw.h's kernel lookups in the AArch64 app, which runs no
 * bandwidth kernel yet: bw.h's table (kernels/bw_table.c) is x86's, and
 * the AArch64 kernels (kernels/aarch64/bw_table_arm.c) have their own
 * ISA enum until the two tables become one. The summary looks up the
 * kernels of the run's bandwidth points, of which this app makes none:
 * no name is found, so nothing is ever reported under an x86 ISA. */
#include "bw.h"

const struct bw_kernel *bw_kernel_find(const char *name)
{
	(void)name;
	return 0;
}

const char *bw_isa_name(enum bw_isa isa)
{
	(void)isa;
	return "none";
}
