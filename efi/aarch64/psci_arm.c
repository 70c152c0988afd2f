/* Starting the other cpus with PSCI (Arm DEN 0022, PSCI 1.1) where the
 * firmware has no MP services (QEMU's AAVMF, Ampere's Mt. Jade builds):
 * CPU_ON at an entry stub that takes the boot cpu's translation regime
 * (MAIR, TCR, TTBR0, SCTLR; at EL2 also HCR, CPTR, VBAR and the virtual
 * counter's offset), sets its stack and calls C; CPU_OFF when C returns,
 * and AFFINITY_INFO confirms it. Several may run at once, inside boot
 * services: the firmware never sees them. */
#include "arm_efi.h"
#include "sysreg.h"
#include "util/fmt.h"
#include "util/out.h"

#define PSCI_VERSION 0x84000000u
#define PSCI_CPU_OFF 0x84000002u
#define PSCI_CPU_ON 0xc4000003u	/* SMC64 */
#define PSCI_AFFINITY_INFO 0xc4000004u
#define PSCI_AFF_OFF 1
#define PSCI_ALREADY_ON (-4)

#define STACK_BYTES (64u << 10)
#define CACHE_LINE_MIN 16	/* the smallest DminLine CTR_EL0 can give */

/* What the entry stub reads before the MMU is on: byte offsets fixed,
 * the stub's ldr immediates below follow them. */
struct cpu_boot {
	uint64_t mair, tcr, ttbr0, sctlr;	/* 0, 8, 16, 24 */
	uint64_t hcr, cptr, vbar, cntvoff;	/* 32, 40, 48, 56: EL2; cptr
						 * is CPACR_EL1 at EL1 */
	uint64_t sp;				/* 64 */
	uint64_t fn;				/* 72: arm_cpu_main */
	uint64_t hvc;				/* 80: the conduit for CPU_OFF */
	uint64_t state;				/* 88: BOOT_* */
	arm_cpu_fn work;
	void *arg;
};

enum { BOOT_SENT, BOOT_IN_C, BOOT_DONE };

/* The entry point CPU_ON names (x0: the cpu_boot). The cpu comes up at
 * the caller's EL with its MMU and caches off: the registers go in
 * before SCTLR turns translation on, then a local TLB invalidation, as
 * after any change of TTBR0 or TCR. x19 keeps the context across the
 * call (callee-saved). */
void arm_cpu_entry(void);
__asm__(".text\n"
	".balign 64\n"
	".globl arm_cpu_entry\n"
	".hidden arm_cpu_entry\n"
	"arm_cpu_entry:\n\t"
	"mov x19, x0\n\t"
	"mrs x9, CurrentEL\n\t"
	"cmp x9, #8\n\t"
	"b.ne 1f\n\t"
	"ldr x1, [x19, #32]\n\t" "msr hcr_el2, x1\n\t" "isb\n\t"
	"ldr x1, [x19, #40]\n\t" "msr cptr_el2, x1\n\t"
	"ldr x1, [x19, #56]\n\t" "msr cntvoff_el2, x1\n\t"
	"ldr x1, [x19, #48]\n\t" "msr vbar_el2, x1\n\t"
	"ldr x1, [x19, #0]\n\t" "msr mair_el2, x1\n\t"
	"ldr x1, [x19, #8]\n\t" "msr tcr_el2, x1\n\t"
	"ldr x1, [x19, #16]\n\t" "msr ttbr0_el2, x1\n\t"
	"isb\n\t" "tlbi alle2\n\t" "dsb nsh\n\t" "isb\n\t"
	"ldr x1, [x19, #24]\n\t" "msr sctlr_el2, x1\n\t" "isb\n\t"
	"b 2f\n"
	"1:\n\t"
	"ldr x1, [x19, #40]\n\t" "msr cpacr_el1, x1\n\t"
	"ldr x1, [x19, #48]\n\t" "msr vbar_el1, x1\n\t"
	"ldr x1, [x19, #0]\n\t" "msr mair_el1, x1\n\t"
	"ldr x1, [x19, #8]\n\t" "msr tcr_el1, x1\n\t"
	"ldr x1, [x19, #16]\n\t" "msr ttbr0_el1, x1\n\t"
	"isb\n\t" "tlbi vmalle1\n\t" "dsb nsh\n\t" "isb\n\t"
	"ldr x1, [x19, #24]\n\t" "msr sctlr_el1, x1\n\t" "isb\n"
	"2:\n\t"
	"ldr x1, [x19, #64]\n\t" "mov sp, x1\n\t"
	"mov x0, x19\n\t"
	"ldr x2, [x19, #72]\n\t" "blr x2\n\t"
	"ldr x1, [x19, #80]\n\t"
	"movz w0, #0x0002\n\t" "movk w0, #0x8400, lsl #16\n\t"
	"cbnz x1, 3f\n\t" "smc #0\n\t" "b 4f\n"
	"3:\n\t" "hvc #0\n"
	"4:\n\t" "wfe\n\t" "b 4b\n");
void arm_cpu_entry_end(void);
__asm__(".globl arm_cpu_entry_end\n"
	".hidden arm_cpu_entry_end\n"
	"arm_cpu_entry_end:\n");

static int conduit_hvc;

static int64_t psci(uint64_t fn, uint64_t a1, uint64_t a2, uint64_t a3)
{
	register uint64_t x0 __asm__("x0") = fn;
	register uint64_t x1 __asm__("x1") = a1;
	register uint64_t x2 __asm__("x2") = a2;
	register uint64_t x3 __asm__("x3") = a3;

	/* SMCCC: x0-x17 may be clobbered by the callee */
	if (conduit_hvc)
		__asm__ volatile("hvc #0"
				 : "+r"(x0), "+r"(x1), "+r"(x2), "+r"(x3)
				 :
				 : "x4", "x5", "x6", "x7", "x8", "x9", "x10",
				   "x11", "x12", "x13", "x14", "x15", "x16",
				   "x17", "memory");
	else
		__asm__ volatile("smc #0"
				 : "+r"(x0), "+r"(x1), "+r"(x2), "+r"(x3)
				 :
				 : "x4", "x5", "x6", "x7", "x8", "x9", "x10",
				   "x11", "x12", "x13", "x14", "x15", "x16",
				   "x17", "memory");
	return (int64_t)x0;
}

/* Writes [p, p + bytes) back to the point of coherency: the new cpu reads
 * the stub and its context with its caches off. */
static void clean_to_poc(const void *p, uint64_t bytes)
{
	uint64_t line = arm_ctr_dline_bytes(read_ctr_el0()), a;

	if (line < CACHE_LINE_MIN)
		line = CACHE_LINE_MIN;
	a = (uint64_t)(uintptr_t)p & ~(line - 1);
	for (; a < (uint64_t)(uintptr_t)p + bytes; a += line)
		__asm__ volatile("dc cvac, %0" : : "r"(a) : "memory");
	__asm__ volatile("dsb sy" ::: "memory");
}

/* The new cpu's C: the work, then BOOT_DONE with release semantics (the
 * work's stores seen first). */
static void arm_cpu_main(struct cpu_boot *b)
{
	__atomic_store_n(&b->state, BOOT_IN_C, __ATOMIC_RELEASE);
	b->work(b->arg);
	__atomic_store_n(&b->state, BOOT_DONE, __ATOMIC_RELEASE);
}

int arm_psci_init(const struct arm_machine *m)
{
	if (m->fadt.conduit == PSCI_NONE)
		return -1;
	conduit_hvc = m->fadt.conduit == PSCI_HVC;
	return (int)psci(PSCI_VERSION, 0, 0, 0);
}

static void regime_of_boot_cpu(struct cpu_boot *b)
{
	if (arm_el() == 2) {
		b->hcr = read_hcr_el2();
		b->cptr = read_cptr_el2();
		b->vbar = read_vbar_el2();
		b->cntvoff = read_cntvoff_el2();
		b->mair = read_mair_el2();
		b->tcr = read_tcr_el2();
		b->ttbr0 = read_ttbr0_el2();
		b->sctlr = read_sctlr_el2();
	} else {
		b->cptr = read_cpacr_el1();
		b->vbar = read_vbar_el1();
		b->mair = read_mair_el1();
		b->tcr = read_tcr_el1();
		b->ttbr0 = read_ttbr0_el1();
		b->sctlr = read_sctlr_el1();
	}
}

/* One cpu started by arm_cpu_start: its context and stack, freed by
 * arm_cpu_wait once PSCI reports it off, kept when it may still run. */
struct arm_cpu_call {
	struct cpu_boot *boot;
	void *stack;
	uint64_t mpidr;
};

struct arm_cpu_call *arm_cpu_start(uint64_t mpidr, arm_cpu_fn work,
				   void *arg, char *why, size_t why_cap)
{
	struct arm_cpu_call *c = plat_alloc(sizeof *c);
	struct cpu_boot *b = plat_alloc(sizeof *b);
	void *stack = plat_alloc(STACK_BYTES);
	int64_t r;

	if (!c || !b || !stack) {
		plat_free(c);
		plat_free(b);
		plat_free(stack);
		fmt(why, why_cap, "out of memory for its stack");
		return 0;
	}
	regime_of_boot_cpu(b);
	b->sp = ((uint64_t)(uintptr_t)stack + STACK_BYTES) & ~15ull;
	b->fn = (uint64_t)(uintptr_t)arm_cpu_main;
	b->hvc = (uint64_t)conduit_hvc;
	b->state = BOOT_SENT;
	b->work = work;
	b->arg = arg;
	clean_to_poc(b, sizeof *b);
	clean_to_poc((const void *)arm_cpu_entry,
		     (uint64_t)((uintptr_t)arm_cpu_entry_end -
				(uintptr_t)arm_cpu_entry));
	r = psci(PSCI_CPU_ON, mpidr, (uint64_t)(uintptr_t)arm_cpu_entry,
		 (uint64_t)(uintptr_t)b);
	if (r != 0) {
		fmt(why, why_cap, "PSCI CPU_ON refused it (%lld%s)", (long long)r,
		    r == PSCI_ALREADY_ON ? ": already on" : "");
		plat_free(c);
		plat_free(b);
		plat_free(stack);
		return 0;
	}
	*c = (struct arm_cpu_call){ b, stack, mpidr };
	return c;
}

int arm_cpu_done(const struct arm_cpu_call *c)
{
	return __atomic_load_n(&c->boot->state, __ATOMIC_ACQUIRE) == BOOT_DONE;
}

int arm_cpu_wait(struct arm_cpu_call *c, uint64_t deadline, char *why,
		 size_t why_cap)
{
	uint64_t t0;

	while (!arm_cpu_done(c)) {
		if ((int64_t)(read_cntvct_el0() - deadline) > 0) {
			/* It may still run, walk and write: nothing it may
			 * touch is freed. */
			fmt(why, why_cap, "it did not finish in time (%s); "
			    "left running, its memory kept",
			    c->boot->state == BOOT_SENT ? "never reached C"
						       : "stuck in its work");
			return -2;
		}
		__asm__ volatile("yield");
	}
	/* CPU_OFF follows the return; AFFINITY_INFO says when it is off
	 * (given a second of the
	 * generic timer). */
	t0 = read_cntvct_el0();
	while (psci(PSCI_AFFINITY_INFO, c->mpidr, 0, 0) != PSCI_AFF_OFF) {
		if (read_cntvct_el0() - t0 > read_cntfrq_el0()) {
			fmt(why, why_cap, "it finished but PSCI never reported "
			    "it off; its memory kept");
			return -2;
		}
	}
	plat_free(c->boot);
	plat_free(c->stack);
	plat_free(c);
	return 0;
}
