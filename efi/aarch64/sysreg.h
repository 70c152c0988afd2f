/* AArch64 system registers the app reads and writes (Arm ARM D19),
 * one inline function each. Registers of the app's own exception level
 * (EL1, or EL2 with or without VHE) are read through arm_el(): an _EL2
 * name at EL1 is undefined and would fault. */
#ifndef BAREMEM_SYSREG_H
#define BAREMEM_SYSREG_H

#include <stdint.h>

#define SYSREG_READ(name) \
	static inline uint64_t read_##name(void) \
	{ \
		uint64_t v; \
		__asm__ volatile("mrs %0, " #name : "=r"(v)); \
		return v; \
	}
#define SYSREG_WRITE(name) \
	static inline void write_##name(uint64_t v) \
	{ \
		__asm__ volatile("msr " #name ", %0" : : "r"(v) : "memory"); \
	}

SYSREG_READ(currentel)
SYSREG_READ(midr_el1)
SYSREG_READ(mpidr_el1)
SYSREG_READ(clidr_el1)
SYSREG_READ(ccsidr_el1)
SYSREG_WRITE(csselr_el1)
SYSREG_READ(ctr_el0)
SYSREG_READ(id_aa64mmfr0_el1)
SYSREG_READ(id_aa64mmfr1_el1)
SYSREG_READ(id_aa64mmfr2_el1)
SYSREG_READ(id_aa64pfr0_el1)
SYSREG_READ(cntfrq_el0)
SYSREG_READ(cntvct_el0)
SYSREG_READ(hcr_el2)
SYSREG_READ(daif)
SYSREG_WRITE(daif)
SYSREG_READ(tcr_el1)
SYSREG_READ(tcr_el2)
SYSREG_READ(ttbr0_el1)
SYSREG_READ(ttbr0_el2)
SYSREG_READ(mair_el1)
SYSREG_READ(mair_el2)
SYSREG_READ(sctlr_el1)
SYSREG_READ(sctlr_el2)
SYSREG_READ(cpacr_el1)
SYSREG_READ(cptr_el2)
SYSREG_READ(vbar_el1)
SYSREG_READ(vbar_el2)
SYSREG_WRITE(vbar_el1)
SYSREG_WRITE(vbar_el2)
SYSREG_READ(esr_el1)
SYSREG_READ(esr_el2)
SYSREG_READ(far_el1)
SYSREG_READ(far_el2)
SYSREG_READ(elr_el1)
SYSREG_READ(elr_el2)
SYSREG_READ(spsr_el1)
SYSREG_READ(spsr_el2)
SYSREG_READ(cntvoff_el2)
SYSREG_WRITE(cpacr_el1)
SYSREG_WRITE(cptr_el2)
SYSREG_READ(id_aa64dfr0_el1)
SYSREG_READ(mdcr_el2)
SYSREG_WRITE(mdcr_el2)
SYSREG_READ(pmcr_el0)
SYSREG_WRITE(pmcr_el0)
SYSREG_READ(pmcntenset_el0)
SYSREG_WRITE(pmcntenset_el0)
SYSREG_WRITE(pmcntenclr_el0)
SYSREG_READ(pmccfiltr_el0)
SYSREG_WRITE(pmccfiltr_el0)
SYSREG_READ(pmccntr_el0)
/* ZCR_EL1 and ZCR_EL2 by their encodings (op0 3, op1 0 or 4, CRn 1,
 * CRm 2, op2 0): the assembler knows the names only with +sve, which
 * only the SVE kernels are built with. */
SYSREG_READ(s3_0_c1_c2_0)
SYSREG_WRITE(s3_0_c1_c2_0)
SYSREG_READ(s3_4_c1_c2_0)
SYSREG_WRITE(s3_4_c1_c2_0)
#define read_zcr_el1 read_s3_0_c1_c2_0
#define write_zcr_el1 write_s3_0_c1_c2_0
#define read_zcr_el2 read_s3_4_c1_c2_0
#define write_zcr_el2 write_s3_4_c1_c2_0

#define HCR_E2H (1ull << 34)	/* VHE: EL2 runs the EL2&0 regime */
#define DAIF_ALL 0x3c0ull	/* D, A, I, F masked */

/* The exception level the app runs at: 1 or 2 (CurrentEL 3:2). */
static inline int arm_el(void)
{
	return (int)(read_currentel() >> 2) & 3;
}

/* EL2 without VHE: one VA range, TCR_EL2's own layout. */
static inline int arm_el2_alone(void)
{
	return arm_el() == 2 && !(read_hcr_el2() & HCR_E2H);
}

/* The generic timer's virtual count, ordered after every earlier
 * instruction and before every later one (ISB either side: the Arm ARM
 * lets a counter read be taken early or late otherwise). */
static inline uint64_t arm_count(void)
{
	uint64_t v;

	__asm__ volatile("isb\n\tmrs %0, cntvct_el0\n\tisb" : "=r"(v) : : "memory");
	return v;
}

#endif
