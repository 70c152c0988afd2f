/* Picks the charts' numbers out of the results (series.h). */
#include "draw/series.h"

#include "util/fmt.h"
#include "util/str.h"

static int same_curve(const struct lat_curve *s, const struct lat_point *p)
{
	return s->page_bytes == p->page_bytes && s->prefetch == p->prefetch;
}

/* Inserts in size order; a size seen twice keeps its first point. */
static void add_point(struct lat_curve *s, uint64_t size, double ns)
{
	int i = s->n;

	if (s->n >= SERIES_POINTS)
		return;
	while (i > 0 && s->size_bytes[i - 1] > size)
		i--;
	if (i > 0 && s->size_bytes[i - 1] == size)
		return;
	for (int j = s->n; j > i; j--) {
		s->size_bytes[j] = s->size_bytes[j - 1];
		s->ns[j] = s->ns[j - 1];
	}
	s->size_bytes[i] = size;
	s->ns[i] = ns;
	s->n++;
}

int series_latency(const struct run_results *res, int cpu,
		   struct lat_curve *out, int max)
{
	int count = 0;

	for (int i = 0; i < res->lat.count; i++) {
		const struct lat_point *p = &res->lat.p[i];
		int k;

		if (p->cpu != cpu || !(p->ns_median > 0))
			continue;
		for (k = 0; k < count && !same_curve(&out[k], p); k++)
			;
		if (k == count) {
			char page[16];

			if (count == max)
				continue;
			out[k] = (struct lat_curve){
				.page_bytes = p->page_bytes,
				.prefetch = p->prefetch,
			};
			fmt(out[k].label, sizeof out[k].label, "%s pages%s",
			    fmt_size(page, sizeof page, p->page_bytes),
			    p->prefetch == BM_PF_OFF ? ", prefetch off" : "");
			count++;
		}
		add_point(&out[k], p->size_bytes, p->ns_median);
	}
	return count;
}

static int level_index(const char *level)
{
	static const char *const names[BW_LEVELS] = { "L1", "L2", "L3",
						       "DRAM" };

	for (int l = 0; level && l < BW_LEVELS; l++)
		if (str_ieq(level, str_len(level), names[l]))
			return l;
	return -1;
}

static int kernel_index(struct bw_table *t, const char *kernel)
{
	for (int k = 0; k < t->kernels; k++)
		if (str_ieq(kernel, str_len(kernel), t->kernel[k]))
			return k;
	if (t->kernels == BW_KERNELS)
		return -1;
	t->kernel[t->kernels] = kernel;
	return t->kernels++;
}

void series_bandwidth(const struct run_results *res, struct bw_table *t)
{
	*t = (struct bw_table){ 0 };
	for (int l = 0; l < BW_LEVELS; l++)
		for (int k = 0; k < BW_KERNELS; k++)
			t->one[l][k] = t->all[l][k] = -1;
	for (int i = 0; i < res->bw.count; i++) {
		const struct bw_point *p = &res->bw.p[i];
		if (!p->scaling && p->cpus > t->all_cpus &&
		    p->prefetch != BM_PF_OFF)
			t->all_cpus = p->cpus;
	}
	for (int i = 0; i < res->bw.count; i++) {
		const struct bw_point *p = &res->bw.p[i];
		int l = level_index(p->level), k;

		if (p->scaling || p->prefetch == BM_PF_OFF || l < 0 ||
		    !p->kernel || (k = kernel_index(t, p->kernel)) < 0)
			continue;
		if (p->cpus == 1)
			t->one[l][k] = p->gb_median;
		else if (p->cpus == t->all_cpus)
			t->all[l][k] = p->gb_median;
	}
}

const char *series_kernel_short(const char *kernel)
{
	const char *p = kernel;

	while (*p && *p != '-')
		p++;
	return *p ? p + 1 : kernel;
}
