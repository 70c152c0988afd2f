/* How a run ends once a cpu may still be running baremem's code (an AP
 * lost without the firmware stopping it): nothing is freed, and no way
 * out returns to the firmware (after=exit and after=wait power off
 * instead, with a note); without such a cpu, `after` as configured. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "run_end.h"
#include "util/msgs.h"

static char buf[512];

static void without_a_lost_cpu_after_is_obeyed(void **state)
{
	struct run_end e;
	(void)state;
	e = run_end_plan(BM_AFTER_EXIT, 0, -1);
	assert_int_equal(e.then, RUN_END_RETURN);
	assert_false(e.wait_key);
	assert_true(e.may_free);
	e = run_end_plan(BM_AFTER_WAIT, 0, -1);
	assert_int_equal(e.then, RUN_END_RETURN);
	assert_true(e.wait_key);
	assert_int_equal(run_end_plan(BM_AFTER_SHUTDOWN, 0, -1).then,
			 RUN_END_SHUTDOWN);
	assert_int_equal(run_end_plan(BM_AFTER_REBOOT, 0, -1).then,
			 RUN_END_REBOOT);
	/* A bad `after` waits, so the user reads why (docs/design.md §3). */
	e = run_end_plan(BM_AFTER_SHUTDOWN, 1, -1);
	assert_true(e.wait_key);
	assert_int_equal(e.then, RUN_END_RETURN);
	assert_int_equal(run_end_note(buf, sizeof buf, BM_AFTER_EXIT, 0, -1, 3),
			 0);
	assert_string_equal(buf, "");
}

static void a_lost_cpu_never_returns_to_the_firmware(void **state)
{
	struct run_end e;
	(void)state;
	e = run_end_plan(BM_AFTER_EXIT, 0, 1);
	assert_int_equal(e.then, RUN_END_SHUTDOWN);
	assert_false(e.wait_key);
	assert_false(e.may_free);
	e = run_end_plan(BM_AFTER_WAIT, 0, 1);
	assert_true(e.wait_key);
	assert_int_equal(e.then, RUN_END_SHUTDOWN);
	e = run_end_plan(BM_AFTER_EXIT, 1, 2);	/* bad after: wait, then off */
	assert_true(e.wait_key);
	assert_int_equal(e.then, RUN_END_SHUTDOWN);
	/* Shutdown and reboot leave nothing running: as asked. */
	assert_int_equal(run_end_plan(BM_AFTER_REBOOT, 0, 1).then,
			 RUN_END_REBOOT);
	assert_false(run_end_plan(BM_AFTER_REBOOT, 0, 1).may_free);
	assert_int_equal(run_end_plan(BM_AFTER_SHUTDOWN, 0, 1).then,
			 RUN_END_SHUTDOWN);
}

static void the_note_says_what_changed(void **state)
{
	(void)state;
	run_end_note(buf, sizeof buf, BM_AFTER_EXIT, 0, 1, 2);
	assert_string_equal(buf, "cpu 1 may still run baremem's code: nothing "
			    "it may touch was freed (2 old page-table sets "
			    "kept), and after=exit powers off instead of "
			    "returning, which would unload that code");
	assert_true(strlen(buf) < MSG_BYTES);
	run_end_note(buf, sizeof buf, BM_AFTER_WAIT, 0, 3, 0);
	assert_string_equal(buf, "cpu 3 may still run baremem's code: nothing "
			    "it may touch was freed, and the run, once a key "
			    "is pressed, powers off instead of returning, "
			    "which would unload that code");
	/* Nothing changed: no note. */
	assert_int_equal(run_end_note(buf, sizeof buf, BM_AFTER_SHUTDOWN, 0, 1,
				      2), 0);
	assert_int_equal(run_end_note(buf, sizeof buf, BM_AFTER_REBOOT, 0, 1,
				      2), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(without_a_lost_cpu_after_is_obeyed),
		cmocka_unit_test(a_lost_cpu_never_returns_to_the_firmware),
		cmocka_unit_test(the_note_says_what_changed),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
