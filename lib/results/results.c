/* Run status from what was measured and what failed. */
#include "results/results.h"

enum run_status results_status(const struct run_results *r)
{
	int measured = r->lat_count > 0 || r->bw_count > 0 ||
		       r->loaded_count > 0 || r->c2c_count > 0 || r->numa;

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
