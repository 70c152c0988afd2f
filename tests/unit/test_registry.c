/* The registry of tests (lib/registry.c) against the config's tests=
 * words (lib/config/config.c): a row per word, in the words' order, with
 * the word's bit; the rows prefetch=off|both repeats first; every row
 * runs and writes its keys. And the suite runner (lib/suite/suite.c)
 * goes through the table: it runs the selected rows in order and drops a
 * lost cpu from the selection between two tests, not during one. A row
 * with a table alone is measured, written and shown by the generic
 * renderers. */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

#include "fake_platform.h"
#include "config/config.h"
#include "registry.h"
#include "suite/cpus.h"
#include "suite/suite.h"
#include "draw/theme.h"
#include "draw/views.h"
#include "report/report.h"

/* The config's word for bit i ("" when it has none). */
static const char *config_word(int i, char *buf, size_t cap)
{
	struct bm_config c;

	config_defaults(&c);
	c.tests = 1u << i;
	return config_value_text(&c, BM_KEY_TESTS, buf, cap);
}

static void a_row_per_config_word_in_order(void **state)
{
	char buf[64];
	int words = 0;

	(void)state;
	for (int i = 0; i < 32; i++) {
		const char *w = config_word(i, buf, sizeof buf);
		if (!w[0])
			continue;
		words++;
		if (i >= registry_test_count)
			fail_msg("tests= word '%s' (bit %d) has no row", w, i);
		if (strcmp(registry_tests[i].name, w) != 0)
			fail_msg("row %d is '%s', config's word %d is '%s'", i,
				 registry_tests[i].name, i, w);
		assert_int_equal(registry_tests[i].bit, 1u << i);
	}
	if (words != registry_test_count)
		fail_msg("%d rows, %d tests= words", registry_test_count, words);
}

/* The parser takes each row's name to that row's bit alone. */
static void each_name_parses_to_its_bit(void **state)
{
	(void)state;
	for (int i = 0; i < registry_test_count; i++) {
		struct bm_config c;
		struct msgs errs = { 0 }, warns = { 0 };
		char arg[64];
		const char *words[] = { arg };

		snprintf(arg, sizeof arg, "tests=%s", registry_tests[i].name);
		config_defaults(&c);
		assert_int_equal(config_parse_args(&c, 1, words, &errs,
						   &warns), 0);
		assert_int_equal(c.tests, registry_tests[i].bit);
	}
}

/* The runner runs the prefetch rows inside prefetch_run, then the rest:
 * that is the table's order only when they come first. */
static void prefetch_rows_first_every_row_complete(void **state)
{
	int seen_other = 0;

	(void)state;
	for (int i = 0; i < registry_test_count; i++) {
		const struct test_row *t = &registry_tests[i];
		assert_non_null(t->run);
		/* measured, or a table that says it */
		assert_true(t->measured || t->table);
		assert_non_null(t->json);
		if (t->under_prefetch && seen_other)
			fail_msg("row '%s' runs under prefetch after a row that "
				 "does not", t->name);
		seen_other |= !t->under_prefetch;
	}
}

/* Two rows of a table of the test's own: the first loses cpu 2 and
 * notes the selection it saw after the loss, the second notes the one
 * it is given. */
static int seen[3][8], seen_count[3], runs;

static void note(const struct cpu_set *set, int k)
{
	seen_count[k] = set->count;
	for (int i = 0; i < set->count && i < 8; i++)
		seen[k][i] = set->cpu[i];
}

static struct test_outcome losing_run(const struct run_env *env,
				      const struct cpu_set *set,
				      struct test_out *mine)
{
	struct test_outcome o = { 0, 0, 0 };

	(void)env;
	note(set, 0);
	fake_lost_cpu = 2;
	cpus_lost(mine->warnings, &o, 2, "a fake point");
	note(set, 1);
	runs++;
	return o;
}

static struct test_outcome next_run(const struct run_env *env,
				    const struct cpu_set *set,
				    struct test_out *mine)
{
	(void)env;
	(void)mine;
	note(set, 2);
	runs++;
	return (struct test_outcome){ 0, 0, 0 };
}

/* A run of `cpus` fake cpus from words[0..n) with a table of the test's
 * own in place of the registry; no test has run yet. */
static struct run_results *run_with_table(const char **words, int n,
					  int cpus,
					  const struct test_row *table,
					  int rows)
{
	struct run_results *res;

	fake_cpus = cpus;
	fake_threads = 1;
	fake_lost_cpu = -1;
	runs = 0;
	res = fake_results_new(words, n, 64, 64);
	assert_non_null(res);
	res->tests = table;
	res->test_count = rows;
	return res;
}

static void runner_prunes_between_tests(void **state)
{
	const char *words[] = { "profile=quick", "tests=latency,loaded" };
	const struct test_row table[] = {
		{ .name = "latency", .bit = BM_TEST_LATENCY,
		  .under_prefetch = 1, .run = losing_run },
		{ .name = "bandwidth", .bit = BM_TEST_BANDWIDTH,
		  .run = next_run },	/* not selected: never runs */
		{ .name = "loaded", .bit = BM_TEST_LOADED, .run = next_run },
	};
	struct run_results *res;

	(void)state;
	res = run_with_table(words, 2, 4, table, 3);
	suite_run(res);
	fake_lost_cpu = -1;
	assert_int_equal(runs, 2);
	/* during the losing test: the selection as it was */
	assert_int_equal(seen_count[0], 4);
	assert_int_equal(seen_count[1], 4);
	/* the next test: without cpu 2, the run partial */
	assert_int_equal(seen_count[2], 3);
	assert_int_equal(seen[2][0], 0);
	assert_int_equal(seen[2][1], 1);
	assert_int_equal(seen[2][2], 3);
	assert_true(res->failed);
	assert_true(fake_warned(res, "cpu 2 did not finish a fake point"));
	fake_results_free(res);
}

/* A row with a run and a table alone (no measured, html or screen of
 * its own): it keeps its points behind its own slot, the run counts as
 * measured by its table, the HTML report writes the table as its
 * section, and the screen pages to it and draws its figures. */
static struct test_outcome toy_run(const struct run_env *env,
				   const struct cpu_set *set,
				   struct test_out *mine)
{
	void **own = mine->own;
	struct test_table *t = calloc(1, sizeof *t);
	double row[2] = { 4096, 12.5 };

	(void)env;
	*t = (struct test_table){ .title = "toy: a table alone", .cols = 2,
				  .head = { "bytes", "ns" },
				  .decimals = { 0, 2 } };
	assert_non_null(own);
	*own = t;
	assert_int_equal(test_table_reserve(t, set->count), 0);
	for (int i = 0; i < set->count; i++) {
		row[0] = 4096.0 * (i + 1);
		assert_int_equal(test_table_add(t, row), 0);
	}
	runs++;
	return (struct test_outcome){ 0, 0, 0 };
}

static const struct test_table *toy_table(const struct run_results *res)
{
	return test_own_of(res, "toy");
}

/* Pixels of rgb in f. */
static long count_rgb(const struct fb *f, uint32_t rgb)
{
	long n = 0;

	for (int i = 0; i < f->width * f->height; i++)
		n += f->pixels[i] == rgb;
	return n;
}

static void a_row_with_a_table_alone_is_shown(void **state)
{
	const char *words[] = { "tests=latency" };
	const struct test_row table[] = {
		{ .name = "toy", .bit = BM_TEST_LATENCY, .run = toy_run,
		  .table = toy_table },
	};
	struct run_results *res;
	struct html_writer w;
	static char html[1 << 14];
	struct fb f = { 0 };
	struct draw_input in = { 0 };
	enum draw_view views[DRAW_VIEWS_MAX];
	long empty, drawn;
	const struct test_table *t;

	(void)state;
	res = run_with_table(words, 1, 2, table, 1);
	/* before the run: nothing kept, no page */
	assert_int_equal(draw_views(res, views), 3);
	suite_run(res);
	assert_int_equal(runs, 1);
	t = toy_table(res);
	assert_non_null(t);
	assert_int_equal(t->rows, 2);
	assert_int_not_equal(results_status(res), RUN_ERROR);
	html_init(&w, html, sizeof html);
	report_charts(&w, res);
	assert_int_equal(html_finish(&w), 0);
	assert_non_null(strstr(html, "<section class=\"toy\">"));
	assert_non_null(strstr(html, "<h2>toy: a table alone</h2>"));
	assert_non_null(strstr(html, "<td>8192</td><td>12.50</td>"));
	/* chart, toy, tables, log; its tab named for it */
	assert_int_equal(draw_views(res, views), 4);
	assert_int_equal(views[1], DRAW_TEST);
	assert_string_equal(draw_view_name(views[1], res), "toy");
	f.width = f.stride = 640;
	f.height = 480;
	f.pixels = calloc(640 * 480, sizeof *f.pixels);
	assert_non_null(f.pixels);
	in.res = res;
	((struct test_table *)t)->rows = 0;
	draw_view(&f, DRAW_TEST, &in);
	empty = count_rgb(&f, THEME_TEXT);
	((struct test_table *)t)->rows = 2;
	draw_view(&f, DRAW_TEST, &in);
	drawn = count_rgb(&f, THEME_TEXT);
	/* its two rows of figures drawn */
	assert_true(drawn > empty + 2 * 5 * 7);
	assert_int_equal(f.text_clipped, 0);
	free(f.pixels);
	free(t->cell);
	free((void *)t);
	fake_results_free(res);
}

/* What the runner hands each row of the registry: the run's messages
 * and conditions, and that row's own series alone (a row with no series
 * type, its own slot alone); every other test's series is 0, so a test
 * cannot reach another's points. */
static void each_test_gets_its_own_series_alone(void **state)
{
	const char *words[] = { "tests=latency" };
	struct run_results *res;

	(void)state;
	res = run_with_table(words, 1, 2, registry_tests, registry_test_count);
	res->now.prefetch = BM_PF_OFF;
	for (int i = 0; i < registry_test_count; i++) {
		struct test_out o = results_test_out(res, i);
		const char *n = registry_tests[i].name;
		const void *mine[] = { o.lat, o.bw, o.loaded, o.c2c, o.numa,
				       o.scan };
		const void *want[] = { &res->lat, &res->bw, &res->loaded,
				       &res->c2c, &res->numa, &res->scan };
		static const char *const owner[] = { "latency", "bandwidth",
						     "loaded", "c2c", "numa",
						     "scan" };
		int set = 0, owns = 0;

		assert_ptr_equal(o.warnings, &res->warnings);
		assert_ptr_equal(o.errors, &res->errors);
		assert_int_equal(o.prefetch, BM_PF_OFF);
		assert_int_equal(o.cpus, res->selected_count);
		assert_ptr_equal(o.own, &res->own[i]);
		for (int k = 0; k < 6; k++) {
			if (strcmp(owner[k], n) == 0) {
				assert_ptr_equal(mine[k], want[k]);
				owns = 1;
				set++;
			} else {
				assert_null(mine[k]);
			}
		}
		/* a row with no series type: its slot in own alone */
		assert_int_equal(set, owns);
	}
	fake_results_free(res);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(a_row_per_config_word_in_order),
		cmocka_unit_test(each_name_parses_to_its_bit),
		cmocka_unit_test(prefetch_rows_first_every_row_complete),
		cmocka_unit_test(runner_prunes_between_tests),
		cmocka_unit_test(a_row_with_a_table_alone_is_shown),
		cmocka_unit_test(each_test_gets_its_own_series_alone),
	};
	return cmocka_run_group_tests(tests, 0, 0);
}
