/* Frame buffer primitives (fb.h): clipping first, then plain loops, so a
 * line from far off the screen costs only its visible part. */
#include "draw/fb.h"
#include "draw/font.h"

static int min_int(int a, int b)
{
	return a < b ? a : b;
}

static int max_int(int a, int b)
{
	return a > b ? a : b;
}

void fb_fill(struct fb *f, struct fb_rect r, uint32_t rgb)
{
	int x0 = max_int(r.x, 0), y0 = max_int(r.y, 0);
	int x1 = min_int(r.x + r.w, f->width);
	int y1 = min_int(r.y + r.h, f->height);

	for (int y = y0; y < y1; y++) {
		uint32_t *row = f->pixels + (long)y * f->stride;
		for (int x = x0; x < x1; x++)
			row[x] = rgb;
	}
}

/* Cohen-Sutherland outcodes against [0, w-1] x [0, h-1]. */
enum { OUT_LEFT = 1, OUT_RIGHT = 2, OUT_TOP = 4, OUT_BOTTOM = 8 };

static int outcode(double x, double y, double xmax, double ymax)
{
	return (x < 0 ? OUT_LEFT : x > xmax ? OUT_RIGHT : 0) |
	       (y < 0 ? OUT_TOP : y > ymax ? OUT_BOTTOM : 0);
}

/* Cuts the segment to the buffer; 0 when nothing of it is inside. The
 * cut ends fall on an edge; rounded, they may land half a pixel out,
 * which the clamp takes back (it moves them along that edge only). */
static int clip(const struct fb *f, int *x0, int *y0, int *x1, int *y1)
{
	double ax = *x0, ay = *y0, bx = *x1, by = *y1;
	double xmax = f->width - 1, ymax = f->height - 1;
	int ca = outcode(ax, ay, xmax, ymax), cb = outcode(bx, by, xmax, ymax);

	if (f->width <= 0 || f->height <= 0)
		return 0;
	while (ca | cb) {
		int c = ca ? ca : cb;
		double x, y;

		if (ca & cb)
			return 0;
		if (c & OUT_TOP) {
			x = ax + (bx - ax) * (0 - ay) / (by - ay);
			y = 0;
		} else if (c & OUT_BOTTOM) {
			x = ax + (bx - ax) * (ymax - ay) / (by - ay);
			y = ymax;
		} else if (c & OUT_LEFT) {
			y = ay + (by - ay) * (0 - ax) / (bx - ax);
			x = 0;
		} else {
			y = ay + (by - ay) * (xmax - ax) / (bx - ax);
			x = xmax;
		}
		if (c == ca) {
			ax = x;
			ay = y;
			ca = outcode(ax, ay, xmax, ymax);
		} else {
			bx = x;
			by = y;
			cb = outcode(bx, by, xmax, ymax);
		}
	}
	*x0 = max_int(0, min_int(f->width - 1, (int)(ax + 0.5)));
	*y0 = max_int(0, min_int(f->height - 1, (int)(ay + 0.5)));
	*x1 = max_int(0, min_int(f->width - 1, (int)(bx + 0.5)));
	*y1 = max_int(0, min_int(f->height - 1, (int)(by + 0.5)));
	return 1;
}

void fb_line(struct fb *f, int x0, int y0, int x1, int y1, uint32_t rgb)
{
	int dx, dy, sx, sy, err;

	if (!clip(f, &x0, &y0, &x1, &y1))
		return;
	/* Bresenham, all octants: both ends inside, so every step is too. */
	dx = x1 > x0 ? x1 - x0 : x0 - x1;
	dy = y1 > y0 ? y0 - y1 : y1 - y0;	/* negative */
	sx = x0 < x1 ? 1 : -1;
	sy = y0 < y1 ? 1 : -1;
	err = dx + dy;
	for (;;) {
		f->pixels[(long)y0 * f->stride + x0] = rgb;
		if (x0 == x1 && y0 == y1)
			break;
		int e2 = 2 * err;
		if (e2 >= dy) {
			err += dy;
			x0 += sx;
		}
		if (e2 <= dx) {
			err += dx;
			y0 += sy;
		}
	}
}

void fb_line_thick(struct fb *f, int x0, int y0, int x1, int y1, int thick,
		   uint32_t rgb)
{
	int lo = -(thick - 1) / 2;

	for (int oy = lo; oy < lo + thick; oy++)
		for (int ox = lo; ox < lo + thick; ox++)
			fb_line(f, x0 + ox, y0 + oy, x1 + ox, y1 + oy, rgb);
}

void fb_vdash(struct fb *f, int x, int y0, int y1, int dash, uint32_t rgb)
{
	if (dash < 1)
		dash = 1;
	if (y0 > y1) {
		int t = y0;
		y0 = y1;
		y1 = t;
	}
	for (int y = y0; y <= y1; y += 2 * dash)
		fb_line(f, x, y, x, min_int(y + dash - 1, y1), rgb);
}

int fb_text_height(int scale)
{
	return FONT_CELL_H * scale;
}

static int glyph_of(unsigned char ch)
{
	if (ch < FONT_FIRST || ch >= FONT_FIRST + FONT_GLYPHS)
		ch = '?';
	return ch - FONT_FIRST;
}

/* One scaled pixel of a glyph. */
static void ink(struct fb *f, int x, int y, int scale, uint32_t rgb)
{
	if (x < 0 || y < 0 || x + scale > f->width || y + scale > f->height)
		f->text_clipped++;
	fb_fill(f, (struct fb_rect){ x, y, scale, scale }, rgb);
}

int fb_text_n(struct fb *f, int x, int y, int scale, const char *s,
	      int max_chars, uint32_t rgb)
{
	int x_start = x;

	/* The glyph sits one scaled pixel below the cell's top, so a line
	 * of text has air above and below. */
	for (int n = 0; s[n] && n < max_chars; n++) {
		const uint8_t *g = font_glyphs[glyph_of((unsigned char)s[n])];
		for (int row = 0; row < FONT_ROWS; row++)
			for (int col = 0; col < FONT_COLS; col++)
				if (g[row] & (0x10 >> col))
					ink(f, x + col * scale,
					    y + (row + 1) * scale, scale, rgb);
		x += FONT_CELL_W * scale;
	}
	return x - x_start;
}

int fb_text(struct fb *f, int x, int y, int scale, const char *s,
	    uint32_t rgb)
{
	return fb_text_n(f, x, y, scale, s, 1 << 30, rgb);
}

int fb_text_fit(struct fb *f, int x, int y, int scale, const char *s,
		int max_w, uint32_t rgb)
{
	return fb_text_n(f, x, y, scale, s, max_w / (FONT_CELL_W * scale),
			 rgb);
}

int fb_text_tick(struct fb *f, int x, int y, int scale, const char *s,
		 int lo, int hi, int left_end, uint32_t rgb)
{
	int w = fb_text_width(s, scale), lx = x - w / 2;

	if (lx < lo)
		lx = lo;
	if (lx + w > hi)
		lx = hi - w;
	if (lx <= left_end)
		return left_end;
	fb_text(f, lx, y, scale, s, rgb);
	return lx + w;
}

int fb_text_width(const char *s, int scale)
{
	int n = 0;

	while (s[n])
		n++;
	return n * FONT_CELL_W * scale;
}
