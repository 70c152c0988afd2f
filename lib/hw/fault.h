/* A cpu exception caught inside a measurement window, in words any
 * architecture fills (efi/x86_64/fault.c, efi/aarch64/fault_arm.c catch
 * them; lib/arch/<arch>/ decodes them): the class of exception, the
 * syndrome the cpu gave, where it happened and the address it names,
 * and the message the user reads. Pure: no firmware, no libc. */
#ifndef BAREMEM_FAULT_H
#define BAREMEM_FAULT_H

#include <stddef.h>
#include <stdint.h>

#define FAULT_REGS_MAX 6	/* registers a record keeps for the console */
#define FAULT_DETAIL_BYTES 64

/* What an architecture calls the parts of its records. */
struct fault_arch {
	const char *code_name;		/* "vector", "EC" */
	int code_hex;			/* the code printed 0x.. (else decimal) */
	const char *syndrome_name;	/* "error", "ESR" */
	const char *pc_name;		/* "RIP", "ELR" */
	const char *address_name;	/* "CR2", "FAR" */
};

/* What the handler saw on the cpu that took the exception. */
struct fault_record {
	const struct fault_arch *arch;
	int cpu;		/* the platform's cpu number */
	int code;		/* the architecture's number for the class:
				 * the x86 vector, Arm's ESR_ELx.EC */
	const char *class_name;	/* "#PF page fault", "data abort, same
				 * EL" */
	uint64_t pc;		/* the faulting instruction: RIP, ELR_ELx */
	uint64_t syndrome;	/* x86's error code, Arm's ESR_ELx */
	int has_syndrome;	/* 0: the exception gives none */
	uint64_t address;	/* the address faulted on: CR2, FAR_ELx */
	int address_valid;	/* only #PF's CR2; FAR where ESR says so */
	char detail[FAULT_DETAIL_BYTES]; /* the syndrome in words, or "" */
	int ends_run;		/* a hardware error (x86 #MC or NMI, Arm
				 * SError or an external abort): the whole
				 * run ends, not only the cpu's part in it */
	int reg_count;		/* the registers for the console, in order */
	const char *reg_name[FAULT_REGS_MAX];
	uint64_t reg[FAULT_REGS_MAX];
};

/* Appends a register to the record's console list (dropped past
 * FAULT_REGS_MAX). */
void fault_reg_add(struct fault_record *f, const char *name, uint64_t v);

/* The one-line message, short enough for a results message (msgs.h):
 * "cpu 0 faulted: #PF page fault (vector 14, error 0x2: write to a
 * not-present page) at RIP 0x..., CR2 0x..., during <where>"; on Arm
 * "cpu 1 faulted: data abort, same EL (EC 0x25, ESR 0x...:
 * ...) at ELR 0x..., FAR 0x..., during <where>". The syndrome where the
 * exception gives one, the address only where it is valid. where is
 * the step the run was in (may be 0 or empty); a trailing progress
 * estimate " (k of n...)" is cut off. Returns the length the full text
 * would have had, as fmt does. */
size_t fault_message(char *buf, size_t cap, const struct fault_record *f,
		     const char *where);

/* Every register the record holds, for the console: "cpu 0 at the
 * fault: RIP ... CS ... RFLAGS ... RSP ... CR2 ... error ...". */
size_t fault_registers(char *buf, size_t cap, const struct fault_record *f);

#endif
