/* The SVE kernels against what they must read and write, at the vector
 * length the cpu runs (kernels/aarch64/bw_sve.c, checks of bw_check.c).
 * usage: test_bw_sve BYTES: fails unless the vector is BYTES long, so a
 * run meant for one length cannot pass at another. */
#include <stdio.h>
#include <stdlib.h>

#include "bw_check.h"

int main(int argc, char **argv)
{
	unsigned long want = argc > 1 ? strtoul(argv[1], 0, 0) : 0;
	unsigned long vl = (unsigned long)bw_sve_vector_bytes();

	printf("SVE vector: %lu bytes\n", vl);
	bw_check_result(!want || vl == want,
			"vector length differs from the one asked for");
	bw_check_isa(BW_SVE);
	return bw_check_finish();
}
