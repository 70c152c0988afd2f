/* Exceptions inside measurement windows. baremem's own IDT (vectors
 * 0-31) is loaded with LIDT when a window starts, on the boot cpu and on
 * every AP alike, and the firmware's IDTR is put back when it ends. A
 * fault records what the CPU pushed and resumes at the window's start
 * (a context saved there, setjmp-style), so the window returns an error
 * instead of the firmware's handler freezing the screen. On the boot
 * cpu the run is then abandoned (fault_run_guarded) and the results so
 * far are written the normal way; an AP's fault drops that cpu (mp.c).
 *
 * A machine check and an NMI are no fault of the window's code: the
 * handler names them (the MCA banks the cpu can read, the NMI status
 * port), clears MCG_STATUS.MCIP (left set, the next #MC would shut the
 * machine down) and they end the whole run (fault_stop_pending: mp.c
 * abandons it once the call is over), the cpu doing nothing more.
 *
 * Covered: any exception whose frame the CPU can push on the stack the
 * window runs on (#PF, #GP, #UD, #DE, #MC, NMI, ...). Not covered: a fault
 * with a broken stack pointer (no IST stack: baremem installs no TSS),
 * which becomes a #DF that cannot be delivered either, then a triple
 * fault that resets the machine; and a fault inside this handler, which
 * halts that cpu (an AP: the BSP gives it up after its timeout). */
#include "../baremem_efi.h"
#include "arch/x86_64/x86.h"
#include "arch/x86_64/fault_x86.h"
#include "idt.h"
#include "util/msgs.h"
#include "util/out.h"
#include "platform.h"

/* Callee-saved registers (SysV ABI), the stack pointer and the address
 * fault_ctx_save returns to: enough to return from it a second time. */
struct fault_ctx {
	UINT64 rbx, rbp, r12, r13, r14, r15, rsp, rip;
};

/* What the entry stubs leave on the stack, lowest address first: the
 * vector and the error code (0 where the CPU pushes none), then the
 * CPU's own frame (SDM vol 3A, 6.14.2: 64-bit mode always pushes SS:RSP). */
struct fault_frame {
	UINT64 vector, error_code, rip, cs, rflags, rsp, ss;
};

/* fault_ctx_save returns 0, and 1 again when fault_ctx_jump resumes it
 * (DF cleared: the fault may have hit with it set, the ABI needs it
 * clear). Stubs: 32 of 16 bytes each from fault_stubs, vector v's at
 * fault_stubs + 16 * v; those of vectors without an error code push a 0
 * in its place, so every frame has one shape. fault_common aligns the
 * stack for the C call; fault_dispatch never returns. */
int fault_ctx_save(struct fault_ctx *c) __attribute__((returns_twice));
void fault_ctx_jump(struct fault_ctx *c) __attribute__((noreturn));
void fault_dispatch(struct fault_frame *f) __attribute__((used));
extern char fault_stubs[];
__asm__(".text\n"
	".globl fault_ctx_save\n"
	"fault_ctx_save:\n\t"
	"mov %rbx, 0(%rdi)\n\t"
	"mov %rbp, 8(%rdi)\n\t"
	"mov %r12, 16(%rdi)\n\t"
	"mov %r13, 24(%rdi)\n\t"
	"mov %r14, 32(%rdi)\n\t"
	"mov %r15, 40(%rdi)\n\t"
	"lea 8(%rsp), %rax\n\t"
	"mov %rax, 48(%rdi)\n\t"
	"mov (%rsp), %rax\n\t"
	"mov %rax, 56(%rdi)\n\t"
	"xor %eax, %eax\n\t"
	"ret\n"
	".globl fault_ctx_jump\n"
	"fault_ctx_jump:\n\t"
	"mov 0(%rdi), %rbx\n\t"
	"mov 8(%rdi), %rbp\n\t"
	"mov 16(%rdi), %r12\n\t"
	"mov 24(%rdi), %r13\n\t"
	"mov 32(%rdi), %r14\n\t"
	"mov 40(%rdi), %r15\n\t"
	"mov 48(%rdi), %rsp\n\t"
	"cld\n\t"
	"mov $1, %eax\n\t"
	"jmp *56(%rdi)\n"
	".macro fault_stub v, err\n\t"
	".balign 16\n\t"
	".if \\err == 0\n\t"
	"push $0\n\t"
	".endif\n\t"
	"push $\\v\n\t"
	"jmp fault_common\n"
	".endm\n"
	".balign 16\n"
	".globl fault_stubs\n"
	"fault_stubs:\n\t"
	/* SDM vol 3A, table 6-1 (and lib/hw/fault.c): 8, 10-14, 17, 21, 29
	 * and 30 push an error code. */
	"fault_stub 0, 0\n\tfault_stub 1, 0\n\tfault_stub 2, 0\n\t"
	"fault_stub 3, 0\n\tfault_stub 4, 0\n\tfault_stub 5, 0\n\t"
	"fault_stub 6, 0\n\tfault_stub 7, 0\n\tfault_stub 8, 1\n\t"
	"fault_stub 9, 0\n\tfault_stub 10, 1\n\tfault_stub 11, 1\n\t"
	"fault_stub 12, 1\n\tfault_stub 13, 1\n\tfault_stub 14, 1\n\t"
	"fault_stub 15, 0\n\tfault_stub 16, 0\n\tfault_stub 17, 1\n\t"
	"fault_stub 18, 0\n\tfault_stub 19, 0\n\tfault_stub 20, 0\n\t"
	"fault_stub 21, 1\n\tfault_stub 22, 0\n\tfault_stub 23, 0\n\t"
	"fault_stub 24, 0\n\tfault_stub 25, 0\n\tfault_stub 26, 0\n\t"
	"fault_stub 27, 0\n\tfault_stub 28, 0\n\tfault_stub 29, 1\n\t"
	"fault_stub 30, 1\n\tfault_stub 31, 0\n"
	".balign 16\n"
	"fault_common:\n\t"
	"cld\n\t"
	"mov %rsp, %rdi\n\t"
	"and $-16, %rsp\n\t"
	"call fault_dispatch\n"
	"1:\n\t"
	"cli\n\t"
	"hlt\n\t"
	"jmp 1b\n");

#define STUB_BYTES 16
#define NMI_STATUS_PORT 0x61	/* NMI status and control (ISA, every PC chipset) */

/* One per cpu: the window it is in and the fault it took. */
struct fault_slot {
	struct fault_ctx ctx;
	struct fault_ctx probe_ctx;	/* msr_safe's way back from a #GP */
	volatile int probing;
	struct fault_record rec;
	struct mca_record mca;	/* #MC only */
	int nmi_reason;		/* NMI only: port 61h (NMI status and
				 * control, ISA), or -1 unread */
	UINT32 apic_id;
	struct idt_ptr fw_idtr;	/* the firmware's IDT, back at the end */
	volatile int active;	/* in a window, our IDT loaded */
	volatile int handling;	/* a fault is being handled */
	int faulted;		/* rec holds a fault not yet reported */
};

static struct idt_gate idt[FAULT_VECTORS] __attribute__((aligned(16)));
static UINT16 idt_cs;
static struct fault_slot *slots;
static int slot_count;

/* The cpu's APIC id, the same way in the window and in the handler:
 * the x2APIC id (CPUID 0Bh EDX) where the leaf exists, else the 8-bit
 * initial APIC id (CPUID 1 EBX[31:24]). */
static UINT32 my_apic_id(void)
{
	if (cpuid(0, 0).eax >= 0xb && cpuid(0xb, 0).ebx != 0)
		return cpuid(0xb, 0).edx;
	return cpuid(1, 0).ebx >> 24;
}

static void halt_forever(void)
{
	for (;;)
		__asm__ volatile("cli\n\thlt");
}

/* rdmsr/wrmsr inside the handler, where the firmware's #GP probe
 * (msr.c) cannot serve: a #GP comes back here through fault_dispatch
 * and the access returns -1. */
static int msr_safe(struct fault_slot *s, UINT32 msr, UINT64 *v, int write)
{
	s->probing = 1;
	if (fault_ctx_save(&s->probe_ctx))
		return -1;
	if (write)
		wrmsr(msr, *v);
	else
		*v = rdmsr(msr);
	s->probing = 0;
	return 0;
}

/* The machine-check banks of the cpu that took the #MC (SDM vol 3B,
 * 16.3), each read only when CPUID says the MSRs exist and under
 * msr_safe; then MCG_STATUS written 0, which clears MCIP (16.3.1.2:
 * software may write 0 only). The banks' STATUS stay as they are for
 * the OS that boots next to log as well. */
static void mca_read(struct fault_slot *s)
{
	struct mca_record *r = &s->mca;
	UINT64 zero = 0;

	if (!mca_present(cpuid(1, 0).edx)) {
		r->state = MCA_ABSENT;
		return;
	}
	if (msr_safe(s, MSR_MCG_CAP, &r->mcg_cap, 0) ||
	    msr_safe(s, MSR_MCG_STATUS, &r->mcg_status, 0)) {
		r->state = MCA_UNREADABLE;
		return;
	}
	r->state = MCA_READ;
	r->banks = mca_bank_count(r->mcg_cap);
	for (int i = 0; i < r->banks; i++) {
		UINT32 at = MSR_MC0_STATUS + 4 * (UINT32)i;
		UINT64 st, addr = 0, misc = 0;

		if (msr_safe(s, at, &st, 0)) {
			r->unreadable++;
			continue;
		}
		if ((st & MCI_ADDRV) && msr_safe(s, at + 1, &addr, 0))
			addr = 0;
		if ((st & MCI_MISCV) && msr_safe(s, at + 2, &misc, 0))
			misc = 0;
		mca_keep_bank(r, i, st, addr, misc);
	}
	r->mcip_cleared = msr_safe(s, MSR_MCG_STATUS, &zero, 1) == 0;
}

/* Runs on the faulting cpu, on the stack it faulted on, interrupts off
 * (interrupt gates), still under baremem's page tables: it only finds
 * its slot, fills it in and resumes the window. */
void fault_dispatch(struct fault_frame *f)
{
	UINT32 id = my_apic_id();
	struct fault_slot *s = 0;

	for (int i = 0; i < slot_count; i++)
		if (slots[i].active && slots[i].apic_id == id) {
			s = &slots[i];
			break;
		}
	/* A #GP of an MSR the handler probes (msr_safe): back to it. */
	if (s && s->handling && s->probing && f->vector == FAULT_GP) {
		s->probing = 0;
		fault_ctx_jump(&s->probe_ctx);
	}
	/* No window of ours (cannot happen: the IDT is ours only inside
	 * one), or a fault while handling one: nothing safe to resume. */
	if (!s || s->handling)
		halt_forever();
	s->handling = 1;
	fault_x86_record(&s->rec, (int)(s - slots), (int)f->vector,
			 f->error_code, f->rip, f->cs, f->rflags, f->rsp,
			 read_cr2());
	s->mca = (struct mca_record){ .state = MCA_NOT_READ };
	s->nmi_reason = -1;
	if (f->vector == FAULT_MC)
		mca_read(s);
	else if (f->vector == FAULT_NMI)
		s->nmi_reason = port_in8(NMI_STATUS_PORT);
	s->faulted = 1;
	fault_ctx_jump(&s->ctx);
}

int fault_init(int cpus)
{
	UINT64 base = (UINT64)(UINTN)fault_stubs;

	slots = plat_alloc(sizeof(*slots) * (size_t)cpus);
	if (!slots)
		return -1;
	slot_count = cpus;
	__asm__ volatile("mov %%cs, %0" : "=r"(idt_cs));
	for (int v = 0; v < FAULT_VECTORS; v++) {
		UINT64 h = base + (UINT64)v * STUB_BYTES;

		idt[v] = idt_interrupt_gate(h, idt_cs);
	}
	/* An NMI in a window is caught like the exceptions (a platform
	 * error or a watchdog: the measurement it hit is not to be kept;
	 * edk2's own handler would only dump and hang). */
	return 0;
}

/* Interrupts are already off (the window's cli). Only a cpu whose code
 * segment is the one the gates name loads the IDT: edk2 gives every AP
 * the boot cpu's GDT, other firmware might not, and a gate with a wrong
 * selector would turn the first fault into a triple fault. */
struct fault_ctx *fault_arm(int cpu, struct fault_guard *g)
{
	struct idt_ptr mine = { sizeof idt - 1, (UINT64)(UINTN)idt };
	struct fault_slot *s;
	UINT16 cs;

	g->slot = 0;
	__asm__ volatile("mov %%cs, %0" : "=r"(cs));
	if (!slots || cpu < 0 || cpu >= slot_count || cs != idt_cs)
		return 0;
	s = &slots[cpu];
	s->apic_id = my_apic_id();
	s->handling = 0;
	s->faulted = 0;
	__asm__ volatile("sidt %0" : "=m"(s->fw_idtr));
	s->active = 1;
	__asm__ volatile("lidt %0" : : "m"(mine) : "memory");
	g->slot = s;
	return &s->ctx;
}

/* The firmware's IDT back; returns 1 when the window faulted. */
int fault_disarm(struct fault_guard *g)
{
	struct fault_slot *s = g->slot;

	if (!s)
		return 0;
	__asm__ volatile("lidt %0" : : "m"(s->fw_idtr) : "memory");
	s->active = 0;
	return s->faulted;
}

int fault_take(int cpu, struct fault_record *out)
{
	if (!slots || cpu < 0 || cpu >= slot_count)
		return 0;
	return fault_hand_over(&slots[cpu].rec, &slots[cpu].faulted, out);
}

/* The boot cpu's way out of the suite (efi/fault_run.c). */
struct fault_ctx fault_abort_context;

void fault_ctx_resume(struct fault_ctx *c)
{
	fault_ctx_jump(c);
}

/* A line said on the console and kept as an error. */
static void say(struct run_results *res, const char *m)
{
	out("baremem: %s\n", m);
	msgs_add(&res->errors, "%s", m);
}

/* A #MC's banks as read on the cpu that took it, an NMI's reason. */
const char *fault_report_arch(struct run_results *res,
			      const struct fault_record *f)
{
	const struct fault_slot *s = &slots[f->cpu];
	char m[MSG_BYTES];

	if (f->code == FAULT_MC) {
		fault_mca_summary(m, sizeof m, f->cpu, &s->mca);
		say(res, m);
		for (int i = 0; i < s->mca.kept; i++) {
			fault_mca_bank(m, sizeof m, f->cpu, &s->mca.bank[i]);
			say(res, m);
		}
	} else if (f->code == FAULT_NMI &&
		   fault_nmi_reason(m, sizeof m, f->cpu, s->nmi_reason)) {
		say(res, m);
	}
	return f->code == FAULT_MC ? "machine check" : "NMI";
}
