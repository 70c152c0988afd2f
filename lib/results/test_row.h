/* A row of the registry of tests (lib/registry.c): what the suite runner,
 * the results writer, the HTML report and the screen need of each
 * `tests=` word, and what a test is handed and hands back to the runner
 * besides its points. Types only: the table itself is assembled in the
 * top layer, which sees every layer's functions. */
#ifndef BAREMEM_TEST_ROW_H
#define BAREMEM_TEST_ROW_H

struct run_results;
struct run_env;
struct msgs;
struct lat_series;
struct bw_series;
struct loaded_series;
struct c2c_series;
struct numa_result;
struct scan_result;
struct json_writer;
struct html_writer;
struct fb;
struct fb_rect;
struct test_table;

/* The most rows the registry holds (res->own has a slot each). */
#define TEST_ROWS_MAX 16

/* The cpus a test measures on: the runner's selection as the test
 * starts (ascending), read-only. A cpu the test loses stays in it until
 * the runner prunes the selection after the test; the test's own view
 * meanwhile is cpus_in_play's (lib/suite/cpus.h). */
struct cpu_set {
	int count;
	const int *cpu;
};

/* What a test hands back to the suite runner besides its points and
 * messages: how many cpus stopped answering during it (each named in a
 * warning as it was lost, so the messages keep their order), whether
 * the run is now partial, and whether it measured nothing at all. The
 * runner marks the run partial and prunes the selection from it; no
 * test writes either. */
struct test_outcome {
	int lost;
	int failed;
	int nothing;	/* 1: measured nothing (out of memory, no cpu) */
};

/* What a test writes, as the suite runner hands it over
 * (results_test_out): the run's messages, the conditions its points are
 * stamped with, and its own series: only the member of its row is
 * set, every other is 0, so no test sees another's points. A test
 * added since keeps its points behind own (its row's slot). */
struct test_out {
	struct msgs *errors, *warnings;
	int prefetch;		/* stamped on each point: BM_PF_ON / BM_PF_OFF;
				 * 0: not controlled */
	int cpus;		/* the run's selection as the test starts (for
				 * its messages) */
	struct lat_series *lat;		/* latency */
	struct bw_series *bw;		/* bandwidth */
	struct loaded_series *loaded;	/* loaded */
	struct c2c_series *c2c;		/* c2c */
	struct numa_result **numa;	/* numa: the matrix it made */
	struct scan_result **scan;	/* scan: its ranges */
	void **own;
};

/* A test: measures on cpus with the run's fixed inputs (env), writing
 * its points and the run's messages through out; nothing else. */
typedef struct test_outcome (*test_run_fn)(const struct run_env *env,
					   const struct cpu_set *cpus,
					   struct test_out *out);

/* Declares the functions of a test named name for lib/registry.c and
 * for the test's own file alike, so the compiler holds the two to these
 * types without a header of the test's: name_run, name_json (its results
 * file keys, with lib/util/json.h) and name_table (its points as a
 * table, test_table.h). */
#define TEST_DECLARE(name)						\
	struct test_outcome name##_run(const struct run_env *env,	\
				       const struct cpu_set *set,	\
				       struct test_out *out);		\
	void name##_json(struct json_writer *w,			\
			 const struct run_results *res);		\
	const struct test_table *name##_table(const struct run_results *res)

struct test_row {
	const char *name;	/* the tests= word, as lib/config/config.c
				 * spells it (test_registry checks) */
	unsigned bit;		/* its BM_TEST_* bit in bm_config.tests */
	/* 1: runs inside prefetch=off|both's rounds (lib/suite/prefetch.h),
	 * and the "prefetch" object follows the last such row's JSON. */
	int under_prefetch;
	test_run_fn run;
	/* Hands the test its own series (results_test_out); 0: its slot in
	 * res->own alone. */
	void (*out)(struct run_results *res, struct test_out *out);
	/* Whether it kept anything: a run where no row did is an error
	 * (results_status); 0: whether its table has a row. */
	int (*measured)(const struct run_results *res);
	/* Its points as a table of figures (lib/results/test_table.h), or
	 * 0: the HTML report and the screen show it where the row has no
	 * html or screen view of its own. 0: none. */
	const struct test_table *(*table)(const struct run_results *res);
	/* Its results file key(s), called whether or not it ran (a test
	 * whose key is always there writes it empty); 0: none. */
	void (*json)(struct json_writer *w, const struct run_results *res);
	/* Its section of the HTML report (nothing when not measured); 0:
	 * none. */
	void (*html)(struct html_writer *w, const struct run_results *res);
	/* Its page on the screen after a run (lib/draw/views.h), drawn
	 * inside r, paged to only when measured says it kept something; 0:
	 * none (its console table shows in the log page). */
	void (*screen)(struct fb *f, const struct fb_rect *r, int scale,
		       const struct run_results *res);
};

#endif
