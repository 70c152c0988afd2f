/* The checks the AArch64 kernel tests share (bw_check.c). */
#ifndef BAREMEM_TEST_BW_CHECK_H
#define BAREMEM_TEST_BW_CHECK_H

#include "bw_arm.h"

/* Runs every kernel of isa over the sizes, offsets and repeats; returns
 * how many kernels it checked. */
int bw_check_isa(enum bw_isa isa);
/* Checks the kernel table (bw_table_arm.c). */
void bw_check_table(void);
/* Counts one check of the caller's. */
void bw_check_result(int ok, const char *what);
/* Prints "N passed, N failed"; 1 when a check failed. */
int bw_check_finish(void);

#endif
