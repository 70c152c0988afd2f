/* The summary object of the results file, and the EFI variable's summary
 * (baremem-summary/1, docs/design.md §4): compact JSON that must fit the
 * variable's 2 KiB whatever the run's error and file path hold, since a
 * summary over the bound is no variable at all. */
#include "results/results_json.h"

#include "results/summary.h"
#include "util/fmt.h"
#include "util/json.h"
#include "util/str.h"

#define CUT_MARK "..."
#define CUT_MARK_BYTES 3
/* Bytes taken off the error or the path per try: each is at most 6
 * bytes once escaped (\u0001), so a try frees up to 48 bytes and the
 * longest search is (160 + 255) / 8 + 2 tries of a 2 KiB write. */
#define CUT_STEP_BYTES 8
#define FILE_BYTES 256		/* struct run_results' file[] */

static void isa_or_null(struct json_writer *w, const char *key,
			const char *isa)
{
	if (isa)
		json_string(w, key, isa);
	else
		json_null(w, key);
}

/* A DRAM copy or write figure (summary.h's sum_store), or null. */
static void store_figure(struct json_writer *w, const char *key,
			 const struct sum_store *f)
{
	if (f->gb < 0) {
		json_null(w, key);
		return;
	}
	json_object_begin(w, key);
	json_double(w, "gb_per_s", f->gb, 1);
	json_string(w, "isa", f->isa);
	json_string(w, "stores", f->nontemporal ? "non-temporal" : "cached");
	json_u64(w, "cpus", (uint64_t)f->cpus);
	json_object_end(w);
}

static void store_figures(struct json_writer *w, const char *key,
			  const struct sum_store f[SUM_CPU_COUNTS])
{
	json_object_begin(w, key);
	store_figure(w, "one_cpu", &f[SUM_ONE_CPU]);
	store_figure(w, "all_cpus", &f[SUM_ALL_CPUS]);
	json_object_end(w);
}

void results_json_summary(struct json_writer *w, int cpu,
			  const struct summary *s)
{
	static const char *const lvl[SUM_LEVELS] = { "l1", "l2", "l3", "dram" };
	char key[32];

	json_object_begin(w, "summary");
	json_u64(w, "cpu", (uint64_t)cpu);
	for (int l = 0; l < SUM_LEVELS; l++) {
		fmt(key, sizeof key, "%s_ns", lvl[l]);
		json_measured(w, key, s->lat_ns[l], 2);
	}
	for (int l = 0; l < SUM_LEVELS; l++) {
		fmt(key, sizeof key, "%s_cycles", lvl[l]);
		json_measured(w, key, s->lat_core_cycles[l], 1);
	}
	for (int l = 0; l < SUM_LEVELS; l++) {
		fmt(key, sizeof key, "%s_tsc_cycles", lvl[l]);
		json_measured(w, key, s->lat_tsc_cycles[l], 1);
	}
	json_object_begin(w, "read_gb_per_s");
	for (int l = 0; l < SUM_LEVELS; l++)
		json_measured(w, lvl[l], s->read_gb[l], 1);
	json_measured(w, "dram_all_cpus", s->read_gb_dram_all, 1);
	json_object_end(w);
	/* whose each read figure is: the faster ISA where several ran */
	json_object_begin(w, "read_isa");
	for (int l = 0; l < SUM_LEVELS; l++)
		isa_or_null(w, lvl[l], s->read_isa[l]);
	isa_or_null(w, "dram_all_cpus", s->read_isa_dram_all);
	json_object_end(w);
	if (s->dram_all_cpus)
		json_u64(w, "all_cpus", (uint64_t)s->dram_all_cpus);
	/* the fastest DRAM copy and write, whose and with which stores */
	store_figures(w, "dram_copy", s->dram_copy);
	store_figures(w, "dram_write", s->dram_write);
	/* the DIMMs' ceiling and the all-cpus DRAM read's share of it */
	json_measured(w, "ceiling_gb_per_s", s->ceiling_gb, 1);
	json_measured(w, "dram_all_cpus_of_ceiling", s->dram_all_of_ceiling,
		      2);
	/* tests=scan: how many ranges were measured, how many flagged */
	if (s->scan_ranges >= 0) {
		json_u64(w, "scan_ranges", (uint64_t)s->scan_ranges);
		json_u64(w, "scan_flagged", (uint64_t)s->scan_flagged);
	}
	/* the curve's check: each cache level's size measured beside
	 * CPUID's (null: not judged or never left), where DRAM came from */
	json_object_begin(w, "measured_size_bytes");
	for (int l = 0; l < SUM_DRAM; l++)
		if (s->measured_bytes[l])
			json_u64(w, lvl[l], s->measured_bytes[l]);
		else
			json_null(w, lvl[l]);
	json_object_end(w);
	if (s->dram_size_bytes)
		json_u64(w, "dram_size_bytes", s->dram_size_bytes);
	else
		json_null(w, "dram_size_bytes");
	json_u64(w, "dram_floor_bytes", s->dram_floor_bytes);
	/* latency figures from a point flagged noisy or disturbed */
	json_array_begin(w, "flagged");
	for (int l = 0; l < SUM_LEVELS; l++)
		if (s->lat_flagged[l] && s->lat_ns[l] >= 0)
			json_string(w, 0, lvl[l]);
	json_array_end(w);
	json_object_end(w);
}

int results_summary_cpu(const struct run_results *res)
{
	return res->selected_count ? res->selected[0] : 0;
}

/* s's first keep of its n bytes, ending on a UTF-8 sequence's start, then
 * the mark when anything was cut. out has keep + CUT_MARK_BYTES + 1. */
static const char *head_cut(const char *s, size_t n, size_t keep, char *out)
{
	if (keep >= n)
		return s;
	while (keep > 0 && ((unsigned char)s[keep] & 0xc0) == 0x80)
		keep--;
	mem_copy(out, s, keep);
	mem_copy(out + keep, CUT_MARK, CUT_MARK_BYTES + 1);
	return out;
}

/* The mark, then s's last keep of its n bytes from a UTF-8 sequence's
 * start: a path's end names the file. */
static const char *tail_cut(const char *s, size_t n, size_t keep, char *out)
{
	size_t from;

	if (keep >= n)
		return s;
	from = n - keep;
	while (from < n && ((unsigned char)s[from] & 0xc0) == 0x80)
		from++;
	mem_copy(out, CUT_MARK, CUT_MARK_BYTES);
	mem_copy(out + CUT_MARK_BYTES, s + from, n - from + 1);
	return out;
}

static void figures_null(struct summary *s)
{
	for (int l = 0; l < SUM_LEVELS; l++)
		s->lat_ns[l] = s->lat_tsc_cycles[l] = s->lat_core_cycles[l] =
			s->read_gb[l] = -1;
	for (int l = 0; l < SUM_LEVELS; l++)
		s->read_isa[l] = 0;
	s->read_isa_dram_all = 0;
	s->read_gb_dram_all = -1;
	s->dram_all_cpus = 0;
	s->ceiling_gb = s->dram_all_of_ceiling = -1;
	s->scan_ranges = -1;
	for (int l = 0; l < SUM_LEVELS; l++)
		s->lat_flagged[l] = 0;
	for (int l = 0; l < SUM_DRAM; l++)
		s->measured_bytes[l] = 0;
	s->dram_size_bytes = 0;
	for (int c = 0; c < SUM_CPU_COUNTS; c++)
		s->dram_copy[c] = s->dram_write[c] =
			(struct sum_store){ .gb = -1 };
}

static size_t write_try(const struct run_results *res, enum run_status status,
			const char *file, const char *error, int cpu,
			const struct summary *s, char *buf, size_t cap)
{
	struct json_writer w;

	json_init(&w, buf, cap, 0);
	json_object_begin(&w, 0);
	json_string(&w, "schema", "baremem-summary/1");
	json_u64(&w, "run", (uint64_t)res->run_number);
	json_string(&w, "status", results_status_name(status));
	json_string(&w, "file", file);
	if (error)
		json_string(&w, "error", error);
	results_json_summary(&w, cpu, s);
	json_object_end(&w);
	if (json_finish(&w) != 0)
		return 0;
	return w.len;
}

size_t results_summary_json(const struct run_results *res,
			    const struct summary *sum, enum run_status status,
			    char *buf, size_t cap)
{
	char error_cut[RESULTS_SUMMARY_ERROR_BYTES + CUT_MARK_BYTES + 1];
	char file_cut[FILE_BYTES + CUT_MARK_BYTES + 1];
	const char *error = res->errors.count ? res->errors.text[0] : 0;
	size_t error_n = error ? str_nlen(error, MSG_BYTES) : 0;
	size_t file_n = str_nlen(res->file, FILE_BYTES - 1);
	size_t error_keep = error_n < RESULTS_SUMMARY_ERROR_BYTES
				    ? error_n : RESULTS_SUMMARY_ERROR_BYTES;
	size_t file_keep = file_n;
	int cpu = results_summary_cpu(res);
	struct summary s = *sum;	/* its figures nulled when too long */
	int nulled = 0;

	/* The writer keeps a byte for the NUL: cap - 1 bytes of JSON. */
	if (cap > RESULTS_SUMMARY_MAX_BYTES + 1)
		cap = RESULTS_SUMMARY_MAX_BYTES + 1;
	for (;;) {
		const char *e = error ? head_cut(error, error_n, error_keep,
						 error_cut) : 0;
		const char *f = tail_cut(res->file, file_n, file_keep,
					 file_cut);
		size_t len = write_try(res, status, f, e, cpu, &s, buf, cap);

		if (len)
			return len;
		/* The error first: the file has it whole. Then the path,
		 * keeping its end. Last, figures too long to be real (a
		 * double's %f can run to 300 digits): null, "not measured",
		 * rather than no variable. */
		if (error_keep > 0) {
			error_keep = error_keep > CUT_STEP_BYTES
					     ? error_keep - CUT_STEP_BYTES : 0;
		} else if (file_keep > 0) {
			file_keep = file_keep > CUT_STEP_BYTES
					    ? file_keep - CUT_STEP_BYTES : 0;
		} else if (!nulled) {
			figures_null(&s);
			nulled = 1;
		} else {
			return 0;
		}
	}
}
