/* Exceptions inside measurement windows on AArch64. baremem's vector
 * table is written to VBAR_ELx (the EL the app runs at: EL1, or EL2 when
 * the firmware runs there) when a window starts, on the boot cpu and on
 * every cpu PSCI started alike, and the firmware's VBAR is put back when
 * it ends (efi/aarch64/paging_arm.c's window). A synchronous exception
 * (a data or instruction abort, an undefined instruction, an alignment
 * fault...) or an SError records ESR_ELx, FAR_ELx, ELR_ELx, SPSR_ELx and
 * the stack pointer and resumes at the window's start (a context saved
 * there, setjmp-style), so the window returns an error instead of the
 * firmware's handler stopping the machine. On the boot cpu the run is
 * then abandoned (fault_run_guarded) and the results so far are written
 * the normal way; another cpu's fault drops that cpu (mp_arm.c).
 *
 * SError is asynchronous: the window unmasks it (PSTATE.A) while ours
 * is the table, and an ISB before the firmware's table comes back takes
 * one still pending, so an error the window's accesses caused is
 * reported against the window. An SError or an external abort (ESR
 * says which: lib/arch/aarch64/esr.c) is the hardware's, not the code's,
 * and ends the whole run, as a machine check does on x86.
 *
 * What is not the window's goes to the firmware's own handler, the
 * registers as the exception left them (x17 aside, which carries the
 * branch): an exception from a lower EL, an IRQ or FIQ (masked in a
 * window: cannot come), a fault on a cpu with no window of ours, or a
 * fault inside this handler. edk2's handler prints the registers and
 * stops. Not covered: an exception with a stack pointer that cannot
 * hold the handler's frame (an SP alignment fault on SP_ELx), which
 * faults again without end. */
#include "arm_efi.h"
#include "sysreg.h"
#include "arch/aarch64/esr.h"

/* Callee-saved registers (AAPCS64: x19-x30, d8-d15), the stack pointer
 * and SPSel: enough to return from fault_ctx_save a second time on the
 * stack it was called on. Offsets fixed: the asm below uses them. */
struct fault_ctx {
	uint64_t x19_x30[12];	/* 0: x19 ... 88: x30 */
	uint64_t sp, spsel;	/* 96, 104 */
	uint64_t d8_d15[8];	/* 112 */
};

/* What the vector entry leaves on the stack: x0-x30 as the exception
 * found them, then the stack pointer before the frame (SP_ELx). */
#define FRAME_BYTES 256
struct fault_frame {
	uint64_t x[31];
	uint64_t sp;
};

void fault_ctx_jump(struct fault_ctx *c, uint64_t sp_elx)
	__attribute__((noreturn));
uint64_t fault_dispatch(uint64_t index, struct fault_frame *f)
	__attribute__((used));
extern char fault_vectors[];

/* fault_ctx_save returns 0, and 1 again when fault_ctx_jump resumes it.
 * A window that ran on SP_EL0 (SPSel 0) is resumed on it, SP_ELx put
 * back as the exception found it (sp_elx), since the exception moved the
 * cpu to SP_ELx. The vectors: 16 entries of 0x80 bytes, 2 KiB aligned
 * (Arm ARM D1.10.2: current EL with SP_EL0, current EL with SP_ELx,
 * lower EL AArch64, lower EL AArch32; each synchronous, IRQ, FIQ,
 * SError). Each saves x0 and x1, puts its index in x0 and goes to
 * fault_common, which saves the rest and calls fault_dispatch; that
 * returns only to hand the exception to the firmware, with the address
 * of the firmware's entry, taken in x17 (IP1, which AAPCS64 lets any
 * branch veneer clobber). */
__asm__(".text\n"
	".globl fault_ctx_save\n"
	".hidden fault_ctx_save\n"
	"fault_ctx_save:\n\t"
	"stp x19, x20, [x0, #0]\n\t"
	"stp x21, x22, [x0, #16]\n\t"
	"stp x23, x24, [x0, #32]\n\t"
	"stp x25, x26, [x0, #48]\n\t"
	"stp x27, x28, [x0, #64]\n\t"
	"stp x29, x30, [x0, #80]\n\t"
	"mov x1, sp\n\t"
	"mrs x2, spsel\n\t"
	"stp x1, x2, [x0, #96]\n\t"
	"stp d8, d9, [x0, #112]\n\t"
	"stp d10, d11, [x0, #128]\n\t"
	"stp d12, d13, [x0, #144]\n\t"
	"stp d14, d15, [x0, #160]\n\t"
	"mov w0, #0\n\t"
	"ret\n"
	".globl fault_ctx_jump\n"
	".hidden fault_ctx_jump\n"
	"fault_ctx_jump:\n\t"
	"ldp x19, x20, [x0, #0]\n\t"
	"ldp x21, x22, [x0, #16]\n\t"
	"ldp x23, x24, [x0, #32]\n\t"
	"ldp x25, x26, [x0, #48]\n\t"
	"ldp x27, x28, [x0, #64]\n\t"
	"ldp x29, x30, [x0, #80]\n\t"
	"ldp d8, d9, [x0, #112]\n\t"
	"ldp d10, d11, [x0, #128]\n\t"
	"ldp d12, d13, [x0, #144]\n\t"
	"ldp d14, d15, [x0, #160]\n\t"
	"ldp x2, x3, [x0, #96]\n\t"
	"cbnz x3, 1f\n\t"
	"mrs x4, spsel\n\t"
	"cbz x4, 1f\n\t"
	"mov sp, x1\n\t"
	"msr spsel, #0\n"
	"1:\n\t"
	"mov sp, x2\n\t"
	"mov w0, #1\n\t"
	"ret\n"
	".macro fault_vector i\n\t"
	".balign 0x80\n\t"
	"sub sp, sp, #256\n\t"
	"stp x0, x1, [sp, #0]\n\t"
	"mov x0, #\\i\n\t"
	"b fault_common\n"
	".endm\n"
	".balign 2048\n"
	".globl fault_vectors\n"
	".hidden fault_vectors\n"
	"fault_vectors:\n\t"
	"fault_vector 0\n\tfault_vector 1\n\tfault_vector 2\n\t"
	"fault_vector 3\n\tfault_vector 4\n\tfault_vector 5\n\t"
	"fault_vector 6\n\tfault_vector 7\n\tfault_vector 8\n\t"
	"fault_vector 9\n\tfault_vector 10\n\tfault_vector 11\n\t"
	"fault_vector 12\n\tfault_vector 13\n\tfault_vector 14\n\t"
	"fault_vector 15\n"
	".balign 0x80\n"
	"fault_common:\n\t"
	"stp x2, x3, [sp, #16]\n\t"
	"stp x4, x5, [sp, #32]\n\t"
	"stp x6, x7, [sp, #48]\n\t"
	"stp x8, x9, [sp, #64]\n\t"
	"stp x10, x11, [sp, #80]\n\t"
	"stp x12, x13, [sp, #96]\n\t"
	"stp x14, x15, [sp, #112]\n\t"
	"stp x16, x17, [sp, #128]\n\t"
	"stp x18, x19, [sp, #144]\n\t"
	"stp x20, x21, [sp, #160]\n\t"
	"stp x22, x23, [sp, #176]\n\t"
	"stp x24, x25, [sp, #192]\n\t"
	"stp x26, x27, [sp, #208]\n\t"
	"stp x28, x29, [sp, #224]\n\t"
	"add x1, sp, #256\n\t"
	"stp x30, x1, [sp, #240]\n\t"
	"mov x1, sp\n\t"
	"bl fault_dispatch\n\t"
	"mov x17, x0\n\t"
	"ldp x0, x1, [sp, #0]\n\t"
	"ldp x2, x3, [sp, #16]\n\t"
	"ldp x4, x5, [sp, #32]\n\t"
	"ldp x6, x7, [sp, #48]\n\t"
	"ldp x8, x9, [sp, #64]\n\t"
	"ldp x10, x11, [sp, #80]\n\t"
	"ldp x12, x13, [sp, #96]\n\t"
	"ldp x14, x15, [sp, #112]\n\t"
	"ldr x16, [sp, #128]\n\t"
	"ldp x18, x19, [sp, #144]\n\t"
	"ldp x20, x21, [sp, #160]\n\t"
	"ldp x22, x23, [sp, #176]\n\t"
	"ldp x24, x25, [sp, #192]\n\t"
	"ldp x26, x27, [sp, #208]\n\t"
	"ldp x28, x29, [sp, #224]\n\t"
	"ldr x30, [sp, #240]\n\t"
	"add sp, sp, #256\n\t"
	"br x17\n");

_Static_assert(sizeof(struct fault_frame) == FRAME_BYTES, "frame layout");
_Static_assert(sizeof(struct fault_ctx) == 176, "context layout");

#define VECTOR_BYTES 0x80
#define VECTOR_SYNC 0		/* index & 3: the kind of exception */
#define VECTOR_SERROR 3
#define VECTORS_CURRENT_EL 8	/* indexes 0-7: taken from this EL */
#define MPIDR_AFF_MASK 0xff00ffffffull	/* Aff3, Aff2, Aff1, Aff0 */
#define SPSR_PAN (1ull << 22)

/* One per cpu: the window it is in and the fault it took. */
struct fault_slot {
	struct fault_ctx ctx;
	struct fault_record rec;
	uint64_t mpidr;		/* affinity of the cpu in the window */
	uint64_t fw_vbar;	/* the firmware's table, back at the end */
	volatile int active;	/* in a window, our table in VBAR */
	volatile int handling;	/* a fault is being handled */
	int faulted;		/* rec holds a fault not yet reported */
};

static struct fault_slot *slots;
static int slot_count;
static int el;			/* the app's EL: 1 or 2 */
static int has_pan;		/* FEAT_PAN, and PSTATE.PAN at this EL */
static uint64_t boot_fw_vbar;	/* the boot cpu's, for a cpu with no slot */

static uint64_t vbar_read(void)
{
	return el == 2 ? read_vbar_el2() : read_vbar_el1();
}

static void vbar_write(uint64_t v)
{
	if (el == 2)
		write_vbar_el2(v);
	else
		write_vbar_el1(v);
	__asm__ volatile("isb" ::: "memory");
}

/* The firmware's entry for the exception: its table back in VBAR first,
 * so that anything its handler raises goes to it as well. */
static uint64_t hand_to_firmware(struct fault_slot *s, uint64_t index)
{
	uint64_t fw = s ? s->fw_vbar : boot_fw_vbar;

	vbar_write(fw);
	return fw + index * VECTOR_BYTES;
}

/* Runs on the cpu that took the exception, on the stack it was on
 * (SP_ELx), every exception masked, still under baremem's page tables:
 * finds its slot, fills it in and resumes the window, or returns the
 * firmware's entry. */
uint64_t fault_dispatch(uint64_t index, struct fault_frame *f)
{
	uint64_t me = read_mpidr_el1() & MPIDR_AFF_MASK;
	unsigned kind = (unsigned)index & 3;
	struct fault_slot *s = 0;
	uint64_t spsr;

	for (int i = 0; i < slot_count; i++)
		if (slots[i].active && slots[i].mpidr == me) {
			s = &slots[i];
			break;
		}
	if (!s || s->handling || index >= VECTORS_CURRENT_EL ||
	    (kind != VECTOR_SYNC && kind != VECTOR_SERROR))
		return hand_to_firmware(s, index);
	s->handling = 1;
	spsr = el == 2 ? read_spsr_el2() : read_spsr_el1();
	if (el == 2)
		fault_arm_record(&s->rec, (int)(s - slots), 2, read_esr_el2(),
				 read_far_el2(), read_elr_el2(), spsr, f->sp);
	else
		fault_arm_record(&s->rec, (int)(s - slots), 1, read_esr_el1(),
				 read_far_el1(), read_elr_el1(), spsr, f->sp);
	s->faulted = 1;
	/* Taking the exception may have set PSTATE.PAN (SCTLR_ELx.SPAN
	 * clear), and the window resumes without an ERET that would put it
	 * back: cleared again where the exception found it clear (MSR PAN,
	 * #0, encoded so as not to need an armv8.1 assembler). */
	if (has_pan && !(spsr & SPSR_PAN))
		__asm__ volatile(".inst 0xd500409f" ::: "memory");
	fault_ctx_jump(&s->ctx, f->sp);
}

int fault_init(int cpus)
{
	el = arm_el();
	/* ID_AA64MMFR1_EL1.PAN (bits 23:20); at EL2 PSTATE.PAN exists only
	 * in the EL2&0 regime (VHE). */
	has_pan = (read_id_aa64mmfr1_el1() >> 20 & 0xf) != 0 &&
		  (el == 1 || !arm_el2_alone());
	boot_fw_vbar = vbar_read();
	/* VBAR_ELx bits 10:0 are RES0: a table not 2 KiB aligned (the
	 * image's .text placed so) cannot be installed. */
	if ((uintptr_t)fault_vectors & 0x7ff)
		return -1;
	slots = plat_alloc(sizeof(*slots) * (size_t)cpus);
	if (!slots)
		return -1;
	for (int i = 0; i < cpus; i++)
		slots[i] = (struct fault_slot){ 0 };
	slot_count = cpus;
	return 0;
}

/* Exceptions are already masked (the window's DAIF): our table goes in
 * VBAR_ELx, SError stays masked until the context is saved
 * (fault_serror_unmask). */
struct fault_ctx *fault_arm(int cpu, struct fault_guard *g)
{
	struct fault_slot *s;

	g->slot = 0;
	if (!slots || cpu < 0 || cpu >= slot_count)
		return 0;
	s = &slots[cpu];
	s->mpidr = read_mpidr_el1() & MPIDR_AFF_MASK;
	s->handling = 0;
	s->faulted = 0;
	s->fw_vbar = vbar_read();
	s->active = 1;
	vbar_write((uint64_t)(uintptr_t)fault_vectors);
	g->slot = s;
	return &s->ctx;
}

/* SError unmasked, our table in place and the context saved: one the
 * window's accesses raise is taken in the window (one pending from
 * before is taken here, and counts against it too). */
void fault_serror_unmask(const struct fault_guard *g)
{
	if (g->slot)
		__asm__ volatile("msr daifclr, #4\n\tisb" ::: "memory");
}

/* An SError still pending is taken at the ISB (and resumes the window's
 * start: this runs again, faulted set); then SError masked again and
 * the firmware's table back. Returns 1 when the window faulted. */
int fault_disarm(struct fault_guard *g)
{
	struct fault_slot *s = g->slot;

	if (!s)
		return 0;
	if (!s->faulted)
		__asm__ volatile("dsb sy\n\tisb" ::: "memory");
	__asm__ volatile("msr daifset, #4\n\tisb" ::: "memory");
	vbar_write(s->fw_vbar);
	s->active = 0;
	return s->faulted;
}

int fault_take(int cpu, struct fault_record *out)
{
	if (!slots || cpu < 0 || cpu >= slot_count)
		return 0;
	return fault_hand_over(&slots[cpu].rec, &slots[cpu].faulted, out);
}

/* The boot cpu's way out of the suite (efi/fault_run.c): resumed on
 * the stack pointer it runs on now. */
struct fault_ctx fault_abort_context;

void fault_ctx_resume(struct fault_ctx *c)
{
	uint64_t sp;

	__asm__ volatile("mov %0, sp" : "=r"(sp));
	fault_ctx_jump(c, sp);
}

/* No more to say than the record: the RAS error records an SError may
 * point at are the firmware's to read. */
const char *fault_report_arch(struct run_results *res,
			      const struct fault_record *f)
{
	(void)res;
	return f->code == EC_SERROR ? "hardware error (SError)"
				    : "hardware error (external abort)";
}
