/* Run status from what was measured and what failed. */
#include "results/results.h"

double scan_gib(const struct scan_result *sr)
{
	uint64_t bytes = 0;

	for (int i = 0; sr && i < sr->count; i++)
		bytes += sr->point[i].measured_bytes;
	return (double)bytes / (double)(1ull << 30);
}

/* tests=scan measured something: a range with a figure. */
static int scan_measured(const struct scan_result *s)
{
	for (int i = 0; s && i < s->count; i++)
		if (s->point[i].ns_median >= 0 || s->point[i].gb_per_s_median >= 0)
			return 1;
	return 0;
}

enum run_status results_status(const struct run_results *r)
{
	int measured = r->lat_count > 0 || r->bw_count > 0 ||
		       r->loaded_count > 0 || r->c2c_count > 0 || r->numa ||
		       scan_measured(r->scan);

	if (!measured)
		return RUN_ERROR;
	if (r->failed || r->errors.count > 0)
		return RUN_PARTIAL;
	return RUN_OK;
}

const char *results_status_name(enum run_status s)
{
	switch (s) {
	case RUN_OK:
		return "ok";
	case RUN_PARTIAL:
		return "partial";
	default:
		return "error";
	}
}
