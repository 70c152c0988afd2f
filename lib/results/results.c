/* Run status from what was measured and what failed. */
#include "results/results.h"

#include "util/str.h"

double scan_gib(const struct scan_result *sr)
{
	uint64_t bytes = 0;

	for (int i = 0; sr && i < sr->count; i++)
		bytes += sr->point[i].measured_bytes;
	return (double)bytes / (double)(1ull << 30);
}

int results_latency_measured(const struct run_results *r)
{
	return r->lat.count > 0;
}

int results_bandwidth_measured(const struct run_results *r)
{
	return r->bw.count > 0;
}

int results_loaded_measured(const struct run_results *r)
{
	return r->loaded.count > 0;
}

int results_c2c_measured(const struct run_results *r)
{
	return r->c2c.count > 0;
}

int results_numa_measured(const struct run_results *r)
{
	return r->numa != 0;
}

/* tests=scan measured something: a range with a figure. */
int results_scan_measured(const struct run_results *r)
{
	const struct scan_result *s = r->scan;

	for (int i = 0; s && i < s->count; i++)
		if (s->point[i].ns_median >= 0 || s->point[i].gb_per_s_median >= 0)
			return 1;
	return 0;
}

int test_row_measured(const struct test_row *t, const struct run_results *r)
{
	const struct test_table *tab;

	if (t->measured)
		return t->measured(r);
	tab = t->table ? t->table(r) : 0;
	return tab && tab->rows > 0;
}

const void *test_own_of(const struct run_results *res, const char *name)
{
	for (int i = 0; res->tests && i < res->test_count &&
			i < TEST_ROWS_MAX; i++)
		if (str_eq(res->tests[i].name, name))
			return res->own[i];
	return 0;
}

enum run_status results_status(const struct run_results *r)
{
	int measured = 0;

	for (int i = 0; i < r->test_count && !measured; i++)
		measured = test_row_measured(&r->tests[i], r);
	if (!measured)
		return RUN_ERROR;
	if (r->failed || r->errors.count > 0)
		return RUN_PARTIAL;
	return RUN_OK;
}

void results_add_fault(struct run_results *r, const struct fault_record *f)
{
	if (r->fault_count < FAULTS_KEPT)
		r->faults[r->fault_count] = *f;
	r->fault_count++;
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
