/* A bounded spin: the kernels that wait for another cpu's write
 * (pingpong.c, tscping.c) give up after a timeout, and read the clock
 * only once every mask + 1 spins, so a short wait costs no rdtsc. */
#ifndef BAREMEM_SPIN_H
#define BAREMEM_SPIN_H

#include <stdint.h>

#include "arch/arch.h"

struct spin_wait {
	uint64_t spins, since;	/* start it zeroed */
};

/* Counts one spin; 1 once timeout_ticks have passed since the first
 * clock reading of this wait. */
static inline int spin_expired(struct spin_wait *w, uint64_t mask,
			       uint64_t timeout_ticks)
{
	uint64_t now;

	if ((++w->spins & mask) != 0)
		return 0;
	now = ticks_read();
	if (!w->since) {
		w->since = now;
		return 0;
	}
	return now - w->since > timeout_ticks;
}

#endif
