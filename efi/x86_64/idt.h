/* The x86-64 interrupt descriptor table's formats (SDM vol 3A, 6.10 and
 * 6.14.1), for the two places that install handlers: msr.c's #GP probe
 * (one gate in the firmware's IDT) and fault.c (an IDT of its own). */
#ifndef BAREMEM_IDT_H
#define BAREMEM_IDT_H

#include <efi.h>

/* A 64-bit gate. */
struct idt_gate {
	UINT16 off0, sel;
	UINT8 ist, type;
	UINT16 off1;
	UINT32 off2, zero;
} __attribute__((packed));

/* What SIDT stores and LIDT loads. */
struct idt_ptr {
	UINT16 limit;
	UINT64 base;
} __attribute__((packed));

/* A present, DPL 0 interrupt gate (IF cleared on entry) to handler in
 * code segment cs, on the current stack. */
static inline struct idt_gate idt_interrupt_gate(UINT64 handler, UINT16 cs)
{
	return (struct idt_gate){
		.off0 = (UINT16)handler, .sel = cs, .ist = 0, .type = 0x8e,
		.off1 = (UINT16)(handler >> 16),
		.off2 = (UINT32)(handler >> 32),
	};
}

/* Whether an IDT of this limit holds vector v. */
static inline int idt_has(const struct idt_ptr *idt, int v)
{
	return idt->limit >= (v + 1) * sizeof(struct idt_gate) - 1;
}

#endif
