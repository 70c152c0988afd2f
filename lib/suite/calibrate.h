/* How long a sample runs: the one rule by which the latency, loaded-
 * latency and bandwidth tests size their samples. Runs inside
 * measurement windows: no platform calls. */
#ifndef BAREMEM_CALIBRATE_H
#define BAREMEM_CALIBRATE_H

#include <stdint.h>

/* Runs `units` of work (hops, passes) and returns the TSC ticks taken. */
typedef uint64_t (*calibrate_timed_fn)(void *ctx, uint64_t units);

/* Times `first` units, then twice as many, and so on, until one run
 * lasts an eighth of target_ticks (so the timer's resolution and the
 * loop's start are a small part of it) or reaches max_units; returns
 * the units that fill target_ticks at that rate, never fewer than the
 * last run's. */
uint64_t calibrate_units(calibrate_timed_fn timed, void *ctx, uint64_t first,
			 uint64_t max_units, uint64_t target_ticks);

/* The chase's hops per sample for target_ticks, a multiple of the
 * chase's unroll; *p walks on from where it was (the caller continues
 * the chain from there). end_way: ticks_end's way (lib/arch/arch.h). */
uint64_t calibrate_chase_hops(void **p, int end_way, uint64_t target_ticks);

#endif
