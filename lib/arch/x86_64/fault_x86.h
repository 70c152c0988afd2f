/* x86 exceptions caught inside a measurement window (efi/x86_64/fault.c
 * catches them): the vectors' names, #PF's error code in words, the
 * record lib/hw/fault.h describes filled from the CPU's frame, and the
 * machine-check banks and NMI reason a #MC or an NMI adds. Pure: no
 * firmware, no libc. */
#ifndef BAREMEM_FAULT_X86_H
#define BAREMEM_FAULT_X86_H

#include <stddef.h>
#include <stdint.h>

#include "hw/fault.h"

#define FAULT_VECTORS 32	/* the architecture's exceptions, 0..31 */
#define FAULT_NMI 2
#define FAULT_GP 13
#define FAULT_PF 14
#define FAULT_MC 18

/* Machine-check banks (SDM vol 3B, 16.3): IA32_MCi_STATUS/ADDR/MISC at
 * 0x401/0x402/0x403 + 4i. The legacy MSR range holds 32 banks (0x480 is
 * IA32_VMX_BASIC), so no more are read whatever MCG_CAP counts. */
#define MCA_BANKS_MAX 32
#define MCA_KEPT 8		/* banks holding an error kept in a record */

/* IA32_MCi_STATUS bits (SDM vol 3B, 16.3.2.2). */
#define MCI_VAL (1ull << 63)
#define MCI_OVER (1ull << 62)
#define MCI_UC (1ull << 61)
#define MCI_EN (1ull << 60)
#define MCI_MISCV (1ull << 59)
#define MCI_ADDRV (1ull << 58)
#define MCI_PCC (1ull << 57)
#define MCI_S (1ull << 56)
#define MCI_AR (1ull << 55)
/* IA32_MCG_STATUS bits (16.3.1.2). */
#define MCG_RIPV 1ull
#define MCG_EIPV 2ull
#define MCG_MCIP 4ull

enum mca_state {
	MCA_NOT_READ,		/* not a #MC */
	MCA_ABSENT,		/* CPUID.1:EDX has no MCE and MCA */
	MCA_UNREADABLE,		/* MCG_CAP or MCG_STATUS raised #GP */
	MCA_READ,
};

struct mca_bank {
	int bank;
	uint64_t status;
	uint64_t addr, misc;	/* where STATUS.ADDRV, MISCV say so */
};

/* What the #MC handler read on the cpu that took it. */
struct mca_record {
	enum mca_state state;
	uint64_t mcg_cap, mcg_status;	/* MCG_STATUS as the #MC left it */
	int banks;		/* read: MCG_CAP's count, at most 32 */
	int with_error;		/* banks whose STATUS.VAL is set */
	int unreadable;		/* banks whose STATUS raised #GP */
	int mcip_cleared;	/* MCG_STATUS written 0 (a second #MC would
				 * otherwise shut the machine down) */
	int kept;
	struct mca_bank bank[MCA_KEPT];
};

/* The record of an exception from what the CPU pushed (vector, error
 * code, RIP, CS, RFLAGS, RSP) and CR2 (the faulting address, valid for
 * #PF alone: for any other vector it holds an older fault's address):
 * the class named, #PF's access in words, ends_run as fault_ends_run
 * says, the console's registers RIP CS RFLAGS RSP CR2 error. */
void fault_x86_record(struct fault_record *f, int cpu, int vector,
		      uint64_t error_code, uint64_t rip, uint64_t cs,
		      uint64_t rflags, uint64_t rsp, uint64_t cr2);

/* "#PF page fault", "#GP general protection", ...; "reserved vector"
 * for the ones the SDM reserves, "vector out of range" past 31. */
const char *fault_name(int vector);

/* Whether the CPU pushes an error code for the vector (SDM vol 3A,
 * table 6-1): #DF, #TS, #NP, #SS, #GP, #PF, #AC, #CP, #VC, #SX. */
int fault_has_error_code(int vector);

/* A #PF error code in words ("read of a not-present page", "write to a
 * read-only page", "instruction fetch from a no-execute page", ...). */
const char *fault_pf_access(uint64_t error_code);

/* Whether the exception ends the whole run, not only the cpu's part in
 * it: a machine check (the hardware reports an error it may not have
 * corrected) and an NMI (a platform error or a watchdog: the firmware
 * would not send one to a measurement otherwise). Any exception on the
 * boot cpu ends the run as well; this is about the other cpus. */
int fault_ends_run(int vector);

/* Whether the MCA MSRs exist: CPUID.1:EDX MCE (bit 7) and MCA (bit 14);
 * every machine-check rdmsr is gated on it. */
int mca_present(uint32_t cpuid1_edx);

/* The banks to read for MCG_CAP's count (bits 7:0), at most 32. */
int mca_bank_count(uint64_t mcg_cap);

/* Keeps a bank's registers in r when its STATUS holds an error (VAL),
 * ADDR and MISC only where STATUS says they are valid. */
void mca_keep_bank(struct mca_record *r, int bank, uint64_t status,
		   uint64_t addr, uint64_t misc);

/* The machine-check line: "cpu 0 machine check: MCG_STATUS 0x5 (RIPV
 * MCIP, cleared), 1 of 10 banks holds an error", or why the banks were
 * not read. */
size_t fault_mca_summary(char *buf, size_t cap, int cpu,
			 const struct mca_record *r);

/* One kept bank: "cpu 0 machine check bank 1: STATUS 0x... (VAL UC EN
 * ADDRV PCC) ADDR 0x... MISC 0x...". */
size_t fault_mca_bank(char *buf, size_t cap, int cpu,
		      const struct mca_bank *b);

/* The NMI line: "cpu 1 NMI: port 61h 0x80 (PCI SERR#)"; 0 (nothing
 * written) where the port was not read (reason -1). */
size_t fault_nmi_reason(char *buf, size_t cap, int cpu, int reason);

#endif
