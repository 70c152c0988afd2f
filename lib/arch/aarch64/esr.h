/* AArch64 exceptions caught inside a measurement window
 * (efi/aarch64/fault_arm.c catches them): ESR_ELx decoded (Arm ARM
 * D17.2, ESR_EL1 and ESR_EL2: the exception class, the fault status
 * codes of aborts, SError's error type), whether FAR_ELx holds the
 * address, and lib/hw/fault.h's record filled from the registers.
 * Pure: no firmware, no libc. */
#ifndef BAREMEM_ESR_H
#define BAREMEM_ESR_H

#include <stddef.h>
#include <stdint.h>

#include "hw/fault.h"

/* ESR_ELx fields. */
#define ESR_EC(esr) ((unsigned)((esr) >> 26) & 0x3f)
#define ESR_ISS(esr) ((esr) & 0x1ffffffull)
#define ESR_FSC(esr) ((unsigned)(esr) & 0x3f)	/* aborts' DFSC, IFSC */
#define ESR_WNR (1ull << 6)	/* data abort: a write */
#define ESR_CM (1ull << 8)	/* data abort: cache maintenance */
#define ESR_EA (1ull << 9)	/* external abort type */
#define ESR_FNV (1ull << 10)	/* aborts: FAR not valid */

/* The exception classes the decoding names (ESR_ELx.EC). */
#define EC_UNKNOWN 0x00
#define EC_IABT_LOWER 0x20
#define EC_IABT_SAME 0x21
#define EC_PC_ALIGN 0x22
#define EC_DABT_LOWER 0x24
#define EC_DABT_SAME 0x25
#define EC_SP_ALIGN 0x26
#define EC_SERROR 0x2f
#define EC_WATCH_LOWER 0x34
#define EC_WATCH_SAME 0x35
#define EC_BRK 0x3c

/* The class in words: "data abort, same EL", "SError",
 * "BRK instruction", ...; "unallocated exception class" for the codes
 * the architecture leaves unused, "exception class out of range" past
 * 0x3f. */
const char *esr_class_name(unsigned ec);

/* An abort's fault status code in words ("translation fault, level 3",
 * "synchronous external abort", ...), or "reserved fault status". */
const char *esr_fault_status(unsigned fsc);

/* Whether FAR_ELx holds the faulting address: instruction and data
 * aborts (unless FnV says otherwise: a synchronous external abort may
 * not know it), PC alignment and watchpoints. For any other class FAR
 * is UNKNOWN (SError, SP alignment, an undefined instruction). */
int esr_far_valid(uint64_t esr);

/* Whether the exception reports a hardware error rather than a fault of
 * the code: an SError, or an abort whose status is an external abort or
 * a parity/ECC error (on the access or on a table walk). Such an
 * exception ends the whole run, as a machine check does on x86. */
int esr_hardware_error(uint64_t esr);

/* The syndrome in words where the class has a decoding: an abort's
 * status and access ("translation fault, level 3, write"), SError's
 * error type ("uncontainable"); "" for the others. Returns the length
 * the text would have had, as fmt does. */
size_t esr_detail(char *buf, size_t cap, uint64_t esr);

/* The record from the registers the vector read: ESR_ELx, FAR_ELx,
 * ELR_ELx, SPSR_ELx and the stack pointer at the exception; el is the
 * level the app runs at (1 or 2), for the console's register names. */
void fault_arm_record(struct fault_record *f, int cpu, int el, uint64_t esr,
		      uint64_t far, uint64_t elr, uint64_t spsr, uint64_t sp);

#endif
