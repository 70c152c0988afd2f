/* Short chase segments, each between two serialized TSC reads, so one
 * segment's time is a handful of dependent loads: their spread is the
 * distribution of single-access latency that a long chase averages away.
 *
 * Ordering on the real machine (x86, lib/arch/x86_64/cpu.h): ticks_begin is
 * LFENCE; RDTSC; LFENCE, so no earlier load is still in flight when the
 * clock is read and the first hop cannot start before it; ticks_end is
 * RDTSCP; LFENCE (MFENCE; LFENCE; RDTSC; LFENCE on a CPU without RDTSCP),
 * and RDTSCP reads the clock only after every earlier instruction (the last
 * hop's load) has completed (SDM vol 2B, RDTSC/RDTSCP; AMD APM vol 3 says
 * the same of RDTSCP with LFENCE dispatch-serializing). The reads themselves
 * cost some tens of cycles: callers time empty segments (hops = 0) the same
 * way and subtract. */
#include "chase_seg.h"

#include "chase.h"
#include "arch/arch.h"

void *chase_segments(void *start, uint64_t hops, uint64_t segs,
		     uint64_t *out, int end_way)
{
	void *p = start;

	for (uint64_t i = 0; i < segs; i++) {
		uint64_t t0 = ticks_begin();
		p = chase_run(p, hops);
		out[i] = ticks_end(end_way) - t0;
	}
	return p;
}
