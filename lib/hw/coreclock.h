/* The effective core clock from APERF and MPERF: MPERF counts at the
 * TSC's rate, APERF at the core's actual one, both only while the core
 * runs (SDM vol 3B, 15.2; AMD APM vol 2, 17.3), so over a span the core
 * ran at tsc_hz x dAPERF / dMPERF. */
#ifndef BAREMEM_CORECLOCK_H
#define BAREMEM_CORECLOCK_H

#include <stdint.h>

/* Reads the calling cpu's APERF and MPERF; safe inside a measurement
 * window on any cpu. */
typedef void (*coreclock_read_fn)(uint64_t *aperf, uint64_t *mperf);

/* The calling cpu's own counts (lib/arch/arch.h's coreclock_actual and
 * coreclock_ref; x86: the MSRs 0xE8, 0xE7): only where cpu_info says
 * core_clock and the platform may read MSRs (UEFI). */
void coreclock_read_here(uint64_t *aperf, uint64_t *mperf);

/* dAPERF / dMPERF; < 0 when either count did not move (QEMU TCG reads
 * 0 for both, a hypervisor may freeze one): never a division by 0 nor
 * a clock of 0 Hz. */
double coreclock_ratio(uint64_t daperf, uint64_t dmperf);

/* tsc_hz x coreclock_ratio; < 0 where the ratio is. */
double coreclock_hz(uint64_t tsc_hz, uint64_t daperf, uint64_t dmperf);

#endif
