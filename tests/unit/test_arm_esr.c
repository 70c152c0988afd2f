/* AArch64 exceptions caught in a measurement window (lib/arch/aarch64/
 * esr.c): ESR_ELx's exception classes named, the abort status codes in
 * words with their translation level and access, whether FAR_ELx holds
 * the address (aborts unless FnV, PC alignment, watchpoints; never an
 * SError or an undefined instruction), which exceptions are hardware
 * errors that end the run, and the messages of lib/hw/fault.h's record
 * the user reads. The ESR values are what the architecture gives for
 * each case (Arm ARM D17.2.37). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "arch/aarch64/esr.h"
#include "util/msgs.h"

static char buf[512];

/* EC in bits 31:26, IL (a 32-bit instruction) in bit 25. */
#define ESR(ec, iss) (((uint64_t)(ec) << 26) | (1ull << 25) | (iss))

static void classes_named(void **state)
{
	(void)state;
	assert_int_equal(ESR_EC(0x96000045ull), 0x25);
	assert_string_equal(esr_class_name(0x25), "data abort, same EL");
	assert_string_equal(esr_class_name(0x24), "data abort, lower EL");
	assert_string_equal(esr_class_name(0x21),
			    "instruction abort, same EL");
	assert_string_equal(esr_class_name(0x2f), "SError");
	assert_string_equal(esr_class_name(0x00),
			    "unknown reason (an undefined instruction)");
	assert_string_equal(esr_class_name(0x3c), "BRK instruction");
	assert_string_equal(esr_class_name(0x22), "PC alignment fault");
	assert_string_equal(esr_class_name(0x26), "SP alignment fault");
	assert_string_equal(esr_class_name(0x07),
			    "trapped SVE, SIMD or floating-point access");
	assert_string_equal(esr_class_name(0x02), "unallocated exception class");
	assert_string_equal(esr_class_name(0x3f), "unallocated exception class");
	assert_string_equal(esr_class_name(64), "exception class out of range");
}

static void abort_status_in_words(void **state)
{
	(void)state;
	assert_string_equal(esr_fault_status(0x04), "translation fault, level 0");
	assert_string_equal(esr_fault_status(0x07), "translation fault, level 3");
	assert_string_equal(esr_fault_status(0x01), "address size fault, level 1");
	assert_string_equal(esr_fault_status(0x0b), "access flag fault, level 3");
	assert_string_equal(esr_fault_status(0x0f), "permission fault, level 3");
	assert_string_equal(esr_fault_status(0x10), "synchronous external abort");
	assert_string_equal(esr_fault_status(0x18), "parity or ECC error");
	assert_string_equal(esr_fault_status(0x21), "alignment fault");
	assert_string_equal(esr_fault_status(0x3f), "reserved fault status");

	esr_detail(buf, sizeof buf, ESR(0x25, 0x05));
	assert_string_equal(buf, "translation fault, level 1, read");
	esr_detail(buf, sizeof buf, ESR(0x25, 0x40 | 0x0f));
	assert_string_equal(buf, "permission fault, level 3, write");
	esr_detail(buf, sizeof buf, ESR(0x25, 0x100 | 0x40 | 0x06));
	assert_string_equal(buf, "translation fault, level 2, cache maintenance");
	esr_detail(buf, sizeof buf, ESR(0x21, 0x06));
	assert_string_equal(buf, "translation fault, level 2, instruction fetch");
	/* SError: AET in bits 12:10 under DFSC 0x11; IDS; uncategorized. */
	esr_detail(buf, sizeof buf, ESR(0x2f, 0x11));
	assert_string_equal(buf, "uncontainable");
	esr_detail(buf, sizeof buf, ESR(0x2f, (2u << 10) | 0x11));
	assert_string_equal(buf, "restartable");
	esr_detail(buf, sizeof buf, ESR(0x2f, (6u << 10) | 0x11));
	assert_string_equal(buf, "corrected");
	esr_detail(buf, sizeof buf, ESR(0x2f, 1u << 24));
	assert_string_equal(buf, "implementation-defined syndrome");
	esr_detail(buf, sizeof buf, ESR(0x2f, 0));
	assert_string_equal(buf, "uncategorized");
	/* No decoding: empty. */
	assert_int_equal(esr_detail(buf, sizeof buf, ESR(0x3c, 0)), 0);
	assert_string_equal(buf, "");
}

/* FAR_ELx is the address only where the architecture says so. */
static void far_validity(void **state)
{
	(void)state;
	assert_true(esr_far_valid(ESR(0x25, 0x07)));	/* translation */
	assert_true(esr_far_valid(ESR(0x24, 0x0f)));
	assert_true(esr_far_valid(ESR(0x21, 0x06)));	/* instruction */
	assert_true(esr_far_valid(ESR(0x20, 0x06)));
	assert_true(esr_far_valid(ESR(0x22, 0)));	/* PC alignment */
	assert_true(esr_far_valid(ESR(0x35, 0)));	/* watchpoint */
	/* An external abort that cannot say where: FnV. */
	assert_true(esr_far_valid(ESR(0x25, 0x200 | 0x10)));
	assert_false(esr_far_valid(ESR(0x25, 0x400 | 0x200 | 0x10)));
	assert_false(esr_far_valid(ESR(0x21, 0x400 | 0x200 | 0x10)));
	assert_false(esr_far_valid(ESR(0x2f, 0x11)));	/* SError */
	assert_false(esr_far_valid(ESR(0x00, 0)));	/* undefined */
	assert_false(esr_far_valid(ESR(0x26, 0)));	/* SP alignment */
	assert_false(esr_far_valid(ESR(0x3c, 0)));	/* BRK */
	/* FnV is an abort's bit alone: bit 10 of another class's ISS
	 * says nothing of FAR. */
	assert_true(esr_far_valid(ESR(0x22, 0x400)));
}

/* SError and external aborts (the access's or a table walk's) and
 * parity/ECC errors are the hardware's; a translation fault, an
 * alignment fault or a BRK are the code's. */
static void hardware_errors_end_the_run(void **state)
{
	(void)state;
	assert_true(esr_hardware_error(ESR(0x2f, 0)));
	assert_true(esr_hardware_error(ESR(0x25, 0x200 | 0x10)));
	assert_true(esr_hardware_error(ESR(0x25, 0x15)));
	assert_true(esr_hardware_error(ESR(0x24, 0x18)));
	assert_true(esr_hardware_error(ESR(0x21, 0x1c)));
	assert_false(esr_hardware_error(ESR(0x25, 0x07)));
	assert_false(esr_hardware_error(ESR(0x25, 0x21)));
	assert_false(esr_hardware_error(ESR(0x00, 0)));
	assert_false(esr_hardware_error(ESR(0x3c, 0x10)));
}

/* The messages efi/aarch64/fault_arm.c prints and keeps. */
static void data_abort_message(void **state)
{
	struct fault_record f;
	size_t n;

	(void)state;
	fault_arm_record(&f, 0, 1, 0x96000006ull, 0xffffffff000ull,
			 0xbf5a1234ull, 0x3c5, 0xbfe8ab40ull);
	assert_false(f.ends_run);
	n = fault_message(buf, sizeof buf, &f,
			  "latency: 64K on cpu 0 (3 of 12, ~2 s left)");
	assert_string_equal(buf, "cpu 0 faulted: data abort, same EL (EC "
			    "0x25, ESR 0x96000006: translation fault, "
			    "level 2, read) at ELR 0xbf5a1234, FAR "
			    "0xffffffff000, during latency: 64K on cpu 0");
	assert_int_equal(n, strlen(buf));
	fault_registers(buf, sizeof buf, &f);
	assert_string_equal(buf, "cpu 0 at the fault: ELR_EL1 0xbf5a1234 "
			    "ESR_EL1 0x96000006 FAR_EL1 0xffffffff000 "
			    "SPSR_EL1 0x3c5 SP 0xbfe8ab40");
}

/* No FAR where it is not valid; EL2's register names; an SError ends
 * the run. */
static void serror_and_el2(void **state)
{
	struct fault_record f;

	(void)state;
	fault_arm_record(&f, 3, 2, 0xbe000011ull, 0x1234, 0x4000, 0x3c9,
			 0x8000);
	assert_true(f.ends_run);
	assert_false(f.address_valid);
	fault_message(buf, sizeof buf, &f, "");
	assert_string_equal(buf, "cpu 3 faulted: SError (EC 0x2f, ESR "
			    "0xbe000011: uncontainable) at ELR 0x4000");
	fault_registers(buf, sizeof buf, &f);
	assert_string_equal(buf, "cpu 3 at the fault: ELR_EL2 0x4000 ESR_EL2 "
			    "0xbe000011 FAR_EL2 0x1234 SPSR_EL2 0x3c9 SP "
			    "0x8000");
	fault_arm_record(&f, 1, 1, ESR(0x00, 0), 0x99, 0x10, 0, 0);
	fault_message(buf, sizeof buf, &f, 0);
	assert_string_equal(buf, "cpu 1 faulted: unknown reason (an undefined "
			    "instruction) (EC 0x0, ESR 0x2000000) at ELR 0x10");
}

/* The longest message still fits one results message (msgs.h) with
 * room for a step of ~40 characters: the longest class and status, the
 * cache-maintenance access, ISS2 (ESR bits 36:32) set, addresses of 52
 * bits (the most an AArch64 virtual address has below the top byte). */
static void worst_case_fits_a_results_message(void **state)
{
	struct fault_record f;
	const uint64_t va = (1ull << 52) - 1;

	(void)state;
	fault_arm_record(&f, 1023, 2, ESR(0x25, 0x100 | 0x13) | 0x1full << 32,
			 va, va, ~0ull, va);
	assert_true(fault_message(buf, sizeof buf, &f, 0) + 40 < MSG_BYTES);
	assert_true(fault_registers(buf, sizeof buf, &f) < MSG_BYTES);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(classes_named),
		cmocka_unit_test(abort_status_in_words),
		cmocka_unit_test(far_validity),
		cmocka_unit_test(hardware_errors_end_the_run),
		cmocka_unit_test(data_abort_message),
		cmocka_unit_test(serror_and_el2),
		cmocka_unit_test(worst_case_fits_a_results_message),
	};
	return cmocka_run_group_tests(tests, 0, 0);
}
