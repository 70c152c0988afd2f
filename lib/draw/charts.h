/* The pieces of the chart view, each drawn inside a rectangle at a
 * text scale: nothing is drawn outside it. */
#ifndef BAREMEM_CHARTS_H
#define BAREMEM_CHARTS_H

#include "draw/fb.h"
#include "results/results.h"

/* Latency against working-set size (log2 x, log y), a curve per page
 * size or prefetcher pass, the cache boundaries marked L1/L2/L3. */
void latency_chart_draw(struct fb *f, struct fb_rect r, int scale,
			const struct run_results *res);
/* Bars of GB/s per level and kernel: one cpu, then all cpus. */
void bw_chart_draw(struct fb *f, struct fb_rect r, int scale,
		   const struct run_results *res);
/* tests=scan: latency and read GB/s of every scanned range against its
 * physical address (GiB), one bar per range over its addresses coloured
 * by its node, flagged ranges marked in THEME_BAD above their bars; a
 * range not measured and a hole draw nothing. */
void scan_chart_draw(struct fb *f, struct fb_rect r, int scale,
		     const struct run_results *res);
/* The scan chart as the scan row's page (lib/registry.c), inside *r. */
void scan_screen(struct fb *f, const struct fb_rect *r, int scale,
		 const struct run_results *res);
/* A node's colour on the scan chart (node < 0: no node). */
uint32_t scan_chart_node_colour(int node);
/* The summary (L1/L2/L3/DRAM ns and GB/s) as lines of text in r; returns
 * the lines it needs at r.w (drawn only when they fit r.h). */
int summary_lines_draw(struct fb *f, struct fb_rect r, int scale,
		       const struct run_results *res);

#endif
