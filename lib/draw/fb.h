/* Drawing on a frame buffer in memory: pixels, clipped lines, filled
 * rectangles and text in the bitmap font. Pure: the firmware side
 * (efi/screen.c) hands the finished buffer to the screen; the unit tests
 * draw into plain memory. */
#ifndef BAREMEM_FB_H
#define BAREMEM_FB_H

#include <stdint.h>

/* 0x00RRGGBB in a uint32_t: in memory B, G, R, 0, the byte order of the
 * UEFI Blt pixel (EFI_GRAPHICS_OUTPUT_BLT_PIXEL). */
struct fb {
	uint32_t *pixels;
	int width, height;	/* visible pixels */
	int stride;		/* pixels from one row to the next */
	/* Ink of text that fell off the buffer, in glyph pixels: a layout
	 * that puts a label outside the frame shows here (the unit tests
	 * hold it at 0). */
	long text_clipped;
};

struct fb_rect {
	int x, y, w, h;
};

/* Every drawing call clips to the buffer: nothing is written outside
 * rows [0, height) and columns [0, width). */
void fb_fill(struct fb *f, struct fb_rect r, uint32_t rgb);
void fb_line(struct fb *f, int x0, int y0, int x1, int y1, uint32_t rgb);
/* A line `thick` pixels wide (a square pen), for curves that must stand
 * out on a large screen. */
void fb_line_thick(struct fb *f, int x0, int y0, int x1, int y1, int thick,
		   uint32_t rgb);
/* A vertical line of dashes `dash` pixels long, as far apart. */
void fb_vdash(struct fb *f, int x, int y0, int y1, int dash, uint32_t rgb);

/* Text in the bitmap font at whole-number scale, top-left at (x, y).
 * Bytes outside printable ASCII are drawn as '?': SMBIOS strings and
 * other untrusted text reach the screen as text and nothing else. Stops
 * at the NUL or after max_chars. Returns the width drawn, in pixels. */
int fb_text(struct fb *f, int x, int y, int scale, const char *s,
	    uint32_t rgb);
int fb_text_n(struct fb *f, int x, int y, int scale, const char *s,
	      int max_chars, uint32_t rgb);
/* As fb_text, cut to the characters that fit in max_w pixels. */
int fb_text_fit(struct fb *f, int x, int y, int scale, const char *s,
		int max_w, uint32_t rgb);
/* An axis tick's label: s centred on x, moved inside [lo, hi), drawn
 * only when it starts right of left_end (the last label's end, so that
 * labels never overlap); returns the new left_end. */
int fb_text_tick(struct fb *f, int x, int y, int scale, const char *s,
		 int lo, int hi, int left_end, uint32_t rgb);
/* The width and height of s at scale, without drawing. */
int fb_text_width(const char *s, int scale);
int fb_text_height(int scale);

#endif
