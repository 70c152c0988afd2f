/* FP/SIMD, SVE and cycle counter register values
 * (lib/arch/aarch64/sve_access.h). */
#include "arch/aarch64/sve_access.h"

#define PFR0_SVE_SHIFT 32	/* ID_AA64PFR0_EL1.SVE, 35:32 */
#define DFR0_PMUVER_SHIFT 8	/* ID_AA64DFR0_EL1.PMUVer, 11:8 */
#define CPACR_FPEN (3ull << 20)
#define CPACR_ZEN (3ull << 16)
#define CPTR_TFP (1ull << 10)
#define CPTR_TZ (1ull << 8)
#define ZCR_LEN 0xfull
#define PMCCFILTR_NSH (1ull << 27)
#define VL_MAX_BYTES 256	/* 2048 bits, SVE's architectural limit */

enum arm_trap_reg arm_trap_reg_of(int el, int e2h)
{
	if (el != 2)
		return ARM_TRAP_CPACR_EL1;
	return e2h ? ARM_TRAP_CPTR_EL2_E2H : ARM_TRAP_CPTR_EL2;
}

int arm_sve_implemented(uint64_t id_aa64pfr0)
{
	return (id_aa64pfr0 >> PFR0_SVE_SHIFT & 0xf) != 0;
}

uint64_t arm_trap_untrapped(uint64_t v, enum arm_trap_reg r, int sve)
{
	if (r == ARM_TRAP_CPTR_EL2)
		return v & ~(CPTR_TFP | (sve ? CPTR_TZ : 0));
	return v | CPACR_FPEN | (sve ? CPACR_ZEN : 0);
}

int arm_trap_allows_sve(uint64_t v, enum arm_trap_reg r)
{
	if (r == ARM_TRAP_CPTR_EL2)
		return !(v & (CPTR_TFP | CPTR_TZ));
	return (v & CPACR_FPEN) == CPACR_FPEN && (v & CPACR_ZEN) == CPACR_ZEN;
}

uint64_t arm_zcr_longest(uint64_t zcr)
{
	return zcr | ZCR_LEN;
}

int arm_sve_vl_valid(uint64_t bytes)
{
	return bytes >= 16 && bytes <= VL_MAX_BYTES && bytes % 16 == 0;
}

uint32_t arm_sve_vl_agree(const uint32_t *bytes, int n, int *odd)
{
	*odd = -1;
	for (int i = 0; i < n; i++)
		if (!arm_sve_vl_valid(bytes[i]) || bytes[i] != bytes[0]) {
			*odd = i;
			return 0;
		}
	return n > 0 ? bytes[0] : 0;
}

int arm_pmu_implemented(uint64_t id_aa64dfr0)
{
	unsigned v = (unsigned)(id_aa64dfr0 >> DFR0_PMUVER_SHIFT & 0xf);

	return v != 0 && v != 0xf;
}

uint64_t arm_pmccfiltr_for(int el)
{
	return el == 2 ? PMCCFILTR_NSH : 0;
}
