/* TSC offset and bound from exchange minima (see tscskew.h). */
#include "hw/tscskew.h"

struct tsc_skew_est tscskew_estimate(int64_t there, int64_t back,
				     int exchanges, uint64_t tsc_hz)
{
	double ns_per_tick;

	if (exchanges <= 0 || tsc_hz == 0 || (double)there + (double)back < 0)
		return (struct tsc_skew_est){ 0, 0, 0 };
	ns_per_tick = 1e9 / (double)tsc_hz;
	return (struct tsc_skew_est){
		.known = 1,
		.offset_ns = ((double)there - (double)back) / 2 * ns_per_tick,
		.bound_ns = ((double)there + (double)back) / 2 * ns_per_tick,
	};
}

void tscskew_summarize(const struct tsc_skew_est *e, int n,
		       struct tsc_skew_summary *s)
{
	*s = (struct tsc_skew_summary){ .max_ns = -1, .bound_ns = -1,
					.worst = -1 };
	for (int i = 0; i < n; i++) {
		double mag = e[i].offset_ns < 0 ? -e[i].offset_ns
						: e[i].offset_ns;
		if (!e[i].known) {
			s->missing++;
			continue;
		}
		s->measured++;
		if (mag > s->max_ns) {
			s->max_ns = mag;
			s->worst = i;
		}
		if (e[i].bound_ns > s->bound_ns)
			s->bound_ns = e[i].bound_ns;
		if (mag - e[i].bound_ns > TSC_SKEW_WARN_NS)
			s->over = 1;
		else if (mag + e[i].bound_ns > TSC_SKEW_WARN_NS)
			s->unsure = 1;
	}
	if (s->over)
		s->unsure = 0;
}
