/* The chase kernel over chains built by chase_build: it follows exactly
 * the hops asked, so one full cycle brings it back to the start. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include "chase.h"
#include "suite/perm.h"

static void *build(uint64_t nodes, uint64_t stride, void **mem)
{
	*mem = aligned_alloc(64, nodes * stride);
	assert_non_null(*mem);
	return chase_build(*mem, nodes * stride, stride, 42 + nodes);
}

static void full_cycle_returns_to_start(void **state)
{
	static const uint64_t sizes[] = { 1, 2, 3, 15, 16, 17, 31, 64, 1000,
					  4096, 65537 };
	(void)state;
	for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		void *mem, *start = build(sizes[i], 64, &mem);
		assert_ptr_equal(chase_run(start, sizes[i]), start);
		assert_ptr_equal(chase_run(start, 3 * sizes[i]), start);
		free(mem);
	}
}

/* Before a full cycle the chain must not be back: each hop is one node. */
static void no_early_return(void **state)
{
	void *mem, *start = build(100, 64, &mem);
	(void)state;
	for (uint64_t h = 1; h < 100; h++)
		assert_ptr_not_equal(chase_run(start, h), start);
	free(mem);
}

/* The unrolled loop and the remainder agree: h hops in one call equal
 * h single hops. */
static void unrolled_equals_single_steps(void **state)
{
	void *mem, *start = build(257, 64, &mem);
	(void)state;
	for (uint64_t h = 0; h < 70; h++) {
		void *p = start;
		for (uint64_t k = 0; k < h; k++)
			p = chase_run(p, 1);
		assert_ptr_equal(chase_run(start, h), p);
	}
	free(mem);
}

static void zero_hops_stays(void **state)
{
	void *mem, *start = build(8, 64, &mem);
	(void)state;
	assert_ptr_equal(chase_run(start, 0), start);
	free(mem);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(full_cycle_returns_to_start),
		cmocka_unit_test(no_early_return),
		cmocka_unit_test(unrolled_equals_single_steps),
		cmocka_unit_test(zero_hops_stays),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
