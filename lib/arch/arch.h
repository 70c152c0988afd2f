/* What the suite and the kernels need of a cpu architecture, and the one
 * place that picks the architecture: everything in lib/ and kernels/
 * outside lib/arch/<arch>/ reaches the cpu through this header alone
 * (tests/scripts/test_layers_hold and `make aarch64-lib-check` keep it
 * so). The inline functions live in lib/arch/x86_64/cpu.h and
 * lib/arch/aarch64/cpu.h, with the exact instruction sequences and why:
 *
 *   uint64_t ticks_begin(void)    the tick counter at the start of a
 *                                 timed region: no earlier load drifts
 *                                 in, no later one starts before it
 *   uint64_t ticks_end(int way)   the counter at the end: every earlier
 *                                 load done, no later one started; way
 *                                 is the cpu's ticks_end_way
 *                                 (struct cpu_info, lib/hw/cpuinfo.h)
 *   uint64_t ticks_read(void)     a plain read, for deadlines and spans
 *                                 that time no load
 *   void cpu_relax(void)          the spin-wait hint (PAUSE, YIELD)
 *   void cpu_wait_interrupt(void) waits for an interrupt (HLT, WFI); with
 *                                 interrupts off, a cpu parked for good
 *   uint64_t coreclock_ref(void)  the core clock's count at the tick
 *                                 rate (x86 MPERF), only where cpu_info
 *                                 says core_clock and the platform may
 *                                 read it
 *   uint64_t coreclock_actual(void)  its count at the core's rate (APERF)
 *
 * The registers the suite reads or switches on every cpu through the
 * platform (plat_msr_*), each 0 where the cpu has none, with what their
 * values mean (declared in each cpu.h):
 *
 *   arch_tick_offset_reg(ci)      the offset firmware wrote into the
 *                                 cpu's tick counter
 *   arch_cache_class_reg()        the cpu's L3 class of service, and
 *   arch_cache_class_of(value)    the class in that register's value
 *   arch_prefetch_documented(ci, &bits, &names, why, cap)
 *                                 the hardware prefetchers' switch the
 *                                 vendor documents for this cpu, the
 *                                 bits that switch them off
 *   arch_prefetch_control(reg)    that switch's name in the results
 *   ARCH_REG_KIND, ARCH_REG_FMT   such registers as messages name them
 *                                 (x86: "MSR", "MSR 0x%x")
 *
 * The words the run's warnings use (lib/run.c): ARCH_NO_CORE_CLOCK, a
 * cpu without the core clock's counts; ARCH_CORE_CLOCK, their name;
 * ARCH_TICKS_NOT_INVARIANT, a tick counter whose rate may change.
 *
 * Ticks count at res->tsc_hz: the TSC on x86, CNTVCT_EL0 on AArch64.
 * Which vector kernels a cpu can run now is kernels/bw.h's
 * isa_usable_here, which each architecture implements too. */
#ifndef BAREMEM_ARCH_H
#define BAREMEM_ARCH_H

#include <stdint.h>

/* ticks_end's ways on x86: ORDERED takes RDTSCP, which waits for the
 * earlier instructions itself, FENCED fences around a plain RDTSC (a cpu
 * without RDTSCP). AArch64 has one sequence, ignores the way and
 * describes its cpus as ORDERED. */
#define TICKS_END_FENCED 0
#define TICKS_END_ORDERED 1

/* ARCH_NAME: the architecture as the results name it (machine.cpu.arch). */
#if defined(__x86_64__)
#include "arch/x86_64/cpu.h"
#define ARCH_NAME "x86_64"
#elif defined(__aarch64__)
#include "arch/aarch64/cpu.h"
#define ARCH_NAME "aarch64"
#else
#error "baremem builds for x86_64 and aarch64: no lib/arch/ for this cpu"
#endif

/* Each architecture implements these in lib/arch/<arch>/. */

/* The calling cpu's ticks_end way, for code without a cpu_info at hand
 * (the host tests). */
int ticks_end_way_here(void);

#endif
