/* Plans a latency sweep: which working-set sizes, how many samples, how
 * long each sample runs. */
#ifndef BAREMEM_SWEEP_H
#define BAREMEM_SWEEP_H

#include <stddef.h>
#include <stdint.h>

#include "config/config.h"

/* Sizes for the config, ascending and unique, each a multiple of 64:
 * the `sizes` list or range when set, else the profile's:
 *   quick    16K, 256K, 4M, 64M (seconds under emulation; 64M is
 *            4x the 16M L3 QEMU reports, so a DRAM point)
 *   standard 4K .. 1G, 2 points per octave (x, 1.5x)
 *   full     4K .. 4G, 4 points per octave (x, 1.25x, 1.5x, 1.75x)
 * A range MIN..MAX uses the profile's points per octave between them
 * (quick: 1), both ends included. Sizes above max_bytes are left out and
 * *trimmed is set to how many were. Returns the count (at most cap). */
size_t sweep_sizes(const struct bm_config *c, uint64_t max_bytes,
		   uint64_t *sizes, size_t cap, int *trimmed);

/* Samples per point: `repeat` when set, else quick 3, standard 7, full 11. */
int sweep_repeats(const struct bm_config *c);

/* How long one sample should run, in ns: quick 1 ms, standard 5 ms,
 * full 10 ms (well above the TSC read cost, short enough to sample
 * often). */
uint64_t sweep_sample_ns(const struct bm_config *c);

#endif
