/* baremem-linux: the same suite under Linux, for what the OS and its page
 * tables cost on this machine. Same keys as the UEFI app, as key=value
 * arguments, plus out=FILE; writes the same JSON with platform "linux". */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysinfo.h>
#include <time.h>
#include <unistd.h>

#include "arch/arch.h"
#include "linux_platform.h"
#include "util/out.h"
#include "results/console_json.h"
#include "results/results_json.h"
#include "run.h"
#include "results/runnum.h"
#include "suite/suite.h"
#include "suite/summary.h"


static void usage_error(const struct msgs *errs)
{
	for (int i = 0; i < errs->count; i++)
		fprintf(stderr, "baremem-linux: %s\n", errs->text[i]);
	fprintf(stderr, "usage: baremem-linux [key=value ...] [out=FILE]\n"
		"keys:");
	for (int k = 0; k < BM_KEY_COUNT; k++)
		fprintf(stderr, "%s %s", k ? "," : "",
			config_key_name((enum bm_key)k));
	fprintf(stderr, " (see README: Configuration)\n");
}

static void read_line(const char *path, char *out, size_t cap)
{
	FILE *f = fopen(path, "r");
	size_t n;

	out[0] = 0;
	if (!f)
		return;
	if (fgets(out, (int)cap, f)) {
		n = strlen(out);
		while (n && (out[n - 1] == '\n' || out[n - 1] == ' '))
			out[--n] = 0;
	}
	fclose(f);
}

/* results/linux-run-NNNN.json after the highest present. */
static int default_out(char *path, size_t cap)
{
	DIR *d;
	struct dirent *e;
	int highest = 0, next;

	if (mkdir("results", 0777) != 0 && errno != EEXIST)
		return -1;
	if ((d = opendir("results"))) {
		while ((e = readdir(d)))
			if (!strncmp(e->d_name, "linux-", 6))
				runnum_see(&highest, e->d_name + 6);
		closedir(d);
	}
	if ((next = runnum_next(highest)) < 0)
		return -1;
	snprintf(path, cap, "results/linux-run-%04d.json", next);
	return next;
}

static void machine_read(struct run_results *res)
{
	struct sysinfo si;
	time_t now = time(0);
	struct tm tm;

	read_line("/sys/class/dmi/id/bios_vendor", res->firmware_vendor,
		  sizeof res->firmware_vendor);
	read_line("/sys/class/dmi/id/bios_version", res->firmware_version,
		  sizeof res->firmware_version);
	if (sysinfo(&si) == 0)
		res->memory_total_bytes = (uint64_t)si.totalram * si.mem_unit;
	if (gmtime_r(&now, &tm))
		strftime(res->started, sizeof res->started,
			 "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/* The first word of a sysfs file into buf; 0, or -1 when absent. */
static int sysfs_word(const char *path, char *buf, size_t cap)
{
	FILE *f = fopen(path, "r");
	int ok;

	if (!f)
		return -1;
	ok = fscanf(f, "%31s", buf) == 1;
	fclose(f);
	buf[cap - 1] = 0;
	return ok ? 0 : -1;
}

/* Boost and CPPC as the OS set them: cpufreq's boost switch (acpi-cpufreq,
 * amd-pstate) or intel_pstate's no_turbo; amd_pstate's mode (any but
 * "disable" runs on CPPC). The rest is unknown here: no MSR access. */
static void freq_state_linux(struct freq_state *fs)
{
	char w[32];

	freq_state_unknown(fs);
	if (sysfs_word("/sys/devices/system/cpu/cpufreq/boost", w, sizeof w) == 0)
		fs->boost = w[0] == '1' ? "on" : "off";
	else if (sysfs_word("/sys/devices/system/cpu/intel_pstate/no_turbo", w,
			    sizeof w) == 0)
		fs->boost = w[0] == '1' ? "off" : "on";
	if (sysfs_word("/sys/devices/system/cpu/amd_pstate/status", w,
		       sizeof w) == 0)
		fs->hwp = strcmp(w, "disable") ? "on" : "off";
	if (strcmp(fs->boost, "unknown") || strcmp(fs->hwp, "unknown"))
		fs->source = "linux";
}

/* The console text beside the JSON: FILE.json's FILE.txt (FILE.txt
 * appended to another name), never over an existing file. */
static void write_log(const char *json_path)
{
	char path[300];
	size_t n = strlen(json_path), len;
	const char *text = linux_console_log(&len);
	FILE *f;

	if (n > 5 && !strcmp(json_path + n - 5, ".json"))
		n -= 5;
	snprintf(path, sizeof path, "%.*s.txt", (int)n, json_path);
	if (!(f = fopen(path, "wx"))) {
		fprintf(stderr, "baremem-linux: console text not saved: %s: "
			"%s\n", path, strerror(errno));
		return;
	}
	if (fwrite(text, 1, len, f) != len || fclose(f) != 0)
		fprintf(stderr, "baremem-linux: writing %s failed\n", path);
}

int main(int argc, char **argv)
{
	struct run_results *res = run_new("linux");
	const char **words = calloc((size_t)argc + 1, sizeof *words);
	const char *out_path = 0;
	char path[256], note[320], *json;
	size_t json_bytes;
	int n = 0, run = 0;
	enum run_status status;
	struct summary sum;
	uint64_t t0;
	size_t len;
	FILE *f;

	if (!res || !words)
		return 1;
	for (int i = 1; i < argc; i++) {
		if (!strncmp(argv[i], "out=", 4))
			out_path = argv[i] + 4;
		else
			words[n++] = argv[i];
	}
	config_defaults(&res->config);
	config_parse_args(&res->config, n, words, &res->errors,
			  &res->warnings);
	if (res->errors.count || (out_path && !out_path[0])) {
		if (out_path && !out_path[0])
			msgs_add(&res->errors, "out= needs a file name");
		usage_error(&res->errors);
		return 2;
	}
	/* Checked before the run, not after minutes of it; the "wx" open
	 * below still refuses a file that appears meanwhile. */
	if (out_path && access(out_path, F_OK) == 0) {
		fprintf(stderr, "baremem-linux: %s already exists: not "
			"overwritten (remove it or give another out=)\n",
			out_path);
		return 2;
	}
	if (res->config.set_mask & ((1u << BM_KEY_AFTER) | (1u << BM_KEY_VAR) |
				    (1u << BM_KEY_UPLOAD)))
		msgs_add(&res->warnings, "after=, var= and upload= apply to "
			 "the UEFI app only: ignored");
	if (res->config.timer != BM_TIMER_AUTO)
		msgs_add(&res->warnings, "timer=: under Linux %s",
			 linux_arch_timer_note());

	if (linux_cpus_init() != 0) {
		fprintf(stderr, "baremem-linux: out of memory\n");
		return 1;
	}
	t0 = ticks_read();
	cpuinfo_read(&res->cpu);
	machine_read(res);
	freq_state_linux(&res->freq);
	linux_arch_machine(res);
	res->page_bytes = res->config.page_bytes;
	run_preflight(res);

	out("baremem-linux %s: the same kernels under Linux\n",
	    BAREMEM_VERSION);
	run_print_config(&res->config);
	run_print_machine(res);
	linux_arch_print(res);
	run_print_warnings(res);
	suite_run(res);
	for (int i = 0; linux_page_notes(note, sizeof note, i); i++)
		msgs_add(&res->warnings, "%s", note);
	/* paging.page_bytes: the largest page that really mapped a latency
	 * buffer, not the one asked (a fallback is a warning, and is shown). */
	if (res->lat.count) {
		res->page_bytes = 0;
		for (int i = 0; i < res->lat.count; i++)
			if (res->lat.p[i].page_bytes > res->page_bytes)
				res->page_bytes = res->lat.p[i].page_bytes;
	}
	res->duration_s = (double)(ticks_read() - t0) / (double)res->tsc_hz;

	if (!out_path) {
		if ((run = default_out(path, sizeof path)) < 0) {
			fprintf(stderr, "baremem-linux: cannot number a file in "
				"results/ (full, or not writable)\n");
			return 1;
		}
		out_path = path;
	}
	res->run_number = run;
	snprintf(res->file, sizeof res->file, "%s", out_path);
	status = results_status(res);
	out("\n");
	run_print_msgs(res);
	summary_of_run(res, &sum);
	json = results_json_new(res, &sum, status, &len, &json_bytes);
	if (!json || !(f = fopen(out_path, "wx"))) {
		fprintf(stderr, "baremem-linux: cannot write %s: %s\n",
			out_path, json ? strerror(errno)
			: json_bytes ? "results too large" : "out of memory");
		if (json && console_json_wanted(res->config.console_json, 0))
			console_json_print(json, len, "");
		return 1;
	}
	if (fwrite(json, 1, len, f) != len || fclose(f) != 0) {
		fprintf(stderr, "baremem-linux: writing %s failed\n", out_path);
		if (console_json_wanted(res->config.console_json, 0))
			console_json_print(json, len, "");
		return 1;
	}
	linux_write_html(res, status, out_path);
	run_print_done(status, run, out_path);
	if (console_json_wanted(res->config.console_json, 1))
		console_json_print(json, len, out_path);
	write_log(out_path);
	return status == RUN_ERROR ? 1 : 0;
}
