/* The AArch64 app's own pieces (efi/aarch64/), beside efi/baremem_efi.h. */
#ifndef BAREMEM_ARM_EFI_H
#define BAREMEM_ARM_EFI_H

#include "baremem_efi.h"
#include "arch/aarch64/cache_id.h"
#include "arch/aarch64/fadt_arm.h"
#include "arch/aarch64/madt_gicc.h"
#include "arch/aarch64/pptt.h"

#define ARM_CACHES_MAX 16

/* What machine_arm.c read: the boot cpu's registers and the ACPI
 * tables' cpus, hierarchy and PSCI conduit. */
struct arm_machine {
	int el;			/* 1 or 2 */
	int vhe;		/* at EL2: HCR_EL2.E2H */
	uint64_t midr, mpidr;
	struct arm_cache caches[ARM_CACHES_MAX];
	int cache_count;
	uint32_t dline_bytes;	/* CTR_EL0's smallest data line */
	uint64_t timer_hz;	/* CNTFRQ_EL0 */
	struct madt_gicc *madt;	/* 0: no MADT, or out of memory */
	struct pptt *pptt;	/* 0: no usable PPTT */
	struct fadt_arm fadt;	/* conduit PSCI_NONE when unknown */
};

/* machine_arm.c: reads the boot cpu and the tables into m, fills the
 * run's cpu description and clock, prints what it found; a fact it
 * cannot read is a warning. */
void arm_machine_read(struct run_results *res, struct arm_machine *m);

/* paging_arm.c: baremem's identity map of the memory map (1 GiB blocks
 * over wholly-RAM gigabytes; efi/baremem_efi.h's paging_limit gives a
 * buffer smaller leaves), and the window that runs a function with it
 * loaded. arm_paging_init returns 0, or -1 with an error in res. */
int arm_paging_init(struct run_results *res);
/* Runs fn(arg) on the calling cpu (cpu: its number, for fault_arm.c)
 * with interrupts masked, baremem's tables in TTBR0 and its vectors in
 * VBAR_ELx, the firmware's restored after: 0 when fn ran to the end, -1
 * when it faulted (fault_take says how). */
int arm_window_run(int cpu, void (*fn)(void *), void *arg);

/* fault_arm.c: in the window, once fault_ctx_save has saved the context
 * fault_arm gave, SError unmasked (taken in the window from then on);
 * fault_disarm masks it again. */
void fault_serror_unmask(const struct fault_guard *g);
void arm_paging_fini(void);

/* psci_arm.c: the other cpus by PSCI. arm_psci_init: the conduit from
 * the FADT, then PSCI_VERSION's answer (negative: no PSCI answers).
 * arm_cpu_start starts the cpu with this MPIDR on work(arg) with the boot
 * cpu's translation regime; 0 when it did not start (why says so,
 * nothing left behind). arm_cpu_done: 1 once work returned.
 * arm_cpu_wait waits for that until the generic timer passes deadline,
 * then for PSCI to report the cpu off: 0, the call freed; -2 when it may
 * still run (why says so; its stack and context are kept, and so must be
 * everything work may touch). work runs without boot services: no plat_*
 * calls. */
typedef void (*arm_cpu_fn)(void *arg);
struct arm_cpu_call;
int arm_psci_init(const struct arm_machine *m);
struct arm_cpu_call *arm_cpu_start(uint64_t mpidr, arm_cpu_fn work,
				   void *arg, char *why, size_t why_cap);
int arm_cpu_done(const struct arm_cpu_call *c);
int arm_cpu_wait(struct arm_cpu_call *c, uint64_t deadline, char *why,
		 size_t why_cap);

/* mp_services_arm.c: the other cpus through the firmware's
 * EFI_MP_SERVICES_PROTOCOL. arm_mps_init: 1 when the firmware has one
 * that names the MADT's cpus and takes a non-blocking call (a probe),
 * number[k] then the processor number of the cpu with mpidr[k] (-1 where
 * the firmware has none, or it is disabled); 0 when not (a warning where
 * it has one but it cannot be used): the cpus are PSCI's then.
 * arm_mps_start hands work(arg) to processor number with one
 * non-blocking StartupThisAP and the firmware's own timeout; 0 when it
 * was refused (why says so). arm_mps_poll: RUNNING until the firmware
 * signals the call, then DONE (work returned: arm_mps_free it) or
 * STOPPED (its timeout ran out and the firmware stopped it; the call is
 * never freed). arm_mps_wait polls until the call ends or past(clock)
 * says its time is up: 0 when the work returned (the call freed), -1
 * when the firmware stopped it, -2 when the firmware never said (it may
 * still run: the call and all it may touch are kept); why says which. */
struct arm_mps_call;
enum arm_mps_state { ARM_MPS_RUNNING, ARM_MPS_DONE, ARM_MPS_STOPPED };
int arm_mps_init(struct run_results *res, const uint64_t *mpidr, int n,
		 int bsp, long long *number);
struct arm_mps_call *arm_mps_start(UINTN number, arm_cpu_fn work, void *arg,
				   uint64_t timeout_us, char *why,
				   size_t why_cap);
enum arm_mps_state arm_mps_poll(struct arm_mps_call *c);
void arm_mps_free(struct arm_mps_call *c);
int arm_mps_wait(struct arm_mps_call *c, int (*past)(void *), void *clock,
		 char *why, size_t why_cap);

/* mp_fake_arm.c (test image, hook mp-services-fake): installs a fake
 * EFI_MP_SERVICES_PROTOCOL over PSCI for m's cpus, before arm_mp_init
 * looks for one. */
#ifdef BAREMEM_TEST_HOOKS
void test_hook_mp_services_arm(const struct arm_machine *m);
#else
static inline void test_hook_mp_services_arm(const struct arm_machine *m)
{
	(void)m;
}
#endif

/* mp_arm.c: platform.h's cpus for the suite. arm_mp_init takes m's
 * cpus (m must outlive the run) and readies the firmware's MP services
 * where it has usable ones, else PSCI; a machine whose other cpus cannot
 * be started runs on the boot cpu alone (a warning).
 * arm_loose_cpu: the first cpu lost that may still run baremem's code,
 * or -1. */
void arm_mp_init(struct run_results *res, const struct arm_machine *m);
int arm_loose_cpu(void);

/* isa_arm.c: FP/SIMD and SVE on every cpu. arm_cpu_setup_boot, on the
 * boot cpu before any other starts: keeps the firmware's values, sets
 * the cpu up (and the cycle counter, pmu_arm.c). arm_cpu_setup_here: the
 * same on the cpu it runs on, which each cpu started runs before its
 * work. arm_sve_check, once the cpus are known: every cpu's vector
 * length, SVE used only where all agree (res->isa_widest, res->sve_*).
 * arm_cpu_setup_restore: the boot cpu's firmware values back. */
void arm_cpu_setup_boot(struct run_results *res);
void arm_cpu_setup_here(void);
void arm_sve_check(struct run_results *res);
/* Set while arm_sve_check's call runs: a setup call, not a measurement,
 * which the test image's fault hooks leave alone (they count the suite's
 * windows, as on x86). */
extern int arm_setup_call;
void arm_cpu_setup_restore(void);

/* pmu_arm.c: PMCCNTR_EL0 as the core clock. arm_pmu_init on the boot
 * cpu (res->core_cycles_source, a warning where it does not count),
 * arm_pmu_enable_here on each cpu, arm_pmu_restore the firmware's
 * values. */
void arm_pmu_init(struct run_results *res);
void arm_pmu_enable_here(void);
void arm_pmu_restore(void);

#endif
