/* Names and records of the exceptions efi/x86_64/fault.c catches. */
#include "arch/x86_64/fault_x86.h"

#include "util/fmt.h"
#include "util/str.h"

/* SDM vol 3A, table 6-1; AMD APM vol 2, 8.2 for #VC (29) and #SX (30);
 * 15, 22-27 and 31 are reserved. */
static const char *const names[FAULT_VECTORS] = {
	[0] = "#DE divide error",
	[1] = "#DB debug",
	[2] = "NMI",
	[3] = "#BP breakpoint",
	[4] = "#OF overflow",
	[5] = "#BR bound range exceeded",
	[6] = "#UD invalid opcode",
	[7] = "#NM device not available",
	[8] = "#DF double fault",
	[9] = "coprocessor segment overrun",
	[10] = "#TS invalid TSS",
	[11] = "#NP segment not present",
	[12] = "#SS stack-segment fault",
	[13] = "#GP general protection",
	[14] = "#PF page fault",
	[16] = "#MF x87 floating-point error",
	[17] = "#AC alignment check",
	[18] = "#MC machine check",
	[19] = "#XM SIMD floating-point exception",
	[20] = "#VE virtualization exception",
	[21] = "#CP control protection",
	[28] = "#HV hypervisor injection",
	[29] = "#VC VMM communication",
	[30] = "#SX security exception",
};

const char *fault_name(int vector)
{
	if (vector < 0 || vector >= FAULT_VECTORS)
		return "vector out of range";
	return names[vector] ? names[vector] : "reserved vector";
}

int fault_has_error_code(int vector)
{
	switch (vector) {
	case 8: case 10: case 11: case 12: case 13: case 14: case 17:
	case 21: case 29: case 30:
		return 1;
	default:
		return 0;
	}
}

/* #PF error code bits (SDM vol 3A, 4.7): P (0), W/R (1), U/S (2),
 * RSVD (3), I/D (4), PK (5), SS (6). */
const char *fault_pf_access(uint64_t e)
{
	if (e & (1u << 3))
		return "reserved bit set in a page-table entry";
	if (e & (1u << 5))
		return "protection-key violation";
	if (e & (1u << 6))
		return "shadow-stack access";
	if (e & (1u << 4))
		return e & 1 ? "instruction fetch from a no-execute page"
			     : "instruction fetch from a not-present page";
	if (e & (1u << 1))
		return e & 1 ? "write to a read-only page"
			     : "write to a not-present page";
	return e & 1 ? "read of a protected page"
		     : "read of a not-present page";
}

static const struct fault_arch x86_names = {
	.code_name = "vector", .code_hex = 0, .syndrome_name = "error",
	.pc_name = "RIP", .address_name = "CR2",
};

void fault_x86_record(struct fault_record *f, int cpu, int vector,
		      uint64_t error_code, uint64_t rip, uint64_t cs,
		      uint64_t rflags, uint64_t rsp, uint64_t cr2)
{
	*f = (struct fault_record){
		.arch = &x86_names,
		.cpu = cpu,
		.code = vector,
		.class_name = fault_name(vector),
		.pc = rip,
		.syndrome = error_code,
		.has_syndrome = fault_has_error_code(vector),
		.address = cr2,
		.address_valid = vector == FAULT_PF,
		.ends_run = fault_ends_run(vector),
	};
	if (vector == FAULT_PF)
		str_copy(f->detail, sizeof f->detail,
			 fault_pf_access(error_code));
	fault_reg_add(f, "RIP", rip);
	fault_reg_add(f, "CS", cs);
	fault_reg_add(f, "RFLAGS", rflags);
	fault_reg_add(f, "RSP", rsp);
	fault_reg_add(f, "CR2", cr2);
	fault_reg_add(f, "error", error_code);
}

int fault_ends_run(int vector)
{
	return vector == FAULT_MC || vector == FAULT_NMI;
}

int mca_present(uint32_t cpuid1_edx)
{
	return (cpuid1_edx >> 7 & 1) && (cpuid1_edx >> 14 & 1);
}

int mca_bank_count(uint64_t mcg_cap)
{
	int n = (int)(mcg_cap & 0xff);

	return n > MCA_BANKS_MAX ? MCA_BANKS_MAX : n;
}

void mca_keep_bank(struct mca_record *r, int bank, uint64_t status,
		   uint64_t addr, uint64_t misc)
{
	if (!(status & MCI_VAL))
		return;
	r->with_error++;
	if (r->kept >= MCA_KEPT)
		return;
	r->bank[r->kept++] = (struct mca_bank){
		.bank = bank,
		.status = status,
		.addr = status & MCI_ADDRV ? addr : 0,
		.misc = status & MCI_MISCV ? misc : 0,
	};
}

/* Names of set bits, high first, blank-separated. */
static size_t bit_names(char *buf, size_t cap, uint64_t v,
			const uint64_t *bits, const char *const *bit_name, int n)
{
	size_t len = 0;

	for (int i = 0; i < n; i++)
		if (v & bits[i])
			len += fmt(buf + len, cap > len ? cap - len : 0, "%s%s",
				   len ? " " : "", bit_name[i]);
	return len;
}

size_t fault_mca_summary(char *buf, size_t cap, int cpu,
			 const struct mca_record *r)
{
	static const uint64_t bits[] = { MCG_RIPV, MCG_EIPV, MCG_MCIP };
	static const char *const mcg_names[] = { "RIPV", "EIPV", "MCIP" };
	char set[32];
	size_t n;

	if (r->state == MCA_ABSENT)
		return fmt(buf, cap, "cpu %d machine check: no MCA banks to "
			   "read (CPUID.1:EDX has no MCE/MCA)", cpu);
	if (r->state != MCA_READ)
		return fmt(buf, cap, "cpu %d machine check: MCG_CAP/MCG_STATUS "
			   "unreadable (#GP): the banks were not read", cpu);
	set[0] = 0;
	bit_names(set, sizeof set, r->mcg_status, bits, mcg_names, 3);
	n = fmt(buf, cap, "cpu %d machine check: MCG_STATUS 0x%llx (%s%s%s), "
		"%d of %d banks hold%s an error", cpu,
		(unsigned long long)r->mcg_status, set[0] ? set : "none",
		r->mcip_cleared ? "; " : "",
		r->mcip_cleared ? "MCIP cleared" : "", r->with_error,
		r->banks, r->with_error == 1 ? "s" : "");
	if (r->unreadable)
		n += fmt(buf + n, cap > n ? cap - n : 0, " (%d unreadable)",
			 r->unreadable);
	if (!r->mcip_cleared && (r->mcg_status & MCG_MCIP))
		n += fmt(buf + n, cap > n ? cap - n : 0, "; MCIP could not be "
			 "cleared: another machine check shuts the machine "
			 "down");
	return n;
}

size_t fault_mca_bank(char *buf, size_t cap, int cpu, const struct mca_bank *b)
{
	static const uint64_t bits[] = { MCI_VAL, MCI_OVER, MCI_UC, MCI_EN,
					 MCI_MISCV, MCI_ADDRV, MCI_PCC, MCI_S,
					 MCI_AR };
	static const char *const mci_names[] = { "VAL", "OVER", "UC", "EN",
					     "MISCV", "ADDRV", "PCC", "S",
					     "AR" };
	char set[48];
	size_t n;

	set[0] = 0;
	bit_names(set, sizeof set, b->status, bits, mci_names, 9);
	n = fmt(buf, cap, "cpu %d machine check bank %d: STATUS 0x%llx (%s)",
		cpu, b->bank, (unsigned long long)b->status, set);
	if (b->status & MCI_ADDRV)
		n += fmt(buf + n, cap > n ? cap - n : 0, " ADDR 0x%llx",
			 (unsigned long long)b->addr);
	if (b->status & MCI_MISCV)
		n += fmt(buf + n, cap > n ? cap - n : 0, " MISC 0x%llx",
			 (unsigned long long)b->misc);
	return n;
}

/* Port 61h, read: bit 7 PCI SERR# (or memory parity), bit 6 I/O channel
 * check: the two NMI sources a PC-compatible chipset reports there. */
size_t fault_nmi_reason(char *buf, size_t cap, int cpu, int r)
{
	if (r < 0) {
		if (cap)
			buf[0] = 0;
		return 0;
	}
	return fmt(buf, cap, "cpu %d NMI: port 61h 0x%02x (%s)", cpu,
		   (unsigned)r, (r & 0xc0) == 0xc0 ? "PCI SERR#, I/O channel check"
		   : r & 0x80 ? "PCI SERR#" : r & 0x40 ? "I/O channel check"
		   : "no chipset cause shown: a watchdog or the BMC");
}
