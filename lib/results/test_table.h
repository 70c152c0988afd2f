/* A test's points as a table of figures, kept by the test beside its
 * points: the registry row's table column hands it to the generic
 * renderers, the HTML report's section (report_table) and the screen's
 * page (lib/draw/views.c), for a test with no renderer of its own. */
#ifndef BAREMEM_TEST_TABLE_H
#define BAREMEM_TEST_TABLE_H

#define TEST_TABLE_COLS 8

struct test_table {
	const char *title;	/* "tlb: page-walk latency, ns per load" */
	int cols;
	const char *head[TEST_TABLE_COLS];	/* each column's heading */
	int decimals[TEST_TABLE_COLS];		/* digits each shows */
	int rows, cap;
	double *cell;		/* [rows][cols]; < 0: not measured ("-") */
};

/* Room for `more` rows past those held (plat_alloc; the old cells kept).
 * 0, or -1 when pool memory is short (the table keeps what it has). */
int test_table_reserve(struct test_table *t, int more);
/* Appends row[0..cols); 0, or -1 when the table is full. */
int test_table_add(struct test_table *t, const double *row);

#endif
