/* The views (views.h): a header and a footer around the chart, a test's
 * page (its row's screen view), the tables, or the console log. */
#include "draw/views.h"

#include <stdarg.h>

#include "draw/charts.h"
#include "draw/font.h"
#include "draw/series.h"
#include "draw/theme.h"
#include "hw/smbios.h"
#include "results/results_json.h"
#include "suite/summary.h"
#include "util/fmt.h"
#include "util/str.h"

static const char *const view_names[DRAW_TEST] = { "chart", "tables",
						   "log" };

/* The row whose page v is, or 0. */
static const struct test_row *row_of(enum draw_view v,
				     const struct run_results *res)
{
	int i = (int)v - DRAW_TEST;

	if (i < 0 || i >= res->test_count || !res->tests ||
	    (!res->tests[i].screen && !res->tests[i].table))
		return 0;
	return &res->tests[i];
}

int draw_view_shown(enum draw_view v, const struct run_results *res)
{
	const struct test_row *t;

	if (v >= 0 && v < DRAW_TEST)
		return 1;
	t = row_of(v, res);
	return t && test_row_measured(t, res);
}

int draw_views(const struct run_results *res, enum draw_view *out)
{
	int n = 0;

	out[n++] = DRAW_CHART;
	for (int i = 0; i < res->test_count && n < DRAW_VIEWS_MAX - 2; i++)
		if (draw_view_shown((enum draw_view)(DRAW_TEST + i), res))
			out[n++] = (enum draw_view)(DRAW_TEST + i);
	out[n++] = DRAW_TABLES;
	out[n++] = DRAW_LOG;
	return n;
}

const char *draw_view_name(enum draw_view v, const struct run_results *res)
{
	const struct test_row *t = row_of(v, res);

	if (v >= 0 && v < DRAW_TEST)
		return view_names[v];
	return t ? t->name : "?";
}

enum draw_view draw_view_of_test(const struct run_results *res,
				 const char *name)
{
	for (int i = 0; res->tests && i < res->test_count; i++)
		if (str_eq(res->tests[i].name, name))
			return (enum draw_view)(DRAW_TEST + i);
	return DRAW_LOG;
}

enum draw_view draw_view_next(enum draw_view v, const struct run_results *res)
{
	enum draw_view all[DRAW_VIEWS_MAX];
	int n = draw_views(res, all);

	for (int i = 0; i < n; i++)
		if (all[i] == v)
			return all[(i + 1) % n];
	return DRAW_CHART;
}

enum draw_view draw_view_first(const struct run_results *res)
{
	enum draw_view all[DRAW_VIEWS_MAX];

	/* all[1] is the first test's page when one is shown */
	if (res->lat.count == 0 && res->bw.count == 0 &&
	    draw_views(res, all) > 3)
		return all[1];
	return DRAW_CHART;
}

int draw_text_scale(int width, int height)
{
	/* 6x10 cells: 1 keeps 100 columns at 640x480 and 800x600; from
	 * 1280x800 on they double, so a label stays about 1/70 of the
	 * screen's height or more */
	int sw = width / 640, sh = height / 400;
	int s = sw < sh ? sw : sh;

	return s < 1 ? 1 : s;
}

static int pad_of(int scale)
{
	return 6 * scale;
}

void draw_machine_line(const struct run_results *res, char *line, size_t cap)
{
	const struct smbios_info *sm = res->smbios;
	/* the tick counter's name: AArch64 counts the generic timer */
	const char *clock = res->arch && str_eq(res->arch, "aarch64")
		? "timer" : "TSC";

	fmt(line, cap, "%s %s   %s   %s %.3f GHz (%s)",
	    sm ? sm->system_manufacturer : "", sm ? sm->system_product : "",
	    res->cpu.brand, clock, (double)res->tsc_hz / 1e9,
	    res->tsc_source ? res->tsc_source : "?");
}

/* Two lines: the run, and the machine it ran on. Returns the height. */
static int header_draw(struct fb *f, int scale, enum draw_view v,
		       const struct run_results *res)
{
	int lh = fb_text_height(scale), pad = pad_of(scale);
	int h = 2 * lh + 2 * pad, x, tabs_w = 0;
	char line[256];
	enum draw_view all[DRAW_VIEWS_MAX];
	int n = draw_views(res, all);

	fb_fill(f, (struct fb_rect){ 0, 0, f->width, h }, THEME_BAR);
	for (int i = 0; i < n; i++)
		tabs_w += fb_text_width(draw_view_name(all[i], res), scale) +
			  3 * pad;
	x = f->width - tabs_w;
	for (int i = 0; i < n; i++) {
		const char *name = draw_view_name(all[i], res);
		int w = fb_text_width(name, scale);
		if (all[i] == v)
			fb_fill(f, (struct fb_rect){ x - pad, pad / 2,
				w + 2 * pad, lh + pad }, THEME_PANEL);
		fb_text(f, x, pad, scale, name,
			all[i] == v ? THEME_TEXT : THEME_DIM);
		x += w + 3 * pad;
	}
	fmt(line, sizeof line, "baremem %s   run %d   status %s   %s   "
	    "%d cpus   %.0f s", BAREMEM_VERSION, res->run_number,
	    results_status_name(results_status(res)), res->started,
	    res->selected_count, res->duration_s);
	fb_text_fit(f, pad, pad, scale, line, f->width - tabs_w - 2 * pad,
		    THEME_TEXT);
	draw_machine_line(res, line, sizeof line);
	fb_text_fit(f, pad, pad + lh, scale, line, f->width - 2 * pad,
		    THEME_DIM);
	return h;
}

/* The keys, at the bottom. Returns its height. */
static int footer_draw(struct fb *f, int scale, enum draw_view v,
		       const struct run_results *res)
{
	int lh = fb_text_height(scale), pad = pad_of(scale);
	int h = lh + pad, y = f->height - h;
	enum draw_view all[DRAW_VIEWS_MAX];
	int n = draw_views(res, all);
	char keys[200];
	size_t len;

	if (v == DRAW_LOG) {
		fmt(keys, sizeof keys, "any key: next view   arrows, PgUp, "
		    "PgDn, Home, End: scroll   q or Esc: leave");
	} else {
		len = fmt(keys, sizeof keys, "any key: next view (");
		for (int i = 0; i < n; i++)
			len += fmt(keys + len, sizeof keys - len, "%s%s",
				   i ? ", " : "", draw_view_name(all[i], res));
		fmt(keys + len, sizeof keys - len, ")   q or Esc: leave");
	}

	fb_fill(f, (struct fb_rect){ 0, y, f->width, h }, THEME_BAR);
	fb_text_fit(f, pad, y + pad / 2, scale, keys, f->width - 2 * pad,
		    THEME_DIM);
	return h;
}

static void chart_view(struct fb *f, int scale, struct fb_rect r,
		       const struct run_results *res)
{
	int pad = pad_of(scale), lh = fb_text_height(scale);
	int sum_h, lat_w;
	struct fb_rect sum = { r.x + pad, 0, r.w - 2 * pad, 0 };

	sum_h = summary_lines_draw(f, sum, scale, res) * lh + pad;
	sum.y = r.y + r.h - sum_h;
	sum.h = sum_h;
	summary_lines_draw(f, sum, scale, res);
	r.h -= sum_h + pad;
	lat_w = r.w * 3 / 5;
	latency_chart_draw(f, (struct fb_rect){ r.x + pad, r.y + pad,
			   lat_w - 2 * pad, r.h - pad }, scale, res);
	bw_chart_draw(f, (struct fb_rect){ r.x + lat_w, r.y + pad,
		      r.w - lat_w - pad, r.h - pad }, scale, res);
}

/* A column of text lines in r; the lines past its bottom are left out
 * and the last one says how many. */
struct text_col {
	struct fb *f;
	struct fb_rect r;
	int scale, y, dropped;
};

static void col_line(struct text_col *c, uint32_t rgb, const char *f, ...)
	__attribute__((format(printf, 3, 4)));

static void col_line(struct text_col *c, uint32_t rgb, const char *f, ...)
{
	char line[240];
	va_list ap;
	int lh = fb_text_height(c->scale);
	int fit = c->r.w / (FONT_CELL_W * c->scale), indent = 0;
	const char *p = line;

	va_start(ap, f);
	fmt_v(line, sizeof line, f, ap);
	va_end(ap);
	while (p[indent] == ' ')
		indent++;
	/* long lines wrap at a blank, the rest indented 2 more */
	for (int first = 1; *p; first = 0) {
		int x = c->r.x + (first ? 0 : (indent + 2) * FONT_CELL_W *
						c->scale);
		int room = first ? fit : fit - indent - 2, n = 0, cut;

		if (c->y + 2 * lh > c->r.y + c->r.h) {
			c->dropped++;
			return;
		}
		if (room < 8)
			room = fit;
		while (p[n] && n < room)
			n++;
		cut = n;
		if (p[n])
			while (cut > room / 2 && p[cut] != ' ')
				cut--;
		if (p[n] && p[cut] != ' ')
			cut = n;
		fb_text_n(c->f, x, c->y, c->scale, p, cut, rgb);
		c->y += lh;
		p += cut;
		while (*p == ' ')
			p++;
	}
}

static void col_end(struct text_col *c)
{
	if (c->dropped)
		fb_text_fit(c->f, c->r.x, c->y, c->scale,
			    "... more in the log view", c->r.w, THEME_DIM);
}

static void latency_table(struct text_col *c, const struct run_results *res)
{
	struct lat_curve s[SERIES_MAX];
	int n = series_latency(res, res->selected_count ? res->selected[0] :
			       0, s, SERIES_MAX);
	char head[160], row[160], size[16];
	size_t hl;

	col_line(c, THEME_TEXT, "latency, ns per load (median)");
	if (n == 0) {
		col_line(c, THEME_DIM, "  not measured");
		return;
	}
	hl = fmt(head, sizeof head, "%8s", "size");
	for (int k = 0; k < n; k++) {
		char page[16], col[24];
		fmt(col, sizeof col, "%s pages%s",
		    fmt_size(page, sizeof page, s[k].page_bytes),
		    s[k].prefetch == BM_PF_OFF ? " pf-off" : "");
		hl += fmt(head + hl, sizeof head - hl, " %15s", col);
	}
	col_line(c, THEME_DIM, "%s", head);
	/* rows: the union of sizes, from the first curve's (the sweep's
	 * sizes are the same for every page size) */
	for (int i = 0; i < s[0].n; i++) {
		size_t rl = fmt(row, sizeof row, "%8s",
				fmt_size(size, sizeof size, s[0].size_bytes[i]));
		for (int k = 0; k < n; k++) {
			double ns = -1;
			for (int j = 0; j < s[k].n; j++)
				if (s[k].size_bytes[j] == s[0].size_bytes[i])
					ns = s[k].ns[j];
			rl += ns < 0 ? fmt(row + rl, sizeof row - rl, " %15s",
					   "-")
				     : fmt(row + rl, sizeof row - rl, " %15.2f",
					   ns);
		}
		col_line(c, THEME_TEXT, "%s", row);
	}
}

static void bandwidth_table(struct text_col *c, const struct run_results *res)
{
	static const char *const levels[BW_LEVELS] = { "L1", "L2", "L3",
							"DRAM" };
	struct bw_table t;
	char row[200];

	series_bandwidth(res, &t);
	col_line(c, THEME_TEXT, "bandwidth, GB/s (median)");
	if (t.kernels == 0) {
		col_line(c, THEME_DIM, "  not measured");
		return;
	}
	for (int all = 0; all < 2; all++) {
		size_t n;
		if (all && t.all_cpus < 2)
			break;
		n = fmt(row, sizeof row, all ? "%-5s %d cpus" : "%-5s 1 cpu",
			"", t.all_cpus);
		col_line(c, THEME_DIM, "%s", row);
		n = fmt(row, sizeof row, "%-5s", "");
		for (int k = 0; k < t.kernels; k++)
			n += fmt(row + n, sizeof row - n, " %8s",
				 series_kernel_short(t.kernel[k]));
		col_line(c, THEME_DIM, "%s", row);
		for (int l = 0; l < BW_LEVELS; l++) {
			double *v = all ? t.all[l] : t.one[l];
			n = fmt(row, sizeof row, "%-5s", levels[l]);
			for (int k = 0; k < t.kernels; k++)
				n += v[k] < 0
					? fmt(row + n, sizeof row - n, " %8s",
					      "-")
					: fmt(row + n, sizeof row - n,
					      " %8.1f", v[k]);
			col_line(c, THEME_TEXT, "%s", row);
		}
	}
}

static void msgs_table(struct text_col *c, const char *what,
		       const struct msgs *m, uint32_t rgb)
{
	if (m->count == 0)
		return;
	col_line(c, THEME_TEXT, "%s (%d)", what, m->count);
	for (int i = 0; i < m->count && i < MSGS_MAX; i++)
		col_line(c, rgb, "  %s", m->text[i]);
}

static void tables_view(struct fb *f, int scale, struct fb_rect r,
			const struct run_results *res)
{
	int pad = pad_of(scale), lh = fb_text_height(scale);
	int half = r.w / 2;
	struct text_col left = { f, { r.x + 2 * pad, r.y + pad,
				 half - 3 * pad, r.h - 2 * pad }, scale,
				 r.y + pad, 0 };
	struct text_col right = { f, { r.x + half + pad, r.y + pad,
				  r.w - half - 3 * pad, r.h - 2 * pad }, scale,
				  r.y + pad, 0 };
	struct fb_rect sum;
	int sum_lines;

	latency_table(&left, res);
	col_end(&left);
	bandwidth_table(&right, res);
	right.y += lh;
	col_line(&right, THEME_TEXT, "summary");
	sum = (struct fb_rect){ right.r.x, right.y, right.r.w, 0 };
	sum_lines = summary_lines_draw(f, sum, scale, res);
	sum.h = sum_lines * lh;
	if (right.y + sum.h + lh <= right.r.y + right.r.h) {
		summary_lines_draw(f, sum, scale, res);
		right.y += sum.h;
	}
	right.y += lh;
	msgs_table(&right, "errors", &res->errors, THEME_BAD);
	msgs_table(&right, "warnings", &res->warnings, THEME_DIM);
	col_end(&right);
}

int draw_log_line_count(const char *log, size_t len)
{
	int n = 0;

	for (size_t i = 0; i < len; i++)
		if (log[i] == '\n')
			n++;
	return len && log[len - 1] != '\n' ? n + 1 : n;
}

int draw_log_page_lines(const struct fb *f)
{
	int scale = draw_text_scale(f->width, f->height);
	int lh = fb_text_height(scale), pad = pad_of(scale);
	/* the header, the footer and the padding, as draw_view lays out */
	int used = (2 * lh + 2 * pad) + (lh + pad) + 2 * pad;
	int n = (f->height - used) / lh;

	return n < 1 ? 1 : n;
}

static void log_view(struct fb *f, int scale, struct fb_rect r,
		     const struct draw_input *in)
{
	int pad = pad_of(scale), lh = fb_text_height(scale);
	int page = draw_log_page_lines(f), line = 0, y = r.y + pad;
	int fit = (r.w - 2 * pad) / (FONT_CELL_W * scale);
	size_t i = 0;

	while (i < in->log_len && line < in->log_top + page) {
		size_t start = i, n;
		while (i < in->log_len && in->log[i] != '\n')
			i++;
		n = i - start;
		if (i < in->log_len)
			i++;
		if (line++ < in->log_top)
			continue;
		fb_text_n(f, r.x + pad, y, scale, in->log + start,
			  (int)(n < (size_t)fit ? n : (size_t)fit), THEME_TEXT);
		y += lh;
	}
}

/* A test's table of figures as lines of text (a row with no screen
 * view of its own). */
static void table_page(struct text_col *c, const char *name,
		       const struct test_table *t)
{
	char line[240];
	size_t n;

	col_line(c, THEME_TEXT, "%s", t && t->title ? t->title : name);
	if (!t || t->cols < 1 || t->cols > TEST_TABLE_COLS)
		return;
	n = 0;
	for (int k = 0; k < t->cols; k++)
		n += fmt(line + n, sizeof line - n, " %12s",
			 t->head[k] ? t->head[k] : "");
	col_line(c, THEME_DIM, "%s", line);
	for (int r = 0; r < t->rows; r++) {
		n = 0;
		for (int k = 0; k < t->cols; k++) {
			double v = t->cell[r * t->cols + k];
			n += v < 0 ? fmt(line + n, sizeof line - n, " %12s",
					 "-")
				   : fmt(line + n, sizeof line - n, " %12.*f",
					 t->decimals[k], v);
		}
		col_line(c, THEME_TEXT, "%s", line);
	}
	col_end(c);
}

/* A test's page: its row's screen view inside the body's padding, or
 * its table. */
static void page_view(struct fb *f, int scale, struct fb_rect body,
		      enum draw_view v, const struct run_results *res)
{
	const struct test_row *t = row_of(v, res);
	int pad = pad_of(scale);
	struct fb_rect r = { pad, body.y + pad, f->width - 2 * pad,
			     body.h - 2 * pad };
	struct text_col c = { f, { r.x + pad, r.y, r.w - 2 * pad, r.h },
			      scale, r.y, 0 };

	if (t && t->screen)
		t->screen(f, &r, scale, res);
	else if (t)
		table_page(&c, t->name, t->table(res));
}

void draw_view(struct fb *f, enum draw_view v, const struct draw_input *in)
{
	int scale = draw_text_scale(f->width, f->height);
	struct fb_rect body;
	int top, bottom;

	fb_fill(f, (struct fb_rect){ 0, 0, f->width, f->height }, THEME_BG);
	top = header_draw(f, scale, v, in->res);
	bottom = footer_draw(f, scale, v, in->res);
	body = (struct fb_rect){ 0, top, f->width, f->height - top - bottom };
	switch (v) {
	case DRAW_CHART:
		chart_view(f, scale, body, in->res);
		break;
	case DRAW_TABLES:
		tables_view(f, scale, body, in->res);
		break;
	case DRAW_LOG:
		log_view(f, scale, body, in);
		break;
	default:
		page_view(f, scale, body, v, in->res);
		break;
	}
}
