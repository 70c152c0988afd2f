/* What a caught exception does to the run, on both architectures
 * (efi/x86_64/fault.c and efi/aarch64/fault_arm.c catch it and keep
 * lib/hw/fault.h's record): the boot cpu's way out of the suite, the
 * report of a cpu's fault, and the stop a hardware error asks for. */
#include "baremem_efi.h"
#include "hw/fault.h"
#include "util/msgs.h"
#include "util/out.h"

int fault_hand_over(const struct fault_record *rec, int *faulted,
		    struct fault_record *out)
{
	if (!*faulted)
		return 0;
	*out = *rec;
	*faulted = 0;
	return 1;
}

/* The boot cpu's way out of the suite after a fault of its own. */
static int abort_armed;

int fault_run_guarded(void (*fn)(struct run_results *), struct run_results *res)
{
	if (fault_ctx_save(&fault_abort_context)) {
		abort_armed = 0;
		return -1;
	}
	abort_armed = 1;
	fn(res);
	abort_armed = 0;
	return 0;
}

void fault_abort_run(void)
{
	if (abort_armed)
		fault_ctx_resume(&fault_abort_context);
}

/* Set when a reported fault ends the run (the record's ends_run: a
 * hardware error on a cpu other than the boot cpu, which came back like
 * any fault). */
static int stop_pending;

int fault_stop_pending(void)
{
	return stop_pending;
}

int fault_report(struct run_results *res, int cpu)
{
	struct fault_record f;
	char m[MSG_BYTES], regs[MSG_BYTES];
	const char *hw;

	if (!fault_take(cpu, &f))
		return 0;
	/* The step first: printing clears the progress line. */
	fault_message(m, sizeof m, &f, console_progress_text());
	fault_registers(regs, sizeof regs, &f);
	out("\nbaremem: %s\nbaremem: %s\n", m, regs);
	msgs_add(&res->errors, "%s", m);
	results_add_fault(res, &f);
	hw = fault_report_arch(res, &f);
	if (f.ends_run) {
		stop_pending = 1;
		out("baremem: a %s ends the run: cpu %d does nothing more\n", hw,
		    f.cpu);
	}
	res->failed = 1;
	return 1;
}
