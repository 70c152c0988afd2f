/* The DIMMs' ceiling of the run: from the platform's SMBIOS and, where it
 * has one, its SRAT; said on the console, its warnings kept. */
#ifndef BAREMEM_SUITE_CEILING_H
#define BAREMEM_SUITE_CEILING_H

#include "results/results.h"

/* Sets res->ceiling (left 0 without SMBIOS DIMMs or pool memory). */
void ceiling_read(struct run_results *res);

#endif
