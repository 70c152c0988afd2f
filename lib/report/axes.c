/* Axis math for the charts: logarithms without libm, round ranges,
 * 1-2-5 ticks, compact labels, cache boundaries (lib/report/axes.h). */
#include "report/axes.h"

#include "util/fmt.h"
#include "util/str.h"

#define LN2 0.69314718055994530942
#define LOG10_2 0.30102999566398119521

/* 2^e for an integer e, exact over the doubles' range. */
static double pow2i(int e)
{
	double r = 1.0, b = e < 0 ? 0.5 : 2.0;

	for (int n = e < 0 ? -e : e; n > 0; n--)
		r *= b;
	return r;
}

/* 10^e for an integer e: powers up to 10^22 are exact doubles; below 1
 * the division keeps the value the nearest double to 10^e. */
static double pow10i(int e)
{
	double r = 1.0;

	for (int n = e < 0 ? -e : e; n > 0; n--)
		r *= 10.0;
	return e < 0 ? 1.0 / r : r;
}

static int is_nan(double v)
{
	return v != v;
}

/* floor for |v| < 2^62, without libm. */
static double floor_d(double v)
{
	double t = (double)(int64_t)v;

	return t > v ? t - 1.0 : t;
}

static double ceil_d(double v)
{
	double t = (double)(int64_t)v;

	return t < v ? t + 1.0 : t;
}

double axis_log2(double v)
{
	int e = 0;
	double m, z, z2, term, sum;

	if (!(v > 0) || v > 1.7e308)
		return v > 1.7e308 ? 1024.0 : -1e308;
	/* v = m * 2^e with m in [1, 2) */
	m = v;
	while (m >= 2.0) {
		m *= 0.5;
		e++;
	}
	while (m < 1.0) {
		m *= 2.0;
		e--;
	}
	/* ln m = 2 atanh(z), z = (m-1)/(m+1) <= 1/3: the series gains a
	 * decimal digit per term. */
	z = (m - 1.0) / (m + 1.0);
	z2 = z * z;
	term = z;
	sum = 0.0;
	for (int k = 1; k < 60; k += 2) {
		sum += term / k;
		term *= z2;
	}
	return e + 2.0 * sum / LN2;
}

double axis_log10(double v)
{
	if (!(v > 0))
		return -1e308;
	return axis_log2(v) * LOG10_2;
}

/* A 1-2-5 step near span / n: 1, 2 or 5 times a power of 10. */
static double nice_step(double span, int n)
{
	double raw = span / (n > 0 ? n : 1);
	int e = (int)floor_d(axis_log10(raw));
	double p = pow10i(e), f = raw / p;

	/* the log may land a hair below a power of 10 */
	if (f >= 10.0) {
		p *= 10.0;
		f /= 10.0;
	}
	if (f <= 1.0)
		return p;
	if (f <= 2.0)
		return 2 * p;
	if (f <= 5.0)
		return 5 * p;
	return 10 * p;
}

#define LINEAR_FIT_TICKS 5

void axis_fit(struct axis *a, enum axis_scale scale, double min, double max)
{
	a->scale = scale;
	if (is_nan(min) || is_nan(max) || min > max) {
		min = scale == AXIS_LINEAR ? 0.0 : 1.0;
		max = min;
	}
	if (scale == AXIS_LINEAR) {
		double lo = min < 0 ? min : 0.0, step;

		if (max <= lo)
			max = lo + 1.0;
		step = nice_step(max - lo, LINEAR_FIT_TICKS);
		a->lo = lo < 0 ? floor_d(lo / step) * step : 0.0;
		a->hi = ceil_d(max / step) * step;
		if (a->hi <= a->lo)
			a->hi = a->lo + step;
		return;
	}
	if (!(max > 0))
		max = 1.0;
	if (!(min > 0))
		min = max / 16;
	{
		int two = scale == AXIS_LOG2;
		double (*lg)(double) = two ? axis_log2 : axis_log10;
		double (*pw)(int) = two ? pow2i : pow10i;
		int e0 = (int)floor_d(lg(min) + 1e-9);
		int e1 = (int)ceil_d(lg(max) - 1e-9);

		if (e1 <= e0)
			e1 = e0 + 1;
		a->lo = pw(e0);
		a->hi = pw(e1);
	}
}

void axis_place(struct axis *a, double px_lo, double px_hi)
{
	a->px_lo = px_lo;
	a->px_hi = px_hi;
}

/* Where v sits between lo (0) and hi (1) on the axis's scale. */
static double axis_frac(const struct axis *a, double v)
{
	double lo = a->lo, hi = a->hi;

	if (a->scale != AXIS_LINEAR) {
		if (!(v > 0) || !(lo > 0))
			return 0.0;
		v = axis_log2(v);
		lo = axis_log2(lo);
		hi = axis_log2(hi);
	}
	if (hi == lo)
		return 0.0;
	return (v - lo) / (hi - lo);
}

double axis_px(const struct axis *a, double v)
{
	return a->px_lo + axis_frac(a, v) * (a->px_hi - a->px_lo);
}

/* Every k-th power of base from lo to hi, k the smallest that keeps the
 * count within max_ticks. */
static int power_ticks(double lo, double hi, double base, int max_ticks,
		       double *out, int cap)
{
	double lg = base == 2.0 ? 1.0 : 1.0 / LOG10_2;
	int e0 = (int)ceil_d(axis_log2(lo) / lg - 1e-9);
	int e1 = (int)floor_d(axis_log2(hi) / lg + 1e-9);
	int span = e1 - e0, k = 1, n = 0;

	while (span / k + 1 > max_ticks)
		k++;
	/* start on a multiple of k so the ticks stay put as ranges change */
	for (int e = e0; e <= e1 && n < cap; e++) {
		if (((e % k) + k) % k)
			continue;
		out[n++] = base == 2.0 ? pow2i(e) : pow10i(e);
	}
	return n;
}

int axis_ticks(const struct axis *a, int max_ticks, double *out, int cap)
{
	int n = 0;

	if (max_ticks < 2)
		max_ticks = 2;
	if (a->scale == AXIS_LOG2)
		return power_ticks(a->lo, a->hi, 2.0, max_ticks, out, cap);
	if (a->scale == AXIS_LOG10) {
		int e0 = (int)floor_d(axis_log10(a->lo) + 1e-9);
		int e1 = (int)ceil_d(axis_log10(a->hi) - 1e-9);
		static const int mult[] = { 1, 2, 5 };

		if (e1 - e0 > 2 || 3 * (e1 - e0) + 1 > max_ticks)
			return power_ticks(a->lo, a->hi, 10.0, max_ticks,
					   out, cap);
		for (int e = e0; e <= e1; e++)
			for (int m = 0; m < 3 && n < cap; m++) {
				double v = mult[m] * pow10i(e);

				if (v >= a->lo * (1 - 1e-9) &&
				    v <= a->hi * (1 + 1e-9))
					out[n++] = v;
			}
		return n;
	}
	{
		double span = a->hi - a->lo;
		double step = nice_step(span, max_ticks - 1);
		int64_t i0, i1;

		/* nice_step rounds up, but a range not on its multiples can
		 * still hold one tick too many: take the next step then */
		for (;;) {
			i0 = (int64_t)ceil_d(a->lo / step - 1e-9);
			i1 = (int64_t)floor_d(a->hi / step + 1e-9);
			if (i1 - i0 + 1 <= max_ticks)
				break;
			step = nice_step(step * 1.5, 1);
		}
		/* multiples of the step, not sums, so 0.1 * 3 stays 0.3 */
		for (int64_t i = i0; i <= i1 && n < cap; i++)
			out[n++] = i == 0 ? 0.0 : (double)i * step;
	}
	return n;
}

char *axis_label_bytes(char *buf, size_t cap, double bytes)
{
	if (!(bytes >= 0) || bytes > 1.8e19)
		bytes = 0;
	return fmt_size(buf, cap, (uint64_t)(bytes + 0.5));
}

/* v with the fewest decimals (0..3) that hold it to a part in 10^6,
 * then suffix. */
static void label_digits(char *buf, size_t cap, double v, const char *suffix)
{
	double mag = v < 0 ? -v : v;
	int d = 0;

	for (; d < 3; d++) {
		double s = pow10i(d), r = floor_d(mag * s + 0.5) / s;

		if (r - mag <= mag * 1e-6 && mag - r <= mag * 1e-6)
			break;
	}
	fmt(buf, cap, "%.*f%s", d, v, suffix);
}

char *axis_label_num(char *buf, size_t cap, double v)
{
	double mag = v < 0 ? -v : v;

	if (is_nan(v) || mag > 1e18)
		str_copy(buf, cap, "?");
	else if (mag >= 1e6)
		label_digits(buf, cap, v / 1e6, "M");
	else if (mag >= 1e4)
		label_digits(buf, cap, v / 1e3, "k");
	else
		label_digits(buf, cap, v, "");
	return buf;
}

int axis_cache_marks(const struct cpu_info *ci, struct cache_mark *out,
		     int cap)
{
	int n = 0;

	for (int level = 1; level <= 3 && n < cap; level++) {
		const struct cpu_cache *c = cpuinfo_cache(ci, level);

		if (!c || !c->size_bytes)
			continue;
		fmt(out[n].label, sizeof out[n].label, "L%d", level);
		out[n].bytes = c->size_bytes;
		n++;
	}
	return n;
}
