/* Exceptions caught in a measurement window: names, which vectors push
 * an error code, #PF access words, and the messages the user reads. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "hw/fault.h"
#include "util/msgs.h"

static char buf[512];

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
	struct fault_record f = { .vector = 14, .cpu = 0, .error_code = 0,
				  .rip = 0x3e5a1234, .cr2 = 0xdead000000ull,
				  .rsp = 0x3fe8ab40 };
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
	struct fault_record gp = { .vector = 13, .cpu = 3, .error_code = 0x18,
				   .rip = 0x1000, .cr2 = 0x5000 };
	struct fault_record ud = { .vector = 6, .cpu = 1, .rip = 0xabc };

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
	struct fault_record f = { .vector = 14, .cpu = 1023,
				  .error_code = 0x11,
				  .rip = 0xffffffffffffffffull,
				  .cr2 = 0xffffffffffffffffull };
	size_t n;

	(void)state;
	n = fault_message(buf, sizeof buf, &f, 0);
	assert_true(n + 40 < MSG_BYTES);
}

static void registers_line(void **state)
{
	struct fault_record f = { .vector = 6, .cpu = 2, .rip = 0x10,
				  .cs = 0x38, .rflags = 0x2, .rsp = 0x7000,
				  .cr2 = 0x0, .error_code = 0 };

	(void)state;
	fault_registers(buf, sizeof buf, &f);
	assert_string_equal(buf, "cpu 2 at the fault: RIP 0x10 CS 0x38 "
			    "RFLAGS 0x2 RSP 0x7000 CR2 0x0 error 0x0");
}

/* A small buffer is truncated and terminated, the full length still
 * returned. */
static void truncates_safely(void **state)
{
	struct fault_record f = { .vector = 14, .cr2 = 0x1234 };
	char small[16];
	size_t n;

	(void)state;
	n = fault_message(small, sizeof small, &f, "somewhere");
	assert_int_equal(strlen(small), sizeof small - 1);
	assert_true(n > sizeof small);
	n = fault_message(small, 0, &f, "somewhere");
	assert_true(n > 0);
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
	};
	return cmocka_run_group_tests(tests, 0, 0);
}
