/* The scan's range planner: a sweep over the memory map by address.
 * Where spans overlap the stricter kind wins (firmware over the app's
 * over not-WB over free), so memory the map lists twice is never
 * measured while someone may hold it. */
#include "suite/scan_plan.h"

#define PAGE_2M (2ull << 20)

static const int strictness[SCAN_KIND_COUNT] = {
	[SCAN_FREE] = 0, [SCAN_FREE_NOT_WB] = 1, [SCAN_APP] = 2,
	[SCAN_FIRMWARE] = 3,
};

static const enum scan_skip_why skip_of_kind[SCAN_KIND_COUNT] = {
	[SCAN_FREE] = SCAN_SKIP_SMALL, [SCAN_FREE_NOT_WB] = SCAN_SKIP_NOT_WB,
	[SCAN_APP] = SCAN_SKIP_APP, [SCAN_FIRMWARE] = SCAN_SKIP_FIRMWARE,
};

static uint64_t span_end(const struct scan_span *s)
{
	return s->base + s->bytes;
}

/* Adds a skip, merged with the previous one when they touch and agree. */
static void skip_add(struct scan_plan *p, uint64_t base, uint64_t bytes,
		     enum scan_skip_why why)
{
	struct scan_skip *last = p->skip_count ? &p->skip[p->skip_count - 1] : 0;

	if (bytes == 0)
		return;
	if (last && last->why == why && last->base + last->bytes == base) {
		last->bytes += bytes;
		return;
	}
	if (p->skip_count >= p->skip_cap) {
		p->dropped++;
		return;
	}
	p->skip[p->skip_count++] = (struct scan_skip){ base, bytes, why };
}

static uint64_t page_for(uint64_t base, uint64_t bytes, uint64_t max_page)
{
	if (max_page >= SCAN_GIB && base % SCAN_GIB == 0 && bytes == SCAN_GIB)
		return SCAN_GIB;
	if (base % PAGE_2M == 0 && bytes % PAGE_2M == 0)
		return PAGE_2M;
	return 4096;
}

/* The node of addr and where that answer stops holding (the end of its
 * SRAT range, or the next range's start where none holds addr). */
static int node_at(const struct numa_topo *t, uint64_t addr, uint64_t *until)
{
	uint64_t next = ~0ull;

	if (t) {
		for (int i = 0; i < t->range_count; i++) {
			const struct numa_range *g = &t->range[i];

			if (addr >= g->base && addr - g->base < g->bytes) {
				*until = g->base + g->bytes;
				return g->node;
			}
			if (g->base > addr && g->base < next)
				next = g->base;
		}
	}
	*until = next;
	return -1;
}

/* One piece [a, e) of one GiB and one node: measured from its first to
 * its last 2 MiB boundary, its 4 KiB-aligned edges named. A range with
 * a ragged edge would otherwise be labelled, and on hardware chased,
 * on 4 KiB pages: hundreds of MiB of low memory walking the page tables
 * on most hops, read as slow memory by the flag rule. */
static void plan_piece(struct scan_plan *p, uint64_t a, uint64_t e, int node,
		       uint64_t max_page)
{
	uint64_t a2 = (a + PAGE_2M - 1) & ~(PAGE_2M - 1), e2 = e & ~(PAGE_2M - 1);

	if (e2 <= a2 || e2 - a2 < SCAN_MIN_BYTES) {
		skip_add(p, a, e - a, SCAN_SKIP_SMALL);
		return;
	}
	skip_add(p, a, a2 - a, SCAN_SKIP_SMALL);
	if (p->count >= p->cap)
		p->dropped++;
	else
		p->range[p->count++] = (struct scan_range){
			.base = a2, .bytes = e2 - a2, .node = node,
			.page_bytes = page_for(a2, e2 - a2, max_page),
		};
	skip_add(p, e2, e - e2, SCAN_SKIP_SMALL);
}

/* A run of free memory [a, b): cut at every GiB and node boundary. */
static void plan_free(struct scan_plan *p, uint64_t a, uint64_t b,
		      uint64_t max_page, const struct numa_topo *t)
{
	while (a < b) {
		uint64_t until, gib_end = (a | (SCAN_GIB - 1)) + 1;
		int node = node_at(t, a, &until);
		uint64_t e = b;

		if (gib_end != 0 && gib_end < e)
			e = gib_end;
		if (until > a && until < e)
			e = until;
		plan_piece(p, a, e, node, max_page);
		a = e;
	}
}

int scan_plan_build(const struct scan_span *spans, int n, uint64_t max_page,
		    const struct numa_topo *t, struct scan_plan *p)
{
	uint64_t at = ~0ull, top = 0, free_from = 0, free_to = 0;
	int in_free = 0;

	p->count = p->skip_count = p->dropped = 0;
	for (int i = 0; i < n; i++) {
		if (spans[i].bytes == 0 || (unsigned)spans[i].kind >= SCAN_KIND_COUNT)
			continue;
		if (spans[i].base < at)
			at = spans[i].base;
		if (span_end(&spans[i]) > top)
			top = span_end(&spans[i]);
	}
	while (at < top) {
		int kind = -1;
		uint64_t end = top;

		/* The strictest span holding at, and the next address where
		 * that could change (a span starting or ending). */
		for (int i = 0; i < n; i++) {
			const struct scan_span *s = &spans[i];

			if (s->bytes == 0 || (unsigned)s->kind >= SCAN_KIND_COUNT)
				continue;
			if (s->base > at) {
				if (s->base < end)
					end = s->base;
				continue;
			}
			if (span_end(s) <= at)
				continue;
			if (span_end(s) < end)
				end = span_end(s);
			if (kind < 0 || strictness[s->kind] > strictness[kind])
				kind = (int)s->kind;
		}
		if (kind == SCAN_FREE) {
			if (!in_free || free_to != at)
				free_from = at;
			in_free = 1;
			free_to = end;
		} else {
			if (in_free)
				plan_free(p, free_from, free_to, max_page, t);
			in_free = 0;
			skip_add(p, at, end - at,
				 kind < 0 ? SCAN_SKIP_HOLE : skip_of_kind[kind]);
		}
		at = end;
	}
	if (in_free)
		plan_free(p, free_from, free_to, max_page, t);
	return p->count;
}

void scan_plan_skip_insert(struct scan_plan *p, uint64_t base, uint64_t bytes,
			   enum scan_skip_why why)
{
	int at = 0;

	if (bytes == 0)
		return;
	while (at < p->skip_count && p->skip[at].base < base)
		at++;
	if (at > 0 && p->skip[at - 1].why == why &&
	    p->skip[at - 1].base + p->skip[at - 1].bytes == base) {
		p->skip[at - 1].bytes += bytes;
		return;
	}
	if (p->skip_count >= p->skip_cap) {
		p->dropped++;
		return;
	}
	for (int i = p->skip_count; i > at; i--)
		p->skip[i] = p->skip[i - 1];
	p->skip[at] = (struct scan_skip){ base, bytes, why };
	p->skip_count++;
}

uint64_t scan_chase_lines(uint64_t range_bytes, uint64_t floor_bytes,
			  int *whole)
{
	uint64_t want = floor_bytes / 64, pairs = range_bytes / 128;

	*whole = want > pairs;
	return *whole ? pairs : want;
}

uint64_t scan_warm_hops(uint64_t lines, uint64_t floor_bytes)
{
	uint64_t cache = floor_bytes / 4 / 64;

	return cache < lines ? cache : lines;
}

/* The most untimed hops over a chain written cold: 8 a page of 512
 * pages (scan_cold_warm_hops). */
#define COLD_WARM_MAX (8u * 512u)

uint64_t scan_cold_warm_hops(uint64_t lines, uint64_t range_bytes,
			     uint64_t page_bytes)
{
	uint64_t pages = page_bytes ? range_bytes / page_bytes : 0;
	uint64_t hops = pages < 512 ? 8 * (pages ? pages : 1) : COLD_WARM_MAX;

	return hops < lines ? hops : lines;
}

uint64_t scan_cold_lines(uint64_t range_bytes, uint64_t floor_bytes,
			 uint64_t samples_max)
{
	int whole;
	uint64_t lines = scan_chase_lines(range_bytes, floor_bytes, &whole);
	uint64_t hops = samples_max * (SCAN_SAMPLE_NS / SCAN_COLD_MIN_NS) +
			COLD_WARM_MAX;

	return hops < lines ? hops : lines;
}

int scan_may_be_cached(uint64_t lines, uint64_t floor_bytes, int cold,
		       uint64_t chased, double ns)
{
	return (lines < floor_bytes / 64 && (!cold || chased > lines)) ||
	       (cold && ns >= 0 && ns < SCAN_COLD_MIN_NS);
}

uint64_t scan_read_passes(uint64_t range_bytes)
{
	return range_bytes >= SCAN_READ_ONE_PASS_BYTES ? 1 : 0;
}
