/* The screens baremem shows after a run, drawn into a frame buffer: the
 * chart (latency curve, bandwidth bars, summary), the scan (tests=scan:
 * each range by physical address), the tables, and the console log. Pure: efi/screen.c puts them on the screen and pages
 * between them; the unit tests draw them into memory. */
#ifndef BAREMEM_VIEWS_H
#define BAREMEM_VIEWS_H

#include <stddef.h>

#include "draw/fb.h"
#include "results/results.h"

enum draw_view { DRAW_CHART, DRAW_SCAN, DRAW_TABLES, DRAW_LOG, DRAW_VIEWS };

struct draw_input {
	const struct run_results *res;
	const char *log;	/* the console text, '\n' lines */
	size_t log_len;
	int log_top;		/* first log line on screen (DRAW_LOG) */
};

/* The whole-number scale of the font for a screen: 1 up to 1024x768,
 * 2 at 1280x800 and 1920x1080, 5 at 3840x2160. */
int draw_text_scale(int width, int height);
/* Whether view v has something of res to show: the scan view only when
 * the run has scan ranges; the others always. */
int draw_view_shown(enum draw_view v, const struct run_results *res);
/* The view a key press pages to after v, skipping those not shown. */
enum draw_view draw_view_next(enum draw_view v, const struct run_results *res);
/* The view the screen opens on: the chart, or the scan where the run
 * measured nothing else (tests=scan alone). */
enum draw_view draw_view_first(const struct run_results *res);
/* Draws view v over the whole buffer. */
void draw_view(struct fb *f, enum draw_view v, const struct draw_input *in);
/* Lines of log the log view shows at once, and lines the log has: the
 * firmware side scrolls log_top within [0, lines - page]. */
int draw_log_page_lines(const struct fb *f);
int draw_log_line_count(const char *log, size_t len);

#endif
