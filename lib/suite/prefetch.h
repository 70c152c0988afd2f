/* prefetch=on|off|both: latency and bandwidth with the hardware
 * prefetchers switched off too, where the vendor documents the control;
 * the original MSR value is put back on every cpu on every path. */
#ifndef BAREMEM_PREFETCH_H
#define BAREMEM_PREFETCH_H

#include "results/results.h"

/* The controls are x86 MSRs, read and written through the platform seam
 * (plat_msr_*; a platform without MSRs has no control): Intel's
 * MISC_FEATURE_CONTROL (SDM vol 4), AMD family 19h's prefetch control
 * (its PPR). */
#define PREFETCH_MSR_INTEL 0x1a4u
#define PREFETCH_INTEL_BITS 0xfull	/* bits 0-3: 1 = disabled */
#define PREFETCH_MSR_AMD 0xc0000108u
#define PREFETCH_AMD_BITS 0x2full	/* bits 0-3, 5: 1 = disabled */

/* Whether the vendor documents a prefetcher control for this cpu, from
 * CPUID alone. Returns the MSR (and sets *bits, *names), or 0 with why
 * filled in. Pure: unit-tested. */
uint32_t prefetch_documented(const struct cpu_info *ci, uint64_t *bits,
			     const char **names, char *why, size_t cap);

/* Runs fn(res) as prefetch= asks: once as found (on), once with the
 * prefetchers off (off), or both in turn, with res->now.prefetch saying
 * which while fn makes its points (each point is stamped with it as it
 * is appended); restores every cpu's MSR afterwards and when switching fails
 * half-way. Where the control is unavailable: a warning, one run with
 * the prefetchers as the firmware left them, state "unsupported". */
void prefetch_run(struct run_results *res,
		  void (*fn)(struct run_results *res));

/* After a run abandoned inside prefetch_run's measurements (a fault on
 * the boot cpu leaves it without returning): puts every cpu's MSR back
 * as prefetch_run would have, checked by reading back. Returns 1 when
 * the prefetchers were switched and are now restored (or the failure is
 * in errors), 0 when there was nothing to undo. */
int prefetch_restore_after_abort(struct run_results *res);

/* The console table: each latency / bandwidth point measured with the
 * prefetchers on beside the same point with them off, from the two
 * series, read only. */
void prefetch_print_compare(const struct lat_point *lat, int lat_count,
			    const struct bw_point *bw, int bw_count);

#endif
