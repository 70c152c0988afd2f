/* The run's latency and bandwidth series: each grows only through its
 * own reserve, and each point is stamped with the run's conditions as
 * it is appended, never rewritten afterwards. */
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
static int short_of_pool(struct run_results *res, const char *series,
			 int cap)
{
	msgs_add(&res->warnings, "out of pool memory for the results of %d "
		 "cpus: points past %d %s are not kept", res->selected_count,
		 cap, series);
	return -1;
}

int lat_reserve(struct run_results *res, int more)
{
	if (grow((void **)&res->lat, res->lat_count, &res->lat_cap,
		 room(res->lat_count, more), sizeof *res->lat) == 0)
		return 0;
	return short_of_pool(res, "latency", res->lat_cap);
}

int bw_reserve(struct run_results *res, int more)
{
	if (grow((void **)&res->bw, res->bw_count, &res->bw_cap,
		 room(res->bw_count, more), sizeof *res->bw) == 0)
		return 0;
	return short_of_pool(res, "bandwidth", res->bw_cap);
}

struct lat_point *lat_append(struct run_results *res,
			     const struct lat_point *pt)
{
	struct lat_point *kept;

	if (res->lat_count >= res->lat_cap)
		return 0;
	kept = &res->lat[res->lat_count++];
	*kept = *pt;
	kept->prefetch = res->now.prefetch;
	return kept;
}

struct bw_point *bw_append(struct run_results *res, const struct bw_point *pt)
{
	struct bw_point *kept;

	if (res->bw_count >= res->bw_cap)
		return 0;
	kept = &res->bw[res->bw_count++];
	*kept = *pt;
	kept->prefetch = res->now.prefetch;
	return kept;
}
