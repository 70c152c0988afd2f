/* The latency chart: ns per load (log scale) against working-set size
 * (log2 scale), one curve per page size or prefetcher pass, dashed lines
 * at the detected cache sizes labelled L1/L2/L3 and DRAM past the last. */
#include "draw/charts.h"

#include "draw/series.h"
#include "draw/theme.h"
#include "report/axes.h"
#include "util/fmt.h"

struct plot {
	struct fb_rect p;	/* the plot area inside the axes */
	struct axis x, y;	/* bytes (log2), ns (log10) */
};

static int px_x(const struct plot *pl, double bytes)
{
	return (int)(axis_px(&pl->x, bytes) + 0.5);
}

static int px_y(const struct plot *pl, double ns)
{
	return (int)(axis_px(&pl->y, ns) + 0.5);
}

/* The data's extent; -1 when there is nothing to draw. */
static int ranges(struct plot *pl, const struct lat_curve *s, int n)
{
	double xmin = 0, xmax = 0, ymin = 0, ymax = 0;

	for (int k = 0; k < n; k++)
		for (int i = 0; i < s[k].n; i++) {
			double x = (double)s[k].size_bytes[i], y = s[k].ns[i];
			if (xmin == 0 || x < xmin)
				xmin = x;
			if (x > xmax)
				xmax = x;
			if (ymin == 0 || y < ymin)
				ymin = y;
			if (y > ymax)
				ymax = y;
		}
	if (xmin <= 0 || ymin <= 0)
		return -1;
	axis_fit(&pl->x, AXIS_LOG2, xmin, xmax);
	axis_fit(&pl->y, AXIS_LOG10, ymin, ymax);
	axis_place(&pl->x, pl->p.x, pl->p.x + pl->p.w - 1);
	axis_place(&pl->y, pl->p.y + pl->p.h - 1, pl->p.y);
	return 0;
}

#define MAX_TICKS 40

static void y_axis(struct fb *f, const struct plot *pl, int scale,
		   struct fb_rect r)
{
	double ticks[MAX_TICKS];
	int lh = fb_text_height(scale);
	int n = axis_ticks(&pl->y, pl->p.h / (lh + lh / 2) + 1, ticks,
			   MAX_TICKS);

	for (int i = 0; i < n; i++) {
		char label[16];
		int y = px_y(pl, ticks[i]), w, x;

		fb_line(f, pl->p.x, y, pl->p.x + pl->p.w - 1, y, THEME_GRID);
		fb_line(f, pl->p.x - 3 * scale, y, pl->p.x - 1, y, THEME_AXIS);
		axis_label_num(label, sizeof label, ticks[i]);
		w = fb_text_width(label, scale);
		x = pl->p.x - 5 * scale - w;
		fb_text_fit(f, x > r.x ? x : r.x, y - lh / 2, scale, label,
			    pl->p.x - r.x, THEME_TEXT);
	}
}

static void x_axis(struct fb *f, const struct plot *pl, int scale,
		   struct fb_rect r)
{
	double ticks[MAX_TICKS];
	int label_w = fb_text_width("256K  ", scale), right_end = -(1 << 30);
	int n = axis_ticks(&pl->x, pl->p.w / label_w + 1, ticks, MAX_TICKS);

	/* a grid line at every doubling, a label at each tick */
	for (double x = pl->x.lo; x <= pl->x.hi * 1.0001; x *= 2) {
		int px = px_x(pl, x);
		fb_line(f, px, pl->p.y, px, pl->p.y + pl->p.h - 1, THEME_GRID);
		fb_line(f, px, pl->p.y + pl->p.h, px,
			pl->p.y + pl->p.h + 2 * scale, THEME_AXIS);
	}
	for (int i = 0; i < n; i++) {
		char label[16];

		axis_label_bytes(label, sizeof label, ticks[i]);
		right_end = fb_text_tick(f, px_x(pl, ticks[i]),
					 pl->p.y + pl->p.h + 3 * scale, scale,
					 label, r.x, r.x + r.w, right_end,
					 THEME_TEXT);
	}
}

/* Dashed lines at each cache level's size, labelled at the top: the
 * label left of its line (the level ends there), a row lower when it
 * would run into the one before; DRAM right of the last. */
static void cache_marks(struct fb *f, const struct plot *pl, int scale,
			const struct cpu_info *ci)
{
	struct cache_mark m[AXIS_MAX_CACHE_MARKS];
	int n = axis_cache_marks(ci, m, AXIS_MAX_CACHE_MARKS);
	int lh = fb_text_height(scale), used_right = pl->p.x, row = 0;
	int last_px = -1;

	for (int i = 0; i < n; i++) {
		char label[24], size[16];
		int px, w, lx;

		if ((double)m[i].bytes <= pl->x.lo ||
		    (double)m[i].bytes > pl->x.hi)
			continue;
		px = px_x(pl, (double)m[i].bytes);
		fb_vdash(f, px, pl->p.y, pl->p.y + pl->p.h - 1, 3 * scale,
			 THEME_LEVEL);
		fmt(label, sizeof label, "%s %s", m[i].label,
		    axis_label_bytes(size, sizeof size, (double)m[i].bytes));
		w = fb_text_width(label, scale);
		lx = px - w - 2 * scale;
		row = lx < used_right ? !row : 0;
		if (lx < pl->p.x)
			lx = px + 2 * scale;
		fb_text_fit(f, lx, pl->p.y + scale + row * lh, scale, label,
			    pl->p.x + pl->p.w - lx, THEME_LEVEL);
		used_right = lx + w + 2 * scale;
		last_px = px;
	}
	if (last_px >= 0 && last_px + fb_text_width("DRAM", scale) +
				     4 * scale < pl->p.x + pl->p.w)
		fb_text(f, last_px + 3 * scale, pl->p.y + scale, scale,
			"DRAM", THEME_LEVEL);
}

static void curves(struct fb *f, const struct plot *pl, int scale,
		   const struct lat_curve *s, int n)
{
	int thick = scale + 1, dot = 2 * scale + 2;

	for (int k = 0; k < n; k++) {
		uint32_t rgb = theme_series(k);
		for (int i = 0; i < s[k].n; i++) {
			int x = px_x(pl, (double)s[k].size_bytes[i]);
			int y = px_y(pl, s[k].ns[i]);
			if (i > 0)
				fb_line_thick(f, px_x(pl,
					(double)s[k].size_bytes[i - 1]),
					px_y(pl, s[k].ns[i - 1]), x, y, thick,
					rgb);
			fb_fill(f, (struct fb_rect){ x - dot / 2, y - dot / 2,
				dot, dot }, rgb);
		}
	}
}

static void legend(struct fb *f, const struct plot *pl, int scale,
		   const struct lat_curve *s, int n)
{
	int lh = fb_text_height(scale), y = pl->p.y + 5 * lh / 2;
	int x = pl->p.x + 4 * scale;

	for (int k = 0; k < n; k++, y += lh) {
		fb_fill(f, (struct fb_rect){ x, y + lh / 2 - scale,
			4 * lh / 3, 2 * scale }, theme_series(k));
		fb_text_fit(f, x + 2 * lh, y, scale, s[k].label,
			    pl->p.x + pl->p.w - x - 2 * lh, THEME_TEXT);
	}
}

void latency_chart_draw(struct fb *f, struct fb_rect r, int scale,
			const struct run_results *res)
{
	struct lat_curve s[SERIES_MAX];
	struct plot pl;
	int n, lh = fb_text_height(scale), cpu;
	int left = fb_text_width("1000", scale) + 6 * scale;
	char title[96];

	fb_fill(f, r, THEME_PANEL);
	cpu = res->selected_count ? res->selected[0] : 0;
	n = series_latency(res, cpu, s, SERIES_MAX);
	fmt(title, sizeof title, "latency, ns per load (median), cpu %d", cpu);
	fb_text_fit(f, r.x + scale * 4, r.y + scale * 2, scale, title,
		    r.w - scale * 8, THEME_TEXT);
	/* under the title, with room for the top tick's label */
	pl.p = (struct fb_rect){ r.x + left, r.y + 2 * lh,
				 r.w - left - 4 * lh, 0 };
	pl.p.h = r.y + r.h - pl.p.y - 2 * lh - 2 * scale;
	if (pl.p.w < 8 * lh || pl.p.h < 4 * lh)
		return;		/* no room for a chart */
	if (n == 0 || ranges(&pl, s, n) != 0) {
		fb_text_fit(f, r.x + scale * 4, r.y + 2 * lh, scale,
			    "not measured", r.w - scale * 8, THEME_DIM);
		return;
	}
	y_axis(f, &pl, scale, r);
	x_axis(f, &pl, scale, r);
	fb_line(f, pl.p.x - 1, pl.p.y, pl.p.x - 1, pl.p.y + pl.p.h, THEME_AXIS);
	fb_line(f, pl.p.x - 1, pl.p.y + pl.p.h, pl.p.x + pl.p.w - 1,
		pl.p.y + pl.p.h, THEME_AXIS);
	cache_marks(f, &pl, scale, &res->cpu);
	curves(f, &pl, scale, s, n);
	legend(f, &pl, scale, s, n);
	fb_text_fit(f, pl.p.x + pl.p.w / 2 -
			       fb_text_width("working-set size", scale) / 2,
		    r.y + r.h - lh - scale, scale, "working-set size",
		    r.x + r.w - pl.p.x - pl.p.w / 2 +
			    fb_text_width("working-set size", scale) / 2,
		    THEME_DIM);
}
