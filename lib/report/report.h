/* The HTML report of one run (\baremem\results\run-NNNN.html): one file,
 * no external resources, no JavaScript; summary first, then the charts
 * (inline SVG), the machine, the configuration, warnings and errors. */
#ifndef BAREMEM_REPORT_H
#define BAREMEM_REPORT_H

#include <stddef.h>

#include "report/html.h"
#include "results/results.h"

/* Writes the whole document into buf. Returns its length, or 0 when cap
 * is too small (the caller grows the buffer and tries again, as for the
 * JSON). Reads res only. */
size_t report_html(const struct run_results *res, enum run_status status,
		   char *buf, size_t cap);

/* The chart sections (report_charts.c), each only when measured: every
 * test's html in the registry's order (res->tests), then the latency
 * sweep's page-size comparison and distributions. */
void report_charts(struct html_writer *w, const struct run_results *res);
/* The tests' sections, the registry's html column (lib/registry.c). */
void report_latency(struct html_writer *w, const struct run_results *res);
void report_bandwidth(struct html_writer *w, const struct run_results *res);
void report_loaded(struct html_writer *w, const struct run_results *res);
void report_c2c(struct html_writer *w, const struct run_results *res);
void report_numa(struct html_writer *w, const struct run_results *res);
/* tests=scan's section (report_scan.c): latency and GB/s against the
 * physical address, a bar per measured range coloured by its node. */
void report_scan(struct html_writer *w, const struct run_results *res);
/* A test's table of figures as its section (class and heading its
 * name's or the table's title): a row with no html of its own. */
void report_table(struct html_writer *w, const char *name,
		  const struct test_table *t);

#endif
