/* Timed chase segments: the latency distribution kernel. */
#ifndef BAREMEM_CHASE_SEG_H
#define BAREMEM_CHASE_SEG_H

#include <stdint.h>

/* Follows the chain from `start` for `segs` segments of `hops` hops each,
 * timing every segment alone with serialized TSC reads: out[i] is the TSC
 * ticks of segment i, the timing overhead included. hops = 0 times empty
 * segments: that overhead alone. end_way: ticks_end's way (lib/arch/arch.h).
 * Returns where the chain stopped. */
void *chase_segments(void *start, uint64_t hops, uint64_t segs,
		     uint64_t *out, int end_way);

#endif
