/* The loaded-latency delay series: how much the load generators wait
 * after each 256-byte block (loadgen.h), from none (the most bandwidth
 * they can draw) up to a delay where they barely load the memory. The
 * idle point (no load at all) is the suite's, after the series. */
#ifndef BAREMEM_DELAYS_H
#define BAREMEM_DELAYS_H

#include <stdint.h>

#include "config/config.h"

/* Fills out[0..cap) with the profile's delays, ascending, starting at 0:
 *   quick     0, 64, 512, 4096
 *   standard  0, then 16 .. 16384 doubling (12 points)
 *   full      0, then 16 .. 16384 in steps of sqrt(2) (22 points)
 * Returns the count (at most cap). */
int delays_plan(enum bm_profile profile, uint32_t *out, int cap);

#endif
