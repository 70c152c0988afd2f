/* The screens baremem shows after a run, drawn into a frame buffer: the
 * chart (latency curve, bandwidth bars, summary), then the page of each
 * test of the registry that has a screen view and measured something
 * (tests=scan: each range by physical address), the tables, and the
 * console log. Pure: efi/screen.c puts them on the screen and pages
 * between them; the unit tests draw them into memory. */
#ifndef BAREMEM_VIEWS_H
#define BAREMEM_VIEWS_H

#include <stddef.h>

#include "draw/fb.h"
#include "results/results.h"

/* The fixed views, then DRAW_TEST + i: the screen view of row i of
 * res->tests (lib/results/test_row.h). They page in the order chart,
 * the tests' pages in the registry's order, tables, log. */
enum draw_view { DRAW_CHART, DRAW_TABLES, DRAW_LOG, DRAW_TEST };

/* The most views a run pages through: the three fixed ones and a page
 * per row. */
#define DRAW_VIEWS_MAX (DRAW_TEST + 16)

struct draw_input {
	const struct run_results *res;
	const char *log;	/* the console text, '\n' lines */
	size_t log_len;
	int log_top;		/* first log line on screen (DRAW_LOG) */
};

/* The whole-number scale of the font for a screen: 1 up to 1024x768,
 * 2 at 1280x800 and 1920x1080, 5 at 3840x2160. */
int draw_text_scale(int width, int height);
/* Whether view v has something of res to show: a test's page only when
 * its row has a screen view and says it measured something; the others
 * always. */
int draw_view_shown(enum draw_view v, const struct run_results *res);
/* The views shown for res, in paging order, into out[DRAW_VIEWS_MAX];
 * returns how many. */
int draw_views(const struct run_results *res, enum draw_view *out);
/* A view's name on its tab: "chart", "tables", "log", or the test's. */
const char *draw_view_name(enum draw_view v, const struct run_results *res);
/* The view of the test named `name` (DRAW_TEST + its row), or
 * DRAW_LOG when res has no such row. */
enum draw_view draw_view_of_test(const struct run_results *res,
				 const char *name);
/* The view a key press pages to after v, skipping those not shown. */
enum draw_view draw_view_next(enum draw_view v, const struct run_results *res);
/* The view the screen opens on: the chart, or the first test's page
 * where the chart has nothing (tests=scan alone). */
enum draw_view draw_view_first(const struct run_results *res);
/* The header's second line: the system, the cpu's brand and the tick
 * counter (the TSC, or AArch64's generic timer) with its rate. */
void draw_machine_line(const struct run_results *res, char *line, size_t cap);
/* Draws view v over the whole buffer. */
void draw_view(struct fb *f, enum draw_view v, const struct draw_input *in);
/* Lines of log the log view shows at once, and lines the log has: the
 * firmware side scrolls log_top within [0, lines - page]. */
int draw_log_page_lines(const struct fb *f);
int draw_log_line_count(const char *log, size_t len);

#endif
