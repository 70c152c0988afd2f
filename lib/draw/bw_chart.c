/* The bandwidth bars: per cache level a group of bars, one per kernel
 * (read, write, ntwrite, copy), on one cpu and, in a second panel, on all
 * cpus at once; each panel its own linear GB/s axis from 0. */
#include "draw/charts.h"

#include "draw/series.h"
#include "draw/theme.h"
#include "report/axes.h"
#include "util/fmt.h"

#define MAX_TICKS 20

static const char *const level_names[BW_LEVELS] = { "L1", "L2", "L3",
						     "DRAM" };

static void panel(struct fb *f, struct fb_rect r, int scale,
		  const struct bw_table *t, double v[BW_LEVELS][BW_KERNELS],
		  const char *title)
{
	int lh = fb_text_height(scale);
	int left = fb_text_width("1000", scale) + 6 * scale;
	/* under the title, with room for the top tick's label */
	struct fb_rect p = { r.x + left, r.y + 2 * lh, 0, 0 };
	double vmax = 0, ticks[MAX_TICKS];
	struct axis a;
	int levels[BW_LEVELS], nl = 0, n;

	fb_text_fit(f, r.x + 4 * scale, r.y + scale, scale, title,
		    r.w - 8 * scale, THEME_TEXT);
	for (int l = 0; l < BW_LEVELS; l++) {
		int any = 0;
		for (int k = 0; k < t->kernels; k++) {
			if (v[l][k] > vmax)
				vmax = v[l][k];
			any |= v[l][k] >= 0;
		}
		if (any)
			levels[nl++] = l;
	}
	p.w = r.x + r.w - 3 * scale - p.x;
	p.h = r.y + r.h - 3 * lh / 2 - p.y;
	if (nl == 0 || vmax <= 0 || p.w < 4 * lh || p.h < 3 * lh) {
		fb_text_fit(f, r.x + 4 * scale, r.y + lh + 2 * scale, scale,
			    "not measured", r.w - 8 * scale, THEME_DIM);
		return;
	}
	axis_fit(&a, AXIS_LINEAR, 0, vmax);
	axis_place(&a, p.y + p.h - 1, p.y);
	n = axis_ticks(&a, p.h / (lh + lh / 2) + 1, ticks, MAX_TICKS);
	for (int i = 0; i < n; i++) {
		char label[16];
		int y = (int)(axis_px(&a, ticks[i]) + 0.5), w, x;

		fb_line(f, p.x, y, p.x + p.w - 1, y, THEME_GRID);
		axis_label_num(label, sizeof label, ticks[i]);
		w = fb_text_width(label, scale);
		x = p.x - 4 * scale - w;
		fb_text_fit(f, x < r.x ? r.x : x, y - lh / 2, scale, label,
			    p.x - r.x, THEME_TEXT);
	}
	/* groups of bars with a bar's width of air between groups */
	int slots = nl * (t->kernels + 1);
	int bar = p.w / (slots > 0 ? slots : 1);
	for (int g = 0; g < nl; g++) {
		int gx = p.x + g * (t->kernels + 1) * bar + bar / 2;
		int lw = fb_text_width(level_names[levels[g]], scale);
		for (int k = 0; k < t->kernels; k++) {
			double gb = v[levels[g]][k];
			int h = gb > 0 ? p.y + p.h -
				(int)(axis_px(&a, gb) + 0.5) : 0;
			fb_fill(f, (struct fb_rect){ gx + k * bar, p.y + p.h - h,
				bar > 2 ? bar - 1 : bar, h }, theme_series(k));
		}
		fb_text(f, gx + (t->kernels * bar - lw) / 2,
			p.y + p.h + 2 * scale, scale, level_names[levels[g]],
			THEME_TEXT);
	}
	fb_line(f, p.x - 1, p.y, p.x - 1, p.y + p.h, THEME_AXIS);
	fb_line(f, p.x - 1, p.y + p.h, p.x + p.w - 1, p.y + p.h, THEME_AXIS);
}

static void legend(struct fb *f, struct fb_rect r, int scale,
		   const struct bw_table *t)
{
	int lh = fb_text_height(scale), x = r.x + 4 * scale;

	for (int k = 0; k < t->kernels; k++) {
		const char *name = series_kernel_short(t->kernel[k]);
		int w = 2 * lh + fb_text_width(name, scale);
		if (x + w > r.x + r.w)
			break;
		fb_fill(f, (struct fb_rect){ x, r.y + lh / 4, lh - lh / 4,
			lh - lh / 2 }, theme_series(k));
		fb_text(f, x + lh, r.y, scale, name, THEME_TEXT);
		x += w;
	}
}

void bw_chart_draw(struct fb *f, struct fb_rect r, int scale,
		   const struct run_results *res)
{
	struct bw_table t;
	int lh = fb_text_height(scale), panels, ph;
	char title[64];

	fb_fill(f, r, THEME_PANEL);
	series_bandwidth(res, &t);
	panels = t.all_cpus > 1 ? 2 : 1;
	if (t.kernels == 0) {
		fb_text_fit(f, r.x + 4 * scale, r.y + 2 * scale, scale,
			    "bandwidth: not measured", r.w - 8 * scale,
			    THEME_DIM);
		return;
	}
	legend(f, (struct fb_rect){ r.x, r.y + 2 * scale, r.w, lh }, scale,
	       &t);
	ph = (r.h - lh - 2 * scale) / panels;
	fmt(title, sizeof title, "GB/s, 1 cpu (%s)", res->bw.isa ?
	    res->bw.isa : "");
	panel(f, (struct fb_rect){ r.x, r.y + lh + 2 * scale, r.w, ph },
	      scale, &t, t.one, title);
	if (panels == 2) {
		fmt(title, sizeof title, "GB/s, %d cpus at once", t.all_cpus);
		panel(f, (struct fb_rect){ r.x, r.y + lh + 2 * scale + ph, r.w,
		      ph }, scale, &t, t.all, title);
	}
}
