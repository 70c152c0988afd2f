/* Quiet samples: the SMI rule of the latency sweep and the bandwidth
 * points, run on the host through the fake platform with a stand-in SMI
 * counter (the real one is MSR 0x34, readable only in ring 0). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <signal.h>
#include <sys/time.h>
#include <time.h>
#include <cmocka.h>

#include "fake_platform.h"

#include "suite/bandwidth.h"
#include "suite/cpus.h"
#include "suite/latency.h"
#include "suite/suite.h"

/* The stand-in counter: every read returns the next value (an SMI in
 * every sample), or it steps from 0 to 1 after read number smi_step. */
static int smi_every;
static uint64_t smi_step, smi_reads;

static uint64_t fake_smi_count(void)
{
	uint64_t n = smi_reads++;

	return smi_every ? n : n > smi_step;
}

static struct run_results *run(const char *tests, uint64_t (*smi)(void))
{
	const char *words[] = { "profile=quick", "sizes=16K", "repeat=5",
				tests };
	struct run_results *res = fake_results_new(words, 4, 16, 64);

	assert_non_null(res);
	res->smi_count = smi;
	smi_reads = 0;
	assert_int_equal(cpus_select(res), 1);
	return res;
}


/* An SMI in the second sample (reads 2 and 3 frame it): that sample is
 * taken again and the point counts one. */
static void latency_sample_hit_by_smi_is_retaken(void **state)
{
	struct run_results *res;
	(void)state;
	smi_every = 0;
	smi_step = 2;
	res = run("tests=latency", fake_smi_count);
	assert_int_equal(suite_run_alone(res, "latency", latency_sweep).nothing,
			 0);
	assert_int_equal(res->lat.count, 1);
	assert_int_equal(res->lat.p[0].smi, 1);
	assert_true(res->lat.p[0].retaken >= 1);
	assert_int_equal(res->lat.p[0].repeats, 5);
	fake_results_free(res);
}

/* SMIs in every sample: two rounds of retakes (5 + 5 more samples, all
 * hit too), then the five left noisy are a warning. A point the host
 * disturbed as a whole is taken again whole: every attempt's samples
 * count. */
static void latency_smi_storm_is_bounded_and_warned(void **state)
{
	struct run_results *res;
	(void)state;
	smi_every = 1;
	res = run("tests=latency", fake_smi_count);
	assert_int_equal(suite_run_alone(res, "latency", latency_sweep).nothing,
			 0);
	assert_int_equal(res->lat.p[0].smi,
			 15 * (1 + res->lat.p[0].whole_retakes));
	assert_int_equal(res->lat.p[0].retaken,
			 10 * (1 + res->lat.p[0].whole_retakes));
	assert_int_equal(res->lat.p[0].noisy, 5);
	assert_true(fake_warned(res, "or hit by an SMI after retakes"));
	fake_results_free(res);
}

/* Without a counter the points say so (null in the JSON). */
static void no_counter_no_smi_field(void **state)
{
	struct run_results *res;
	(void)state;
	res = run("tests=latency", 0);
	assert_int_equal(suite_run_alone(res, "latency", latency_sweep).nothing,
			 0);
	assert_int_equal(res->lat.p[0].smi, -1);
	assert_int_equal(smi_reads, 0);
	fake_results_free(res);
}

/* A neighbour that takes the core for a while in every sample, a
 * different while in each: the stand-in SMI counter, read at the start
 * and the end of every sample, arms a one-shot timer at each start whose
 * signal spins 0, 0.5, ... 2 ms in turn, inside the timed region. The
 * samples then spread evenly from 1x to about 3x: none stands out for the
 * outlier rule (at most 2 MADs from the median), the set spreads far
 * past the bound, and so does the set taken again. */
static unsigned sample_starts;
static long spin_ns;

static void spin_a_while(int sig)
{
	struct timespec a, b;
	(void)sig;
	clock_gettime(CLOCK_MONOTONIC, &a);
	do
		clock_gettime(CLOCK_MONOTONIC, &b);
	while ((b.tv_sec - a.tv_sec) * 1000000000L + b.tv_nsec - a.tv_nsec <
	       spin_ns);
}

static uint64_t disturbing_counter(void)
{
	struct itimerval once = { { 0, 0 }, { 0, 100 } };

	if (smi_reads++ % 2 == 0) {
		spin_ns = 500000L * (long)(sample_starts++ % 5);
		setitimer(ITIMER_REAL, &once, 0);
	}
	return 0;
}

/* A point disturbed as a whole (no single sample slow against the
 * others for the outlier rule) is taken again whole once, and when it
 * stays spread it is flagged disturbed with a warning. A signal can
 * land outside its sample on a loaded host: up to three tries for one
 * flagged point, and every try keeps the rule. */
static void disturbed_point_retaken_whole_then_flagged(void **state)
{
	struct sigaction sa = { .sa_handler = spin_a_while };
	int flagged = 0;
	(void)state;
	sigaction(SIGALRM, &sa, 0);
	for (int try = 0; try < 3 && !flagged; try++) {
		struct run_results *res;
		const struct lat_point *p;

		sample_starts = 0;
		res = run("tests=latency", disturbing_counter);
		assert_int_equal(suite_run_alone(res, "latency",
						 latency_sweep).nothing, 0);
		assert_int_equal(res->lat.count, 1);
		p = &res->lat.p[0];
		assert_int_equal(p->disturbed, p->spread > 0.25);
		assert_true(p->whole_retakes <= 1);
		if (p->disturbed) {
			assert_int_equal(p->whole_retakes, 1);
			assert_true(fake_warned(res, "flagged disturbed"));
			flagged = 1;
		}
		fake_results_free(res);
	}
	assert_true(flagged);
}

/* Bandwidth: the first sample of the first point saw an SMI; it is
 * dropped and taken again, the point keeps its five samples. */
static void bandwidth_sample_hit_by_smi_is_retaken(void **state)
{
	struct run_results *res;
	(void)state;
	smi_every = 0;
	smi_step = 0;
	res = run("tests=bandwidth", fake_smi_count);
	assert_int_equal(suite_run_alone(res, "bandwidth",
					 bandwidth_run).nothing, 0);
	assert_true(res->bw.count >= 8);
	assert_int_equal(res->bw.p[0].smi, 1);
	assert_int_equal(res->bw.p[0].retaken, 1);
	assert_int_equal(res->bw.p[0].repeats, 5);
	for (int i = 1; i < res->bw.count; i++) {
		assert_int_equal(res->bw.p[i].smi, 0);
		assert_int_equal(res->bw.p[i].retaken, 0);
	}
	fake_results_free(res);
}

/* Every sample hit, retakes included: no point is kept, each says why. */
static void bandwidth_smi_storm_drops_points(void **state)
{
	struct run_results *res;
	(void)state;
	smi_every = 1;
	res = run("tests=bandwidth", fake_smi_count);
	assert_int_equal(suite_run_alone(res, "bandwidth",
					 bandwidth_run).nothing, 0);
	assert_int_equal(res->bw.count, 0);
	assert_true(fake_warned(res, "every sample hit by an SMI"));
	fake_results_free(res);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(latency_sample_hit_by_smi_is_retaken),
		cmocka_unit_test(latency_smi_storm_is_bounded_and_warned),
		cmocka_unit_test(no_counter_no_smi_field),
		cmocka_unit_test(disturbed_point_retaken_whole_then_flagged),
		cmocka_unit_test(bandwidth_sample_hit_by_smi_is_retaken),
		cmocka_unit_test(bandwidth_smi_storm_drops_points),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
