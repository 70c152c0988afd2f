/* The wait after a 512-bit kernel. On Skylake-SP, Cascade Lake and Ice
 * Lake-SP a core running AVX-512 (heavy: FP multiplies such as triad's
 * vmulpd, most) drops to a lower frequency licence and keeps it for
 * about 2 ms after the last such instruction (Intel 64 and IA-32
 * Optimization Reference Manual, "AVX-512 frequency"); a latency point
 * started inside that time would count its cycles at the lower clock.
 * So every window that ran a 512-bit kernel ends with this wait, on each
 * of its cpus: at least 2 ms, then until the core's APERF/MPERF ratio is
 * back near the one measured before the kernel, bounded. */
#ifndef BAREMEM_SETTLE_H
#define BAREMEM_SETTLE_H

#include <stdint.h>

#include "hw/coreclock.h"

struct settle_rule {
	uint64_t ref_ticks;	/* the reference ratio's spin, before */
	uint64_t min_ticks;	/* the least wait, counters or not */
	uint64_t slice_ticks;	/* one ratio check after it */
	uint64_t bound_ticks;	/* the most wait, from the kernel's end */
	double near;		/* back: a slice's ratio >= near x ref */
};

/* The rule at tsc_hz: 0.5 ms reference, 2 ms least, 0.2 ms slices,
 * 20 ms at most, back within 5 %. */
struct settle_rule settle_rule(uint64_t tsc_hz);

/* APERF/MPERF over a spin of `ticks` TSC ticks on the calling cpu; < 0
 * without a reader or where a count did not move. */
double settle_spin_ratio(coreclock_read_fn rd, uint64_t ticks);

struct settle_result {
	uint64_t waited_ticks;	/* from end_tsc to the end of the wait */
	double ratio;		/* the last slice's / ref; < 0: not checked */
	int back;		/* 1: back near ref; 0: bound reached first;
				 * -1: not checked (no counters, no ref) */
};

/* Waits on the calling cpu until rule->min_ticks after end_tsc (the TSC
 * when the kernel ended); then, with a reader and a reference ratio
 * (ref > 0), checks slices until one's ratio is >= near x ref or
 * bound_ticks after end_tsc have passed. Runs inside a window. */
void settle_after_wide(coreclock_read_fn rd, double ref, uint64_t end_tsc,
		       const struct settle_rule *rule,
		       struct settle_result *out);

#endif
