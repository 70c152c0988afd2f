/* The working set of every level's points, alone and on many cpus at
 * once (the rule is in levels.h). */
#include "suite/levels.h"

#include "util/fmt.h"

#define PAGE 4096u
/* A last level CPUID does not name: a guess on the large side, so a
 * DRAM point stays clear of whatever is there. */
#define LLC_GUESS_BYTES (32ull << 20)

static const char *const row_names[LEVELS_ROWS] = { "L1", "L2", "L3",
						      "DRAM" };

/* Bits of the APIC id that number the cpus sharing one instance of a
 * cache listed as shared by `shared_by` (the next power of two). */
static int sharing_bits(int shared_by)
{
	int b = 0;

	while (b < 31 && (1 << b) < shared_by)
		b++;
	return b;
}

uint64_t levels_llc_bytes(const struct cpu_info *ci)
{
	/* From the top: a system-level cache above a cluster's L3 (an Arm
	 * mesh's SLC, listed by the PPTT as level 4) is the last level
	 * though the summary's levels stop at L3. */
	for (int l = LEVELS_CACHE_MAX; l >= 1; l--) {
		const struct cpu_cache *c = cpuinfo_cache(ci, l);
		if (c)
			return c->size_bytes;
	}
	return 0;
}

uint64_t levels_dram_floor_bytes(uint64_t llc_bytes)
{
	if (!llc_bytes)
		llc_bytes = LLC_GUESS_BYTES;
	return (4 * llc_bytes + PAGE - 1) & ~(uint64_t)(PAGE - 1);
}

int levels_one_range(const struct cpu_info *ci, int level, uint64_t *lo,
		     uint64_t *hi)
{
	const struct cpu_cache *c = level >= 1 && level <= 3
					    ? cpuinfo_cache(ci, level) : 0;

	if (!c)
		return -1;
	*lo = 0;
	for (int l = 1; l < level; l++) {
		const struct cpu_cache *below = cpuinfo_cache(ci, l);
		if (below && 2 * below->size_bytes > *lo)
			*lo = 2 * below->size_bytes;
	}
	*hi = c->size_bytes / 2;
	return 0;
}

int levels_of_size(const struct cpu_info *ci, uint64_t size_bytes)
{
	for (int l = 1; l <= 3; l++) {
		const struct cpu_cache *c = cpuinfo_cache(ci, l);
		if (c && size_bytes <= c->size_bytes)
			return l;
	}
	return LEVELS_DRAM;
}

/* What levels_make works with: the input, and per level 1..3 each cpu's
 * cache instance (the index of the first cpu in it; -1: its type has no
 * such level) and how many of the running cpus share each instance. */
struct work {
	const struct levels_input *in;
	int *inst[4];		/* [level][cpu] */
	int *sharers[4];	/* [level][instance] */
};

static const struct cpu_cache *cache_of(const struct work *w, int cpu,
					int level)
{
	return cpuinfo_cache(&w->in->types[w->in->cpus[cpu].type], level);
}

/* Numbers each cpu's instance of level: cpus in one package whose APIC
 * ids agree above the sharing bits share it. A sharing count of 0 (AMD's
 * old leaf 80000006h says nothing of it) means the whole package. */
static void find_instances(struct work *w, int level)
{
	const struct levels_cpu *cpus = w->in->cpus;

	for (int i = 0; i < w->in->cpu_count; i++) {
		const struct cpu_cache *c = cache_of(w, i, level);
		int bits = c && c->shared_by > 0 ? sharing_bits(c->shared_by)
						 : 32;

		w->inst[level][i] = -1;
		if (!c)
			continue;
		w->inst[level][i] = i;
		for (int j = 0; j < i; j++) {
			const struct cpu_cache *d = cache_of(w, j, level);
			int dbits = d && d->shared_by > 0
					    ? sharing_bits(d->shared_by) : 32;
			if (!d || dbits != bits ||
			    cpus[j].package != cpus[i].package ||
			    (bits < 32 && cpus[j].apic_id >> bits !=
					  cpus[i].apic_id >> bits))
				continue;
			w->inst[level][i] = w->inst[level][j];
			break;
		}
	}
}

/* The first k cpus at level: the per-cpu size (the least share of half
 * the level, in whole pages) and the most any cpu needs (twice its
 * share of the largest cache below). *lower: the level of that cache. */
struct fit {
	uint64_t size, need;
	int lower;
	int missing;		/* a cpu whose type has no such level */
};

static struct fit fit_first(const struct work *w, int level, int k)
{
	struct fit f = { .size = ~0ull };

	for (int i = 0; i < k; i++) {
		const struct cpu_cache *c = cache_of(w, i, level);
		uint64_t hi;

		if (!c) {
			f.missing = 1;
			f.size = 0;
			return f;
		}
		hi = c->size_bytes / 2 /
		     (uint64_t)w->sharers[level][w->inst[level][i]];
		f.size = hi < f.size ? hi : f.size;
		for (int l = 1; l < level; l++) {
			const struct cpu_cache *b = cache_of(w, i, l);
			uint64_t n, need;
			if (!b)
				continue;
			n = (uint64_t)w->sharers[l][w->inst[l][i]];
			need = (2 * b->size_bytes + n - 1) / n;
			if (need > f.need) {
				f.need = need;
				f.lower = l;
			}
		}
	}
	f.size &= ~(uint64_t)(PAGE - 1);
	return f;
}

static int fits(const struct fit *f)
{
	return !f->missing && f->size >= PAGE && f->size >= f->need;
}

/* Why the first k cpus (k: all of them, or 1) get no point at level. */
static void say_why_not(char *why, const struct fit *f, int level, int k)
{
	char a[16], b[16];
	const char *who = k > 1 ? "each" : "it";

	if (f->missing)
		fmt(why, LEVELS_WHY_BYTES, "a cpu's core type has no L%d",
		    level);
	else if (f->lower)
		fmt(why, LEVELS_WHY_BYTES, "%s would get %s (its share of "
		    "half the L%d), under %s (twice its share of the L%d)",
		    who, fmt_size(a, sizeof a, f->size), level,
		    fmt_size(b, sizeof b, f->need), f->lower);
	else
		fmt(why, LEVELS_WHY_BYTES, "%s would get %s (its share of "
		    "half the L%d), under a page", who,
		    fmt_size(a, sizeof a, f->size), level);
}

/* Level's points: the first cpu alone, then the most of the first cpus
 * that meet the rule together. */
static void plan_level(struct work *w, int level, struct levels_row *row)
{
	int n = w->in->cpu_count, best = 0;
	uint64_t best_size = 0;
	struct fit f = { 0 };
	char all[LEVELS_WHY_BYTES];

	for (int i = 0; i < n; i++)
		w->sharers[level][i] = 0;
	for (int l = 1; l < level; l++)
		for (int i = 0; i < n; i++)
			w->sharers[l][i] = 0;
	/* cpus join one by one, in run order: every count's shares */
	for (int k = 1; k <= n; k++) {
		for (int l = 1; l <= level; l++)
			if (w->inst[l][k - 1] >= 0)
				w->sharers[l][w->inst[l][k - 1]]++;
		f = fit_first(w, level, k);
		if (k == 1) {
			row->one.cpus = 1;
			if (fits(&f))
				row->one.bytes = f.size;
			else
				say_why_not(row->one.why, &f, level, 1);
		} else if (fits(&f)) {
			best = k;
			best_size = f.size;
		}
	}
	if (n < 2)
		return;
	/* f: all n cpus */
	row->all.cpus = best;
	row->all.bytes = best_size;
	if (best == n)
		return;
	say_why_not(all, &f, level, n);
	if (best)
		fmt(row->all.why, LEVELS_WHY_BYTES, "on all %d cpus: %s; run "
		    "on the first %d, where it fits", n, all, best);
	else
		fmt(row->all.why, LEVELS_WHY_BYTES, "on all %d cpus: %s; no "
		    "two cpus fit: no all-cpu L%d point", n, all, level);
}

static void plan_dram(const struct levels_input *in, struct levels_plan *p)
{
	struct levels_row *row = &p->rows[p->count++];
	uint64_t llc = 0, bytes;

	for (int i = 0; i < in->cpu_count; i++) {
		uint64_t b = levels_llc_bytes(&in->types[in->cpus[i].type]);
		llc = b > llc ? b : llc;
	}
	p->dram_floor_bytes = levels_dram_floor_bytes(llc);
	bytes = in->dram_bytes > p->dram_floor_bytes ? in->dram_bytes
						     : p->dram_floor_bytes;
	row->name = row_names[LEVELS_DRAM - 1];
	row->level = LEVELS_DRAM;
	row->one.bytes = bytes;
	row->one.cpus = 1;
	if (in->cpu_count > 1) {
		row->all.bytes = bytes;
		row->all.cpus = in->cpu_count;
	}
}

int levels_make(const struct levels_input *in, int *scratch,
		struct levels_plan *out)
{
	struct work w = { .in = in };
	size_t n = (size_t)in->cpu_count;

	*out = (struct levels_plan){ 0 };
	if (in->cpu_count < 1 || !in->types || !in->cpus)
		return -1;
	for (int i = 0; i < in->cpu_count; i++)
		if (in->cpus[i].type < 0 || in->cpus[i].type >= in->type_count)
			return -1;
	for (int l = 1; l <= 3; l++) {
		w.inst[l] = scratch + (size_t)(l - 1) * 2 * n;
		w.sharers[l] = w.inst[l] + n;
	}
	for (int l = 1; l <= 3; l++) {
		int any = 0;
		find_instances(&w, l);
		for (int i = 0; i < in->cpu_count; i++)
			any |= w.inst[l][i] >= 0;
		if (!any)
			continue;
		out->rows[out->count] = (struct levels_row){
			.name = row_names[l - 1], .level = l };
		plan_level(&w, l, &out->rows[out->count]);
		out->count++;
	}
	plan_dram(in, out);
	return 0;
}
