/* The scan's flag rule (scan_flag.h). */
#include "suite/scan_flag.h"

#include "util/fmt.h"
#include "util/stats.h"

/* Whether a and b are peers for field (0: ns, 1: gb): scan_flag.h. */
static int peers(const struct scan_judged *a, const struct scan_judged *b,
		 int field)
{
	if (a->node != b->node)
		return 0;
	return field ? a->readers == b->readers
		     : a->ns_may_be_cached == b->ns_may_be_cached;
}

/* The median, min and max of field (0: ns, 1: gb) over the measured
 * peers of me (me among them); returns how many there were. */
static int node_stats(const struct scan_judged *r, int n,
		      const struct scan_judged *me, int field, double *work,
		      double *med, double *lo, double *hi)
{
	int k = 0;

	for (int i = 0; i < n; i++) {
		double v = field ? r[i].gb : r[i].ns;

		if (!peers(&r[i], me, field) || v < 0)
			continue;
		if (k == 0 || v < *lo)
			*lo = v;
		if (k == 0 || v > *hi)
			*hi = v;
		work[k++] = v;
	}
	*med = k ? stats_median_double(work, (size_t)k) : 0;
	return k;
}

int scan_flag_all(struct scan_judged *r, int n, double threshold,
		  double *work)
{
	int flagged = 0;

	for (int i = 0; i < n; i++) {
		double med, lo, hi;
		size_t len = 0;

		r[i].flag[0] = 0;
		if (r[i].ns >= 0 &&
		    node_stats(r, n, &r[i], 0, work, &med, &lo, &hi) >=
			    SCAN_FLAG_MIN_RANGES &&
		    r[i].ns > med * (1 + threshold))
			len += fmt(r[i].flag, SCAN_FLAG_BYTES,
				   "latency %.0f%% above the node's median "
				   "%.1f ns (node spread %.1f..%.1f ns)",
				   100 * (r[i].ns / med - 1), med, lo, hi);
		if (r[i].gb >= 0 &&
		    node_stats(r, n, &r[i], 1, work, &med, &lo, &hi) >=
			    SCAN_FLAG_MIN_RANGES &&
		    r[i].gb < med * (1 - threshold))
			fmt(r[i].flag + len, SCAN_FLAG_BYTES - len,
			    "%sbandwidth %.0f%% below the node's median "
			    "%.1f GB/s (node spread %.1f..%.1f GB/s)",
			    len ? "; " : "", 100 * (1 - r[i].gb / med), med,
			    lo, hi);
		flagged += r[i].flag[0] != 0;
	}
	return flagged;
}
