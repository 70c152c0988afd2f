/* The HTML report's writer (lib/report/html.c, svg.c, report_html.c):
 * every one of < > & " ' escaped, controls and ill-formed UTF-8 replaced,
 * never a byte past the buffer at any size, SVG path coordinates for a
 * known dataset, and a whole report whose SMBIOS strings are hostile. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "fake_platform.h"
#include "registry.h"
#include "config/config.h"
#include "hw/memceiling.h"
#include "hw/smbios.h"
#include "report/html.h"
#include "report/report.h"
#include "report/svg.h"
#include "suite/scan_plan.h"

#define K 1024ull
#define M (1024ull * 1024)
#define BUF_BYTES 4096

static const char *escaped(const char *s)
{
	static char buf[BUF_BYTES];
	struct html_writer w;

	html_init(&w, buf, sizeof buf);
	html_text(&w, s);
	assert_int_equal(html_finish(&w), 0);
	return buf;
}

static void markup_characters_become_entities(void **state)
{
	(void)state;
	assert_string_equal(escaped("<"), "&lt;");
	assert_string_equal(escaped(">"), "&gt;");
	assert_string_equal(escaped("&"), "&amp;");
	assert_string_equal(escaped("\""), "&quot;");
	assert_string_equal(escaped("'"), "&#39;");
	assert_string_equal(escaped("<script>alert(1)</script>&\"'"),
			    "&lt;script&gt;alert(1)&lt;/script&gt;&amp;"
			    "&quot;&#39;");
	assert_string_equal(escaped("&amp;"), "&amp;amp;");	/* not trusted */
	assert_string_equal(escaped("Intel(R) Xeon(R) 8480+"),
			    "Intel(R) Xeon(R) 8480+");
	assert_string_equal(escaped(0), "");
}

static void controls_and_bad_utf8_become_replacement(void **state)
{
	(void)state;
	assert_string_equal(escaped("a\x01" "b"), "a\xef\xbf\xbd" "b");
	assert_string_equal(escaped("a\x7f"), "a\xef\xbf\xbd");
	assert_string_equal(escaped("tab\tnl\n"), "tab\tnl\n");
	assert_string_equal(escaped("\xc2\x85"), "\xef\xbf\xbd");  /* C1 NEL */
	assert_string_equal(escaped("\xef\xbf\xbe"), "\xef\xbf\xbd"); /* U+FFFE */
	assert_string_equal(escaped("\xff<"), "\xef\xbf\xbd&lt;");
	assert_string_equal(escaped("\xe2\x82"), "\xef\xbf\xbd");  /* cut */
	assert_string_equal(escaped("caf\xc3\xa9 \xe2\x82\xac"),
			    "caf\xc3\xa9 \xe2\x82\xac");	/* valid */
}

static void text_n_stops_at_maxlen(void **state)
{
	char buf[64];
	struct html_writer w;

	(void)state;
	html_init(&w, buf, sizeof buf);
	html_text_n(&w, "<ab>", 2);
	assert_int_equal(html_finish(&w), 0);
	assert_string_equal(buf, "&lt;a");
}

/* At every capacity the writer stays inside the buffer, reports the cut,
 * and a fitting capacity gives the whole text. */
static void overflow_at_every_cap_never_writes_past_it(void **state)
{
	static const char want[] = "<p>x=12.50 &lt;&amp;&gt;</p>";
	char buf[64];

	(void)state;
	for (size_t cap = 0; cap < sizeof buf; cap++) {
		struct html_writer w;
		int rc;

		memset(buf, 'Z', sizeof buf);
		html_init(&w, buf, cap);
		html_raw(&w, "<p>");
		html_fmt(&w, "x=%.2f ", 12.5);
		html_text(&w, "<&>");
		html_raw(&w, "</p>");
		rc = html_finish(&w);
		for (size_t i = cap; i < sizeof buf; i++)
			assert_int_equal(buf[i], 'Z');
		if (cap > sizeof want - 1) {
			assert_int_equal(rc, 0);
			assert_string_equal(buf, want);
		} else {
			assert_int_equal(rc, -1);
			if (cap)
				assert_int_equal(strlen(buf), w.len);
		}
	}
}

/* Three latency points on a 1K..1M log2 x axis and a 1..100 log10 y
 * axis: the path's coordinates are where the axes put them. */
static void svg_path_coordinates(void **state)
{
	static char buf[16384];
	struct html_writer w;
	struct svg_plot p;
	const char *d;

	(void)state;
	html_init(&w, buf, sizeof buf);
	axis_fit(&p.x, AXIS_LOG2, 1024, 1 << 20);
	axis_fit(&p.y, AXIS_LOG10, 1, 100);
	svg_plot_begin(&p, &w, 760, 380, SVG_LABEL_BYTES, "size",
		       SVG_LABEL_NUM, "ns");
	/* the plot area svg_plot_begin chose */
	assert_true(p.left == 62 && p.right == 744);
	assert_true(p.top == 22 && p.bottom == 336);
	svg_path_begin(&p, 1);
	svg_path_point(&p, 1024, 1);		/* left, bottom */
	svg_path_point(&p, 32768, 10);		/* middle, middle */
	svg_path_point(&p, 0, 5);		/* not placeable: skipped */
	svg_path_point(&p, 1 << 20, 100);	/* right, top */
	svg_path_end(&p);
	svg_plot_end(&p);
	assert_int_equal(html_finish(&w), 0);
	d = strstr(buf, "<path class=\"line s1\" d=\"");
	assert_non_null(d);
	assert_non_null(strstr(d, "d=\"M62.0 336.0 L403.0 179.0 L744.0 "
				  "22.0\"/>"));
	/* ticks labelled 1K..1M and 1, 2, 5 .. 100 */
	assert_non_null(strstr(buf, ">1K</text>"));
	assert_non_null(strstr(buf, ">1M</text>"));
	assert_non_null(strstr(buf, ">50</text>"));
	assert_true(strncmp(buf, "<svg ", 5) == 0);
	assert_non_null(strstr(buf, "</svg>"));
}

static void empty_path_writes_nothing(void **state)
{
	char buf[4096];
	struct html_writer w;
	struct svg_plot p;

	(void)state;
	html_init(&w, buf, sizeof buf);
	axis_fit(&p.x, AXIS_LOG2, 1024, 4096);
	axis_fit(&p.y, AXIS_LOG10, 1, 10);
	p.w = &w;
	axis_place(&p.x, 0, 100);
	axis_place(&p.y, 100, 0);
	svg_path_begin(&p, 0);
	svg_path_point(&p, -1, 5);
	svg_path_end(&p);
	assert_int_equal(html_finish(&w), 0);
	assert_string_equal(buf, "");
}

static void heat_steps_span_the_range(void **state)
{
	(void)state;
	assert_int_equal(svg_heat_step(10, 10, 20), 0);
	assert_int_equal(svg_heat_step(20, 10, 20), SVG_HEAT_STEPS - 1);
	assert_int_equal(svg_heat_step(15, 10, 20), SVG_HEAT_STEPS / 2);
	assert_int_equal(svg_heat_step(5, 10, 20), 0);
	assert_int_equal(svg_heat_step(7, 7, 7), SVG_HEAT_STEPS / 2);
}

/* A small run with hostile SMBIOS text everywhere it can be. */
static struct lat_point lat[8];
static struct bw_point bw[4];
static struct smbios_info sm;
static int selected[2] = { 0, 1 };

static void hostile_run(struct run_results *r)
{
	static const char evil[] = "<script>alert(1)</script>&\"'";

	memset(r, 0, sizeof *r);
	r->platform = "uefi";
	r->tests = registry_tests;
	r->test_count = registry_test_count;
	r->run_number = 7;
	config_defaults(&r->config);
	strcpy(r->file, "\\baremem\\results\\run-0007.json");
	strcpy(r->firmware_vendor, evil);
	strcpy(r->cpu.brand, evil);
	r->cpu.cache_count = 3;
	r->cpu.caches[0] = (struct cpu_cache){ 1, "data", 32 * K, 64, 8, 2, 0 };
	r->cpu.caches[1] = (struct cpu_cache){ 2, "unified", 1 * M, 64, 16, 2, 0 };
	r->cpu.caches[2] = (struct cpu_cache){ 3, "unified", 16 * M, 64, 16, 16, 0 };
	memset(&sm, 0, sizeof sm);
	strcpy(sm.system_manufacturer, evil);
	sm.dimm_count = 1;
	strcpy(sm.dimms[0].part_number, evil);
	sm.dimms[0].type = "DDR5";
	sm.dimms[0].form_factor = "DIMM";
	r->smbios = &sm;
	msgs_add(&r->warnings, "a warning with %s", evil);
	r->selected = selected;
	r->selected_count = 2;
	r->lat.p = lat;
	r->bw.p = bw;
	lat[0] = (struct lat_point){ .size_bytes = 8 * K, .page_bytes = 1 << 30,
				     .ns_median = 1.25, .core_cycles_median = -1 };
	lat[1] = (struct lat_point){ .size_bytes = 256 * K, .page_bytes = 1 << 30,
				     .ns_median = 4.5, .core_cycles_median = -1 };
	lat[2] = (struct lat_point){ .size_bytes = 128 * M, .page_bytes = 1 << 30,
				     .ns_median = 95.125, .core_cycles_median = -1 };
	r->lat.count = 3;
	bw[0] = (struct bw_point){ .kernel = "avx2-read", .level = "L1",
				   .cpus = 1, .gb_median = 180.0 };
	bw[1] = (struct bw_point){ .kernel = "avx2-read", .level = "DRAM",
				   .cpus = 1, .gb_median = 20.04 };
	r->bw.count = 2;
}

static void report_escapes_machine_strings(void **state)
{
	static char buf[1 << 20];
	struct run_results r;
	size_t len;

	(void)state;
	hostile_run(&r);
	len = report_html(&r, RUN_OK, buf, sizeof buf);
	assert_true(len > 0 && len == strlen(buf));
	assert_null(strstr(buf, "<script"));
	assert_non_null(strstr(buf, "&lt;script&gt;alert(1)&lt;/script&gt;"
				    "&amp;&quot;&#39;"));
	/* the summary's numbers, with the JSON's digits */
	assert_non_null(strstr(buf, "data-key=\"l1_ns\">1.25<"));
	assert_non_null(strstr(buf, "data-key=\"dram_ns\">95.13<"));
	assert_non_null(strstr(buf, "data-key=\"read_gb_per_s.dram\">20.0<"));
	assert_non_null(strstr(buf, "data-key=\"l3_ns\">&#8211;<"));
	/* a latency curve and bandwidth bars */
	assert_non_null(strstr(buf, "<path class=\"line s0\" d=\"M"));
	assert_non_null(strstr(buf, "<rect class=\"bar s0\""));
	assert_non_null(strstr(buf, ">L3</text>"));	/* a cache mark */
	assert_true(strncmp(buf, "<!DOCTYPE html>", 15) == 0);
	assert_non_null(strstr(buf, "</html>\n"));
}

/* Too small a buffer: 0, never a byte past cap, at many sizes. */
/* The bandwidth bars: a kernel measured at some levels only (a mix at
 * DRAM, a read missing L2 and L3) draws a bar per measured cell and
 * nothing for the others, every bar standing on the axis: no stub of a
 * "not measured" -1 hanging below it over the level labels. */
static void absent_bandwidth_cells_draw_no_bar(void **state)
{
	static char buf[1 << 20];
	struct run_results r;
	const char *p;
	int bars = 0;
	double bottom = -1;

	(void)state;
	hostile_run(&r);
	bw[2] = (struct bw_point){ .kernel = "avx2-mix11", .level = "DRAM",
				   .cpus = 1, .gb_median = 15.0 };
	r.bw.count = 3;
	assert_true(report_html(&r, RUN_OK, buf, sizeof buf) > 0);
	/* BARS_HTML_OUT=FILE: the page, to look at (chromium --headless
	 * --screenshot) */
	if (getenv("BARS_HTML_OUT")) {
		FILE *f = fopen(getenv("BARS_HTML_OUT"), "w");

		assert_non_null(f);
		fputs(buf, f);
		assert_int_equal(fclose(f), 0);
	}
	for (p = buf; (p = strstr(p, "<rect class=\"bar ")) != NULL; p++) {
		const char *y = strstr(p, " y=\""), *h = strstr(p, "height=\"");
		double b;

		assert_non_null(y);
		assert_non_null(h);
		b = strtod(y + 4, NULL) + strtod(h + 8, NULL);
		if (bottom < 0)
			bottom = b;
		assert_true(b > bottom - 0.05 && b < bottom + 0.05);
		bars++;
	}
	assert_int_equal(bars, 3);
}

static int count_of(const char *buf, const char *needle)
{
	int n = 0;

	for (const char *p = buf; (p = strstr(p, needle)) != NULL; p++)
		n++;
	return n;
}

/* The scan section: in each figure a bar per measured range at its base
 * in its node's colour (nonode for none), no bar for the range not
 * measured (nor for the hole: no range there), a flag mark per figure
 * for the flagged one, every bar on the axis; the reason in a table
 * through html_text; the not-scanned ranges named. */
static void scan_section_marks_each_range(void **state)
{
	static char buf[1 << 20];
	static struct scan_point pt[5];
	static const struct scan_skip skip[1] = { { 2ull << 30, 2ull << 30,
						     SCAN_SKIP_HOLE } };
	struct scan_result sr = { .count = 5, .point = pt, .skip_count = 1,
				  .skip = skip, .chase_lines = 1 << 20 };
	struct run_results r;
	const char *sec, *fig2, *p;
	double bottom = -1;

	(void)state;
	hostile_run(&r);
	memset(pt, 0, sizeof pt);
	for (int i = 0; i < 5; i++)
		pt[i] = (struct scan_point){ .base = (uint64_t)(i < 2 ? i :
			i + 2) << 30, .bytes = 1ull << 30, .node = i < 2 ? 0
			: i < 4 ? 1 : -1, .ns_median = 90 + i,
			.gb_per_s_median = 20 - i, .dimm_count = -1 };
	pt[2].ns_median = pt[2].gb_per_s_median = -1;	/* not measured */
	strcpy(pt[3].flag, "latency <18%> above the node's median");
	r.scan = &sr;
	assert_true(report_html(&r, RUN_OK, buf, sizeof buf) > 0);
	if (getenv("SCAN_HTML_OUT")) {
		FILE *f = fopen(getenv("SCAN_HTML_OUT"), "w");

		assert_non_null(f);
		fputs(buf, f);
		assert_int_equal(fclose(f), 0);
	}
	sec = strstr(buf, "<section class=\"scan\">");
	assert_non_null(sec);
	fig2 = strstr(sec, "<figure data-scan=\"gb_per_s_median\">");
	assert_non_null(fig2);
	assert_non_null(strstr(sec, "<figure data-scan=\"ns_median\">"));
	/* 4 measured ranges in each of the two figures */
	assert_int_equal(count_of(sec, "<rect class=\"bar range "), 8);
	assert_int_equal(count_of(fig2, "<rect class=\"bar range "), 4);
	assert_int_equal(count_of(sec, "<rect class=\"bar range s0\" "
				  "data-base=\"1073741824\" data-node=\"0\""),
			 2);
	assert_int_equal(count_of(sec, "<rect class=\"bar range s1\" "
				  "data-base=\"5368709120\" data-node=\"1\""),
			 2);
	assert_int_equal(count_of(sec, "<rect class=\"bar range nonode\" "
				  "data-base=\"6442450944\" "
				  "data-node=\"none\""), 2);
	/* the range not measured (4 GiB) and the hole (2-4 GiB): no bar */
	assert_int_equal(count_of(sec, "data-base=\"4294967296\""), 0);
	assert_int_equal(count_of(sec, "data-base=\"2147483648\""), 0);
	assert_int_equal(count_of(sec, "<path class=\"flag\" "
				  "data-base=\"5368709120\""), 2);
	assert_int_equal(count_of(sec, "<path class=\"flag\""), 2);
	assert_non_null(strstr(sec, "latency &lt;18%&gt; above"));
	assert_non_null(strstr(sec, "Not scanned: 0x80000000 (2G, hole)."));
	assert_non_null(strstr(sec, "<span class=\"sw s1\"></span>node 1"));
	/* every bar of the latency figure on its axis */
	for (p = sec; (p = strstr(p, "<rect class=\"bar range ")) != NULL &&
	     p < fig2; p++) {
		double b = strtod(strstr(p, " y=\"") + 4, NULL) +
			   strtod(strstr(p, "height=\"") + 8, NULL);
		if (bottom < 0)
			bottom = b;
		assert_true(b > bottom - 0.01 && b < bottom + 0.01);
	}
	/* no scan: no section */
	r.scan = 0;
	assert_true(report_html(&r, RUN_OK, buf, sizeof buf) > 0);
	assert_null(strstr(buf, "class=\"scan\""));
}

/* The DIMMs' ceiling: a line across the all-cpus bars, labelled, the
 * axis stretched to hold it; none across one cpu's; none without one. */
static void ceiling_line_across_the_all_cpus_bars(void **state)
{
	static char buf[1 << 20];
	struct mem_ceiling mc = { .dimms = 2, .gb_per_s = 51.2 };
	struct run_results r;
	const char *all;

	(void)state;
	hostile_run(&r);
	bw[2] = (struct bw_point){ .kernel = "avx2-read", .level = "DRAM",
				   .cpus = 2, .gb_median = 30.0 };
	r.bw.count = 3;
	r.ceiling = &mc;
	assert_true(report_html(&r, RUN_OK, buf, sizeof buf) > 0);
	all = strstr(buf, "Bandwidth per level, 2 cpus at once");
	assert_non_null(all);
	assert_int_equal(count_of(buf, "<line class=\"mark ceiling\""), 1);
	assert_true(strstr(buf, "<line class=\"mark ceiling\"") > all);
	assert_non_null(strstr(all, ">DIMMs' ceiling</text>"));
	assert_non_null(strstr(all, "the DIMMs' ceiling, 51.2 GB/s (holds "
			       "with one DIMM per channel)"));
	/* 51.2 is above the highest bar: the axis reaches 60 */
	assert_non_null(strstr(all, "text-anchor=\"end\">60</text>"));
	mc.gb_per_s = -1;
	assert_true(report_html(&r, RUN_OK, buf, sizeof buf) > 0);
	assert_int_equal(count_of(buf, "mark ceiling"), 0);
}

static void report_too_small_fails_cleanly(void **state)
{
	struct run_results r;
	size_t full;
	char *buf = malloc(1 << 20);

	(void)state;
	hostile_run(&r);
	full = report_html(&r, RUN_OK, buf, 1 << 20);
	assert_true(full > 0);
	for (size_t cap = 0; cap <= full; cap += cap < 64 ? 1 : 997) {
		char *b = malloc(cap + 16);

		memset(b, 'Z', cap + 16);
		assert_int_equal(report_html(&r, RUN_OK, b, cap), 0);
		for (size_t i = cap; i < cap + 16; i++)
			assert_int_equal(b[i], 'Z');
		free(b);
	}
	assert_int_equal(report_html(&r, RUN_OK, buf, full + 1), full);
	free(buf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(markup_characters_become_entities),
		cmocka_unit_test(controls_and_bad_utf8_become_replacement),
		cmocka_unit_test(text_n_stops_at_maxlen),
		cmocka_unit_test(overflow_at_every_cap_never_writes_past_it),
		cmocka_unit_test(svg_path_coordinates),
		cmocka_unit_test(empty_path_writes_nothing),
		cmocka_unit_test(heat_steps_span_the_range),
		cmocka_unit_test(report_escapes_machine_strings),
		cmocka_unit_test(absent_bandwidth_cells_draw_no_bar),
		cmocka_unit_test(scan_section_marks_each_range),
		cmocka_unit_test(ceiling_line_across_the_all_cpus_bars),
		cmocka_unit_test(report_too_small_fails_cleanly),
	};

	return cmocka_run_group_tests(tests, 0, 0);
}
