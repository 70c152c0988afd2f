/* What must hold after any input, checked by both fuzz targets: the
 * error count returned is the count added, every message is printable
 * ASCII (untrusted bytes are quoted as '?'), every field is in its
 * range, and each good value's text parses back to the same text. A
 * broken rule prints which and aborts, so libFuzzer keeps the input. */
#ifndef BAREMEM_FUZZ_INVARIANTS_H
#define BAREMEM_FUZZ_INVARIANTS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config/config.h"

#define BROKEN(...)                                                        \
	do {                                                               \
		fprintf(stderr, "fuzz: rule broken: " __VA_ARGS__);         \
		fputc('\n', stderr);                                       \
		abort();                                                   \
	} while (0)

static void check_messages(const struct msgs *m, const char *what)
{
	if (m->count < 0 || m->count > MSGS_MAX || m->dropped < 0)
		BROKEN("%s: count %d, dropped %d", what, m->count, m->dropped);
	for (int i = 0; i < m->count; i++) {
		const char *t = m->text[i];
		size_t n = strnlen(t, MSG_BYTES);

		if (n == MSG_BYTES)
			BROKEN("%s %d: not terminated", what, i);
		if (n == 0)
			BROKEN("%s %d: empty", what, i);
		for (size_t k = 0; k < n; k++)
			if ((unsigned char)t[k] < 0x20 ||
			    (unsigned char)t[k] > 0x7e)
				BROKEN("%s %d: byte 0x%02x at %zu: %s", what, i,
				       (unsigned char)t[k], k, t);
	}
}

static void check_ranges(const struct bm_config *c)
{
	if ((unsigned)c->profile > BM_PROFILE_FULL)
		BROKEN("profile %d", c->profile);
	if (c->tests & ~0x1fu)
		BROKEN("tests bits 0x%x", c->tests);
	if ((unsigned)c->cpus_mode > BM_CPUS_LIST)
		BROKEN("cpus mode %d", c->cpus_mode);
	if (c->page_bytes != 4096 && c->page_bytes != 2ull << 20 &&
	    c->page_bytes != 1ull << 30)
		BROKEN("page %llu", (unsigned long long)c->page_bytes);
	if (c->page_count < 1 || c->page_count > 3 ||
	    c->pages[0] != c->page_bytes)
		BROKEN("page list of %d", c->page_count);
	for (int k = 1; k < c->page_count; k++)
		if (c->pages[k] >= c->pages[k - 1])
			BROKEN("page list not largest first");
	if (c->repeat < 0 || c->repeat > 1000)
		BROKEN("repeat %d", c->repeat);
	if ((unsigned)c->after > BM_AFTER_EXIT)
		BROKEN("after %d", c->after);
	if (c->var != 0 && c->var != 1)
		BROKEN("var %d", c->var);
	if ((unsigned)c->timer > BM_TIMER_STALL)
		BROKEN("timer %d", c->timer);
	if (c->dist != 0 && c->dist != 1)
		BROKEN("dist %d", c->dist);
	if ((unsigned)c->prefetch > BM_PREFETCH_BOTH)
		BROKEN("prefetch %d", c->prefetch);
	if (c->sizes_set && c->sizes_is_range &&
	    (c->size_min > c->size_max || c->size_min < BM_SIZE_MIN_BYTES ||
	     c->size_max > BM_SIZE_MAX_BYTES))
		BROKEN("size range %llu..%llu",
		       (unsigned long long)c->size_min,
		       (unsigned long long)c->size_max);
	if (c->sizes_set && !c->sizes_is_range) {
		if (c->size_count < 0 || c->size_count > BM_MAX_SIZES)
			BROKEN("size count %d", c->size_count);
		for (int i = 0; i < c->size_count; i++)
			if ((i && c->sizes[i] <= c->sizes[i - 1]) ||
			    c->sizes[i] < BM_SIZE_MIN_BYTES ||
			    c->sizes[i] > BM_SIZE_MAX_BYTES ||
			    c->sizes[i] % 64)
				BROKEN("size %d: %llu", i,
				       (unsigned long long)c->sizes[i]);
	}
	if (c->set_mask >> BM_KEY_COUNT || c->bad_mask & ~c->set_mask)
		BROKEN("set 0x%x, bad 0x%x", c->set_mask, c->bad_mask);
}

/* Each key with a good value: "key=TEXT" on a fresh config gives no
 * message and the same TEXT back. */
static void check_round_trip(const struct bm_config *c)
{
	static char text[4096], again[4096], pair[4200];

	for (int k = 0; k < BM_KEY_COUNT; k++) {
		struct bm_config d;
		struct msgs errs = { 0 }, warns = { 0 };
		const char *name = config_key_name((enum bm_key)k);
		const char *argv[1] = { pair };

		if (c->bad_mask & (1u << k))
			continue;
		config_value_text(c, (enum bm_key)k, text, sizeof text);
		if (!text[0])
			continue;	/* "by profile" */
		snprintf(pair, sizeof pair, "%s=%s", name, text);
		config_defaults(&d);
		if (config_parse_args(&d, 1, argv, &errs, &warns) != 0)
			BROKEN("'%s' does not parse back: %s", pair,
			       errs.text[0]);
		config_value_text(&d, (enum bm_key)k, again, sizeof again);
		if (strcmp(text, again) != 0)
			BROKEN("'%s' parses back as '%s'", pair, again);
	}
}

/* All rules, for a config parsed with `ret` errors returned and errs /
 * warns that were empty before. */
static void check_all(const struct bm_config *c, int ret,
		      const struct msgs *errs, const struct msgs *warns)
{
	if (ret != errs->count + errs->dropped)
		BROKEN("returned %d errors, added %d", ret,
		       errs->count + errs->dropped);
	check_messages(errs, "error");
	check_messages(warns, "warning");
	check_ranges(c);
	check_round_trip(c);
}

#endif
