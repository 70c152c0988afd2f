/* The HTML report's charts (report.h), each section only when its test
 * ran: latency against working set with the cache boundaries, bandwidth
 * per level and kernel, the scaling curve, loaded latency, the c2c heat
 * map, the NUMA matrix, page-size ratios and latency distributions. */
#include "report/report.h"

#include "hw/memceiling.h"
#include "hw/numa.h"
#include "report/svg.h"
#include "suite/pagecmp.h"
#include "util/fmt.h"
#include "util/str.h"

#define CHART_W 760
#define CHART_H 380
#define MAX_SERIES SVG_SERIES	/* curves beyond: grey dots */
#define MAX_KERNELS 8
#define PAGECMP_ROWS 128
#define HEAT_CPUS 512		/* c2c cpus placed on the map */
#define HEAT_TITLES_UPTO 32	/* per-cell tooltips only on small maps */
#define HEAT_VALUES_UPTO 12	/* numbers in the cells only when they fit */
#define HEAT_SIDE 440		/* the map's side, px */
#define HEAT_CELL_MAX 56

/* A latency curve: one cpu's sweep on one page size, prefetchers in one
 * state. */
struct lat_curve {
	int cpu, prefetch;
	uint64_t page_bytes;
};

static int same_series(const struct lat_curve *s, const struct lat_point *p)
{
	return s->cpu == p->cpu && s->page_bytes == p->page_bytes &&
	       s->prefetch == p->prefetch;
}

static int series_points(const struct run_results *res,
			 const struct lat_curve *s)
{
	int n = 0;

	for (int i = 0; i < res->lat.count; i++)
		n += same_series(s, &res->lat.p[i]);
	return n;
}

/* The curves: series of two points or more, in recorded order, at most
 * cap. The rest (a cpu measured at one size, like the per-cpu DRAM
 * points, or curves past cap) are drawn as dots of one colour. */
static int lat_series_of(const struct run_results *res,
			 struct lat_curve *out, int cap)
{
	int n = 0;

	for (int i = 0; i < res->lat.count && n < cap; i++) {
		const struct lat_point *p = &res->lat.p[i];
		struct lat_curve s = { p->cpu, p->prefetch, p->page_bytes };
		int k = 0;

		while (k < n && !same_series(&out[k], p))
			k++;
		if (k == n && series_points(res, &s) >= 2)
			out[n++] = s;
	}
	return n;
}

static int in_a_curve(const struct lat_curve *ser, int n,
		      const struct lat_point *p)
{
	for (int s = 0; s < n; s++)
		if (same_series(&ser[s], p))
			return 1;
	return 0;
}

/* The point of series s with the smallest size above `above`, or -1:
 * draws each curve in size order whatever order the sweep recorded. */
static int next_by_size(const struct run_results *res,
			const struct lat_curve *s, uint64_t above)
{
	int best = -1;

	for (int i = 0; i < res->lat.count; i++) {
		const struct lat_point *p = &res->lat.p[i];

		if (!same_series(s, p) || p->size_bytes <= above)
			continue;
		if (best < 0 || p->size_bytes < res->lat.p[best].size_bytes)
			best = i;
	}
	return best;
}

static void figure_begin(struct html_writer *w, const char *caption)
{
	html_fmt(w, "<figure>\n<figcaption>%s</figcaption>\n", caption);
}

static void legend_item(struct html_writer *w, int series, const char *text)
{
	html_fmt(w, "<li><span class=\"sw s%d\"></span>%s</li>",
		 series % SVG_SERIES, text);
}

static void lat_series_name(char *buf, size_t cap, const struct lat_curve *s)
{
	char pg[16];

	fmt(buf, cap, "cpu %d, %s pages%s", s->cpu,
	    fmt_size(pg, sizeof pg, s->page_bytes),
	    s->prefetch == BM_PF_OFF ? ", prefetchers off"
	    : s->prefetch == BM_PF_ON ? ", prefetchers on" : "");
}

void report_latency(struct html_writer *w, const struct run_results *res)
{
	struct lat_curve ser[MAX_SERIES];
	struct cache_mark marks[AXIS_MAX_CACHE_MARKS];
	struct svg_plot p;
	double xmin = 1e300, xmax = 0, ymin = 1e300, ymax = 0;
	int n = lat_series_of(res, ser, MAX_SERIES - 1), nm, others = 0;
	char name[80];

	if (!res->lat.count)
		return;
	for (int i = 0; i < res->lat.count; i++) {
		const struct lat_point *q = &res->lat.p[i];

		xmin = q->size_bytes < xmin ? q->size_bytes : xmin;
		xmax = q->size_bytes > xmax ? q->size_bytes : xmax;
		ymin = q->ns_median > 0 && q->ns_median < ymin ? q->ns_median
							       : ymin;
		ymax = q->ns_median > ymax ? q->ns_median : ymax;
	}
	html_raw(w, "<section class=\"latency\">\n<h2>Latency</h2>\n");
	figure_begin(w, "Latency against working-set size (random chase, "
		     "median ns per load)");
	axis_fit(&p.x, AXIS_LOG2, xmin, xmax);
	axis_fit(&p.y, AXIS_LOG10, ymin, ymax);
	svg_plot_begin(&p, w, CHART_W, CHART_H, SVG_LABEL_BYTES,
		       "working set (bytes)", SVG_LABEL_NUM, "ns per load");
	nm = axis_cache_marks(&res->cpu, marks, AXIS_MAX_CACHE_MARKS);
	for (int m = 0; m < nm; m++)
		svg_vmark(&p, (double)marks[m].bytes, marks[m].label);
	for (int s = 0; s < n; s++) {
		svg_path_begin(&p, s);
		for (int i = next_by_size(res, &ser[s], 0); i >= 0;
		     i = next_by_size(res, &ser[s], res->lat.p[i].size_bytes))
			svg_path_point(&p, (double)res->lat.p[i].size_bytes,
				       res->lat.p[i].ns_median);
		svg_path_end(&p);
		for (int i = 0; i < res->lat.count; i++)
			if (same_series(&ser[s], &res->lat.p[i]))
				svg_dot(&p, (double)res->lat.p[i].size_bytes,
					res->lat.p[i].ns_median, s);
	}
	for (int i = 0; i < res->lat.count; i++)
		if (!in_a_curve(ser, n, &res->lat.p[i])) {
			svg_dot(&p, (double)res->lat.p[i].size_bytes,
				res->lat.p[i].ns_median, SVG_SERIES - 1);
			others++;
		}
	svg_plot_end(&p);
	html_raw(w, "<ul class=\"legend\">");
	for (int s = 0; s < n; s++) {
		lat_series_name(name, sizeof name, &ser[s]);
		legend_item(w, s, name);
	}
	if (others)
		legend_item(w, SVG_SERIES - 1, "cpus measured at one size");
	html_raw(w, "</ul>\n");
	if (nm)
		html_raw(w, "<p class=\"note\">dashed: the detected cache "
			 "sizes</p>\n");
	html_raw(w, "</figure>\n</section>\n");
}

/* The distinct kernels of the non-scaling points, in recorded order. */
static int kernels_of(const struct run_results *res, const char **out,
		      int cap)
{
	int n = 0;

	for (int i = 0; i < res->bw.count; i++) {
		int k = 0;

		if (res->bw.p[i].scaling)
			continue;
		while (k < n && str_ieq(out[k], str_len(out[k]),
					res->bw.p[i].kernel) == 0)
			k++;
		if (k == n && n < cap)
			out[n++] = res->bw.p[i].kernel;
	}
	return n;
}

static const char *const bw_levels[] = { "L1", "L2", "L3", "DRAM" };
#define BW_LEVELS 4

/* The median of the non-scaling point of kernel, level and cpus, or -1. */
static double bw_value(const struct run_results *res, const char *kernel,
		       const char *level, int cpus)
{
	for (int i = 0; i < res->bw.count; i++) {
		const struct bw_point *b = &res->bw.p[i];

		if (!b->scaling && b->cpus == cpus &&
		    str_ieq(b->kernel, str_len(b->kernel), kernel) &&
		    str_ieq(b->level, str_len(b->level), level))
			return b->gb_median;
	}
	return -1;
}

/* ceiling: the DIMMs' (GB/s) drawn across the chart, < 0: none. */
static void chart_bw_bars(struct html_writer *w, const struct run_results *res,
			  const char **kern, int nk, int cpus, double ceiling)
{
	struct svg_plot p;
	double ymax = 0, group;
	char cap[64];

	for (int k = 0; k < nk; k++)
		for (int l = 0; l < BW_LEVELS; l++) {
			double v = bw_value(res, kern[k], bw_levels[l], cpus);
			ymax = v > ymax ? v : ymax;
		}
	if (ymax <= 0)
		return;
	ymax = ceiling > ymax ? ceiling : ymax;
	fmt(cap, sizeof cap, "Bandwidth per level, %d cpu%s", cpus,
	    cpus == 1 ? "" : "s at once");
	figure_begin(w, cap);
	axis_fit(&p.x, AXIS_LINEAR, 0, BW_LEVELS);
	axis_fit(&p.y, AXIS_LINEAR, 0, ymax);
	svg_plot_begin(&p, w, CHART_W / 2 + 80, CHART_H - 40, SVG_LABEL_NONE,
		       "level", SVG_LABEL_NUM, "GB/s");
	group = (p.right - p.left) / BW_LEVELS;
	for (int l = 0; l < BW_LEVELS; l++) {
		double x0 = p.left + l * group, bw_px = group * 0.8 / nk;

		for (int k = 0; k < nk; k++)
			svg_bar(&p, x0 + group * 0.1 + bw_px * (k + 0.5),
				bw_px * 0.9,
				bw_value(res, kern[k], bw_levels[l], cpus), k);
		svg_label(&p, x0 + group / 2, p.bottom + 16, bw_levels[l]);
	}
	/* the line's own label short: a long one runs over the bars of
	 * the levels above it; the note says the rest */
	if (ceiling > 0)
		svg_hmark(&p, ceiling, "DIMMs' ceiling");
	svg_plot_end(&p);
	html_raw(w, "<ul class=\"legend\">");
	for (int k = 0; k < nk; k++)
		legend_item(w, k, kern[k]);
	html_raw(w, "</ul>\n");
	if (ceiling > 0)
		html_fmt(w, "<p class=\"note\">dashed: the DIMMs' ceiling, "
			 "%.1f GB/s (holds with one DIMM per channel)</p>\n",
			 ceiling);
	html_raw(w, "</figure>\n");
}

static void bw_table(struct html_writer *w, const struct run_results *res,
		     const char **kern, int nk, int all)
{
	html_raw(w, "<table>\n<tr><th>kernel</th><th>cpus</th>");
	for (int l = 0; l < BW_LEVELS; l++)
		html_fmt(w, "<th>%s GB/s</th>", bw_levels[l]);
	html_raw(w, "</tr>\n");
	for (int c = 0; c < 2; c++) {
		int cpus = c ? all : 1;

		if (c && all <= 1)
			break;
		for (int k = 0; k < nk; k++) {
			html_fmt(w, "<tr><td>%s</td><td class=\"num\">%d</td>",
				 kern[k], cpus);
			for (int l = 0; l < BW_LEVELS; l++) {
				double v = bw_value(res, kern[k], bw_levels[l],
						    cpus);
				if (v < 0)
					html_raw(w, "<td class=\"num\">&#8211;"
						 "</td>");
				else
					html_fmt(w, "<td class=\"num\">%.2f"
						 "</td>", v);
			}
			html_raw(w, "</tr>\n");
		}
	}
	html_raw(w, "</table>\n");
}

static void chart_scaling(struct html_writer *w, const struct run_results *res)
{
	const char *kern[MAX_KERNELS];
	struct svg_plot p;
	int nk = 0, xmax = 0;
	double ymax = 0;

	for (int i = 0; i < res->bw.count; i++) {
		const struct bw_point *b = &res->bw.p[i];
		int k = 0;

		if (!b->scaling)
			continue;
		xmax = b->cpus > xmax ? b->cpus : xmax;
		ymax = b->gb_median > ymax ? b->gb_median : ymax;
		while (k < nk && !str_ieq(kern[k], str_len(kern[k]), b->kernel))
			k++;
		if (k == nk && nk < MAX_KERNELS)
			kern[nk++] = b->kernel;
	}
	if (!nk)
		return;
	figure_begin(w, "Scaling: DRAM bandwidth against cpus at once");
	axis_fit(&p.x, AXIS_LINEAR, 0, xmax);
	axis_fit(&p.y, AXIS_LINEAR, 0, ymax);
	svg_plot_begin(&p, w, CHART_W, CHART_H - 40, SVG_LABEL_INT, "cpus",
		       SVG_LABEL_NUM, "GB/s, all cpus together");
	for (int k = 0; k < nk; k++) {
		svg_path_begin(&p, k);
		for (int i = 0; i < res->bw.count; i++)
			if (res->bw.p[i].scaling &&
			    str_ieq(kern[k], str_len(kern[k]),
				    res->bw.p[i].kernel))
				svg_path_point(&p, res->bw.p[i].cpus,
					       res->bw.p[i].gb_median);
		svg_path_end(&p);
		for (int i = 0; i < res->bw.count; i++)
			if (res->bw.p[i].scaling &&
			    str_ieq(kern[k], str_len(kern[k]),
				    res->bw.p[i].kernel))
				svg_dot(&p, res->bw.p[i].cpus,
					res->bw.p[i].gb_median, k);
	}
	svg_plot_end(&p);
	html_raw(w, "<ul class=\"legend\">");
	for (int k = 0; k < nk; k++)
		legend_item(w, k, kern[k]);
	html_raw(w, "</ul>\n</figure>\n");
}

void report_bandwidth(struct html_writer *w, const struct run_results *res)
{
	const char *kern[MAX_KERNELS];
	int nk = kernels_of(res, kern, MAX_KERNELS), all = 1;

	for (int i = 0; i < res->bw.count; i++)
		if (!res->bw.p[i].scaling && res->bw.p[i].cpus > all)
			all = res->bw.p[i].cpus;
	if (!res->bw.count)
		return;
	html_raw(w, "<section class=\"bandwidth\">\n<h2>Bandwidth</h2>\n"
		 "<div class=\"charts\">\n");
	if (nk) {
		/* the ceiling bounds the all-cpus read, not one cpu's */
		double ceiling = res->ceiling && res->ceiling->gb_per_s > 0
				 ? res->ceiling->gb_per_s : -1;

		chart_bw_bars(w, res, kern, nk, 1, -1);
		if (all > 1)
			chart_bw_bars(w, res, kern, nk, all, ceiling);
	}
	html_raw(w, "</div>\n");
	if (nk)
		bw_table(w, res, kern, nk, all);
	chart_scaling(w, res);
	html_raw(w, "</section>\n");
}

void report_loaded(struct html_writer *w, const struct run_results *res)
{
	struct svg_plot p;
	double xmax = 0, ymax = 0;

	if (!res->loaded.count)
		return;
	for (int i = 0; i < res->loaded.count; i++) {
		const struct loaded_point *q = &res->loaded.p[i];
		xmax = q->gb_per_s > xmax ? q->gb_per_s : xmax;
		ymax = q->ns > ymax ? q->ns : ymax;
	}
	html_raw(w, "<section class=\"loaded\">\n<h2>Loaded latency</h2>\n");
	figure_begin(w, "DRAM latency of one cpu while the others read");
	axis_fit(&p.x, AXIS_LINEAR, 0, xmax);
	axis_fit(&p.y, AXIS_LINEAR, 0, ymax);
	svg_plot_begin(&p, w, CHART_W, CHART_H - 40, SVG_LABEL_NUM,
		       "the loaders' read bandwidth, GB/s", SVG_LABEL_NUM,
		       "ns per load");
	svg_path_begin(&p, 0);
	for (int i = 0; i < res->loaded.count; i++)
		svg_path_point(&p, res->loaded.p[i].gb_per_s,
			       res->loaded.p[i].ns);
	svg_path_end(&p);
	for (int i = 0; i < res->loaded.count; i++)
		svg_dot(&p, res->loaded.p[i].gb_per_s, res->loaded.p[i].ns, 0);
	svg_plot_end(&p);
	html_fmt(w, "<p class=\"note\">%d points; the one at 0 GB/s is the "
		 "idle latency (no loaders).</p>\n</figure>\n</section>\n",
		 res->loaded.count);
}

/* Index of cpu in the sorted list, or -1. */
static int cpu_index(const int *list, int n, int cpu)
{
	int lo = 0, hi = n - 1;

	while (lo <= hi) {
		int mid = (lo + hi) / 2;

		if (list[mid] == cpu)
			return mid;
		if (list[mid] < cpu)
			lo = mid + 1;
		else
			hi = mid - 1;
	}
	return -1;
}

/* Inserts cpu into the sorted list (at most cap) unless present. */
static int cpu_insert(int *list, int n, int cap, int cpu)
{
	int i = n;

	if (cpu_index(list, n, cpu) >= 0 || n >= cap)
		return n;
	while (i > 0 && list[i - 1] > cpu) {
		list[i] = list[i - 1];
		i--;
	}
	list[i] = cpu;
	return n + 1;
}

void report_c2c(struct html_writer *w, const struct run_results *res)
{
	int cpus[HEAT_CPUS], n = 0, side, off = 48;
	double lo = 1e300, hi = 0, cell;
	char a[24], b[24];

	if (!res->c2c.count)
		return;
	for (int i = 0; i < res->c2c.count; i++) {
		const struct c2c_point *q = &res->c2c.p[i];

		n = cpu_insert(cpus, n, HEAT_CPUS, q->from);
		n = cpu_insert(cpus, n, HEAT_CPUS, q->to);
		lo = q->ns < lo ? q->ns : lo;
		hi = q->ns > hi ? q->ns : hi;
	}
	/* cells of at most HEAT_CELL_MAX px: 2 cpus make a small map */
	side = n * HEAT_CELL_MAX < HEAT_SIDE ? n * HEAT_CELL_MAX : HEAT_SIDE;
	cell = (double)side / n;
	html_raw(w, "<section class=\"c2c\">\n<h2>Core to core</h2>\n");
	figure_begin(w, "One-way cache-line transfer, ns (row: the cpu that "
		     "served the line; column: the cpu that answered)");
	html_fmt(w, "<svg class=\"chart heat\" viewBox=\"0 0 %d %d\" "
		 "xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" "
		 "style=\"max-width:%dpx\">\n", side + off + 10, side + off + 10,
		 side + off + 10 + 200);
	for (int i = 0; i < res->c2c.count; i++) {
		const struct c2c_point *q = &res->c2c.p[i];
		int r = cpu_index(cpus, n, q->from), c = cpu_index(cpus, n, q->to);

		if (r < 0 || c < 0)
			continue;
		html_fmt(w, "<rect class=\"cell h%d\" x=\"%.1f\" y=\"%.1f\" "
			 "width=\"%.1f\" height=\"%.1f\">",
			 svg_heat_step(q->ns, lo, hi), off + c * cell,
			 off + r * cell, cell, cell);
		if (n <= HEAT_TITLES_UPTO)
			html_fmt(w, "<title>cpu %d to cpu %d: %.1f ns</title>",
				 q->from, q->to, q->ns);
		html_raw(w, "</rect>\n");
		if (n <= HEAT_VALUES_UPTO)
			html_fmt(w, "<text class=\"cellval%s\" x=\"%.1f\" "
				 "y=\"%.1f\" text-anchor=\"middle\">%.0f</text>\n",
				 svg_heat_step(q->ns, lo, hi) >= 6 ? " dark" : "",
				 off + (c + 0.5) * cell, off + (r + 0.5) * cell + 4,
				 q->ns);
	}
	/* every k-th cpu number along both edges, legible at any size */
	for (int i = 0, k = n > 16 ? (n + 15) / 16 : 1; i < n; i += k) {
		html_fmt(w, "<text class=\"tick\" x=\"%.1f\" y=\"%d\" "
			 "text-anchor=\"middle\">%d</text><text class=\"tick\" "
			 "x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%d</text>\n",
			 off + (i + 0.5) * cell, off - 6, cpus[i], off - 6,
			 off + (i + 0.5) * cell + 4, cpus[i]);
	}
	html_raw(w, "</svg>\n<ul class=\"legend\">");
	fmt(a, sizeof a, "%.1f", lo);
	fmt(b, sizeof b, "%.1f", hi);
	for (int s = 0; s < SVG_HEAT_STEPS; s++)
		html_fmt(w, "<li><span class=\"sw h%d\"></span>%s</li>", s,
			 s == 0 ? a : s == SVG_HEAT_STEPS - 1 ? b : "");
	html_raw(w, "<li>ns</li></ul>\n</figure>\n</section>\n");
}

static void numa_cells(struct html_writer *w, const double *v, int n,
		       const char *unit, int decimals)
{
	double lo = 1e300, hi = 0;

	for (int i = 0; i < n * n; i++)
		if (v[i] >= 0) {
			lo = v[i] < lo ? v[i] : lo;
			hi = v[i] > hi ? v[i] : hi;
		}
	html_fmt(w, "<table>\n<tr><th>cpu node \\ memory node, %s</th>", unit);
	for (int m = 0; m < n; m++)
		html_fmt(w, "<th>%d</th>", m);
	html_raw(w, "</tr>\n");
	for (int c = 0; c < n; c++) {
		html_fmt(w, "<tr><th>%d</th>", c);
		for (int m = 0; m < n; m++) {
			double x = v[c * n + m];

			if (x < 0)
				html_raw(w, "<td class=\"num\">&#8211;</td>");
			else
				html_fmt(w, "<td class=\"num h%d\">%.*f</td>",
					 svg_heat_step(x, lo, hi), decimals, x);
		}
		html_raw(w, "</tr>\n");
	}
	html_raw(w, "</table>\n");
}

void report_numa(struct html_writer *w, const struct run_results *res)
{
	const struct numa_result *r = res->numa;
	char b[24];

	if (!r || !r->topo)
		return;
	html_fmt(w, "<section class=\"numa\">\n<h2>NUMA</h2>\n<p class=\"note\">"
		 "%d node%s (from %s), %s working set per cell.</p>\n",
		 r->topo->node_count, r->topo->node_count == 1 ? "" : "s",
		 r->source, fmt_size(b, sizeof b, r->size_bytes));
	numa_cells(w, r->latency_ns, r->topo->node_count, "latency ns", 2);
	numa_cells(w, r->read_gb, r->topo->node_count, "read GB/s", 2);
	html_raw(w, "</section>\n");
}

static void chart_pagecmp(struct html_writer *w, const struct run_results *res)
{
	struct pagecmp_row rows[PAGECMP_ROWS];
	uint64_t pages[PAGECMP_PAGES];
	struct svg_plot p;
	int np = 0, cpu = res->selected_count ? res->selected[0] : 0;
	int n = pagecmp_build(res->lat.p, res->lat.count, cpu, pages, &np, rows,
			      PAGECMP_ROWS);
	double ymax = 1;
	char pa[16], pb[16], name[48];

	if (np < 2 || n < 1)
		return;
	for (int i = 0; i < n; i++)
		for (int k = 1; k < np; k++)
			ymax = rows[i].ratio[k] > ymax ? rows[i].ratio[k] : ymax;
	html_raw(w, "<section class=\"pages\">\n<h2>Page sizes</h2>\n");
	figure_begin(w, "What page walks cost: latency on smaller pages as a "
		     "ratio to the largest");
	axis_fit(&p.x, AXIS_LOG2, (double)rows[0].size_bytes,
		 (double)rows[n - 1].size_bytes);
	axis_fit(&p.y, AXIS_LINEAR, 0, ymax);
	svg_plot_begin(&p, w, CHART_W, CHART_H - 40, SVG_LABEL_BYTES,
		       "working set (bytes)", SVG_LABEL_NUM, "latency ratio");
	for (int k = 1; k < np; k++) {
		svg_path_begin(&p, k);
		for (int i = 0; i < n; i++)
			if (rows[i].ratio[k] >= 0)
				svg_path_point(&p, (double)rows[i].size_bytes,
					       rows[i].ratio[k]);
		svg_path_end(&p);
	}
	svg_plot_end(&p);
	html_raw(w, "<ul class=\"legend\">");
	for (int k = 1; k < np; k++) {
		fmt(name, sizeof name, "%s pages / %s pages",
		    fmt_size(pa, sizeof pa, pages[k]),
		    fmt_size(pb, sizeof pb, pages[0]));
		legend_item(w, k, name);
	}
	html_raw(w, "</ul>\n</figure>\n</section>\n");
}

static void chart_dist(struct html_writer *w, const struct run_results *res)
{
	static const char *const pct[] = { "p50", "p90", "p99", "p99.9" };
	struct svg_plot p;
	double xmin = 1e300, xmax = 0, ymin = 1e300, ymax = 0;
	const struct lat_point *first = 0;

	for (int i = 0; i < res->lat.count; i++) {
		const struct lat_point *q = &res->lat.p[i];

		if (!q->dist_segments)
			continue;
		if (!first)
			first = q;
		if (q->cpu != first->cpu || q->page_bytes != first->page_bytes)
			continue;
		xmin = q->size_bytes < xmin ? q->size_bytes : xmin;
		xmax = q->size_bytes > xmax ? q->size_bytes : xmax;
		ymin = q->ns_p50 > 0 && q->ns_p50 < ymin ? q->ns_p50 : ymin;
		ymax = q->ns_p999 > ymax ? q->ns_p999 : ymax;
	}
	if (!first)
		return;
	html_raw(w, "<section class=\"dist\">\n<h2>Latency distribution</h2>\n");
	figure_begin(w, "Percentiles of short timed chase segments");
	axis_fit(&p.x, AXIS_LOG2, xmin, xmax);
	axis_fit(&p.y, AXIS_LOG10, ymin, ymax);
	svg_plot_begin(&p, w, CHART_W, CHART_H - 40, SVG_LABEL_BYTES,
		       "working set (bytes)", SVG_LABEL_NUM, "ns per load");
	for (int k = 0; k < 4; k++) {
		svg_path_begin(&p, k);
		for (int i = 0; i < res->lat.count; i++) {
			const struct lat_point *q = &res->lat.p[i];
			double v = k == 0 ? q->ns_p50 : k == 1 ? q->ns_p90
				   : k == 2 ? q->ns_p99 : q->ns_p999;

			if (q->dist_segments && q->cpu == first->cpu &&
			    q->page_bytes == first->page_bytes)
				svg_path_point(&p, (double)q->size_bytes, v);
		}
		svg_path_end(&p);
	}
	svg_plot_end(&p);
	html_raw(w, "<ul class=\"legend\">");
	for (int k = 0; k < 4; k++)
		legend_item(w, k, pct[k]);
	html_raw(w, "</ul>\n</figure>\n</section>\n");
}

void report_charts(struct html_writer *w, const struct run_results *res)
{
	for (int i = 0; i < res->test_count; i++) {
		const struct test_row *t = &res->tests[i];

		if (t->html)
			t->html(w, res);
		else if (t->table && test_row_measured(t, res))
			report_table(w, t->name, t->table(res));
	}
	/* the latency sweep's page sizes and distributions, after every
	 * test's section as they always were */
	chart_pagecmp(w, res);
	chart_dist(w, res);
}

void report_table(struct html_writer *w, const char *name,
		  const struct test_table *t)
{
	if (!t || t->rows < 1 || t->cols < 1 || t->cols > TEST_TABLE_COLS)
		return;
	html_raw(w, "<section class=\"");
	html_text(w, name);
	html_raw(w, "\">\n<h2>");
	html_text(w, t->title ? t->title : name);
	html_raw(w, "</h2>\n<table>\n<tr>");
	for (int c = 0; c < t->cols; c++) {
		html_raw(w, "<th>");
		html_text(w, t->head[c] ? t->head[c] : "");
		html_raw(w, "</th>");
	}
	html_raw(w, "</tr>\n");
	for (int r = 0; r < t->rows; r++) {
		html_raw(w, "<tr>");
		for (int c = 0; c < t->cols; c++) {
			double v = t->cell[r * t->cols + c];
			if (v < 0)
				html_raw(w, "<td>-</td>");
			else
				html_fmt(w, "<td>%.*f</td>", t->decimals[c], v);
		}
		html_raw(w, "</tr>\n");
	}
	html_raw(w, "</table>\n</section>\n");
}
