/* A test's table of figures (test_table.h). */
#include "results/test_table.h"

#include "platform.h"

int test_table_reserve(struct test_table *t, int more)
{
	int want = t->rows + (more > 0 ? more : 0);
	double *n;

	if (want <= t->cap)
		return 0;
	n = plat_alloc(sizeof(double) * (size_t)want * (size_t)t->cols);
	if (!n)
		return -1;
	for (int i = 0; i < t->rows * t->cols; i++)
		n[i] = t->cell[i];
	plat_free(t->cell);
	t->cell = n;
	t->cap = want;
	return 0;
}

int test_table_add(struct test_table *t, const double *row)
{
	if (t->rows >= t->cap || t->cols < 1 || t->cols > TEST_TABLE_COLS)
		return -1;
	for (int c = 0; c < t->cols; c++)
		t->cell[t->rows * t->cols + c] = row[c];
	t->rows++;
	return 0;
}
