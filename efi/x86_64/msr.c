/* MSRs that may be missing: probed under a temporary #GP handler, then
 * gated by vendor and model (SMI count, microcode revision). A #GP that
 * reaches the firmware's own handler is a hang (docs/design.md §7), so nothing
 * here reads an MSR it has not first shown to exist on the boot cpu. */
#include "../baremem_efi.h"
#include "arch/x86_64/x86.h"
#include "idt.h"

#define VEC_GP 13

/* probe_rdmsr(msr, *val) / probe_wrmsr(msr, val): 0, or -1 when the
 * instruction raised #GP. probe_xsetbv1(): xsetbv with ECX=1, which
 * #GPs on every CPU (SDM vol 2D, XSETBV: only XCR0 is writable); it
 * proves the handler works before an MSR's fate depends on it.
 * gp_handler: the #GP gate's target. It drops the error code and
 * resumes at probe_fault, which returns -1 from whichever probe
 * faulted: each probe is a leaf without a frame, so the stack the
 * fault restores is the probe's own, its return address on top. */
int probe_rdmsr(UINT32 msr, UINT64 *val);
int probe_wrmsr(UINT32 msr, UINT64 val);
int probe_xsetbv1(void);
void gp_handler(void);
__asm__(".text\n"
	".globl probe_rdmsr\n"
	"probe_rdmsr:\n\t"
	"mov %edi, %ecx\n\t"
	"rdmsr\n\t"
	"shl $32, %rdx\n\t"
	"or %rdx, %rax\n\t"
	"mov %rax, (%rsi)\n\t"
	"xor %eax, %eax\n\t"
	"ret\n"
	".globl probe_wrmsr\n"
	"probe_wrmsr:\n\t"
	"mov %edi, %ecx\n\t"
	"mov %rsi, %rax\n\t"
	"mov %rsi, %rdx\n\t"
	"shr $32, %rdx\n\t"
	"wrmsr\n\t"
	"xor %eax, %eax\n\t"
	"ret\n"
	".globl probe_xsetbv1\n"
	"probe_xsetbv1:\n\t"
	"mov $1, %ecx\n\t"
	"xor %eax, %eax\n\t"
	"xor %edx, %edx\n\t"
	"xsetbv\n\t"
	"xor %eax, %eax\n\t"
	"ret\n"
	"probe_fault:\n\t"
	"mov $-1, %eax\n\t"
	"ret\n"
	".globl gp_handler\n"
	"gp_handler:\n\t"
	"add $8, %rsp\n\t"		/* the error code */
	"push %rax\n\t"
	"lea probe_fault(%rip), %rax\n\t"
	"mov %rax, 8(%rsp)\n\t"	/* the saved RIP */
	"pop %rax\n\t"
	"iretq\n");

struct gp_guard {
	struct idt_gate *gate, saved;
	UINT64 flags;
};

/* The IDT may sit on a page the firmware made read-only: CR0.WP off
 * for the two 16-byte writes lets ring 0 write it anyway. */
static void write_gate(struct idt_gate *dst, const struct idt_gate *src)
{
	UINT64 cr0 = read_cr0();

	write_cr0(cr0 & ~CR0_WP);
	*(volatile struct idt_gate *)dst = *src;
	write_cr0(cr0);
}

/* Interrupts off, then the boot cpu's #GP vector points at gp_handler
 * until guard_end. Returns -1 when the IDT has no vector 13. */
static int guard_begin(struct gp_guard *g)
{
	struct idt_ptr idt;
	struct idt_gate mine;
	UINT64 h = (UINT64)(UINTN)gp_handler;
	UINT16 cs;

	g->flags = irq_save();
	__asm__ volatile("sidt %0" : "=m"(idt));
	__asm__ volatile("mov %%cs, %0" : "=r"(cs));
	if (!idt_has(&idt, VEC_GP)) {
		irq_restore(g->flags);
		return -1;
	}
	g->gate = (struct idt_gate *)(UINTN)idt.base + VEC_GP;
	g->saved = *g->gate;
	mine = idt_interrupt_gate(h, cs);
	write_gate(g->gate, &mine);
	return 0;
}

static void guard_end(struct gp_guard *g)
{
	write_gate(g->gate, &g->saved);
	irq_restore(g->flags);
}

/* Whether the handler catches a #GP here: xsetbv needs CR4.OSXSAVE
 * (else it is #UD, which the handler does not catch). */
static int guard_works(void)
{
	if (!(read_cr4() & CR4_OSXSAVE))
		return 0;
	return probe_xsetbv1() == -1;
}

static int is_intel(const struct cpu_info *ci)
{
	return !CompareMem(ci->vendor, "GenuineIntel", 12);
}

static int is_amd(const struct cpu_info *ci)
{
	return !CompareMem(ci->vendor, "AuthenticAMD", 12);
}

/* MSR_SMI_COUNT is listed for family 6 from Nehalem (model 1Ah) on, in
 * the Silvermont-and-later Atom tables and for the hybrid parts (SDM vol
 * 4, tables 2-6, 2-15 and later); the Bonnell Atoms (1Ch, 26h, 27h, 35h,
 * 36h) and anything before Nehalem lack it. Later families are left to
 * the probe. */
static int smi_count_listed(const struct cpu_info *ci)
{
	static const int bonnell[] = { 0x1c, 0x26, 0x27, 0x35, 0x36 };

	if (!is_intel(ci))
		return 0;
	if (ci->family > 6)
		return ci->family != 0xf;	/* NetBurst: no */
	if (ci->family != 6 || ci->model < 0x1a)
		return 0;
	for (unsigned i = 0; i < sizeof bonnell / sizeof bonnell[0]; i++)
		if (ci->model == bonnell[i])
			return 0;
	return 1;
}

/* res->smi_count where msr_probe found the MSR; runs inside windows on
 * any cpu (the SMI count MSR is per logical processor). */
static uint64_t smi_count_msr(void)
{
	return rdmsr(MSR_SMI_COUNT);
}

static const char *probe_note = "not run";

const char *msr_probe_note(void)
{
	return probe_note;
}

void msr_probe(struct run_results *res)
{
	const struct cpu_info *ci = &res->cpu;
	struct gp_guard g;
	UINT64 v = 0, cr4;
	int guarded, works, trusted;

	res->smi_count = 0;
	res->microcode_known = 0;
	/* With CET on, clearing CR0.WP (to write the IDT) is itself a #GP
	 * (SDM vol 3A, 2.5): no handler then. */
	cr4 = read_cr4();
	guarded = !(cr4 & CR4_CET) && guard_begin(&g) == 0;
	/* Where the handler is proven, a missing MSR costs nothing; where it
	 * is not (no handler, or no XSAVE to test it with), only bare metal
	 * is trusted to have what the SDM / APM tables list: a hypervisor
	 * may leave out any MSR. */
	works = guarded && guard_works();
	probe_note = works ? "under a #GP handler, checked by a faulting xsetbv"
		     : ci->f.hypervisor ? "no checked #GP handler: skipped"
					: "no checked #GP handler: SDM/APM "
					  "tables trusted (bare metal)";
	trusted = works || !ci->f.hypervisor;
	/* Microcode (SDM vol 3A, 10.11.7.1: write 0, CPUID(1), read the
	 * high half; AMD APM vol 2: PATCH_LEVEL's low half). */
	if (trusted && is_intel(ci) && (ci->family == 6 || ci->family > 0xf) &&
	    probe_wrmsr(MSR_BIOS_SIGN_ID, 0) == 0) {
		(void)cpuid(1, 0);
		if (probe_rdmsr(MSR_BIOS_SIGN_ID, &v) == 0) {
			res->microcode = v >> 32;
			res->microcode_known = 1;
		}
	} else if (trusted && is_amd(ci) && ci->family >= 0xf &&
		   probe_rdmsr(MSR_PATCH_LEVEL, &v) == 0) {
		res->microcode = v & 0xffffffffu;
		res->microcode_known = 1;
	}
	if (trusted && smi_count_listed(ci) &&
	    probe_rdmsr(MSR_SMI_COUNT, &v) == 0)
		res->smi_count = smi_count_msr;
	if (guarded)
		guard_end(&g);

	if (res->smi_count)
		return;
	if (!is_intel(ci))
		msgs_add(&res->warnings, "SMI counting unavailable: %s has "
			 "no MSR_SMI_COUNT (Intel only)", ci->vendor);
	else if (!trusted)
		msgs_add(&res->warnings, "SMI counting unavailable: under a "
			 "hypervisor without a way to catch a missing MSR");
	else
		msgs_add(&res->warnings, "SMI counting unavailable: family "
			 "%xh model %xh has no MSR_SMI_COUNT (0x34)",
			 ci->family, ci->model);
}

/* One read of an MSR the vendor documents for this cpu but a hypervisor
 * may leave out (AMD's SYSCFG and TOM2): under the #GP handler where it
 * is proven, else only on bare metal, as for the reads above. */
int msr_read_documented(UINT32 msr, UINT64 *val)
{
	struct gp_guard g;
	UINT64 cr4;
	int guarded, works, r = -1;

	cr4 = read_cr4();
	guarded = !(cr4 & CR4_CET) && guard_begin(&g) == 0;
	works = guarded && guard_works();
	if (works)
		r = probe_rdmsr(msr, val);
	if (guarded)
		guard_end(&g);
	if (works)
		return r;
	if (cpuid(1, 0).ecx & (1u << 31))
		return -1;
	*val = rdmsr(msr);
	return 0;
}

/* The prefetcher control's gate (platform.h): the boot cpu reads the MSR
 * and writes the same value back under the #GP handler where the handler
 * is proven. Without a proven handler only bare metal is trusted, as for
 * the reads above: the caller has already checked that the vendor lists
 * the MSR for this model and that no hypervisor is in the way. */
int plat_msr_probe(uint32_t msr)
{
	struct gp_guard g;
	UINT64 v = 0, cr4;
	int guarded, works, r = -1;

	cr4 = read_cr4();
	guarded = !(cr4 & CR4_CET) && guard_begin(&g) == 0;
	works = guarded && guard_works();
	if (works)
		r = probe_rdmsr(msr, &v) == 0 && probe_wrmsr(msr, v) == 0
			    ? 0
			    : -1;
	if (guarded)
		guard_end(&g);
	if (works)
		return r;
	/* No handler to catch a fault: a hypervisor might lack the MSR,
	 * bare metal of a listed model has it. */
	return cpuid(1, 0).ecx & (1u << 31) ? -1 : 0;
}
