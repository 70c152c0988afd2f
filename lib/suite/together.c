/* All bytes over the common span (see together.h). */
#include "suite/together.h"

double together_gb_per_s(const struct cpu_span *spans, int n,
			 uint64_t tsc_hz)
{
	uint64_t first = UINT64_MAX, last = 0;
	double bytes = 0;

	if (n < 1 || tsc_hz == 0)
		return -1;
	for (int i = 0; i < n; i++) {
		if (spans[i].t0 < first)
			first = spans[i].t0;
		if (spans[i].t1 > last)
			last = spans[i].t1;
		bytes += (double)spans[i].bytes;
	}
	if (last <= first)
		return -1;
	return bytes * (double)tsc_hz / (double)(last - first) / 1e9;
}
