/* The results as JSON: the full file (baremem-results/1, docs/design.md §4) and
 * the compact summary for the EFI variable (baremem-summary/1). */
#ifndef BAREMEM_RESULTS_JSON_H
#define BAREMEM_RESULTS_JSON_H

#include <stddef.h>

#include "results/results.h"

#define BAREMEM_VERSION "0.1"

struct summary;

/* Writes the results file's JSON (pretty) into buf, its "summary" from
 * sum (the suite's summary_of_run of res, lib/suite/summary.h). Returns
 * its length, or 0 when cap is too small. */
size_t results_json(const struct run_results *res, const struct summary *sum,
		    enum run_status status, char *buf, size_t cap);

/* The results file's JSON in a plat_alloc buffer of its own (the caller
 * plat_frees it), grown from 4 MiB while the run does not fit: a large
 * machine's plan outgrows the first (lib/suite/capacity.h). Returns it
 * with *len, or 0 with *tried_bytes the last size tried (0: no memory). */
char *results_json_new(const struct run_results *res,
		       const struct summary *sum, enum run_status status,
		       size_t *len, size_t *tried_bytes);

/* The EFI variable's data (docs/design.md §4): at most this many bytes of JSON.
 * efivarfs shows 4 attribute bytes before them, which are not part of
 * the variable's data and do not count. */
#define RESULTS_SUMMARY_MAX_BYTES 2048
/* The first error's bytes the summary carries at most, before escaping. */
#define RESULTS_SUMMARY_ERROR_BYTES 160

/* Writes the variable's compact summary JSON (results_summary_json.c),
 * its figures from sum (as results_json), into buf, NUL-terminated: at
 * most RESULTS_SUMMARY_MAX_BYTES (and cap - 1) bytes whatever the error
 * and path hold. When the whole does not fit, the error is cut, then
 * the path (each marked "..."), then the figures are written null;
 * schema, run, status and file are always there. Returns its length, or
 * 0 when cap cannot hold even that. */
size_t results_summary_json(const struct run_results *res,
			    const struct summary *sum, enum run_status status,
			    char *buf, size_t cap);
/* The cpu whose sweep the summary's latency figures come from. */
int results_summary_cpu(const struct run_results *res);

/* The tests' entries, the registry's json column (lib/registry.c):
 * "latency" and "bandwidth" always (empty when not run); the multi-cpu
 * tests' (results_json_multi.c) nothing when their test did not run. */
struct json_writer;
void results_json_latency(struct json_writer *w,
			  const struct run_results *res);
void results_json_bandwidth(struct json_writer *w,
			    const struct run_results *res);
/* The "summary" object: cpu and the per-level figures of s. */
void results_json_summary(struct json_writer *w, int cpu,
			  const struct summary *s);
void results_json_loaded(struct json_writer *w, const struct run_results *res);
void results_json_c2c(struct json_writer *w, const struct run_results *res);
void results_json_numa(struct json_writer *w, const struct run_results *res);
/* The "prefetch" object (prefetch=off|both; nothing when not asked). */
void results_json_prefetch(struct json_writer *w,
			   const struct run_results *res);
/* tests=scan's "scan" array (docs/design.md §4d) and "scan_plan" beside it
 * (results_json_scan.c). */
void results_json_scan(struct json_writer *w, const struct run_results *res);
/* A point's buffer_nodes: n node numbers, null for one not known;
 * nothing when nodes is 0 (not recorded). */
void results_json_buffer_nodes(struct json_writer *w, const int *nodes,
			       int n);

#endif
