/* The scan chart (tests=scan): every scanned range's latency and read
 * bandwidth against its physical address, one bar per range spanning
 * its addresses, coloured by its node; a flagged range marked above its
 * bars. A range not measured and a hole draw nothing: a gap on the
 * address axis, never a bar at zero. */
#include "draw/charts.h"

#include "draw/theme.h"
#include "report/axes.h"
#include "util/fmt.h"

#define GIB (1024.0 * 1024.0 * 1024.0)
#define MAX_TICKS 40
#define FLAG_LINES 3		/* flagged ranges named under the chart */

uint32_t scan_chart_node_colour(int node)
{
	return node < 0 ? THEME_DIM : theme_series(node);
}

static int measured(double v)
{
	return v > 0 && v < 1e300;
}

struct scan_panel {
	struct fb_rect p;	/* the plot area inside the axes */
	struct axis x, y;	/* GiB, the panel's unit from 0 */
};

static int px_of(const struct axis *a, double v)
{
	return (int)(axis_px(a, v) + 0.5);
}

/* The range's bar: its addresses on x, at least a pixel wide, a pixel
 * short of its end where it is wide enough that neighbours stay apart. */
static void bar_span(const struct scan_panel *pl, const struct scan_point *q,
		     int *x, int *w)
{
	int x0 = px_of(&pl->x, (double)q->base / GIB);
	int x1 = px_of(&pl->x, (double)(q->base + q->bytes) / GIB);

	*x = x0;
	*w = x1 - x0 >= 4 ? x1 - x0 - 1 : x1 - x0 < 1 ? 1 : x1 - x0;
}

static void panel_draw(struct fb *f, struct scan_panel *pl, int scale,
		       const struct scan_result *sr, int bw, const char *title,
		       struct fb_rect r)
{
	int lh = fb_text_height(scale), dot = 3 * scale + 2, n;
	double vmax = 0, ticks[MAX_TICKS];

	for (int i = 0; i < sr->count; i++) {
		double v = bw ? sr->point[i].gb_per_s_median
			      : sr->point[i].ns_median;
		if (measured(v) && v > vmax)
			vmax = v;
	}
	fb_text_fit(f, pl->p.x, r.y, scale, title, r.x + r.w - pl->p.x,
		    THEME_TEXT);
	if (vmax <= 0) {
		fb_text_fit(f, pl->p.x, r.y + lh, scale, "not measured",
			    r.x + r.w - pl->p.x, THEME_DIM);
		return;
	}
	axis_fit(&pl->y, AXIS_LINEAR, 0, vmax);
	axis_place(&pl->y, pl->p.y + pl->p.h - 1, pl->p.y);
	n = axis_ticks(&pl->y, pl->p.h / (lh + lh / 2) + 1, ticks, MAX_TICKS);
	for (int i = 0; i < n; i++) {
		char label[16];
		int y = px_of(&pl->y, ticks[i]), w, x;

		fb_line(f, pl->p.x, y, pl->p.x + pl->p.w - 1, y, THEME_GRID);
		axis_label_num(label, sizeof label, ticks[i]);
		w = fb_text_width(label, scale);
		x = pl->p.x - 4 * scale - w;
		fb_text_fit(f, x < r.x ? r.x : x, y - lh / 2, scale, label,
			    pl->p.x - r.x, THEME_TEXT);
	}
	for (int i = 0; i < sr->count; i++) {
		const struct scan_point *q = &sr->point[i];
		double v = bw ? q->gb_per_s_median : q->ns_median;
		int x, w, top;

		if (!measured(v))
			continue;	/* not measured: no bar, a gap */
		bar_span(pl, q, &x, &w);
		top = px_of(&pl->y, v);
		fb_fill(f, (struct fb_rect){ x, top, w,
			pl->p.y + pl->p.h - top }, scan_chart_node_colour(q->node));
		if (q->flag[0])
			fb_fill(f, (struct fb_rect){ x + w / 2 - dot / 2,
				top - dot - scale, dot, dot }, THEME_BAD);
	}
	fb_line(f, pl->p.x - 1, pl->p.y, pl->p.x - 1, pl->p.y + pl->p.h,
		THEME_AXIS);
	fb_line(f, pl->p.x - 1, pl->p.y + pl->p.h, pl->p.x + pl->p.w - 1,
		pl->p.y + pl->p.h, THEME_AXIS);
}

/* GiB ticks under the lower panel, and the axis's name. */
static void x_axis(struct fb *f, const struct scan_panel *pl, int scale,
		   struct fb_rect r)
{
	static const char name[] = "physical address, GiB";
	double ticks[MAX_TICKS];
	int lh = fb_text_height(scale), right_end = -(1 << 30);
	int label_w = fb_text_width("1024  ", scale);
	int n = axis_ticks(&pl->x, pl->p.w / label_w + 1, ticks, MAX_TICKS);
	int y = pl->p.y + pl->p.h, nw = fb_text_width(name, scale);

	for (int i = 0; i < n; i++) {
		char label[16];
		int px = px_of(&pl->x, ticks[i]);

		fb_line(f, px, y, px, y + 2 * scale, THEME_AXIS);
		axis_label_num(label, sizeof label, ticks[i]);
		right_end = fb_text_tick(f, px, y + 3 * scale, scale, label, r.x,
					 r.x + r.w, right_end, THEME_TEXT);
	}
	fb_text_fit(f, pl->p.x + (pl->p.w - nw) / 2, y + 3 * scale + lh,
		    scale, name, r.x + r.w - pl->p.x - (pl->p.w - nw) / 2,
		    THEME_DIM);
}

/* The nodes' colours, the flag's mark, what a gap means. */
static void legend(struct fb *f, struct fb_rect r, int scale,
		   const struct scan_result *sr)
{
	int lh = fb_text_height(scale), x = r.x, dot = 3 * scale + 2;
	char name[16];

	for (int node = -1; node < 64; node++) {
		int w, any = 0;

		for (int i = 0; i < sr->count && !any; i++)
			any = sr->point[i].node == node;
		if (!any)
			continue;
		fmt(name, sizeof name, node < 0 ? "no node" : "node %d", node);
		w = lh + fb_text_width(name, scale);
		if (x + w > r.x + r.w)
			return;
		fb_fill(f, (struct fb_rect){ x, r.y + lh / 4, lh - lh / 4,
			lh - lh / 2 }, scan_chart_node_colour(node));
		fb_text(f, x + lh, r.y, scale, name, THEME_TEXT);
		x += w + 2 * lh;
	}
	if (x + lh + fb_text_width("flagged", scale) > r.x + r.w)
		return;
	fb_fill(f, (struct fb_rect){ x, r.y + (lh - dot) / 2, dot, dot },
		THEME_BAD);
	fb_text(f, x + lh, r.y, scale, "flagged", THEME_TEXT);
	x += lh + fb_text_width("flagged", scale) + 2 * lh;
	fb_text_fit(f, x, r.y, scale, "gap: not scanned or not measured",
		    r.x + r.w - x, THEME_DIM);
}

static int flagged_count(const struct scan_result *sr)
{
	int n = 0;

	for (int i = 0; i < sr->count; i++)
		n += sr->point[i].flag[0] != 0;
	return n;
}

void scan_chart_draw(struct fb *f, struct fb_rect r, int scale,
		     const struct run_results *res)
{
	const struct scan_result *sr = res->scan;
	int lh = fb_text_height(scale), pad = 4 * scale, flagged, lines, ph;
	int left = fb_text_width("1000", scale) + 6 * scale, y;
	double xmax = 0;
	struct scan_panel lat, bw;
	char line[320];

	fb_fill(f, r, THEME_PANEL);
	if (!sr || sr->count == 0) {
		fb_text_fit(f, r.x + pad, r.y + 2 * scale, scale,
			    "scan: not run", r.w - 2 * pad, THEME_DIM);
		return;
	}
	flagged = flagged_count(sr);
	fmt(line, sizeof line, "scan: %d range%s by physical address, "
	    "%d flagged", sr->count, sr->count == 1 ? "" : "s", flagged);
	fb_text_fit(f, r.x + pad, r.y + 2 * scale, scale, line, r.w - 2 * pad,
		    flagged ? THEME_BAD : THEME_TEXT);
	legend(f, (struct fb_rect){ r.x + pad, r.y + 2 * scale + lh,
	       r.w - 2 * pad, lh }, scale, sr);
	for (int i = 0; i < sr->count; i++) {
		double end = (double)(sr->point[i].base + sr->point[i].bytes) /
			     GIB;
		if (end > xmax)
			xmax = end;
	}
	/* the flagged ranges by name under the chart, a few */
	lines = flagged < FLAG_LINES ? flagged : FLAG_LINES;
	/* two panels, each a title line over its plot; the x labels and
	 * the axis name under the lower one */
	ph = (r.h - 2 * scale - 3 * lh - (lines + 2) * lh - 3 * scale) / 2;
	if (ph < 4 * lh || r.w - left - 2 * pad < 8 * lh) {
		fb_text_fit(f, r.x + pad, r.y + 2 * scale + 2 * lh, scale,
			    "no room for the scan chart", r.w - 2 * pad,
			    THEME_DIM);
		return;
	}
	y = r.y + 2 * scale + 2 * lh + lh / 2;
	lat.p = (struct fb_rect){ r.x + left, y + lh + lh / 2,
				  r.w - left - 2 * pad, ph - 2 * lh };
	bw.p = lat.p;
	bw.p.y = y + ph + lh + lh / 2;
	axis_fit(&lat.x, AXIS_LINEAR, 0, xmax);
	axis_place(&lat.x, lat.p.x, lat.p.x + lat.p.w - 1);
	bw.x = lat.x;
	panel_draw(f, &lat, scale, sr, 0, "latency, ns per load (median)",
		   (struct fb_rect){ r.x, y, r.w - pad, ph });
	panel_draw(f, &bw, scale, sr, 1, "read GB/s (median), the node's "
		   "cpus at once", (struct fb_rect){ r.x, y + ph, r.w - pad,
		   ph });
	x_axis(f, &bw, scale, (struct fb_rect){ r.x, r.y, r.w - pad, r.h });
	y = bw.p.y + bw.p.h + 3 * scale + 2 * lh + scale;
	for (int i = 0, shown = 0; i < sr->count && shown < lines; i++) {
		const struct scan_point *q = &sr->point[i];

		if (!q->flag[0])
			continue;
		if (++shown == lines && flagged > lines)
			fmt(line, sizeof line, "... and %d more flagged: the "
			    "log lists them", flagged - lines + 1);
		else
			fmt(line, sizeof line, "flagged %.2f-%.2f GiB, node "
			    "%d: %s", (double)q->base / GIB,
			    (double)(q->base + q->bytes) / GIB, q->node,
			    q->flag);
		fb_text_fit(f, r.x + pad, y, scale, line, r.w - 2 * pad,
			    THEME_BAD);
		y += lh;
	}
}

void scan_screen(struct fb *f, const struct fb_rect *r, int scale,
		 const struct run_results *res)
{
	scan_chart_draw(f, *r, scale, res);
}
