/* What tests=scan did not scan between the first and the last RAM, and
 * why: planned by the suite (lib/suite/scan_plan.h), kept in the results
 * (struct scan_result) and named in the results file's "scan_plan". */
#ifndef BAREMEM_SCAN_SKIP_H
#define BAREMEM_SCAN_SKIP_H

#include <stdint.h>

/* Why memory between the first and the last RAM was not planned. */
enum scan_skip_why {
	SCAN_SKIP_HOLE,		/* no RAM there (MMIO, the PCI hole) */
	SCAN_SKIP_APP,
	SCAN_SKIP_FIRMWARE,
	SCAN_SKIP_NOT_WB,
	SCAN_SKIP_SMALL,	/* a free piece under SCAN_MIN_BYTES, or the
				 * edge before a range's first or after its
				 * last 2 MiB boundary */
	SCAN_SKIP_HELD,		/* planned, not taken: an earlier range could
				 * not be given back (a lost cpu may still
				 * write memory, so nothing is freed) */
	SCAN_SKIP_COUNT
};

struct scan_skip {
	uint64_t base, bytes;
	enum scan_skip_why why;
};

/* "hole", "app", "firmware", "not write-back", "under 2 MiB",
 * "held after a lost cpu". */
const char *scan_skip_name(enum scan_skip_why why);

#endif
