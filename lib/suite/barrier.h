/* A start line for cpus that must begin a measurement together: each
 * arrives, the last one sets a start time a little ahead on the TSC, and
 * all spin until it. Bounded: nobody waits forever for a missing cpu. */
#ifndef BAREMEM_BARRIER_H
#define BAREMEM_BARRIER_H

#include <stdint.h>

struct barrier {
	uint32_t n;			/* participants */
	uint64_t timeout_ticks;		/* longest wait for the others */
	uint64_t lead_ticks;		/* start this far after the last arrival */
	uint32_t arrived;		/* atomic */
	uint64_t go_tsc;		/* atomic: 0 until everyone arrived */
	int aborted;			/* atomic */
};

void barrier_init(struct barrier *b, uint32_t n, uint64_t timeout_ticks,
		  uint64_t lead_ticks);
/* Waits for all n; returns the common start TSC (already reached), or 0
 * when someone did not arrive within timeout_ticks (then all return 0). */
uint64_t barrier_wait(struct barrier *b);

#endif
