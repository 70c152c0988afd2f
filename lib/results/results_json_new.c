/* The results JSON in a buffer as large as the run needs. */
#include "results/results_json.h"

#include "platform.h"

#define JSON_FIRST_BYTES (4u << 20)	/* doubled while too small */
#define JSON_MAX_BYTES (512u << 20)	/* 512 threads in profile=full: ~100 MiB */

char *results_json_new(const struct run_results *res,
		       const struct summary *sum, enum run_status status,
		       size_t *len, size_t *tried_bytes)
{
	size_t cap = JSON_FIRST_BYTES;

	*len = 0;
	*tried_bytes = 0;
	for (; cap <= JSON_MAX_BYTES; cap *= 2) {
		char *buf = plat_alloc(cap);

		if (!buf)
			return 0;
		*tried_bytes = cap;
		*len = results_json(res, sum, status, buf, cap);
		if (*len)
			return buf;
		plat_free(buf);
	}
	return 0;
}
