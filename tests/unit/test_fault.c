/* x86 exceptions caught in a measurement window (lib/arch/x86_64/
 * fault_x86.c, in lib/hw/fault.h's record): names, which vectors push
 * an error code, #PF access words, and the messages the user reads; a
 * machine check and an NMI end the run, with the MCA banks read (gated
 * on CPUID, at most 32) and named, MCIP cleared or said not to be. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "arch/x86_64/fault_x86.h"
#include "util/msgs.h"

static char buf[512];

/* The record efi/x86_64/fault.c makes from a CPU frame and CR2. */
static struct fault_record rec(int cpu, int vector, uint64_t error_code,
			       uint64_t rip, uint64_t cs, uint64_t rflags,
			       uint64_t rsp, uint64_t cr2)
{
	struct fault_record f;

	fault_x86_record(&f, cpu, vector, error_code, rip, cs, rflags, rsp,
			 cr2);
	return f;
}

static void names_follow_the_sdm_table(void **state)
{
	(void)state;
	assert_string_equal(fault_name(0), "#DE divide error");
	assert_string_equal(fault_name(6), "#UD invalid opcode");
	assert_string_equal(fault_name(8), "#DF double fault");
	assert_string_equal(fault_name(13), "#GP general protection");
	assert_string_equal(fault_name(14), "#PF page fault");
	assert_string_equal(fault_name(18), "#MC machine check");
	assert_string_equal(fault_name(15), "reserved vector");
	assert_string_equal(fault_name(31), "reserved vector");
	assert_string_equal(fault_name(32), "vector out of range");
	assert_string_equal(fault_name(-1), "vector out of range");
}

/* SDM vol 3A, table 6-1: the error-code column, all 32 vectors. */
static void error_code_vectors(void **state)
{
	static const int with[] = { 8, 10, 11, 12, 13, 14, 17, 21, 29, 30 };
	int count = 0;

	(void)state;
	for (int v = 0; v < FAULT_VECTORS; v++)
		count += fault_has_error_code(v);
	assert_int_equal(count, (int)(sizeof with / sizeof with[0]));
	for (size_t i = 0; i < sizeof with / sizeof with[0]; i++)
		assert_true(fault_has_error_code(with[i]));
	assert_false(fault_has_error_code(6));
	assert_false(fault_has_error_code(18));
}

static void pf_error_code_in_words(void **state)
{
	(void)state;
	assert_string_equal(fault_pf_access(0x0), "read of a not-present page");
	assert_string_equal(fault_pf_access(0x2), "write to a not-present page");
	assert_string_equal(fault_pf_access(0x3), "write to a read-only page");
	assert_string_equal(fault_pf_access(0x11),
			    "instruction fetch from a no-execute page");
	assert_string_equal(fault_pf_access(0x9),
			    "reserved bit set in a page-table entry");
	assert_string_equal(fault_pf_access(0x1), "read of a protected page");
}

/* A #PF names the access and CR2; the progress estimate is cut off the
 * step. */
static void page_fault_message(void **state)
{
	struct fault_record f = rec(0, 14, 0, 0x3e5a1234, 0, 0, 0x3fe8ab40,
				    0xdead000000ull);
	size_t n;

	(void)state;
	n = fault_message(buf, sizeof buf, &f,
			  "latency: 16K on cpu 0 (3 of 12, ~2 s left)");
	assert_string_equal(buf, "cpu 0 faulted: #PF page fault (vector 14, "
			    "error 0x0: read of a not-present page) at RIP "
			    "0x3e5a1234, CR2 0xdead000000, during latency: "
			    "16K on cpu 0");
	assert_int_equal(n, strlen(buf));
}

/* A #GP shows its error code and no CR2 (an older fault's address); an
 * #UD has no error code; no step: no "during". */
static void other_vectors(void **state)
{
	struct fault_record gp = rec(3, 13, 0x18, 0x1000, 0, 0, 0, 0x5000);
	struct fault_record ud = rec(1, 6, 0, 0xabc, 0, 0, 0, 0);

	(void)state;
	fault_message(buf, sizeof buf, &gp, "bandwidth (1 of 4)");
	assert_string_equal(buf, "cpu 3 faulted: #GP general protection "
			    "(vector 13, error 0x18) at RIP 0x1000, during "
			    "bandwidth");
	fault_message(buf, sizeof buf, &ud, "");
	assert_string_equal(buf, "cpu 1 faulted: #UD invalid opcode (vector "
			    "6) at RIP 0xabc");
	fault_message(buf, sizeof buf, &ud, 0);
	assert_string_equal(buf, "cpu 1 faulted: #UD invalid opcode (vector "
			    "6) at RIP 0xabc");
	/* A parenthesis that is not a progress estimate stays. */
	fault_message(buf, sizeof buf, &ud, "copy (avx2)");
	assert_string_equal(buf, "cpu 1 faulted: #UD invalid opcode (vector "
			    "6) at RIP 0xabc, during copy (avx2)");
}

/* The longest message with 16-digit addresses still fits one results
 * message (msgs.h) with room for a step of ~40 characters. */
static void worst_case_fits_a_results_message(void **state)
{
	struct fault_record f = rec(1023, 14, 0x11, 0xffffffffffffffffull,
				    0, 0, 0, 0xffffffffffffffffull);
	size_t n;

	(void)state;
	n = fault_message(buf, sizeof buf, &f, 0);
	assert_true(n + 40 < MSG_BYTES);
}

static void registers_line(void **state)
{
	struct fault_record f = rec(2, 6, 0, 0x10, 0x38, 0x2, 0x7000, 0);

	(void)state;
	fault_registers(buf, sizeof buf, &f);
	assert_string_equal(buf, "cpu 2 at the fault: RIP 0x10 CS 0x38 "
			    "RFLAGS 0x2 RSP 0x7000 CR2 0x0 error 0x0");
}

/* A small buffer is truncated and terminated, the full length still
 * returned. */
static void truncates_safely(void **state)
{
	struct fault_record f = rec(0, 14, 0, 0, 0, 0, 0, 0x1234);
	char small[16];
	size_t n;

	(void)state;
	n = fault_message(small, sizeof small, &f, "somewhere");
	assert_int_equal(strlen(small), sizeof small - 1);
	assert_true(n > sizeof small);
	n = fault_message(small, 0, &f, "somewhere");
	assert_true(n > 0);
}

/* A #MC or an NMI on any cpu stops the run; a #PF on an AP only drops
 * that AP (the boot cpu's faults end the run in main.c whatever they
 * are). */
static void machine_check_and_nmi_end_the_run(void **state)
{
	(void)state;
	assert_true(fault_ends_run(FAULT_MC));
	assert_true(fault_ends_run(FAULT_NMI));
	for (int v = 0; v < FAULT_VECTORS; v++)
		if (v != FAULT_MC && v != FAULT_NMI)
			assert_false(fault_ends_run(v));
}

/* SDM vol 2A CPUID.1:EDX: MCE bit 7, MCA bit 14; both or no rdmsr. */
static void mca_needs_both_cpuid_bits(void **state)
{
	(void)state;
	assert_true(mca_present((1u << 7) | (1u << 14)));
	assert_false(mca_present(1u << 7));
	assert_false(mca_present(1u << 14));
	assert_false(mca_present(0));
	/* MCG_CAP count in bits 7:0, never past the 32 legacy banks. */
	assert_int_equal(mca_bank_count(0x100000a), 10);
	assert_int_equal(mca_bank_count(0xff), MCA_BANKS_MAX);
	assert_int_equal(mca_bank_count(0), 0);
}

static void mca_keeps_only_banks_with_an_error(void **state)
{
	struct mca_record r = { .state = MCA_READ };
	(void)state;
	mca_keep_bank(&r, 0, 0, 0x111, 0x222);	/* VAL clear */
	mca_keep_bank(&r, 1, MCI_VAL | MCI_UC | MCI_EN | MCI_ADDRV, 0x1234000,
		      0x86);
	assert_int_equal(r.with_error, 1);
	assert_int_equal(r.kept, 1);
	assert_int_equal(r.bank[0].bank, 1);
	assert_true(r.bank[0].addr == 0x1234000);
	assert_true(r.bank[0].misc == 0);	/* MISCV clear: not kept */
	for (int b = 2; b < 2 + MCA_KEPT + 3; b++)
		mca_keep_bank(&r, b, MCI_VAL, 0, 0);
	assert_int_equal(r.kept, MCA_KEPT);
	assert_int_equal(r.with_error, 1 + MCA_KEPT + 3);
}

static void machine_check_lines(void **state)
{
	struct fault_record f = rec(2, FAULT_MC, 0, 0xabc, 0, 0, 0, 0);
	struct mca_record mca = {
		.state = MCA_READ, .mcg_cap = 0x10a,
		.mcg_status = MCG_RIPV | MCG_MCIP, .banks = 10,
		.mcip_cleared = 1,
	};
	(void)state;
	assert_true(f.ends_run);
	mca_keep_bank(&mca, 1, 0xb200000000000000ull | MCI_ADDRV | MCI_MISCV,
		      0x1234000, 0x86);
	fault_message(buf, sizeof buf, &f, "bandwidth: 1G on 4 cpus (3 of 9)");
	assert_string_equal(buf, "cpu 2 faulted: #MC machine check (vector "
			    "18) at RIP 0xabc, during bandwidth: 1G on 4 cpus");
	fault_mca_summary(buf, sizeof buf, f.cpu, &mca);
	assert_string_equal(buf, "cpu 2 machine check: MCG_STATUS 0x5 (RIPV "
			    "MCIP; MCIP cleared), 1 of 10 banks holds an error");
	assert_true(strlen(buf) < MSG_BYTES);
	fault_mca_bank(buf, sizeof buf, f.cpu, &mca.bank[0]);
	assert_string_equal(buf, "cpu 2 machine check bank 1: STATUS "
			    "0xbe00000000000000 (VAL UC EN MISCV ADDRV PCC) "
			    "ADDR 0x1234000 MISC 0x86");
	assert_true(strlen(buf) < MSG_BYTES);

	/* Not cleared: said, since the next #MC is a shutdown. */
	mca.mcip_cleared = 0;
	fault_mca_summary(buf, sizeof buf, f.cpu, &mca);
	assert_non_null(strstr(buf, "MCIP could not be cleared"));
	mca.state = MCA_ABSENT;
	fault_mca_summary(buf, sizeof buf, f.cpu, &mca);
	assert_string_equal(buf, "cpu 2 machine check: no MCA banks to read "
			    "(CPUID.1:EDX has no MCE/MCA)");
	mca.state = MCA_UNREADABLE;
	fault_mca_summary(buf, sizeof buf, f.cpu, &mca);
	assert_non_null(strstr(buf, "unreadable (#GP)"));
}

static void nmi_lines(void **state)
{
	struct fault_record f = rec(1, FAULT_NMI, 0, 0, 0, 0, 0, 0);

	(void)state;
	assert_true(f.ends_run);
	fault_message(buf, sizeof buf, &f, "");
	assert_string_equal(buf, "cpu 1 faulted: NMI (vector 2) at RIP 0x0");
	fault_nmi_reason(buf, sizeof buf, f.cpu, 0x80);
	assert_string_equal(buf, "cpu 1 NMI: port 61h 0x80 (PCI SERR#)");
	fault_nmi_reason(buf, sizeof buf, f.cpu, 0x20);
	assert_non_null(strstr(buf, "no chipset cause shown"));
	assert_int_equal(fault_nmi_reason(buf, sizeof buf, f.cpu, -1), 0);
	assert_string_equal(buf, "");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(names_follow_the_sdm_table),
		cmocka_unit_test(error_code_vectors),
		cmocka_unit_test(pf_error_code_in_words),
		cmocka_unit_test(page_fault_message),
		cmocka_unit_test(other_vectors),
		cmocka_unit_test(worst_case_fits_a_results_message),
		cmocka_unit_test(registers_line),
		cmocka_unit_test(truncates_safely),
		cmocka_unit_test(machine_check_and_nmi_end_the_run),
		cmocka_unit_test(mca_needs_both_cpuid_bits),
		cmocka_unit_test(mca_keeps_only_banks_with_an_error),
		cmocka_unit_test(machine_check_lines),
		cmocka_unit_test(nmi_lines),
	};
	return cmocka_run_group_tests(tests, 0, 0);
}
