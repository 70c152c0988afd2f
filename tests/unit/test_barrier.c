/* The TSC start line: all participants leave at one time; a missing one
 * makes everybody give up instead of hanging. */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "suite/barrier.h"
#include "hw/x86.h"

static void *arrive(void *b)
{
	return (void *)(uintptr_t)barrier_wait(b);
}

static void all_start_together(void **state)
{
	struct barrier b;
	pthread_t t[3];
	uint64_t go[3];
	(void)state;
	barrier_init(&b, 3, 10000000000ull, 1000);
	for (int i = 0; i < 3; i++)
		assert_int_equal(pthread_create(&t[i], 0, arrive, &b), 0);
	for (int i = 0; i < 3; i++) {
		void *r;
		pthread_join(t[i], &r);
		go[i] = (uint64_t)(uintptr_t)r;
	}
	assert_true(go[0] != 0);
	assert_true(go[0] == go[1] && go[1] == go[2]);
	assert_true(tsc_read() >= go[0]);
}

static void missing_participant_times_out(void **state)
{
	struct barrier b;
	(void)state;
	barrier_init(&b, 2, 1000000, 1000);	/* ~ms of TSC */
	assert_true(barrier_wait(&b) == 0);
	assert_int_equal(b.aborted, 1);
}

static void single_participant_goes(void **state)
{
	struct barrier b;
	(void)state;
	barrier_init(&b, 1, 1000000, 0);
	assert_true(barrier_wait(&b) != 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(all_start_together),
		cmocka_unit_test(missing_participant_times_out),
		cmocka_unit_test(single_participant_goes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
