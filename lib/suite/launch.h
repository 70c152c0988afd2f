/* What starting a window's cpus costs, and how an AP started by a call
 * to all APs finds its share (efi/x86_64/mp_x86.c). Pure, so unit-tested. */
#ifndef BAREMEM_LAUNCH_H
#define BAREMEM_LAUNCH_H

#include <stdint.h>

/* The start skew allowed per cpu of a window. edk2's MpInitLib parks
 * idle APs in a HLT loop by default (PcdCpuApLoopMode 1) and wakes them
 * with INIT-SIPI-SIPI, waiting PcdCpuInitIpiDelayInMicroSeconds (10 ms
 * by default) after the INIT (MpLib.c WakeUpAP, LocalApicLib
 * SendInitSipiSipi): one StartupThisAP per AP starts the last of N APs
 * about N x 10 ms after the first. Twice that per cpu covers the SIPI
 * waits and the firmware's own bookkeeping. One StartupAllAPs wakes all
 * APs with one broadcast INIT-SIPI-SIPI, so its skew is far smaller;
 * the allowance stays as a guard for the one-by-one launch. */
#define LAUNCH_US_PER_CPU 20000u

/* The start skew allowed for a window of `cpus` cpus, in microseconds. */
uint64_t launch_skew_us(int cpus);

/* timeout_us plus the skew of a window of `cpus` cpus (saturating):
 * the cpu started first waits that much longer for the last. */
uint64_t launch_timeout_us(uint64_t timeout_us, int cpus);

/* A start barrier's timeout (lib/suite/barrier.h) for `cpus` cpus: base_s
 * seconds plus their skew, in TSC ticks at tsc_hz (saturating). */
uint64_t launch_barrier_ticks(uint64_t base_s, uint64_t tsc_hz, int cpus);

/* The first i < n with apic_ids[i] == apic_id, or -1: an AP's slot in a
 * window, found from its own APIC id (CPUID) since an AP may call no
 * boot service. */
int launch_slot(const uint32_t *apic_ids, int n, uint32_t apic_id);

#endif
