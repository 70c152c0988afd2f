/* Pointer-chase latency kernel: follows a chain of pointers. */
#ifndef BAREMEM_CHASE_H
#define BAREMEM_CHASE_H

#include <stdint.h>

/* Follows p = *(void **)p exactly `hops` times from `start` and returns
 * where it stopped (keep it, so nothing is optimised away). */
void *chase_run(void *start, uint64_t hops);

/* Hops per iteration of the timed loop (the unroll depth). */
#define CHASE_UNROLL 16

#endif
