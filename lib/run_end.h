/* How a run ends: what `after` becomes once a cpu may still be running
 * baremem's code (an AP that never came back and that the firmware never
 * said it stopped). Returning to the firmware would unload the code and
 * free the memory that cpu may still run, walk or write: such a run
 * powers off instead, and says so. Pure: efi/x86_64/main.c acts on it. */
#ifndef BAREMEM_RUN_END_H
#define BAREMEM_RUN_END_H

#include <stddef.h>

#include "config/config.h"

enum run_end_then {
	RUN_END_RETURN,		/* back to the shell or the boot manager */
	RUN_END_SHUTDOWN,
	RUN_END_REBOOT,
};

struct run_end {
	int wait_key;		/* show the results and wait for a key first */
	enum run_end_then then;
	int may_free;		/* buffers, pool and page tables may be freed */
};

/* after: the configured value; after_bad: it was not a valid value (then
 * the run waits, so the user can read why: docs/design.md §3); loose_cpu: the
 * first cpu lost loose, or -1. */
struct run_end run_end_plan(enum bm_after after, int after_bad,
			    int loose_cpu);

/* The warning that says how the end differs from `after`, with the old
 * page-table sets kept for the loose cpu (tables_kept); 0 and "" when it
 * does not differ. */
size_t run_end_note(char *buf, size_t cap, enum bm_after after,
		    int after_bad, int loose_cpu, int tables_kept);

#endif
