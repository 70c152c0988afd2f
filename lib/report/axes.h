/* Axis math the charts share (the HTML report's SVG and the on-screen
 * framebuffer charts): logarithmic and linear scales, "nice" ticks and
 * their labels, and the cache-size boundaries a latency curve marks.
 * Pure: no libc, no libm, no drawing. */
#ifndef BAREMEM_AXES_H
#define BAREMEM_AXES_H

#include <stddef.h>
#include <stdint.h>

#include "hw/cpuinfo.h"

enum axis_scale { AXIS_LINEAR = 0, AXIS_LOG2 = 2, AXIS_LOG10 = 10 };

/* One axis: the data range it shows and the pixels it spans. px_lo is
 * where lo lands, px_hi where hi lands; a y axis drawn upwards has
 * px_lo > px_hi. */
struct axis {
	enum axis_scale scale;
	double lo, hi;		/* log axes: 0 < lo < hi */
	double px_lo, px_hi;
};

/* log2 and log10 of v > 0 (no libm); accurate to ~1e-12, plenty for
 * pixels. v <= 0 or NaN gives -1e308. */
double axis_log2(double v);
double axis_log10(double v);

/* Sets a's range to cover the data [min, max], widened to round ends:
 * log2 to powers of 2, log10 to powers of 10, linear from 0 (or from a
 * round value below min when min < 0) to a multiple of a 1-2-5 step. A
 * log axis ignores min <= 0 (takes max / 16); a single value or no data
 * (min > max, NaN) still gives a usable non-empty range. The pixels are
 * left as they were. */
void axis_fit(struct axis *a, enum axis_scale scale, double min, double max);
void axis_place(struct axis *a, double px_lo, double px_hi);

/* The pixel coordinate of v on a (not clamped: values outside the range
 * land outside [px_lo, px_hi]; v <= 0 on a log axis lands at px_lo). */
double axis_px(const struct axis *a, double v);

/* Round tick values inside [lo, hi], ascending, at most max_ticks
 * (>= 2) of them and at most cap written: log2 powers of 2 (every k-th
 * doubling), log10 powers of 10, with 2 and 5 between them when the
 * range spans two decades or fewer, linear multiples of a 1-2-5 step.
 * Returns how many were written. */
int axis_ticks(const struct axis *a, int max_ticks, double *out, int cap);

/* A tick label for a byte count: 512, 4K, 16K, 1M, 1.5M, 1G. */
char *axis_label_bytes(char *buf, size_t cap, double bytes);
/* A tick label for a plain number with as few digits as hold it (at most
 * 3 decimals): 0.5, 1, 2.5, 10, 100, 1000, then 20k, 1M. */
char *axis_label_num(char *buf, size_t cap, double v);

/* A cache boundary on a working-set axis: the size of the largest
 * data/unified cache of a level, with its label. */
struct cache_mark {
	char label[4];		/* "L1", "L2", "L3" */
	uint64_t bytes;
};
#define AXIS_MAX_CACHE_MARKS 3

/* The detected caches of levels 1..3 that have a size, ascending by
 * level; at most cap (use AXIS_MAX_CACHE_MARKS). Returns the count. */
int axis_cache_marks(const struct cpu_info *ci, struct cache_mark *out,
		     int cap);

#endif
