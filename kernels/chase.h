/* Pointer-chase latency kernel: follows a chain of pointers. */
#ifndef BAREMEM_CHASE_H
#define BAREMEM_CHASE_H

#include <stdint.h>

/* Follows p = *(void **)p exactly `hops` times from `start` and returns
 * where it stopped (keep it, so nothing is optimised away). */
void *chase_run(void *start, uint64_t hops);

/* Writes one 64-byte chain line whole, `line` 64-byte aligned: its first
 * 8 bytes next, the rest 0; where chase_lines_cold() is 1 with stores
 * that bypass the caches (x86-64: kernels/x86_64/chase_put.c), so the
 * line is in no cache afterwards, else with ordinary stores. */
void chase_line_put(void *line, void *next);

/* After the last chase_line_put of a chain, before any cpu chases it:
 * makes the lines visible to every cpu (x86-64: SFENCE). */
void chase_lines_done(void);

/* 1 when chase_line_put leaves the line in no cache (the scan then
 * chases a chain no cache holds: docs/method.md), 0 where it cannot. */
int chase_lines_cold(void);

/* Hops per iteration of the timed loop (the unroll depth). */
#define CHASE_UNROLL 16

#endif
