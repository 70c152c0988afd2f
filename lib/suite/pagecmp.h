/* The page-size comparison of page=all (or a list): the same sweep on
 * 1G, 2M and 4K pages side by side, each as a ratio to the largest page
 * measured (1G where the machine has it): what page walks cost. */
#ifndef BAREMEM_PAGECMP_H
#define BAREMEM_PAGECMP_H

#include <stdint.h>

#include "results/results.h"

#define PAGECMP_PAGES 3

struct pagecmp_row {
	uint64_t size_bytes;
	const char *level;
	double ns[PAGECMP_PAGES];	/* median per page size; < 0: none */
	double ratio[PAGECMP_PAGES];	/* ns / ns[0]; < 0: none */
};

/* Gathers cpu's points pts[0..n) into rows by size (ascending), one
 * column per page size measured (pages_out, largest first; *npages).
 * Returns the row count (at most cap). A pure function. */
int pagecmp_build(const struct lat_point *pts, int n, int cpu,
		  uint64_t pages_out[PAGECMP_PAGES], int *npages,
		  struct pagecmp_row *rows, int cap);

/* Prints the table of cpu's points among pts[0..n) (one sweep's, on
 * each page size). */
void pagecmp_print(const struct lat_point *pts, int n, int cpu);

#endif
