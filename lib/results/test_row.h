/* A row of the registry of tests (lib/registry.c): what the suite runner,
 * the results writer and the HTML report need of each `tests=` word, and
 * what a test hands back to the runner besides its points. Types only:
 * the table itself is assembled in the top layer, which sees every
 * layer's functions. */
#ifndef BAREMEM_TEST_ROW_H
#define BAREMEM_TEST_ROW_H

struct run_results;
struct json_writer;
struct html_writer;

/* What a test tells the suite runner when it returns: how many cpus
 * stopped answering during it (each named in a warning as it was lost,
 * so the messages keep their order) and whether the run is now partial.
 * The runner prunes the run's cpu selection after the test; until then
 * the test keeps its own view (lib/suite/cpus.h, cpus_in_play). */
struct test_outcome {
	int lost;
	int failed;
};

struct test_row {
	const char *name;	/* the tests= word, as lib/config/config.c
				 * spells it (test_registry checks) */
	unsigned bit;		/* its BM_TEST_* bit in bm_config.tests */
	/* 1: runs inside prefetch=off|both's rounds (lib/suite/prefetch.h),
	 * and the "prefetch" object follows the last such row's JSON. */
	int under_prefetch;
	/* Measures on the run's selected cpus into res; lost cpus and
	 * failure into *o. Returns 0, or -1 when it measured nothing. */
	int (*run)(struct run_results *res, struct test_outcome *o);
	/* Whether it kept anything: a run where no row did is an error
	 * (results_status). */
	int (*measured)(const struct run_results *res);
	/* Its results file key(s), called whether or not it ran (a test
	 * whose key is always there writes it empty); 0: none. */
	void (*json)(struct json_writer *w, const struct run_results *res);
	/* Its section of the HTML report (nothing when not measured); 0:
	 * none. */
	void (*html)(struct html_writer *w, const struct run_results *res);
};

#endif
