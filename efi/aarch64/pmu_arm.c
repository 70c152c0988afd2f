/* Core cycles on AArch64: the PMU's cycle counter, PMCCNTR_EL0 (Arm ARM
 * D13), enabled on every cpu for the app's level. lib/arch/aarch64/
 * cpu.h's coreclock_actual reads it beside the generic timer
 * (coreclock_ref), as x86 reads APERF beside MPERF, so the latency
 * points' core cycles and the bandwidth points' core clock come out as
 * on x86. The counter runs only when PMCR_EL0.E and PMCNTENSET_EL0.C
 * are set and PMCCFILTR_EL0 lets it count at this level (at EL2 its NSH
 * bit; MDCR_EL2.HPMD and .HCCD clear). The boot cpu checks that it
 * moves; where it does not, or there is no PMU, the results say core
 * cycles "none" and a warning says why. The firmware's values go back
 * at the end. */
#include "arm_efi.h"
#include "sysreg.h"
#include "arch/aarch64/sve_access.h"
#include "hw/coreclock.h"
#include "util/out.h"

#define PMCR_DP (1ull << 5)	/* cycle counter off where events are
				 * prohibited */
#define MDCR_HPMD (1ull << 17)	/* no event counting at EL2 */
#define MDCR_HCCD (1ull << 23)	/* no cycle counting at EL2 */
#define CHECK_TICKS 1000	/* 16 us at QEMU's 62.5 MHz timer */
#define CHECK_SPINS 100000000u	/* a counter that does not run ends it */

static int pmu_wanted;
static struct {
	uint64_t pmcr, cnten, filter, mdcr;
} fw;

void arm_pmu_enable_here(void)
{
	if (!pmu_wanted)
		return;
	if (arm_el() == 2)
		write_mdcr_el2(read_mdcr_el2() & ~(MDCR_HPMD | MDCR_HCCD));
	write_pmccfiltr_el0(arm_pmccfiltr_for(arm_el()));
	write_pmcr_el0((read_pmcr_el0() | ARM_PMCR_E | ARM_PMCR_LC) &
		       ~PMCR_DP);
	write_pmcntenset_el0(ARM_PMCNTEN_C);
	__asm__ volatile("isb" ::: "memory");
}

void arm_pmu_init(struct run_results *res)
{
	uint64_t c0, t0;
	uint32_t spins = 0;

	res->core_cycles_source = "none";
	res->msr_ok = 1;	/* the app reads its own system registers */
	if (!arm_pmu_implemented(read_id_aa64dfr0_el1())) {
		msgs_add(&res->warnings, "core cycles not measured: no Arm PMU "
			 "(ID_AA64DFR0_EL1.PMUVer 0x%x); ns and timer ticks "
			 "are", (unsigned)(read_id_aa64dfr0_el1() >> 8 & 0xf));
		return;
	}
	fw.pmcr = read_pmcr_el0();
	fw.cnten = read_pmcntenset_el0();
	fw.filter = read_pmccfiltr_el0();
	fw.mdcr = arm_el() == 2 ? read_mdcr_el2() : 0;
	pmu_wanted = 1;
	arm_pmu_enable_here();
	c0 = read_pmccntr_el0();
	t0 = read_cntvct_el0();
	while (read_cntvct_el0() - t0 < CHECK_TICKS && ++spins < CHECK_SPINS)
		__asm__ volatile("" ::: "memory");
	if (read_pmccntr_el0() == c0) {
		arm_pmu_restore();
		pmu_wanted = 0;
		msgs_add(&res->warnings, "core cycles not measured: PMCCNTR_EL0 "
			 "did not move at EL%d with the PMU enabled (a "
			 "hypervisor or EL3 may hold it)", arm_el());
		return;
	}
	res->cpu.f.core_clock = 1;
	res->clock_read = coreclock_read_here;
	res->core_cycles_source = "pmccntr";
	out("cycles: PMCCNTR_EL0 counts at EL%d (core cycles beside the "
	    "generic timer's ticks)\n", arm_el());
}

void arm_pmu_restore(void)
{
	if (!pmu_wanted)
		return;
	write_pmcr_el0(fw.pmcr);
	if (!(fw.cnten & ARM_PMCNTEN_C))
		write_pmcntenclr_el0(ARM_PMCNTEN_C);
	write_pmccfiltr_el0(fw.filter);
	if (arm_el() == 2)
		write_mdcr_el2(fw.mdcr);
	__asm__ volatile("isb" ::: "memory");
}
