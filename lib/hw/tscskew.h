/* How far apart two cpus' TSCs are, from timestamps they exchanged over
 * one cache line (kernels/tscping.h). Pure, so unit-tested with
 * synthetic offsets and transfer times.
 *
 * The reference sends its TSC a; the partner reads its own TSC b on
 * seeing it: b - a = transfer + offset, where offset is the partner's
 * TSC minus the reference's at the same instant. Back the other way,
 * a' - b' = transfer' - offset. Transfers are never negative, so
 * offset lies in [-min(a' - b'), min(b - a)]: the middle of that
 * interval is the estimate, half its width the bound. The minimum over
 * many exchanges is the one least delayed (an interrupt, a line that
 * took a detour), which is why only minima are kept. */
#ifndef BAREMEM_TSCSKEW_H
#define BAREMEM_TSCSKEW_H

#include <stdint.h>

/* The skew above which a run warns, in ns. Baremem compares TSC readings
 * of different cpus in two places: the start barrier (lib/suite/
 * barrier.c) lets every cpu go at one TSC value, 100 us after the last
 * arrives, and the span rule (lib/suite/together.h) takes the earliest
 * start and the latest end over cpus as the time they all took. A skew
 * s moves a cpu's start by s and the span by up to s; against the
 * shortest sample baremem times (1 ms, profile=quick) 10 us is 1 %, and
 * it is a tenth of the barrier's lead, so cpus still start together. */
#define TSC_SKEW_WARN_NS 10000.0

struct tsc_skew_est {
	int known;		/* 0: no exchange completed, or the minima
				 * contradict each other (below) */
	double offset_ns;	/* partner's TSC minus the reference's */
	double bound_ns;	/* the true offset is within this of it */
};

/* The estimate from the minima (ticks) of `exchanges` exchanges at
 * tsc_hz. Unknown when exchanges or tsc_hz is 0, or when there + back
 * < 0: that would put a message's arrival before its sending, which
 * only TSCs that moved during the exchange (one written meanwhile) can
 * do, so no offset is claimed. */
struct tsc_skew_est tscskew_estimate(int64_t there, int64_t back,
				     int exchanges, uint64_t tsc_hz);

/* Over the partners' estimates e[0..n). */
struct tsc_skew_summary {
	int measured;		/* known estimates */
	int missing;		/* partners without one */
	double max_ns;		/* largest |offset_ns|; < 0 when none */
	double bound_ns;	/* largest bound_ns of the known; < 0: none */
	int worst;		/* index of max_ns's partner; -1: none */
	/* Some partner's skew is surely above TSC_SKEW_WARN_NS (|offset|
	 * minus its bound is): the warning. */
	int over;
	/* No partner surely over, but some bound is too wide to tell (an
	 * exchange never got faster than the warning level). */
	int unsure;
};

void tscskew_summarize(const struct tsc_skew_est *e, int n,
		       struct tsc_skew_summary *s);

#endif
