/* A start line for cpus that must begin a measurement together: each
 * arrives, the last one sets a start time a little ahead on the TSC, and
 * all spin until it. Bounded: nobody waits forever for a missing cpu,
 * nor for its own TSC to reach a start time it lags far behind. */
#ifndef BAREMEM_BARRIER_H
#define BAREMEM_BARRIER_H

#include <stdint.h>

struct run_results;

struct barrier {
	uint32_t n;			/* participants */
	uint64_t timeout_ticks;		/* longest wait for the others */
	uint64_t lead_ticks;		/* start this far after the last arrival */
	uint32_t arrived;		/* atomic */
	uint64_t go_tsc;		/* atomic: 0 until everyone arrived */
	int aborted;			/* atomic */
	uint32_t lagged;		/* atomic: participants that left on
					 * the lag bound (barrier_wait) */
	uint64_t (*clock)(void);	/* 0: ticks_read; tests put a fake TSC */
};

void barrier_init(struct barrier *b, uint32_t n, uint64_t timeout_ticks,
		  uint64_t lead_ticks);

/* Waits for all n; returns the common start TSC (already reached), or 0
 * when someone did not arrive within timeout_ticks (then all return 0).
 * cpu: the caller's cpu number, named when its TSC lags: a participant
 * that sees the start time and still finds it more than 2 x lead_ticks
 * ahead on its own TSC (which, in step with the setter's, is at most
 * lead_ticks ahead) stops waiting there, returns its own TSC (its
 * samples stay right on its own clock) and is counted in b->lagged and
 * in the run's lag record (barrier_lag_report). */
uint64_t barrier_wait(struct barrier *b, int cpu);

/* The run's lag record since the last call, as a warning naming the
 * first cpu whose TSC lagged a start line (and how many start lines were
 * cut short, by how far at most); clears it. 1 when it warned. */
int barrier_lag_report(struct run_results *res);

#endif
