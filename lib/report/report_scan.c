/* The HTML report's scan section (tests=scan): latency and read
 * bandwidth of every scanned range against its physical address, one bar
 * per range over its addresses coloured by its node, a flagged range
 * marked; the flagged ranges' reasons and what was not scanned.
 * scripts/baremem_html.py writes the same from the JSON's scan[], and
 * tests/check-html holds both to one mark per measured range. */
#include "report/report.h"

#include "report/svg.h"
#include "suite/scan_plan.h"
#include "util/fmt.h"

#define SCAN_W 760
#define SCAN_H 300
#define SKIPS_LISTED 32		/* not-scanned ranges named, then a count */

static const double gib = 1024.0 * 1024.0 * 1024.0;

static int measured(double v)
{
	return v > 0 && v < 1e300;
}

static double value(const struct scan_point *q, int bw)
{
	return bw ? q->gb_per_s_median : q->ns_median;
}

/* A node's colour class: s<node mod 8>, or -1 (nonode) for none. */
static int series_of(int node)
{
	return node < 0 ? -1 : node % SVG_SERIES;
}

static void legend(struct html_writer *w, const struct scan_result *sr,
		   int flagged)
{
	int top = -1, none = 0;

	for (int i = 0; i < sr->count; i++) {
		top = sr->point[i].node > top ? sr->point[i].node : top;
		none |= sr->point[i].node < 0;
	}
	html_raw(w, "<ul class=\"legend\">");
	for (int node = 0; node <= top; node++) {
		int any = 0;

		for (int i = 0; i < sr->count && !any; i++)
			any = sr->point[i].node == node;
		if (any)
			html_fmt(w, "<li><span class=\"sw s%d\"></span>node %d"
				 "</li>", series_of(node), node);
	}
	if (none)
		html_raw(w, "<li><span class=\"sw nonode\"></span>no node"
			 "</li>");
	if (flagged)
		html_raw(w, "<li><span class=\"flagsw\">&#9660;</span>"
			 "flagged</li>");
	html_raw(w, "</ul>\n");
}

/* One chart: ns (bw 0) or GB/s (bw 1) against the address, or nothing
 * when no range has that figure. */
static void figure(struct html_writer *w, const struct scan_result *sr,
		   int bw, int flagged)
{
	struct svg_plot p;
	double xmax = 0, vmax = 0;

	for (int i = 0; i < sr->count; i++) {
		const struct scan_point *q = &sr->point[i];
		double end = (double)(q->base + q->bytes) / gib;

		xmax = end > xmax ? end : xmax;
		if (measured(value(q, bw)) && value(q, bw) > vmax)
			vmax = value(q, bw);
	}
	if (vmax <= 0)
		return;
	html_fmt(w, "<figure data-scan=\"%s\">\n<figcaption>%s</figcaption>\n",
		 bw ? "gb_per_s_median" : "ns_median",
		 bw ? "Read bandwidth against physical address (median GB/s, "
		      "the range read by its node's cpus at once)"
		    : "Latency against physical address (median ns per load, "
		      "a chase spread over each range)");
	axis_fit(&p.x, AXIS_LINEAR, 0, xmax);
	axis_fit(&p.y, AXIS_LINEAR, 0, vmax);
	svg_plot_begin(&p, w, SCAN_W, SCAN_H, SVG_LABEL_NUM,
		       "physical address, GiB", SVG_LABEL_NUM,
		       bw ? "GB/s" : "ns per load");
	for (int i = 0; i < sr->count; i++) {
		const struct scan_point *q = &sr->point[i];

		svg_span(&p, (double)q->base / gib,
			 (double)(q->base + q->bytes) / gib, value(q, bw),
			 series_of(q->node), (unsigned long long)q->base,
			 q->node);
	}
	for (int i = 0; i < sr->count; i++) {
		const struct scan_point *q = &sr->point[i];

		if (q->flag[0])
			svg_flag(&p, ((double)q->base + (double)q->bytes / 2) /
				 gib, value(q, bw), (unsigned long long)q->base);
	}
	svg_plot_end(&p);
	legend(w, sr, flagged);
	html_raw(w, "</figure>\n");
}

static void num_cell(struct html_writer *w, double v)
{
	if (measured(v))
		html_fmt(w, "<td class=\"num\">%.2f</td>", v);
	else
		html_raw(w, "<td class=\"num\">&#8211;</td>");
}

static void flagged_table(struct html_writer *w, const struct scan_result *sr)
{
	html_raw(w, "<table class=\"flagged\">\n<tr><th>range, GiB</th>"
		 "<th>node</th><th>DIMMs</th><th>ns</th><th>GB/s</th>"
		 "<th>why flagged</th></tr>\n");
	for (int i = 0; i < sr->count; i++) {
		const struct scan_point *q = &sr->point[i];

		if (!q->flag[0])
			continue;
		html_fmt(w, "<tr><td class=\"num\">%.2f&#8211;%.2f</td>",
			 (double)q->base / gib,
			 (double)(q->base + q->bytes) / gib);
		if (q->node < 0)
			html_raw(w, "<td>&#8211;</td><td>");
		else
			html_fmt(w, "<td>%d</td><td>", q->node);
		for (int d = 0; d < q->dimm_count && d < SCAN_POINT_DIMMS; d++) {
			if (d)
				html_raw(w, ", ");
			html_text(w, q->dimms[d]);
		}
		html_raw(w, "</td>");
		num_cell(w, q->ns_median);
		num_cell(w, q->gb_per_s_median);
		html_raw(w, "<td>");
		html_text(w, q->flag);
		html_raw(w, "</td></tr>\n");
	}
	html_raw(w, "</table>\n");
}

static void not_scanned(struct html_writer *w, const struct scan_result *sr)
{
	char size[16];

	if (!sr->skip_count)
		return;
	html_raw(w, "<p class=\"note\">Not scanned:");
	for (int i = 0; i < sr->skip_count && i < SKIPS_LISTED; i++)
		html_fmt(w, "%s 0x%llx (%s, %s)", i ? "," : "",
			 (unsigned long long)sr->skip[i].base,
			 fmt_size(size, sizeof size, sr->skip[i].bytes),
			 scan_skip_name(sr->skip[i].why));
	if (sr->skip_count > SKIPS_LISTED)
		html_fmt(w, " and %d more (the JSON's scan_plan lists them)",
			 sr->skip_count - SKIPS_LISTED);
	html_raw(w, ".</p>\n");
}

void report_scan(struct html_writer *w, const struct run_results *res)
{
	const struct scan_result *sr = res->scan;
	int done = 0, flagged = 0;

	if (!sr || sr->count == 0)
		return;
	for (int i = 0; i < sr->count; i++) {
		done += measured(sr->point[i].ns_median) ||
			measured(sr->point[i].gb_per_s_median);
		flagged += sr->point[i].flag[0] != 0;
	}
	html_fmt(w, "<section class=\"scan\">\n<h2>Scan: every usable GiB"
		 "</h2>\n<p class=\"note\">%d range%s, %d measured, %d flagged "
		 "(slower than its node's median: the reason below). Each bar "
		 "spans its range's physical addresses; a gap is memory not "
		 "scanned or a range not measured.</p>\n", sr->count,
		 sr->count == 1 ? "" : "s", done, flagged);
	figure(w, sr, 0, flagged);
	figure(w, sr, 1, flagged);
	if (flagged)
		flagged_table(w, sr);
	not_scanned(w, sr);
	html_raw(w, "</section>\n");
}
