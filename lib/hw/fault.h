/* A CPU exception caught inside a measurement window (efi/fault.c
 * catches it): what was recorded, the exception's name, and the message
 * the user reads. Pure: no firmware, no libc. */
#ifndef BAREMEM_FAULT_H
#define BAREMEM_FAULT_H

#include <stddef.h>
#include <stdint.h>

#define FAULT_VECTORS 32	/* the architecture's exceptions, 0..31 */
#define FAULT_PF 14

/* What the handler saw, copied from the CPU's exception frame. */
struct fault_record {
	int vector;
	int cpu;		/* the platform's cpu number */
	uint64_t error_code;	/* 0 where the vector pushes none */
	uint64_t rip, cs, rflags, rsp;
	uint64_t cr2;		/* the faulting address (#PF only) */
};

/* "#PF page fault", "#GP general protection", ...; "reserved vector"
 * for the ones the SDM reserves, "vector out of range" past 31. */
const char *fault_name(int vector);

/* Whether the CPU pushes an error code for the vector (SDM vol 3A,
 * table 6-1): #DF, #TS, #NP, #SS, #GP, #PF, #AC, #CP, #VC, #SX. */
int fault_has_error_code(int vector);

/* A #PF error code in words ("read of a not-present page", "write to a
 * read-only page", "instruction fetch from a no-execute page", ...). */
const char *fault_pf_access(uint64_t error_code);

/* The one-line message, short enough for a results message (msgs.h):
 * "cpu 0 faulted: #PF page fault (vector 14, error 0x2: write to a
 * not-present page) at RIP 0x..., CR2 0x..., during <where>". CR2 only
 * for #PF: for any other vector it holds an older fault's address.
 * where is the step the run was in (may be 0 or empty); a trailing
 * progress estimate " (k of n...)" is cut off. Returns the length the
 * full text would have had, as fmt does. */
size_t fault_message(char *buf, size_t cap, const struct fault_record *f,
		     const char *where);

/* Every register the record holds, for the console: "cpu 0 at the
 * fault: RIP ... CS ... RFLAGS ... RSP ... CR2 ... error ...". */
size_t fault_registers(char *buf, size_t cap, const struct fault_record *f);

#endif
