/* The tick counter's calibration against a reference counter of known
 * rate (the ACPI PM timer, the HPET): which intervals to time, in what
 * order, and which reading to keep. One try times the ticks between two
 * edges of the reference and bounds its own error (efi/timer.c: an edge
 * lies somewhere in the window of the reads around it); this file only
 * plans the tries, so it is the same on every platform and tested on
 * the host.
 *
 * Why the order: a try fails its bound in two ways. A chance event at
 * an edge (an SMI on hardware; a vCPU descheduled for milliseconds under
 * a loaded host) widens that edge's window once; a fresh try of the
 * same length is then likely to pass, and costs no more than the first.
 * A reference read that is slow every time (a slow chipset path) widens
 * every window alike; only a longer interval divides that error down.
 * So: up to CALIB_SHORT_TRIES tries of CALIB_SHORT_NS, then each longer
 * one once, up to CALIB_LONG_NS; the first under the bound ends it, and
 * otherwise the best reading seen is kept. */
#ifndef BAREMEM_CALIB_H
#define BAREMEM_CALIB_H

#include <stdint.h>

#define CALIB_SHORT_NS 100000000ull	/* 100 ms: the first tries */
#define CALIB_SHORT_TRIES 4
#define CALIB_LONG_NS 1600000000ull	/* 1.6 s: the longest, x4 steps */
#define CALIB_BOUND_PPM 1000.0		/* 0.1 %: what a try must reach */

/* One try's reading: tick-counter ticks between the two edges, the
 * reference ticks between them, and the bound on the tick side. */
struct calib_reading {
	uint64_t ticks;
	uint64_t ref_ticks;
	uint64_t err_ticks;
};

/* Times about ref_ticks of the reference; 0 when the try gave a
 * reading (it may still miss the bound), -1 when it could not (the
 * reference did not move). */
typedef int (*calib_try_fn)(void *ctx, uint64_t ref_ticks,
			    struct calib_reading *out);

/* The reading's bound in ppm of its ticks; < 0 when it has none. */
double calib_ppm(const struct calib_reading *r);

/* Runs the tries in the order above against a reference of ref_hz
 * whose counter wraps at mask (a try never spans half of it). Returns
 * the tick counter's rate from the reading kept, *ppm its bound, *tries
 * the tries run; 0 (and *ppm < 0) when no try gave a reading. */
uint64_t calib_run(calib_try_fn try_fn, void *ctx, double ref_hz,
		   uint64_t mask, double *ppm, int *tries);

#endif
