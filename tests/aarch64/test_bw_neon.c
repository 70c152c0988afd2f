/* The NEON kernels (and the DC ZVA write) against what they must read
 * and write: kernels/aarch64/bw_neon.c, by the checks of bw_check.c;
 * and the kernel table (bw_table_arm.c). */
#include <stdio.h>

#include "bw_check.h"

int main(void)
{
	printf("DC ZVA block: %llu bytes\n",
	       (unsigned long long)bw_zva_block_bytes());
	bw_check_table();
	bw_check_isa(BW_NEON);
	return bw_check_finish();
}
