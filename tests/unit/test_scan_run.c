/* tests=scan's runner (lib/suite/scan.c) on the fake platform: a cpu
 * lost mid-scan that leaves all memory held (UEFI: frees refused) stops
 * the scan at the range whose free was refused, the planned ranges
 * after it named in not_scanned ("held after a lost cpu"), never taken;
 * a cpu lost with frees still working leaves the later ranges read by
 * one cpu fewer; Linux's pinned pieces are measured with their
 * physical address and said to be all that was scanned. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "fake_platform.h"
#include "suite/cpus.h"
#include "suite/scan.h"
#include "suite/suite.h"

#define M (1ull << 20)
#define G (1ull << 30)

/* Two cpus in one node; four free ranges of 34 MiB in four GiBs (over the 64 MiB the scan leaves the firmware). */
static struct run_results *setup(void)
{
	const char *words[] = { "profile=quick", "repeat=1", "tests=scan" };
	struct run_results *res;

	fake_cpus = 2;
	fake_threads = 1;
	fake_nodes = 1;
	fake_node_room[0] = 1ull << 30;
	fake_lost_cpu = -1;
	fake_hold_all = 0;
	fake_alloc_at_calls = 0;
	fake_pin_count = fake_pins_taken = 0;
	fake_span_count = 4;
	for (int i = 0; i < 4; i++)
		fake_spans[i] = (struct scan_span){ (uint64_t)(4 + i) * G,
						    34 * M, SCAN_FREE };
	res = fake_results_new(words, 3, 0, 0);
	assert_non_null(res);
	assert_int_equal(cpus_select(res), 2);
	return res;
}

/* The run and the scan it keeps (its points' readers, skips, points). */
static void results_free(struct run_results *res)
{
	struct scan_result *sr = res->scan;

	for (int i = 0; sr && i < sr->count; i++)
		free(sr->point[i].cpus);
	if (sr) {
		free(sr->point);
		free((void *)sr->skip);
		free(sr);
	}
	fake_results_free(res);
}

/* The skips named why. */
static int skips_named(const struct scan_result *sr, const char *why,
		       const struct scan_skip **first)
{
	int n = 0;

	for (int i = 0; i < sr->skip_count; i++)
		if (!strcmp(scan_skip_name(sr->skip[i].why), why)) {
			if (!n++)
				*first = &sr->skip[i];
		}
	return n;
}

static int errored(const struct run_results *res, const char *what)
{
	for (int i = 0; i < res->errors.count; i++)
		if (strstr(res->errors.text[i], what))
			return 1;
	return 0;
}

/* A scan that loses cpu 1 at its second range, all memory held from
 * then on when hold. */
static const struct scan_result *scan_losing_cpu1(struct run_results *res,
						  int hold)
{
	fake_lose_at_alloc = 2;
	fake_lose_cpu = 1;
	fake_hold_on_loss = hold;
	assert_int_equal(suite_run_alone(res, "scan", scan_run).nothing, 0);
	return res->scan;
}

static void held_memory_stops_the_scan(void **state)
{
	struct run_results *res = setup();
	const struct scan_result *sr = scan_losing_cpu1(res, 1);
	const struct scan_skip *held = 0;
	(void)state;

	assert_int_equal(fake_alloc_at_calls, 2);	/* never took 6G, 7G */
	assert_int_equal(sr->count, 2);
	assert_int_equal(sr->point[1].base, 5 * G);
	assert_int_equal(skips_named(sr, "held after a lost cpu", &held), 2);
	for (int i = 0; i < 2; i++) {
		assert_int_equal(held[2 * i].base, (uint64_t)(6 + i) * G);
		assert_int_equal(held[2 * i].bytes, 34 * M);
		assert_string_equal(scan_skip_name(held[2 * i].why),
				    "held after a lost cpu");
	}
	/* in address order, the hole between them named between */
	assert_string_equal(scan_skip_name(held[1].why), "hole");
	assert_true(errored(res, "0x140000000+34M could not be given back"));
	assert_true(errored(res, "2 planned ranges not scanned"));
	assert_true(res->failed);
	results_free(res);
	fake_lose_at_alloc = 0;
	fake_hold_on_loss = 0;
	fake_hold_all = 0;
	/* what the held run could not give back */
	for (int i = 0; i < FAKE_MAX_BUFS; i++)
		if (fake_bufs[i].base) {
			struct plat_buffer b = { .base = fake_bufs[i].base };

			plat_buffer_free(&b);
		}
}

static void lost_cpu_with_frees_scans_on_with_fewer_readers(void **state)
{
	struct run_results *res = setup();
	const struct scan_result *sr = scan_losing_cpu1(res, 0);
	const struct scan_skip *held = 0;
	(void)state;

	assert_int_equal(fake_alloc_at_calls, 4);
	assert_int_equal(sr->count, 4);
	assert_int_equal(skips_named(sr, "held after a lost cpu", &held), 0);
	assert_int_equal(sr->point[0].cpu_count, 2);
	assert_int_equal(sr->point[2].cpu_count, 1);
	assert_int_equal(sr->point[3].cpu_count, 1);
	assert_true(sr->point[3].ns_median > 0);
	assert_true(sr->point[3].gb_per_s_median > 0);
	results_free(res);
	fake_lose_at_alloc = 0;
}

/* The fake's 256 KiB L2 is its last level: a 4 MiB piece holds the
 * 1 MiB floor (4x) at one line per pair, so the chain is the floor's. */
static void pinned_pieces_are_scanned(void **state)
{
	struct run_results *res = setup();
	const struct scan_result *sr;
	(void)state;

	fake_span_count = 0;	/* no map: the Linux case */
	fake_pin_count = 3;
	assert_int_equal(suite_run_alone(res, "scan", scan_run).nothing, 0);
	sr = res->scan;
	assert_int_equal(sr->count, 3);
	assert_string_equal(sr->source, "pinned");
	assert_string_equal(sr->pinned_note, "3 fake pieces");
	for (int i = 0; i < 3; i++) {
		assert_int_equal(sr->point[i].base, (uint64_t)(4 + i) * G);
		assert_int_equal(sr->point[i].chase_lines, (1 * M) / 64);
		assert_true(sr->point[i].ns_median > 0);
		/* a chain of 4x the cache, written cold: marked only when
		 * read faster than memory (here the host's caches hold the
		 * 1 MiB of lines: marked) */
		assert_int_equal(sr->point[i].ns_may_be_cached,
				 sr->point[i].ns_median < 40);
#if defined(__x86_64__)
		assert_int_equal(sr->point[i].chase_cold, 1);
#endif
		/* every sample of at least a hop, and the warm pass */
		assert_true(sr->point[i].chase_hops > 3);
	}
	assert_true(fake_warned(res, "Linux scans only the memory it could "
				     "pin (3 fake pieces)"));
	results_free(res);
}

/* The hops one range's chase took at `repeat`: the most of three runs,
 * since a sample is sized by time and a run the host preempted sizes
 * its samples short (fewer hops), never long. */
static uint64_t chase_hops_at(int repeat)
{
	uint64_t most = 0;

	for (int run = 0; run < 3; run++) {
		struct run_results *res = setup();

		res->config.repeat = repeat;
		fake_span_count = 0;
		fake_pin_count = 1;
		assert_int_equal(suite_run_alone(res, "scan", scan_run).nothing,
				 0);
		if (res->scan->point[0].chase_hops > most)
			most = res->scan->point[0].chase_hops;
		results_free(res);
	}
	return most;
}

/* chase_hops counts every hop the chase took, samples included: with
 * repeat=9 a range's chase takes several times the hops of repeat=1
 * (the warm pass and the calibration, under half a sample, are the
 * same), so the scan can tell whether a cold chain was chased round. */
static void chase_hops_count_every_sample(void **state)
{
	uint64_t one = chase_hops_at(1), nine = chase_hops_at(9);
	(void)state;

	assert_true(one > 0);
	if (nine <= 3 * one)
		fail_msg("repeat=9 chased %llu hops, repeat=1 %llu",
			 (unsigned long long)nine, (unsigned long long)one);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(held_memory_stops_the_scan),
		cmocka_unit_test(lost_cpu_with_frees_scans_on_with_fewer_readers),
		cmocka_unit_test(pinned_pieces_are_scanned),
		cmocka_unit_test(chase_hops_count_every_sample),
	};
	return cmocka_run_group_tests(tests, 0, 0);
}
