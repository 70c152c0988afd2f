/* The tests' series: what the suite runner hands each test of its own
 * (results_test_out), each series growing only through its own reserve,
 * each point stamped with the conditions it was made under as it is
 * appended, never rewritten afterwards. */
#include "results/results.h"

#include "platform.h"

/* *arr (count used, *cap) grown to want elements of elem bytes. */
static int grow(void **arr, int count, int *cap, int want, size_t elem)
{
	unsigned char *n;

	if (want <= *cap)
		return 0;
	n = plat_alloc(elem * (size_t)want);
	if (!n)
		return -1;
	for (size_t i = 0; *arr && i < elem * (size_t)count; i++)
		n[i] = ((unsigned char *)*arr)[i];
	plat_free(*arr);
	*arr = n;
	*cap = want;
	return 0;
}

/* count + more, held to an int */
static int room(int count, int more)
{
	long want = (long)count + (more > 0 ? more : 0);

	return want > 0x7fffffff ? 0x7fffffff : (int)want;
}

/* The series' warning when the pool cannot grow it. */
static int short_of_pool(struct test_out *out, const char *series, int cap)
{
	msgs_add(out->warnings, "out of pool memory for the results of %d "
		 "cpus: points past %d %s are not kept", out->cpus, cap, series);
	return -1;
}

int lat_reserve(struct test_out *out, int more)
{
	struct lat_series *s = out->lat;

	if (grow((void **)&s->p, s->count, &s->cap, room(s->count, more),
		 sizeof *s->p) == 0)
		return 0;
	return short_of_pool(out, "latency", s->cap);
}

int bw_reserve(struct test_out *out, int more)
{
	struct bw_series *s = out->bw;

	if (grow((void **)&s->p, s->count, &s->cap, room(s->count, more),
		 sizeof *s->p) == 0)
		return 0;
	return short_of_pool(out, "bandwidth", s->cap);
}

struct lat_point *lat_append(struct test_out *out, const struct lat_point *pt)
{
	struct lat_series *s = out->lat;
	struct lat_point *kept;

	if (s->count >= s->cap)
		return 0;
	kept = &s->p[s->count++];
	*kept = *pt;
	kept->prefetch = out->prefetch;
	return kept;
}

struct bw_point *bw_append(struct test_out *out, const struct bw_point *pt)
{
	struct bw_series *s = out->bw;
	struct bw_point *kept;

	if (s->count >= s->cap)
		return 0;
	kept = &s->p[s->count++];
	*kept = *pt;
	kept->prefetch = out->prefetch;
	return kept;
}

struct test_out results_test_out(struct run_results *res, int row)
{
	struct test_out out = { .errors = &res->errors,
				.warnings = &res->warnings,
				.prefetch = res->now.prefetch,
				.cpus = res->selected_count };

	if (row < 0 || row >= res->test_count || row >= TEST_ROWS_MAX)
		return out;
	out.own = &res->own[row];
	if (res->tests[row].out)
		res->tests[row].out(res, &out);
	return out;
}

void results_latency_out(struct run_results *res, struct test_out *out)
{
	out->lat = &res->lat;
}

void results_bandwidth_out(struct run_results *res, struct test_out *out)
{
	out->bw = &res->bw;
}

void results_loaded_out(struct run_results *res, struct test_out *out)
{
	out->loaded = &res->loaded;
}

void results_c2c_out(struct run_results *res, struct test_out *out)
{
	out->c2c = &res->c2c;
}

void results_numa_out(struct run_results *res, struct test_out *out)
{
	out->numa = &res->numa;
}

void results_scan_out(struct run_results *res, struct test_out *out)
{
	out->scan = &res->scan;
}
