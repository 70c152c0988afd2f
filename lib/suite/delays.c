/* The loaded-latency delay series (see delays.h). */
#include "suite/delays.h"

#define DELAY_MIN 16u
#define DELAY_MAX 16384u	/* ~16k cycles per 256 bytes: < 0.1 GB/s a core */

int delays_plan(enum bm_profile profile, uint32_t *out, int cap)
{
	static const uint32_t quick[] = { 0, 64, 512, 4096 };
	int n = 0;

	if (cap <= 0)
		return 0;
	if (profile == BM_PROFILE_QUICK) {
		for (; n < (int)(sizeof quick / sizeof quick[0]) && n < cap; n++)
			out[n] = quick[n];
		return n;
	}
	out[n++] = 0;
	for (uint32_t d = DELAY_MIN; d <= DELAY_MAX && n < cap; d *= 2) {
		out[n++] = d;
		/* d * sqrt(2), rounded: 23, 45, 91, ... */
		if (profile == BM_PROFILE_FULL && d < DELAY_MAX && n < cap)
			out[n++] = (uint32_t)((d * 181u + 64) / 128);
	}
	return n;
}
