/* The summary under the charts: per level the latency in ns and the read
 * bandwidth of one cpu (and of all cpus for DRAM), laid out as items
 * that wrap to the next line where the screen is narrow. */
#include "draw/charts.h"

#include "draw/theme.h"
#include "suite/summary.h"
#include "util/fmt.h"
#include "util/str.h"

/* Three significant digits: what a median over a few samples supports. */
static void put3(char *buf, size_t cap, double v)
{
	fmt(buf, cap, v < 10 ? "%.2f" : v < 100 ? "%.1f" : "%.0f", v);
}

int summary_lines_draw(struct fb *f, struct fb_rect r, int scale,
		       const struct run_results *res)
{
	static const char *const names[SUM_LEVELS] = { "L1", "L2", "L3",
							"DRAM" };
	struct summary s;
	int lh = fb_text_height(scale), gap = fb_text_width("   ", scale);
	int x = r.x, lines = 1, draw;
	int fits = r.h / (lh > 0 ? lh : 1);

	if (res->selected_count == 0 ||
	    (res->lat.count == 0 && res->bw.count == 0)) {
		if (fits >= 1)
			fb_text_fit(f, r.x, r.y, scale,
				    "summary: nothing measured (see the log)",
				    r.w, THEME_DIM);
		return 1;
	}
	summary_compute(res, res->selected[0], &s);
	/* A first pass counts the lines; draw only when all fit. */
	for (int pass = 0; pass < 2; pass++) {
		draw = pass == 1;
		if (draw && lines > fits)
			break;
		x = r.x;
		lines = 1;
		for (int l = 0; l < SUM_LEVELS; l++) {
			char item[96], ns[16], gb[16], all[16];
			int w;

			put3(ns, sizeof ns, s.lat_ns[l]);
			put3(gb, sizeof gb, s.read_gb[l]);
			put3(all, sizeof all, s.read_gb_dram_all);
			size_t n = fmt(item, sizeof item, "%s", names[l]);
			if (s.lat_ns[l] >= 0)
				n += fmt(item + n, sizeof item - n, " %s ns",
					 ns);
			if (s.read_gb[l] >= 0)
				n += fmt(item + n, sizeof item - n, " %s GB/s",
					 gb);
			if (l == SUM_DRAM && s.read_gb_dram_all >= 0 &&
			    s.dram_all_cpus > 1)
				n += fmt(item + n, sizeof item - n,
					 " (%s on %d cpus)", all,
					 s.dram_all_cpus);
			if (s.lat_ns[l] < 0 && s.read_gb[l] < 0)
				fmt(item + n, sizeof item - n, " -");
			w = fb_text_width(item, scale);
			if (x > r.x && x + w > r.x + r.w) {
				x = r.x;
				lines++;
			}
			if (draw) {
				fb_text_fit(f, x, r.y + (lines - 1) * lh, scale,
					    names[l], r.x + r.w - x,
					    theme_series(0));
				int nw = fb_text_width(names[l], scale);
				fb_text_fit(f, x + nw, r.y + (lines - 1) * lh,
					    scale, item + str_len(names[l]),
					    r.x + r.w - x - nw, THEME_TEXT);
			}
			x += w + gap;
		}
	}
	return lines;
}
