/* How a UEFI run ends, on both architectures: where the results go
 * (run_report), the warning of an end that differs from `after`, what
 * `after` then does, and the firmware watchdog turned off. */
#include "baremem_efi.h"
#include "net/netboot.h"
#include "util/fmt.h"
#include "util/out.h"
#include "platform.h"
#include "run.h"
#include "run_end.h"
#include "results/console_json.h"
#include "results/results_json.h"
#include "suite/summary.h"

#define WHY_BYTES 200

/* The results JSON framed on the console when console_json asks for it
 * (auto: when it was kept nowhere else), for a serial log to carry. */
static void console_json_maybe(struct run_results *res,
			       enum run_status status, int kept)
{
	struct summary sum;
	size_t len, tried;
	char *json;

	if (!console_json_wanted(res->config.console_json, kept))
		return;
	summary_of_run(res, &sum);
	json = test_hook_json(results_json_new(res, &sum, status, &len,
					       &tried), &len);
	if (json)
		console_json_print(json, len, res->file);
	else
		out("warning: results JSON not printed on the console: %s\n",
		    tried ? "it does not fit in memory" : "out of memory");
	plat_free(json);
}

/* The stick's JSON again, once the upload failed: it was written before
 * the upload (so that nothing waits on the network), and now says what
 * the console, the text and the variable say: the status and the upload's
 * error. Replaced whole or not at all (store_replace). */
static void restamp_json(EFI_FILE_HANDLE dir, struct run_results *res,
			 enum run_status status, int run)
{
	char why[WHY_BYTES], name[32], *json;
	struct summary sum;
	size_t len, tried;

	fmt(name, sizeof name, "run-%04d.json", run);
	summary_of_run(res, &sum);
	json = results_json_new(res, &sum, status, &len, &tried);
	if (!json)
		fmt(why, sizeof why, "out of memory");
	if (!json || store_replace(dir, name, json, len, why, sizeof why))
		out("warning: %s on the stick does not list the upload's "
		    "failure: %s\n", name, why);
	plat_free(json);
}

/* The end of the console text, as report() prints it below. */
struct text_end {
	const struct run_results *res;
	enum run_status status;
	int run;
};

static void print_end(void *ctx)
{
	const struct text_end *e = ctx;
	char where[256];
	const char *file = e->res->file;

	/* Here, with the lines kept off the screen: naming the JSON may
	 * print (the test image's padding hook). */
	if (!file[0]) {
		upload_json_where(e->res, e->status, where, sizeof where);
		file = where;
	}
	out("\n");
	run_print_msgs(e->res);
	run_print_done(e->status, e->run, file);
}

/* The console text to upload: sent before the JSON (which goes last, to
 * record whether the text was kept), so it ends with the messages and the
 * done line the run has if the JSON is kept; only the JSON's own refusal,
 * after it, can make the console's end differ (docs/netboot.md). */
static char *text_to_send(const struct run_results *res,
			  enum run_status status, int run, size_t *len)
{
	struct text_end e = { res, status, run };

	return console_log_with(print_end, &e, len);
}

/* Where the results go, in docs/design.md §4's order: the file (JSON, the HTML
 * report), the upload (HTML, text, then the JSON, which records what
 * became of the other two; then the stick's JSON and HTML again when the
 * upload failed), the done line, the stick's console text, then the variable.
 * A failure at one place is said on the console and does not stop the
 * next. */
enum run_status run_report(struct run_results *res, EFI_FILE_HANDLE root)
{
	enum run_status status = results_status(res);
	EFI_FILE_HANDLE dir = 0;
	char why[WHY_BYTES], name[32], *json = 0, *summary, *sent;
	struct summary sum;
	size_t len, json_bytes = 0;
	int run = 0, filed = 0, html_filed = 0, uploaded, errors;

	why[0] = 0;
	if (root && !(dir = store_open(root, why, sizeof why)))
		msgs_add(&res->warnings, "no results file: %s", why);
	if (dir && (run = store_next_run(dir)) < 0) {
		msgs_add(&res->warnings, "no results file: the results folder "
			 "already holds run-9999; move old runs off the stick");
		run = 0;
	}
	if (run > 0) {
		res->run_number = run;
		fmt(res->file, sizeof res->file,
		    "\\baremem\\results\\run-%04d.json", run);
		summary_of_run(res, &sum);
		json = results_json_new(res, &sum, status, &len, &json_bytes);
		fmt(name, sizeof name, "run-%04d.json", run);
		if (!json && !json_bytes)
			msgs_add(&res->warnings, "no results file: out of "
				 "memory for the results text");
		else if (!json)
			msgs_add(&res->warnings, "no results file: the results "
				 "do not fit in %llu bytes",
				 (unsigned long long)json_bytes);
		else if (store_write(dir, name, json, len, why, sizeof why))
			msgs_add(&res->warnings, "no results file: %s", why);
		else
			filed = 1;
		if (filed)
			html_filed = store_html(dir, res, status, run) == 0;
		plat_free(json);
	}
	if (!filed) {
		res->file[0] = 0;
		res->run_number = 0;
	}
	errors = res->errors.count + res->errors.dropped;
	uploaded = 0;
	if (upload_begin(res, &status)) {
		upload_html(res, &status);
		sent = text_to_send(res, status, filed ? run : 0, &len);
		upload_text(res, &status, sent, len);
		plat_free(sent);
		uploaded = upload_json(res, &status);
	}
	if (filed && res->errors.count + res->errors.dropped != errors) {
		restamp_json(dir, res, status, run);
		if (html_filed)
			restamp_html(dir, res, status, run);
	}
	if (!filed && !uploaded && status == RUN_OK)
		status = RUN_PARTIAL;

	out("\n");
	run_print_msgs(res);
	run_print_done(status, filed ? run : 0, res->file[0] ? res->file : 0);
	if (filed) {
		const char *text = console_log(&len);
		fmt(name, sizeof name, "run-%04d.txt", run);
		if (store_write(dir, name, text, len, why, sizeof why))
			out("warning: console text not saved: %s\n", why);
	}
	console_json_maybe(res, status, filed || uploaded);
	summary = res->config.var
			  ? plat_alloc(RESULTS_SUMMARY_MAX_BYTES + 1) : 0;
	if (summary) {
		summary_of_run(res, &sum);
		len = results_summary_json(res, &sum, status, summary,
					   RESULTS_SUMMARY_MAX_BYTES + 1);
		if (len == 0)
			out("warning: EFI variable not written: the summary is "
			    "over 2 KiB\n");
		else if (var_write(summary, len, why, sizeof why))
			out("warning: EFI variable not written: %s\n", why);
		else
			out("baremem: summary saved in EFI variable "
			    "BarememResult\n");
	}
	if (dir)
		dir->Close(dir);
	plat_free(summary);
	return status;
}

static int after_bad(const struct run_results *res)
{
	return !!(res->config.bad_mask & (1u << BM_KEY_AFTER));
}

void run_end_warn(struct run_results *res, int loose_cpu, int tables_kept)
{
	char note[MSG_BYTES];

	if (run_end_note(note, sizeof note, res->config.after, after_bad(res),
			 loose_cpu, tables_kept))
		msgs_add(&res->warnings, "%s", note);
}

void run_finish(struct run_results *res, int loose_cpu, void (*release)(void))
{
	struct run_end e = run_end_plan(res->config.after, after_bad(res),
					loose_cpu);

	if (e.may_free)
		release();
	if (e.wait_key)
		screen_wait_key(res);
	switch (e.then) {
	case RUN_END_SHUTDOWN:
		if (loose_cpu >= 0 && res->config.after != BM_AFTER_SHUTDOWN)
			out("baremem: cpu %d may still run baremem's code: "
			    "powering off instead of returning\n", loose_cpu);
		out("baremem: powering off\n");
		RT->ResetSystem(EfiResetShutdown, EFI_SUCCESS, 0, 0);
		break;
	case RUN_END_REBOOT:
		out("baremem: rebooting\n");
		RT->ResetSystem(EfiResetCold, EFI_SUCCESS, 0, 0);
		break;
	case RUN_END_RETURN:
		break;
	}
}

/* The boot manager arms a 5-minute watchdog before it starts us (UEFI
 * spec 3.1.2), which would reset a long run. Turned off before anything
 * is measured, and after the config is read, so the test image can arm
 * a short one first (test_hook=watchdog-5s) and prove this call works;
 * reading the config takes milliseconds of those 5 minutes. */
void watchdog_off(struct run_results *res)
{
	EFI_STATUS st = BS->SetWatchdogTimer(0, 0, 0, 0);

	/* EFI_UNSUPPORTED: the platform has no watchdog to turn off. */
	if (st != EFI_SUCCESS && st != EFI_UNSUPPORTED)
		msgs_add(&res->warnings, "the firmware watchdog could not be "
			 "turned off (status 0x%llx): a run over 5 minutes may "
			 "be reset", (unsigned long long)st);
}

