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
 * tables' cpus and PSCI conduit. */
struct arm_machine {
	int el;			/* 1 or 2 */
	int vhe;		/* at EL2: HCR_EL2.E2H */
	uint64_t midr, mpidr;
	struct arm_cache caches[ARM_CACHES_MAX];
	int cache_count;
	uint32_t dline_bytes;	/* CTR_EL0's smallest data line */
	uint64_t timer_hz;	/* CNTFRQ_EL0 */
	struct madt_gicc *madt;	/* 0: no MADT, or out of memory */
	struct fadt_arm fadt;	/* conduit PSCI_NONE when unknown */
};

/* machine_arm.c: reads the boot cpu and the tables into m, fills the
 * run's cpu description and clock, prints what it found; a fact it
 * cannot read is a warning. */
void arm_machine_read(struct run_results *res, struct arm_machine *m);

/* paging_arm.c: baremem's identity map of the memory map (1 GiB blocks
 * over wholly-RAM gigabytes), and the window that runs a function with
 * it loaded. arm_paging_init returns 0, or -1 with an error in res. */
int arm_paging_init(struct run_results *res);
/* Runs fn(arg) with interrupts masked and baremem's tables in TTBR0,
 * the firmware's restored after. */
void arm_window_run(void (*fn)(void *), void *arg);
/* The leaf size baremem's tables map addr with; 0 unmapped. */
uint64_t arm_paging_leaf(uint64_t addr);
void arm_paging_fini(void);

/* psci_arm.c: the other cpus by PSCI. arm_psci_init: the conduit from
 * the FADT, then PSCI_VERSION's answer (negative: no PSCI answers).
 * arm_cpu_run starts the cpu with this MPIDR on work(arg) with the boot
 * cpu's translation regime, waits for it at most timeout_ticks of the
 * generic timer and for PSCI to report it off. Returns 0; -1 when it did
 * not start (nothing left behind); -2 when it may still run (its memory
 * is kept, and so must be everything work may touch). why says what
 * went wrong. work runs without boot services: no plat_* calls. */
typedef void (*arm_cpu_fn)(void *arg);
int arm_psci_init(const struct arm_machine *m);
int arm_cpu_run(uint64_t mpidr, arm_cpu_fn work, void *arg,
		uint64_t timeout_ticks, char *why, size_t why_cap);

/* chase_arm.c: the chase over a buffer in a 1 GiB block on the boot
 * cpu, then on every other cpu of m's MADT, one at a time, by PSCI; each
 * size on each cpu a latency point of res. */
void arm_chase(struct run_results *res, const struct arm_machine *m);
/* The first cpu arm_chase lost (it may still run baremem's code), or
 * -1. */
int arm_loose_cpu(void);

#endif
