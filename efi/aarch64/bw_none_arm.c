/* kernels/bw.h's kernel lookups in the AArch64 app, which runs no
 * bandwidth kernel yet: bw.h's table (kernels/bw_table.c) is x86's, and
 * the AArch64 kernels (kernels/aarch64/bw_table_arm.c) have their own
 * ISA enum until the two tables become one. The summary looks up the
 * kernels of the run's bandwidth points, of which this app makes none:
 * no name is found, so nothing is ever reported under an x86 ISA.
 * main.c takes the tests that would run a bandwidth kernel or the
 * loaded-latency generator (bandwidth, loaded, numa) out of the run with
 * a warning, so bw_kernel_for and loadgen_read below are never reached;
 * they answer "none" for lib/suite's references to link. */
#include "bw.h"
#include "loadgen.h"

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

const struct bw_kernel *bw_kernel_for(const char *op, enum bw_isa isa)
{
	(void)op;
	(void)isa;
	return 0;
}

enum bw_isa isa_usable_here(void)
{
	return BW_SSE2;	/* the table's first; no kernel of it is here */
}

uint64_t loadgen_read(const void *src, uint64_t bytes, uint64_t delay)
{
	(void)src;
	(void)bytes;
	(void)delay;
	return 0;
}
