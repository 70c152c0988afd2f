/* prefetch=on|off|both: latency and bandwidth with the hardware
 * prefetchers switched off too, where the vendor documents the control;
 * the control's original value is put back on every cpu on every path. */
#ifndef BAREMEM_PREFETCH_H
#define BAREMEM_PREFETCH_H

#include "results/results.h"

/* The controls are registers of the architecture (x86: MSRs), read and
 * written through the platform seam (plat_msr_*; a platform without
 * that access has no control); which one a cpu has, lib/arch/arch.h's
 * arch_prefetch_documented. */

/* Runs fn(res, ctx) as prefetch= asks: once as found (on), once with the
 * prefetchers off (off), or both in turn, with res->now.prefetch saying
 * which while fn makes its points (each point is stamped with it as it
 * is appended); restores every cpu's control afterwards and when
 * switching fails half-way. Where the control is unavailable: a
 * warning, one run with the prefetchers as the firmware left them,
 * state "unsupported". */
void prefetch_run(struct run_results *res,
		  void (*fn)(struct run_results *res, void *ctx),
		  void *ctx);

/* After a run abandoned inside prefetch_run's measurements (a fault on
 * the boot cpu leaves it without returning): puts every cpu's control
 * back as prefetch_run would have, checked by reading back. Returns 1 when
 * the prefetchers were switched and are now restored (or the failure is
 * in errors), 0 when there was nothing to undo. */
int prefetch_restore_after_abort(struct run_results *res);

/* The console table: each latency / bandwidth point measured with the
 * prefetchers on beside the same point with them off, from the two
 * series, read only. */
void prefetch_print_compare(const struct lat_point *lat, int lat_count,
			    const struct bw_point *bw, int bw_count);

#endif
