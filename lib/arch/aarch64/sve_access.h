/* FP/SIMD and SVE access at the exception level the AArch64 app runs
 * at, SVE's vector length, and the PMU's cycle counter: the register
 * values the app writes on every cpu (efi/aarch64/cpu_setup_arm.c) and
 * the rule over the lengths the cpus read back. Pure: the caller reads
 * and writes the registers (Arm ARM D19: CPACR_EL1, CPTR_EL2, ZCR_ELx,
 * ID_AA64PFR0_EL1, ID_AA64DFR0_EL1, PMCCFILTR_EL0). */
#ifndef BAREMEM_SVE_ACCESS_H
#define BAREMEM_SVE_ACCESS_H

#include <stdint.h>

/* Which register traps FP/SIMD and SVE for the app's own level, and its
 * layout: CPACR_EL1 at EL1; CPTR_EL2 at EL2, in its own layout (TFP bit
 * 10, TZ bit 8, set to trap) or, with HCR_EL2.E2H set, in CPACR_EL1's
 * (FPEN 21:20, ZEN 17:16, 0b11 to not trap). */
enum arm_trap_reg { ARM_TRAP_CPACR_EL1, ARM_TRAP_CPTR_EL2,
		    ARM_TRAP_CPTR_EL2_E2H };

enum arm_trap_reg arm_trap_reg_of(int el, int e2h);

/* ID_AA64PFR0_EL1.SVE (35:32) not 0: the cpu implements SVE. */
int arm_sve_implemented(uint64_t id_aa64pfr0);

/* v (the trap register's value, of the layout `r`) with FP/SIMD, and
 * SVE too when sve, no longer trapped; every other bit kept. */
uint64_t arm_trap_untrapped(uint64_t v, enum arm_trap_reg r, int sve);

/* v lets the app's level run SVE (and FP/SIMD, which SVE also needs). */
int arm_trap_allows_sve(uint64_t v, enum arm_trap_reg r);

/* ZCR_ELx asking for the longest vector: LEN (3:0) all ones, 2048 bits,
 * which the cpu takes as the longest it implements up to that (and a
 * higher level's ZCR allows). Other bits kept. */
uint64_t arm_zcr_longest(uint64_t zcr);

/* A vector length a cpu can report (CNTB/RDVL): a multiple of 16 bytes
 * from 16 to 256. */
int arm_sve_vl_valid(uint64_t bytes);

/* The cpus' vector lengths, bytes (0: the cpu has no SVE usable, or was
 * not reached), agree: every one the same valid length. Returns that
 * length, or 0 with *odd the first cpu that differs from cpu 0 (or is
 * 0 or invalid). SVE kernels on cpus of different lengths would report
 * one figure for unlike work: the app then measures with NEON. */
uint32_t arm_sve_vl_agree(const uint32_t *bytes, int n, int *odd);

/* ID_AA64DFR0_EL1.PMUVer (11:8) names an Arm PMU (1..14; 15 is an
 * IMPLEMENTATION DEFINED one, whose cycle counter is not PMCCNTR_EL0). */
int arm_pmu_implemented(uint64_t id_aa64dfr0);

/* PMCCFILTR_EL0 counting every cycle at the app's level: P, U, NSK
 * clear (EL1 and EL0 counted), NSH set at EL2 (EL2 is not counted
 * otherwise). */
uint64_t arm_pmccfiltr_for(int el);

#define ARM_PMCR_E (1ull << 0)	/* the PMU's counters enabled */
#define ARM_PMCR_C (1ull << 2)	/* write 1: the cycle counter reset */
#define ARM_PMCR_LC (1ull << 6)	/* the cycle counter wraps at 64 bits */
#define ARM_PMCNTEN_C (1ull << 31)	/* PMCNTENSET/CLR_EL0: the cycle
					 * counter */

#endif
