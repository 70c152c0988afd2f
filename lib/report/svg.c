/* Inline SVG chart pieces for the HTML report (svg.h). Coordinates are
 * written with one decimal: a tenth of a viewBox unit is finer than any
 * screen shows, and it keeps the file small. */
#include "report/svg.h"

#include "util/fmt.h"

#define SVG_TICKS_X 10
#define SVG_TICKS_Y 8
#define SVG_MAX_TICKS 64
#define SVG_FONT_PX 12

static int finite(double v)
{
	return v == v && v < 1e300 && v > -1e300;
}

static void tick_label(char *buf, size_t cap, enum svg_labels kind, double v)
{
	if (kind == SVG_LABEL_BYTES)
		axis_label_bytes(buf, cap, v);
	else
		axis_label_num(buf, cap, v);
}

void svg_plot_begin(struct svg_plot *p, struct html_writer *w, int width,
		    int height, enum svg_labels x_labels, const char *x_title,
		    enum svg_labels y_labels, const char *y_title)
{
	double t[SVG_MAX_TICKS];
	char lab[24];
	int n;

	p->w = w;
	p->width = width;
	p->height = height;
	p->left = 62;
	p->right = width - 16;
	p->top = 22;
	p->bottom = height - (x_labels == SVG_LABEL_NONE ? 40 : 44);
	p->points = 0;
	axis_place(&p->x, p->left, p->right);
	axis_place(&p->y, p->bottom, p->top);
	html_fmt(w, "<svg class=\"chart\" viewBox=\"0 0 %d %d\" "
		 "xmlns=\"http://www.w3.org/2000/svg\" role=\"img\">\n",
		 width, height);
	html_fmt(w, "<rect class=\"area\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
		 "height=\"%.1f\"/>\n", p->left, p->top, p->right - p->left,
		 p->bottom - p->top);
	if (x_labels != SVG_LABEL_NONE) {
		n = axis_ticks(&p->x, SVG_TICKS_X, t, SVG_MAX_TICKS);
		for (int i = 0; i < n; i++) {
			double x = axis_px(&p->x, t[i]);

			if (x_labels == SVG_LABEL_INT &&
			    t[i] != (double)(int64_t)t[i])
				continue;

			tick_label(lab, sizeof lab, x_labels, t[i]);
			html_fmt(w, "<line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" "
				 "x2=\"%.1f\" y2=\"%.1f\"/>"
				 "<text class=\"tick\" x=\"%.1f\" y=\"%.1f\" "
				 "text-anchor=\"middle\">%s</text>\n",
				 x, p->top, x, p->bottom, x,
				 p->bottom + SVG_FONT_PX + 4, lab);
		}
	}
	if (y_labels != SVG_LABEL_NONE) {
		n = axis_ticks(&p->y, SVG_TICKS_Y, t, SVG_MAX_TICKS);
		for (int i = 0; i < n; i++) {
			double y = axis_px(&p->y, t[i]);

			tick_label(lab, sizeof lab, y_labels, t[i]);
			html_fmt(w, "<line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" "
				 "x2=\"%.1f\" y2=\"%.1f\"/>"
				 "<text class=\"tick\" x=\"%.1f\" y=\"%.1f\" "
				 "text-anchor=\"end\">%s</text>\n",
				 p->left, y, p->right, y, p->left - 6, y + 4, lab);
		}
	}
	html_fmt(w, "<text class=\"title\" x=\"%.1f\" y=\"%d\" "
		 "text-anchor=\"middle\">%s</text>\n",
		 (p->left + p->right) / 2, height - 8, x_title);
	html_fmt(w, "<text class=\"title\" transform=\"translate(14 %.1f) "
		 "rotate(-90)\" text-anchor=\"middle\">%s</text>\n",
		 (p->top + p->bottom) / 2, y_title);
}

void svg_plot_end(struct svg_plot *p)
{
	html_raw(p->w, "</svg>\n");
}

/* Can v be placed on a? */
static int placeable(const struct axis *a, double v)
{
	return finite(v) && (a->scale == AXIS_LINEAR || v > 0);
}

void svg_path_begin(struct svg_plot *p, int series)
{
	p->series = series % SVG_SERIES;
	p->points = 0;
}

void svg_path_point(struct svg_plot *p, double x, double y)
{
	if (!placeable(&p->x, x) || !placeable(&p->y, y))
		return;
	if (p->points == 0)
		html_fmt(p->w, "<path class=\"line s%d\" d=\"M", p->series);
	else
		html_raw(p->w, " L");
	html_fmt(p->w, "%.1f %.1f", axis_px(&p->x, x), axis_px(&p->y, y));
	p->points++;
}

void svg_path_end(struct svg_plot *p)
{
	if (p->points)
		html_raw(p->w, "\"/>\n");
	p->points = 0;
}

void svg_dot(struct svg_plot *p, double x, double y, int series)
{
	if (!placeable(&p->x, x) || !placeable(&p->y, y))
		return;
	html_fmt(p->w, "<circle class=\"dot s%d\" cx=\"%.1f\" cy=\"%.1f\" "
		 "r=\"2.5\"/>\n", series % SVG_SERIES, axis_px(&p->x, x),
		 axis_px(&p->y, y));
}

void svg_vmark(struct svg_plot *p, double x, const char *label)
{
	double px;

	if (!placeable(&p->x, x))
		return;
	px = axis_px(&p->x, x);
	if (px < p->left || px > p->right)
		return;
	html_fmt(p->w, "<line class=\"mark\" x1=\"%.1f\" y1=\"%.1f\" "
		 "x2=\"%.1f\" y2=\"%.1f\"/>"
		 "<text class=\"marklabel\" x=\"%.1f\" y=\"%.1f\" "
		 "text-anchor=\"middle\">%s</text>\n",
		 px, p->top, px, p->bottom, px, p->top - 6, label);
}

void svg_hmark(struct svg_plot *p, double y, const char *label)
{
	double py;

	if (!placeable(&p->y, y) || y <= 0)
		return;
	py = axis_px(&p->y, y);
	html_fmt(p->w, "<line class=\"mark ceiling\" x1=\"%.1f\" y1=\"%.1f\" "
		 "x2=\"%.1f\" y2=\"%.1f\"/><text class=\"marklabel\" "
		 "x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n",
		 p->left, py, p->right, py, p->right - 4, py - 5, label);
}

void svg_bar(struct svg_plot *p, double cx, double w_px, double v,
	     int series)
{
	double y0, y1;

	/* < 0 is "not measured" (bw_value's -1, a summary's null): a bar
	 * from 0 down to it would hang below the axis, over the labels */
	if (!finite(v) || v < 0)
		return;
	y0 = axis_px(&p->y, 0);
	y1 = axis_px(&p->y, v);
	html_fmt(p->w, "<rect class=\"bar s%d\" x=\"%.1f\" y=\"%.1f\" "
		 "width=\"%.1f\" height=\"%.1f\"/>\n", series % SVG_SERIES,
		 cx - w_px / 2, y1 < y0 ? y1 : y0, w_px,
		 y1 < y0 ? y0 - y1 : y1 - y0);
}

/* Pixel v in tenths, rounded: bars that share a baseline print it alike. */
static long tenths(double v)
{
	return v < 0 ? -(long)(-v * 10 + 0.5) : (long)(v * 10 + 0.5);
}

void svg_span(struct svg_plot *p, double x0, double x1, double v,
	      int series, unsigned long long base, int node)
{
	long y0, y1, l, r;
	char cls[8], nd[12];

	if (!finite(v) || v <= 0 || !finite(x0) || !finite(x1))
		return;
	y0 = tenths(axis_px(&p->y, 0));
	y1 = tenths(axis_px(&p->y, v));
	l = tenths(axis_px(&p->x, x0));
	r = tenths(axis_px(&p->x, x1));
	/* at least half a unit wide, a tenth short of the next range */
	if (r - l > 10)
		r -= 1;
	if (r - l < 5)
		r = l + 5;
	if (series < 0)
		fmt(cls, sizeof cls, "nonode");
	else
		fmt(cls, sizeof cls, "s%d", series % SVG_SERIES);
	if (node < 0)
		fmt(nd, sizeof nd, "none");
	else
		fmt(nd, sizeof nd, "%d", node);
	html_fmt(p->w, "<rect class=\"bar range %s\" data-base=\"%llu\" "
		 "data-node=\"%s\" x=\"%ld.%ld\" y=\"%ld.%ld\" "
		 "width=\"%ld.%ld\" height=\"%ld.%ld\"/>\n", cls, base, nd,
		 l / 10, l % 10, y1 / 10, y1 % 10, (r - l) / 10, (r - l) % 10,
		 (y0 - y1) / 10, (y0 - y1) % 10);
}

void svg_flag(struct svg_plot *p, double x, double v, unsigned long long base)
{
	if (!finite(v) || v <= 0)
		return;
	html_fmt(p->w, "<path class=\"flag\" data-base=\"%llu\" "
		 "d=\"M%.1f %.1fl-5 -9h10z\"/>\n", base, axis_px(&p->x, x),
		 axis_px(&p->y, v) - 2);
}

void svg_label(struct svg_plot *p, double x, double y, const char *text)
{
	html_fmt(p->w, "<text class=\"tick\" x=\"%.1f\" y=\"%.1f\" "
		 "text-anchor=\"middle\">%s</text>\n", x, y, text);
}

int svg_heat_step(double v, double lo, double hi)
{
	int s;

	if (!finite(v))
		return 0;
	if (!(hi > lo))		/* one value: the middle, not white */
		return SVG_HEAT_STEPS / 2;
	s = (int)((v - lo) / (hi - lo) * SVG_HEAT_STEPS);
	return s < 0 ? 0 : s >= SVG_HEAT_STEPS ? SVG_HEAT_STEPS - 1 : s;
}
