/* Plans a latency sweep: which working-set sizes, how many samples, how
 * long each sample runs. */
#ifndef BAREMEM_SWEEP_H
#define BAREMEM_SWEEP_H

#include <stddef.h>
#include <stdint.h>

#include "config/config.h"
#include "results/results.h"

/* Sizes for the config, ascending and unique, each a multiple of 64:
 * the `sizes` list or range when set (obeyed as given: the caller warns
 * when none reaches floor_bytes), else the profile's, every one reaching
 * the DRAM floor (floor_bytes: latency_dram_floor_bytes, 4x the largest
 * last-level cache):
 *   quick    16K, 256K, 4M, 64M, and the floor when above 64M (seconds
 *            under emulation; 64M is 4x the 16M L3 QEMU reports)
 *   standard 4K .. max(1G, floor), 2 points per octave (x, 1.5x)
 *   full     4K .. max(4G, floor), 4 points per octave (x, 1.25x, ...)
 * A range MIN..MAX uses the profile's points per octave between them
 * (quick: 1), both ends included. Sizes above max_bytes are left out and
 * *trimmed is set to how many were; when the profile's floor point is
 * one of them, the largest size max_bytes holds (whole MiB) takes its
 * place, so the sweep still ends as near DRAM as memory allows. Returns
 * the count (at most cap). */
size_t sweep_sizes(const struct bm_config *c, uint64_t floor_bytes,
		   uint64_t max_bytes, uint64_t *sizes, size_t cap,
		   int *trimmed);

/* Samples per point: `repeat` when set, else quick 3, standard 7, full 11. */
int sweep_repeats(const struct bm_config *c);

/* How long one sample should run, in ns: quick 1 ms, standard 5 ms,
 * full 10 ms (well above the TSC read cost, short enough to sample
 * often). */
uint64_t sweep_sample_ns(const struct bm_config *c);

/* A sample of ns at a counter of hz, in ticks: never fewer than
 * SAMPLE_TICKS_MIN (lib/results/results.h), so a slow counter (a 25 MHz
 * or 1 MHz generic timer) gets samples long enough that its tick
 * vanishes (docs/method.md). */
uint64_t sample_ticks(uint64_t ns, uint64_t hz);

/* sample_ticks(sweep_sample_ns(c), hz): what the sweeps time a sample
 * to. */
uint64_t sweep_sample_ticks(const struct bm_config *c, uint64_t hz);

#endif
