/* ESR_ELx decoding and the AArch64 fault record (esr.h). */
#include "arch/aarch64/esr.h"

#include "util/fmt.h"

/* Arm ARM D17.2.37 (ESR_EL1.EC) and D17.2.38 (ESR_EL2.EC); the AArch32
 * classes are named though the app never runs AArch32 code. */
static const char *const classes[64] = {
	[0x00] = "unknown reason (an undefined instruction)",
	[0x01] = "trapped WFI or WFE",
	[0x03] = "trapped AArch32 MCR or MRC (cp15)",
	[0x04] = "trapped AArch32 MCRR or MRRC (cp15)",
	[0x05] = "trapped AArch32 MCR or MRC (cp14)",
	[0x06] = "trapped AArch32 LDC or STC",
	[0x07] = "trapped SVE, SIMD or floating-point access",
	[0x0a] = "trapped LD64B or ST64B",
	[0x0c] = "trapped AArch32 MRRC (cp14)",
	[0x0d] = "branch target exception",
	[0x0e] = "illegal execution state",
	[0x11] = "AArch32 SVC",
	[0x12] = "AArch32 HVC",
	[0x13] = "AArch32 SMC",
	[0x15] = "SVC instruction",
	[0x16] = "HVC instruction",
	[0x17] = "SMC instruction",
	[0x18] = "trapped MSR, MRS or system instruction",
	[0x19] = "trapped SVE access",
	[0x1a] = "trapped ERET",
	[0x1c] = "pointer authentication failure",
	[0x1d] = "trapped SME access",
	[0x20] = "instruction abort, lower EL",
	[0x21] = "instruction abort, same EL",
	[0x22] = "PC alignment fault",
	[0x24] = "data abort, lower EL",
	[0x25] = "data abort, same EL",
	[0x26] = "SP alignment fault",
	[0x27] = "memory operation exception",
	[0x28] = "AArch32 floating-point exception",
	[0x2c] = "floating-point exception",
	[0x2f] = "SError",
	[0x30] = "breakpoint, lower EL",
	[0x31] = "breakpoint, same EL",
	[0x32] = "software step, lower EL",
	[0x33] = "software step, same EL",
	[0x34] = "watchpoint, lower EL",
	[0x35] = "watchpoint, same EL",
	[0x38] = "AArch32 BKPT",
	[0x3c] = "BRK instruction",
};

const char *esr_class_name(unsigned ec)
{
	if (ec >= 64)
		return "exception class out of range";
	return classes[ec] ? classes[ec] : "unallocated exception class";
}

/* DFSC/IFSC (D17.2.37, ISS encoding for a data abort): the four-level
 * groups carry the translation level in their low two bits. */
const char *esr_fault_status(unsigned fsc)
{
	static const char *const levelled[4][4] = {
		{ "address size fault, level 0", "address size fault, level 1",
		  "address size fault, level 2", "address size fault, level 3" },
		{ "translation fault, level 0", "translation fault, level 1",
		  "translation fault, level 2", "translation fault, level 3" },
		{ "access flag fault, level 0", "access flag fault, level 1",
		  "access flag fault, level 2", "access flag fault, level 3" },
		{ "permission fault, level 0", "permission fault, level 1",
		  "permission fault, level 2", "permission fault, level 3" },
	};

	if (fsc < 0x10)
		return levelled[fsc >> 2][fsc & 3];
	switch (fsc) {
	case 0x10:
		return "synchronous external abort";
	case 0x11:
		return "tag check fault";
	case 0x13: case 0x14: case 0x15: case 0x16: case 0x17:
		return "external abort, table walk";
	case 0x18:
		return "parity or ECC error";
	case 0x1b: case 0x1c: case 0x1d: case 0x1e: case 0x1f:
		return "parity or ECC error, table walk";
	case 0x21:
		return "alignment fault";
	case 0x23:
		return "granule protection fault, table walk";
	case 0x28:
		return "granule protection fault";
	case 0x29:
		return "address size fault, level -1";
	case 0x2b:
		return "translation fault, level -1";
	case 0x30:
		return "TLB conflict abort";
	case 0x31:
		return "unsupported atomic hardware update";
	case 0x34:
		return "lockdown (implementation defined)";
	case 0x35:
		return "unsupported exclusive or atomic access";
	default:
		return "reserved fault status";
	}
}

static int is_abort(unsigned ec)
{
	return ec == EC_IABT_LOWER || ec == EC_IABT_SAME ||
	       ec == EC_DABT_LOWER || ec == EC_DABT_SAME;
}

int esr_far_valid(uint64_t esr)
{
	unsigned ec = ESR_EC(esr);

	if (is_abort(ec))
		return !(esr & ESR_FNV);
	return ec == EC_PC_ALIGN || ec == EC_WATCH_LOWER ||
	       ec == EC_WATCH_SAME;
}

int esr_hardware_error(uint64_t esr)
{
	unsigned fsc = ESR_FSC(esr);

	if (ESR_EC(esr) == EC_SERROR)
		return 1;
	if (!is_abort(ESR_EC(esr)))
		return 0;
	return fsc == 0x10 || (fsc >= 0x13 && fsc <= 0x18) ||
	       (fsc >= 0x1b && fsc <= 0x1f);
}

/* SError's ISS (D17.2.37, ISS encoding for an SError interrupt): IDS
 * (bit 24) set means an implementation-defined syndrome; else DFSC 0x11
 * (an asynchronous SError) carries AET in bits 12:10. */
static const char *serror_type(uint64_t esr)
{
	static const char *const aet[8] = {
		"uncontainable", "unrecoverable", "restartable",
		"recoverable", "reserved error type", "reserved error type",
		"corrected", "reserved error type",
	};

	if (esr & (1ull << 24))
		return "implementation-defined syndrome";
	if (ESR_FSC(esr) == 0)
		return "uncategorized";
	if (ESR_FSC(esr) != 0x11)
		return "reserved fault status";
	return aet[(esr >> 10) & 7];
}

size_t esr_detail(char *buf, size_t cap, uint64_t esr)
{
	unsigned ec = ESR_EC(esr);

	if (ec == EC_SERROR)
		return fmt(buf, cap, "%s", serror_type(esr));
	if (ec == EC_IABT_LOWER || ec == EC_IABT_SAME)
		return fmt(buf, cap, "%s, instruction fetch",
			   esr_fault_status(ESR_FSC(esr)));
	if (ec == EC_DABT_LOWER || ec == EC_DABT_SAME)
		return fmt(buf, cap, "%s, %s", esr_fault_status(ESR_FSC(esr)),
			   esr & ESR_CM ? "cache maintenance"
			   : esr & ESR_WNR ? "write" : "read");
	if (cap)
		buf[0] = 0;
	return 0;
}

static const struct fault_arch arm_names = {
	.code_name = "EC", .code_hex = 1, .syndrome_name = "ESR",
	.pc_name = "ELR", .address_name = "FAR",
};

void fault_arm_record(struct fault_record *f, int cpu, int el, uint64_t esr,
		      uint64_t far, uint64_t elr, uint64_t spsr, uint64_t sp)
{
	*f = (struct fault_record){
		.arch = &arm_names,
		.cpu = cpu,
		.code = (int)ESR_EC(esr),
		.class_name = esr_class_name(ESR_EC(esr)),
		.pc = elr,
		.syndrome = esr,
		.has_syndrome = 1,
		.address = far,
		.address_valid = esr_far_valid(esr),
		.ends_run = esr_hardware_error(esr),
	};
	esr_detail(f->detail, sizeof f->detail, esr);
	fault_reg_add(f, el == 2 ? "ELR_EL2" : "ELR_EL1", elr);
	fault_reg_add(f, el == 2 ? "ESR_EL2" : "ESR_EL1", esr);
	fault_reg_add(f, el == 2 ? "FAR_EL2" : "FAR_EL1", far);
	fault_reg_add(f, el == 2 ? "SPSR_EL2" : "SPSR_EL1", spsr);
	fault_reg_add(f, "SP", sp);
}
