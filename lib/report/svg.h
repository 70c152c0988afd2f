/* Inline SVG charts for the HTML report: a plot frame with gridlines and
 * tick labels from lib/report/axes.h, polylines streamed point by point
 * (no arrays: memory stays bounded whatever the run's size), vertical
 * marks, bars and heat-map cells. Colours come from the report's CSS
 * classes (s0..s7 per series, h0..h9 per heat step). */
#ifndef BAREMEM_SVG_H
#define BAREMEM_SVG_H

#include "report/axes.h"
#include "report/html.h"

#define SVG_SERIES 8		/* CSS classes s0..s7, then they repeat */
#define SVG_HEAT_STEPS 10	/* CSS classes h0 (low) .. h9 (high) */

/* NUM: 0.5, 10, 20k; INT: NUM without the fractional ticks (counts of
 * cpus); BYTES: 4K, 1M. */
enum svg_labels { SVG_LABEL_NONE, SVG_LABEL_NUM, SVG_LABEL_INT,
		  SVG_LABEL_BYTES };

struct svg_plot {
	struct html_writer *w;
	struct axis x, y;	/* ranges fitted by the caller */
	int width, height;	/* the viewBox */
	double left, top, right, bottom;	/* the plot area's edges */
	int series, points;	/* svg_path_* state */
};

/* Places the plot area inside width x height (room for tick labels and
 * titles), opens <svg>, draws gridlines, ticks and their labels on both
 * axes as the labels say, and the axis titles (our own text). The
 * caller sets p->x and p->y ranges first (axis_fit). */
void svg_plot_begin(struct svg_plot *p, struct html_writer *w, int width,
		    int height, enum svg_labels x_labels, const char *x_title,
		    enum svg_labels y_labels, const char *y_title);
void svg_plot_end(struct svg_plot *p);

/* A polyline in series colour `series`: begin, points in order, end.
 * Points that cannot be placed (NaN, <= 0 on a log axis) are skipped;
 * a path of no points writes nothing. Each point also gets a dot. */
void svg_path_begin(struct svg_plot *p, int series);
void svg_path_point(struct svg_plot *p, double x, double y);
void svg_path_end(struct svg_plot *p);
/* The dots of the path just ended: call again with the same points. */
void svg_dot(struct svg_plot *p, double x, double y, int series);

/* A dashed vertical line at data x, labelled at the top (our text). */
void svg_vmark(struct svg_plot *p, double x, const char *label);
/* A dashed horizontal line at data y across the plot, class "mark
 * ceiling", labelled at its right end above it (our text). Nothing when
 * y cannot be placed. */
void svg_hmark(struct svg_plot *p, double y, const char *label);
/* A bar from y = 0 to y = v, centred at pixel cx, w_px wide; nothing
 * for v < 0 (not measured) or not finite. */
void svg_bar(struct svg_plot *p, double cx, double w_px, double v,
	     int series);
/* A bar from y = 0 to y = v over data x0..x1 (a range of physical
 * addresses), class "bar range s<series>" (series < 0: "nonode"), with
 * data-base and data-node saying which range (node < 0: "none"); its top
 * and bottom on whole tenths so every bar ends on one baseline. Nothing
 * for v <= 0 or not finite (not measured: a gap, never a bar at 0). */
void svg_span(struct svg_plot *p, double x0, double x1, double v,
	      int series, unsigned long long base, int node);
/* A flagged range's mark: a small triangle pointing down at the top of
 * its bar (data x, v), class "flag", data-base as its bar's. */
void svg_flag(struct svg_plot *p, double x, double v,
	      unsigned long long base);
/* A text label at pixel (x, y), anchored middle; our own text only. */
void svg_label(struct svg_plot *p, double x, double y, const char *text);

/* The heat step (0..SVG_HEAT_STEPS-1) of v between lo and hi. */
int svg_heat_step(double v, double lo, double hi);

#endif
