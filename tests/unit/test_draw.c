/* The drawing code (lib/draw) on frame buffers in memory: lines clipped
 * at the edges, text, the log axes of the latency chart, and every view
 * at 640x480 up to 3840x2160 with no write outside the buffer and no
 * label outside the frame. BAREMEM_DRAW_PPM=DIR writes each view drawn
 * as DIR/view-WxH-NAME.ppm, to look at. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#include <cmocka.h>

#include "fake_platform.h"

#include "draw/charts.h"
#include "draw/fb.h"
#include "draw/font.h"
#include "draw/series.h"
#include "draw/theme.h"
#include "draw/views.h"
#include "hw/smbios.h"

#define CANARY 0xdeadbeefu
#define BORDER 24		/* canary pixels on every side */

/* A frame buffer inside a larger block whose border holds canaries. */
struct canvas {
	uint32_t *block;
	int bw, bh;		/* the block, border included */
	struct fb fb;
};

static struct canvas *canvas_new(int w, int h, int extra_stride)
{
	struct canvas *c = calloc(1, sizeof *c);

	c->bw = w + 2 * BORDER + extra_stride;
	c->bh = h + 2 * BORDER;
	c->block = malloc(sizeof(uint32_t) * (size_t)c->bw * (size_t)c->bh);
	for (long i = 0; i < (long)c->bw * c->bh; i++)
		c->block[i] = CANARY;
	c->fb = (struct fb){ .pixels = c->block + BORDER * c->bw + BORDER,
			     .width = w, .height = h, .stride = c->bw };
	fb_fill(&c->fb, (struct fb_rect){ 0, 0, w, h }, 0);
	return c;
}

static void canvas_free(struct canvas *c)
{
	free(c->block);
	free(c);
}

/* Every pixel outside the frame still holds its canary. */
static void canaries_intact(const struct canvas *c)
{
	for (int y = 0; y < c->bh; y++)
		for (int x = 0; x < c->bw; x++) {
			int inside = x >= BORDER && x < BORDER + c->fb.width &&
				     y >= BORDER && y < BORDER + c->fb.height;
			if (!inside && c->block[(long)y * c->bw + x] != CANARY)
				fail_msg("write outside the frame at (%d, %d)",
					 x - BORDER, y - BORDER);
		}
}

static uint32_t px(const struct fb *f, int x, int y)
{
	return f->pixels[(long)y * f->stride + x];
}

static long count_colour(const struct fb *f, struct fb_rect r, uint32_t rgb)
{
	long n = 0;

	for (int y = r.y; y < r.y + r.h; y++)
		for (int x = r.x; x < r.x + r.w; x++)
			n += px(f, x, y) == rgb;
	return n;
}

static void lines_clipped_at_edges(void **state)
{
	struct canvas *c = canvas_new(640, 480, 7);
	uint64_t seed = 12345;
	(void)state;

	for (int i = 0; i < 20000; i++) {
		int v[4];
		for (int k = 0; k < 4; k++) {
			seed = seed * 6364136223846793005ull +
			       1442695040888963407ull;
			v[k] = (int)((seed >> 33) % 12001) - 6000;
		}
		fb_line(&c->fb, v[0], v[1], v[2], v[3], 0xffffff);
		fb_line_thick(&c->fb, v[0] / 10, v[1] / 10, v[2], v[3], 3,
			      0x00ff00);
	}
	/* along and just past the edges, and wholly outside */
	fb_line(&c->fb, -1, -1, 640, -1, 1);
	fb_line(&c->fb, 640, 0, 640, 479, 1);
	fb_line(&c->fb, 0, 480, 639, 480, 1);
	fb_line(&c->fb, -50, 100, -1, 300, 1);
	fb_line(&c->fb, 0, 0, 639, 479, 1);
	fb_vdash(&c->fb, 639, -100, 1000, 3, 1);
	fb_fill(&c->fb, (struct fb_rect){ -10, -10, 700, 600 }, 2);
	fb_fill(&c->fb, (struct fb_rect){ 630, 470, 1 << 30, 1 << 30 }, 2);
	canaries_intact(c);
	canvas_free(c);
}

/* A line from far off the screen to far off the other side draws exactly
 * its visible part: here the diagonal y = x. */
static void clipped_line_keeps_its_course(void **state)
{
	struct canvas *c = canvas_new(640, 480, 0);
	(void)state;

	fb_line(&c->fb, -100000, -100000, 100000, 100000, 7);
	for (int y = 0; y < 480; y++)
		for (int x = 0; x < 640; x++)
			assert_int_equal(px(&c->fb, x, y) == 7, x == y);
	/* a steep line crossing top and bottom, x = 100 + y / 4 */
	fb_fill(&c->fb, (struct fb_rect){ 0, 0, 640, 480 }, 0);
	fb_line(&c->fb, 100 - 4000 / 4, -4000, 100 + 8000 / 4, 8000, 9);
	for (int y = 0; y < 480; y++) {
		int want = 100 + y / 4, found = -1;
		for (int x = 0; x < 640; x++)
			if (px(&c->fb, x, y) == 9)
				found = x;
		assert_true(found >= want - 1 && found <= want + 1);
	}
	/* a line wholly outside draws nothing */
	fb_fill(&c->fb, (struct fb_rect){ 0, 0, 640, 480 }, 0);
	fb_line(&c->fb, -10, -10, 700, -1, 5);
	fb_line(&c->fb, 641, -10, 641, 900, 5);
	assert_int_equal(count_colour(&c->fb, (struct fb_rect){ 0, 0, 640,
					      480 }, 5), 0);
	canaries_intact(c);
	canvas_free(c);
}

/* Inside the frame a line is whole: both ends and one pixel per step. */
static void line_inside_is_whole(void **state)
{
	struct canvas *c = canvas_new(100, 100, 0);
	(void)state;

	fb_line(&c->fb, 90, 10, 10, 40, 3);
	assert_int_equal(px(&c->fb, 90, 10), 3);
	assert_int_equal(px(&c->fb, 10, 40), 3);
	assert_int_equal(count_colour(&c->fb, (struct fb_rect){ 0, 0, 100,
					      100 }, 3), 81);
	canvas_free(c);
}

/* Bytes outside printable ASCII are drawn as '?': untrusted text stays
 * text. Text cut by the edge writes nothing outside and is counted. */
static void text_sanitised_and_clipped(void **state)
{
	struct canvas *a = canvas_new(200, 40, 0), *b = canvas_new(200, 40, 0);
	(void)state;

	fb_text(&a->fb, 2, 2, 2, "<a>\x01\x1b\xff\x80&\"'", 0xffffff);
	fb_text(&b->fb, 2, 2, 2, "<a>????&\"'", 0xffffff);
	assert_memory_equal(a->block, b->block,
			    sizeof(uint32_t) * (size_t)a->bw * a->bh);
	assert_int_equal(a->fb.text_clipped, 0);
	assert_int_equal(fb_text_width("<a>", 3), 3 * FONT_CELL_W * 3);
	/* a glyph has ink: every printable character but the space */
	for (int ch = '!'; ch <= '~'; ch++) {
		char s[2] = { (char)ch, 0 };
		fb_fill(&a->fb, (struct fb_rect){ 0, 0, 200, 40 }, 0);
		fb_text(&a->fb, 0, 0, 1, s, 1);
		assert_true(count_colour(&a->fb, (struct fb_rect){ 0, 0, 6, 10 },
					 1) > 0);
	}
	fb_text(&a->fb, 190, 35, 4, "overflow", 0xffffff);
	fb_text(&a->fb, -20, -5, 1, "left", 0xffffff);
	assert_true(a->fb.text_clipped > 0);
	canaries_intact(a);
	canvas_free(a);
	canvas_free(b);
}

#define GIB (1ull << 30)

/* A scan as tests=scan leaves it on a 2-node machine with the PCI hole:
 * [0] 0-1 GiB and [1] 1-2 GiB on node 0, a hole at 2-4 GiB (no range),
 * [2] 4-5 GiB on node 1 planned but not measured, [3] 5-6 GiB and
 * [4] 6-7 GiB on node 1, [4] slower and flagged. */
#define FAKE_SCAN 5
static struct scan_result *fake_scan(void)
{
	static struct scan_point pt[FAKE_SCAN];
	static struct scan_result sr;
	static const uint64_t base[FAKE_SCAN] = { 0, 1, 4, 5, 6 };
	static const int node[FAKE_SCAN] = { 0, 0, 1, 1, 1 };
	static const double ns[FAKE_SCAN] = { 90, 92, -1, 95, 150 };
	static const double gb[FAKE_SCAN] = { 20, 21, -1, 19, 19 };

	memset(pt, 0, sizeof pt);
	for (int i = 0; i < FAKE_SCAN; i++)
		pt[i] = (struct scan_point){ .base = base[i] * GIB,
			.bytes = GIB, .measured_bytes = ns[i] < 0 ? 0 : GIB,
			.page_bytes = ns[i] < 0 ? 0 : GIB, .node = node[i],
			.ns_median = ns[i], .gb_per_s_median = gb[i],
			.dimm_count = -1 };
	strcpy(pt[4].flag, "latency 58% above the node's median 95.0 ns "
	       "(node spread 95.0..150.0 ns)");
	sr = (struct scan_result){ .count = FAKE_SCAN, .point = pt };
	return &sr;
}

/* A run that looks like a desktop machine's: 48K L1, 2M L2, 32M L3, the
 * sweep on 1G and 4K pages, four kernels on 1 and 8 cpus. */
static struct run_results *fake_run(void)
{
	static const char *const kernels[] = { "avx2-read", "avx2-write",
					       "avx2-ntwrite", "avx2-copy" };
	static const char *const levels[] = { "L1", "L2", "L3", "DRAM" };
	static const double gb1[4] = { 180, 90, 45, 14 };
	static struct smbios_info sm;
	static int selected[8] = { 0, 1, 2, 3, 4, 5, 6, 7 };
	struct run_results *r = calloc(1, sizeof *r);

	/* the registry's rows: the scan's page is its row's screen view */
	r->tests = registry_tests;
	r->test_count = registry_test_count;
	strcpy(sm.system_manufacturer, "<script>alert(1)</script>&\"'");
	strcpy(sm.system_product, "Standard PC (Q35 + ICH9, 2009)");
	r->smbios = &sm;
	r->platform = "uefi";
	r->run_number = 12;
	strcpy(r->started, "2026-11-24T07:45:00Z");
	r->duration_s = 42;
	strcpy(r->cpu.brand, "Example(R) Core(TM) i9 CPU @ 3.00GHz");
	r->tsc_hz = 3000000000ull;
	r->tsc_source = "cpuid";
	r->cpu.cache_count = 3;
	r->cpu.caches[0] = (struct cpu_cache){ 1, "data", 48 << 10, 64, 12, 2, 0 };
	r->cpu.caches[1] = (struct cpu_cache){ 2, "unified", 2 << 20, 64, 16, 2, 0 };
	r->cpu.caches[2] = (struct cpu_cache){ 3, "unified", 32 << 20, 64, 16,
					       16, 0 };
	r->selected = selected;
	r->selected_count = 8;
	r->lat.cap = 256;
	r->lat.p = calloc(256, sizeof *r->lat.p);
	for (int page = 0; page < 2; page++)
		for (uint64_t sz = 4096; sz <= (1ull << 30); sz *= 2) {
			struct lat_point *p = &r->lat.p[r->lat.count++];
			double ns = sz <= (48 << 10) ? 1.3
				    : sz <= (2 << 20) ? 4.2
				    : sz <= (32 << 20) ? 14.0 : 85.0;
			if (sz > (32 << 20) && sz < (256 << 20))
				ns = 14 + 71.0 * (double)(sz >> 20) / 256;
			if (page == 1 && sz > (2 << 20))
				ns *= 1.0 + 0.4 * (double)(sz >> 20) / 1024;
			*p = (struct lat_point){ .cpu = 0, .size_bytes = sz,
				.page_bytes = page ? 4096 : 1u << 30,
				.ns_median = ns, .ns_min = ns, .ns_max = ns };
		}
	r->bw.cap = 64;
	r->bw.p = calloc(64, sizeof *r->bw.p);
	for (int cpus = 1; cpus <= 8; cpus += 7)
		for (int l = 0; l < 4; l++)
			for (int k = 0; k < 4; k++)
				r->bw.p[r->bw.count++] = (struct bw_point){
					.kernel = kernels[k], .level = levels[l],
					.cpus = cpus,
					.gb_median = gb1[l] * (k == 1 ? 0.6 : 1) *
						(cpus == 1 ? 1 : l == 3 ? 3 : 7.5),
				};
	r->bw.isa = "avx2";
	r->scan = fake_scan();
	msgs_add(&r->warnings, "CPU has no APERF/MPERF (CPUID 6): core "
		 "cycles are not measured, TSC cycles are");
	return r;
}

static void fake_free(struct run_results *r)
{
	free(r->lat.p);
	free(r->bw.p);
	free(r);
}

/* The header's machine line names the run's tick counter: the TSC on
 * x86, the generic timer on AArch64 (whose results have no TSC). */
static void machine_line_names_the_clock(void **state)
{
	static const struct {
		const char *arch, *brand, *source, *want;
		uint64_t hz;
	} cases[] = {
		{ "x86_64", "Intel(R) Xeon(R)", "cpuid-15h",
		  "Intel(R) Xeon(R)   TSC 2.100 GHz (cpuid-15h)", 2100000000 },
		{ "aarch64", "Neoverse-N1 r3p1", "generic-timer",
		  "Neoverse-N1 r3p1   timer 0.025 GHz (generic-timer)",
		  25000000 },
	};
	struct run_results *r = fake_run();
	char line[256];

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		r->arch = cases[i].arch;
		strcpy(r->cpu.brand, cases[i].brand);
		r->tsc_hz = cases[i].hz;
		r->tsc_source = cases[i].source;
		draw_machine_line(r, line, sizeof line);
		assert_non_null(strstr(line, cases[i].want));
	}
	assert_null(strstr(line, "TSC"));	/* the AArch64 line, last */
	fake_free(r);
}

static void write_ppm(const struct fb *f, const char *name)
{
	const char *dir = getenv("BAREMEM_DRAW_PPM");
	char path[512];
	FILE *o;

	if (!dir)
		return;
	snprintf(path, sizeof path, "%s/view-%dx%d-%s.ppm", dir, f->width,
		 f->height, name);
	o = fopen(path, "wb");
	if (!o)
		return;
	fprintf(o, "P6\n%d %d\n255\n", f->width, f->height);
	for (int y = 0; y < f->height; y++)
		for (int x = 0; x < f->width; x++) {
			uint32_t p = px(f, x, y);
			unsigned char rgb[3] = { p >> 16, p >> 8, p };
			fwrite(rgb, 1, 3, o);
		}
	fclose(o);
}

static const char log_text[] =
	"baremem 0.1: memory latency and bandwidth, no OS in the way\n"
	"a line with \x1b[31m escape and \x7f bytes\n"
	"baremem: done status=ok run=12 file=\\baremem\\results\\run-0012.json\n";

/* Every view at every resolution: nothing outside the buffer, no label
 * cut by the frame, and the chart has its curve and axes. */
static void views_at_resolutions(void **state)
{
	static const int sizes[][2] = { { 640, 480 }, { 800, 600 },
					{ 1024, 768 }, { 1280, 800 },
					{ 1920, 1080 },
					{ 3840, 2160 } };
	struct run_results *r = fake_run();
	(void)state;

	for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		int w = sizes[i][0], h = sizes[i][1];
		struct canvas *c = canvas_new(w, h, 3);
		struct draw_input in = { r, log_text, sizeof log_text - 1, 0 };

		enum draw_view views[DRAW_VIEWS_MAX];
		int nv = draw_views(r, views);

		/* chart, scan, tables, log */
		assert_int_equal(nv, 4);
		for (int k = 0; k < nv; k++) {
			enum draw_view v = views[k];
			c->fb.text_clipped = 0;
			draw_view(&c->fb, v, &in);
			canaries_intact(c);
			if (c->fb.text_clipped)
				fail_msg("%dx%d %s: %ld text pixels off the "
					 "frame", w, h, draw_view_name(v, r),
					 c->fb.text_clipped);
			write_ppm(&c->fb, draw_view_name(v, r));
			if (v == DRAW_CHART) {
				struct fb_rect all = { 0, 0, w, h };
				/* both curves and the kernels' bars */
				assert_true(count_colour(&c->fb, all,
					theme_series(0)) > w / 4);
				assert_true(count_colour(&c->fb, all,
					theme_series(1)) > w / 4);
				assert_true(count_colour(&c->fb, all,
					theme_series(3)) > w / 8);
				assert_true(count_colour(&c->fb, all,
					THEME_AXIS) > w);
			}
		}
		canvas_free(c);
	}
	fake_free(r);
}

/* The centre of colour rgb's filled dot-sized squares in the frame: the
 * latency chart's markers (legend swatches are thinner). */
static int marker_centre(const struct fb *f, uint32_t rgb, int dot, int *cx,
			 int *cy)
{
	for (int y = 0; y + dot <= f->height; y++)
		for (int x = 0; x + dot <= f->width; x++) {
			int full = 1;
			for (int j = 0; j < dot && full; j++)
				for (int i = 0; i < dot && full; i++)
					full = px(f, x + i, y + j) == rgb;
			if (full) {
				*cx = x + dot / 2;
				*cy = y + dot / 2;
				return 0;
			}
		}
	return -1;
}

/* Log axes: sizes 4x apart and latencies 10x apart land equally far
 * apart on the screen, larger to the right and up. One point per curve
 * (a page size each), so each marker stands alone in its colour. */
static void latency_axes_are_logarithmic(void **state)
{
	struct run_results *r = fake_run();
	struct canvas *c = canvas_new(1280, 800, 0);
	struct draw_input in = { r, "", 0, 0 };
	int x[5], y[5], dot;
	(void)state;

	r->lat.count = 0;
	r->bw.count = 0;
	r->cpu.cache_count = 0;
	for (int k = 0; k < 5; k++)
		r->lat.p[r->lat.count++] = (struct lat_point){ .cpu = 0,
			.size_bytes = 4096ull << (2 * k), .page_bytes = k + 1,
			.ns_median = k == 0 ? 1 : k == 1 ? 10 : k == 2 ? 100
				     : k == 3 ? 1000 : 10000 };
	draw_view(&c->fb, DRAW_CHART, &in);
	dot = 2 * draw_text_scale(1280, 800) + 2;
	for (int k = 0; k < 5; k++)
		assert_int_equal(marker_centre(&c->fb, theme_series(k), dot,
					       &x[k], &y[k]), 0);
	for (int k = 1; k < 5; k++) {
		assert_true(x[k] > x[k - 1]);
		assert_true(y[k] < y[k - 1]);
		assert_true(abs((x[k] - x[k - 1]) - (x[1] - x[0])) <= 1);
		assert_true(abs((y[k] - y[k - 1]) - (y[1] - y[0])) <= 1);
	}
	canvas_free(c);
	fake_free(r);
}

/* Runs of columns holding more than min pixels of rgb: the bars of one
 * colour, each a run (both panels' bars of a range share columns). */
static int column_runs(const struct fb *f, uint32_t rgb, int min, int *start,
		       int *end, int cap)
{
	int n = 0, in = 0;

	for (int x = 0; x < f->width; x++) {
		long c = count_colour(f, (struct fb_rect){ x, 0, 1, f->height },
				      rgb);
		if (c > min && !in) {
			if (n == cap)
				return -1;
			start[n] = x;
			in = 1;
		} else if (c <= min && in) {
			end[n++] = x;
			in = 0;
		}
	}
	if (in)
		end[n++] = f->width;
	return n;
}

/* The top-left corners of dot x dot squares wholly of rgb (the flag's
 * marks: the font's strokes are thinner); their centres' x in cx. */
static int squares(const struct fb *f, uint32_t rgb, int dot, int *cx,
		   int cap)
{
	int n = 0;

	for (int y = 1; y + dot <= f->height; y++)
		for (int x = 1; x + dot <= f->width; x++) {
			if (px(f, x - 1, y) == rgb || px(f, x, y - 1) == rgb ||
			    count_colour(f, (struct fb_rect){ x, y, dot, dot },
					 rgb) != (long)dot * dot)
				continue;
			if (n < cap)
				cx[n] = x + dot / 2;
			n++;
		}
	return n;
}

/* The scan view: a bar per measured range over its addresses, in its
 * node's colour; the hole and the range not measured leave a gap (no
 * bar at zero); the flagged range marked above its bar in both panels;
 * the slower range's latency bar the taller. */
static void scan_view_by_address(void **state)
{
	struct run_results *r = fake_run();
	struct canvas *c = canvas_new(1280, 800, 0);
	struct draw_input in = { r, "", 0, 0 };
	int scale = draw_text_scale(1280, 800), lh = fb_text_height(scale);
	int dot = 3 * scale + 2, s0[4], e0[4], s1[4], e1[4], mx[8];
	uint32_t n0 = scan_chart_node_colour(0), n1 = scan_chart_node_colour(1);
	double gib;
	long tall, low;
	(void)state;

	c->fb.text_clipped = 0;
	draw_view(&c->fb, draw_view_of_test(r, "scan"), &in);
	canaries_intact(c);
	assert_int_equal(c->fb.text_clipped, 0);
	write_ppm(&c->fb, "scan");
	/* columns: legend swatches are under 2 lines tall, bars taller */
	assert_int_equal(column_runs(&c->fb, n0, 2 * lh, s0, e0, 4), 2);
	assert_int_equal(column_runs(&c->fb, n1, 2 * lh, s1, e1, 4), 2);
	/* 0 and 1 GiB, then 5 and 6: the hole (2-4) and range 4-5 (not
	 * measured) are a gap 3 GiB wide */
	gib = s0[1] - s0[0];
	assert_true(gib > 50);
	assert_true(abs(e0[0] - e0[1] + (int)gib) <= 1);
	assert_true(fabs(s1[0] - s0[0] - 5 * gib) <= 2);
	assert_true(fabs(s1[1] - s0[0] - 6 * gib) <= 2);
	for (int k = 0; k < 2; k++) {
		assert_true(fabs(e0[k] - s0[k] - gib) <= 2);
		assert_true(fabs(e1[k] - s1[k] - gib) <= 2);
	}
	/* nothing of either node in the gap, at any height */
	assert_int_equal(count_colour(&c->fb, (struct fb_rect){ e0[1],
		2 * lh + 10, s1[0] - e0[1], 800 - 4 * lh - 10 }, n0) +
		count_colour(&c->fb, (struct fb_rect){ e0[1], 2 * lh + 10,
		s1[0] - e0[1], 800 - 4 * lh - 10 }, n1), 0);
	/* 150 ns against 95 ns, the same GB/s: the flagged column taller */
	tall = count_colour(&c->fb, (struct fb_rect){ (s1[1] + e1[1]) / 2, 0,
			    1, 800 }, n1);
	low = count_colour(&c->fb, (struct fb_rect){ (s1[0] + e1[0]) / 2, 0,
			   1, 800 }, n1);
	assert_true(tall > low + 40);
	/* the legend's mark and one above each of the flagged range's bars */
	assert_int_equal(squares(&c->fb, THEME_BAD, dot, mx, 8), 3);
	assert_true(mx[1] > s1[1] && mx[1] < e1[1]);
	assert_true(mx[2] > s1[1] && mx[2] < e1[1]);
	/* not flagged: only the legend's */
	r->scan->point[4].flag[0] = 0;
	draw_view(&c->fb, draw_view_of_test(r, "scan"), &in);
	assert_int_equal(squares(&c->fb, THEME_BAD, dot, mx, 8), 1);
	canvas_free(c);
	fake_free(r);
}

/* The scan view is paged to only when the run has scan ranges, and
 * opens the screen when nothing else was measured. */
static void scan_view_only_with_a_scan(void **state)
{
	struct run_results *r = fake_run();
	struct scan_result *sr = r->scan;
	(void)state;

	assert_int_equal(draw_view_first(r), DRAW_CHART);
	assert_int_equal(draw_view_next(DRAW_CHART, r), draw_view_of_test(r, "scan"));
	assert_int_equal(draw_view_next(draw_view_of_test(r, "scan"), r), DRAW_TABLES);
	assert_int_equal(draw_view_next(DRAW_LOG, r), DRAW_CHART);
	r->lat.count = r->bw.count = 0;
	assert_int_equal(draw_view_first(r), draw_view_of_test(r, "scan"));
	r->scan = 0;
	assert_int_equal(draw_view_first(r), DRAW_CHART);
	assert_int_equal(draw_view_next(DRAW_CHART, r), DRAW_TABLES);
	assert_false(draw_view_shown(draw_view_of_test(r, "scan"), r));
	sr->count = 0;
	r->scan = sr;
	assert_int_equal(draw_view_next(DRAW_CHART, r), DRAW_TABLES);
	sr->count = FAKE_SCAN;
	fake_free(r);
}

static void text_scale_by_resolution(void **state)
{
	(void)state;
	assert_int_equal(draw_text_scale(640, 480), 1);
	assert_int_equal(draw_text_scale(800, 600), 1);
	assert_int_equal(draw_text_scale(1024, 768), 1);
	assert_int_equal(draw_text_scale(1280, 800), 2);
	assert_int_equal(draw_text_scale(1920, 1080), 2);
	assert_int_equal(draw_text_scale(3840, 2160), 5);
}

static void series_from_results(void **state)
{
	struct run_results *r = fake_run();
	struct lat_curve s[SERIES_MAX];
	struct bw_table t;
	(void)state;

	assert_int_equal(series_latency(r, 0, s, SERIES_MAX), 2);
	assert_int_equal(s[0].page_bytes, 1u << 30);
	assert_int_equal(s[0].n, 19);	/* 4K..1G */
	assert_string_equal(s[1].label, "4K pages");
	assert_int_equal(series_latency(r, 3, s, SERIES_MAX), 0);
	series_bandwidth(r, &t);
	assert_int_equal(t.kernels, 4);
	assert_int_equal(t.all_cpus, 8);
	assert_true(t.one[0][0] == 180);
	assert_true(t.all[3][0] == 14 * 3);
	assert_string_equal(series_kernel_short(t.kernel[2]), "ntwrite");
	fake_free(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(lines_clipped_at_edges),
		cmocka_unit_test(clipped_line_keeps_its_course),
		cmocka_unit_test(line_inside_is_whole),
		cmocka_unit_test(text_sanitised_and_clipped),
		cmocka_unit_test(text_scale_by_resolution),
		cmocka_unit_test(series_from_results),
		cmocka_unit_test(latency_axes_are_logarithmic),
		cmocka_unit_test(views_at_resolutions),
		cmocka_unit_test(machine_line_names_the_clock),
		cmocka_unit_test(scan_view_by_address),
		cmocka_unit_test(scan_view_only_with_a_scan),
	};
	return cmocka_run_group_tests(tests, 0, 0);
}
