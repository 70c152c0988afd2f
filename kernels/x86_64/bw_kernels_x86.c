/* The x86-64 bandwidth kernels' table (kernels/bw.h): AVX-512, AVX2
 * and SSE2, widest first, and their ISAs' names. */
#include "bw.h"

static const char *const isa_names[BW_ISA_COUNT] = {
	[BW_SSE2] = "sse2", [BW_AVX2] = "avx2", [BW_AVX512] = "avx512",
};

static const struct bw_kernel kernels[] = {
	BW_ISA_KERNELS(avx512, BW_AVX512),
	BW_ISA_KERNELS(avx2, BW_AVX2),
	BW_ISA_KERNELS(sse2, BW_SSE2),
};

const char *bw_isa_name(enum bw_isa isa)
{
	return isa >= 0 && isa < BW_ISA_COUNT ? isa_names[isa] : "?";
}

const struct bw_kernel *bw_kernels(int *count)
{
	*count = (int)(sizeof kernels / sizeof kernels[0]);
	return kernels;
}
