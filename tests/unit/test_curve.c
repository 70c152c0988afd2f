/* The latency curve's step finder (lib/suite/curve.c) over curves
 * recorded on real machines (tests/data/curves/NAME.curve: this host's own
 * sweeps, and published ones, each file naming its source): each file
 * states what the curve shows (a level cut short of CPUID's size, the
 * sizes a level measures between, DRAM reached) and the check must find
 * it. Then small cases of the rule itself: a spike is no step, a flat
 * curve is not judged, DRAM under the floor only past a step. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "suite/curve.h"

#define K 1024ull
#define M (1024ull * K)
#define CURVES "tests/data/curves/"

struct recorded {
	char name[64];
	uint64_t size[CURVE_MAX_POINTS];
	double ns[CURVE_MAX_POINTS];
	int n;
	struct curve_in in;
	int judged;		/* -1: not stated */
	int far[3];		/* -1: not stated */
	uint64_t measured_lo[3], measured_hi[3];	/* hi 0: not stated */
	int last_dram;
};

static int level_of(const char *s)
{
	return s[0] == 'L' && s[1] >= '1' && s[1] <= '3' ? s[1] - '1' : -1;
}

static void load(const char *name, struct recorded *r)
{
	char path[256], line[512], a[16], b[16];
	FILE *f;

	memset(r, 0, sizeof *r);
	r->judged = -1;
	r->far[0] = r->far[1] = r->far[2] = -1;
	snprintf(r->name, sizeof r->name, "%s", name);
	snprintf(path, sizeof path, CURVES "%s", name);
	f = fopen(path, "r");
	if (!f)
		fail_msg("cannot open %s", path);
	while (fgets(line, sizeof line, f)) {
		unsigned long long x, y, z;
		double ns;
		int l;

		if (sscanf(line, "point %llu %lf", &x, &ns) == 2) {
			assert_true(r->n < CURVE_MAX_POINTS);
			r->size[r->n] = x;
			r->ns[r->n++] = ns;
		} else if (sscanf(line, "caches: %llu %llu %llu", &x, &y,
				  &z) == 3) {
			r->in.cache_bytes[0] = x;
			r->in.cache_bytes[1] = y;
			r->in.cache_bytes[2] = z;
		} else if (sscanf(line, "floor: %llu", &x) == 1) {
			r->in.floor_bytes = x;
		} else if (sscanf(line, "judged: %15s", a) == 1) {
			r->judged = !strcmp(a, "yes");
		} else if (sscanf(line, "far: %15s %15s", a, b) == 2 &&
			   (l = level_of(a)) >= 0) {
			r->far[l] = !strcmp(b, "yes");
		} else if (sscanf(line, "measured: %15s %llu %llu", a, &x,
				  &y) == 3 && (l = level_of(a)) >= 0) {
			r->measured_lo[l] = x;
			r->measured_hi[l] = y;
		} else if (sscanf(line, "last: %15s", a) == 1) {
			r->last_dram = !strcmp(a, "DRAM");
		}
	}
	fclose(f);
	r->in.n = r->n;
	r->in.size_bytes = r->size;
	r->in.ns = r->ns;
	if (r->n < 4 || r->judged < 0)
		fail_msg("%s: fewer than 4 points or no judged: line", name);
}

static void recorded_curve(void **state)
{
	const char *name = *state;
	static struct recorded r;
	static struct curve_out out;

	load(name, &r);
	curve_check(&r.in, &out);
	if (out.judged != r.judged)
		fail_msg("%s: judged %d, the file says %d", name, out.judged,
			 r.judged);
	for (int l = 0; l < 3; l++) {
		if (r.far[l] >= 0 && out.far[l] != r.far[l])
			fail_msg("%s: L%d far %d (measured %llu, left at %llu), "
				 "the file says %d", name, l + 1, out.far[l],
				 (unsigned long long)out.measured_bytes[l],
				 (unsigned long long)out.left_at_bytes[l],
				 r.far[l]);
		if (r.measured_hi[l] &&
		    (out.measured_bytes[l] < r.measured_lo[l] ||
		     out.measured_bytes[l] > r.measured_hi[l]))
			fail_msg("%s: L%d measured %llu, the file says %llu..%llu",
				 name, l + 1,
				 (unsigned long long)out.measured_bytes[l],
				 (unsigned long long)r.measured_lo[l],
				 (unsigned long long)r.measured_hi[l]);
	}
	if (r.last_dram && out.level[r.n - 1] != CURVE_DRAM)
		fail_msg("%s: the largest point reads as level %d, not DRAM",
			 name, out.level[r.n - 1]);
	/* no level's points across a step: every point that reads as a
	 * cache level is on that level's one plateau */
	for (int l = 0; l < 3; l++) {
		int plateau = -1;
		for (int i = 0; i < r.n; i++) {
			if (out.level[i] != l)
				continue;
			if (plateau >= 0 && out.plateau[i] != plateau)
				fail_msg("%s: L%d on two plateaus", name, l + 1);
			plateau = out.plateau[i];
		}
	}
	/* a level short of CPUID's size is one whose points CPUID puts in
	 * it read as something else: on the partition-shaped curves some
	 * of the L3's read as DRAM */
	if (r.far[2] == 1 && !out.read_as_dram[2])
		fail_msg("%s: L3 cut short but no point of it reads as DRAM",
			 name);
}

/* The sweep's own case: a single disturbed point inside a level is a
 * spike, not a step (the next is back on the plateau). */
static void spike_is_no_step(void **state)
{
	static const uint64_t size[] = { 4 * K, 8 * K, 16 * K, 64 * K,
					  128 * K, 256 * K, 512 * K, 4 * M,
					  64 * M };
	static const double ns[] = { 1.1, 9.0, 1.1, 4.0, 4.0, 4.1, 4.2,
				     15.0, 90.0 };
	struct curve_in in = { .n = 9, .size_bytes = size, .ns = ns,
			       .cache_bytes = { 32 * K, 1 * M, 16 * M },
			       .floor_bytes = 64 * M };
	struct curve_out out;
	(void)state;

	curve_check(&in, &out);
	assert_true(out.judged);
	assert_int_equal(out.plateau[1], -1);
	assert_int_equal(out.level[1], CURVE_NONE);
	assert_int_equal(out.level[0], 0);
	assert_int_equal(out.level[2], 0);
	assert_int_equal(out.level[3], 1);
	assert_int_equal(out.level[7], 2);
	assert_int_equal(out.level[8], CURVE_DRAM);
	assert_int_equal(out.far[0], 0);
}

/* A curve with no hierarchy in it (an emulator's) is not judged. */
static void flat_curve_not_judged(void **state)
{
	static const uint64_t size[] = { 16 * K, 256 * K, 4 * M, 64 * M };
	static const double ns[] = { 40.0, 41.0, 55.0, 60.0 };
	struct curve_in in = { .n = 4, .size_bytes = size, .ns = ns,
			       .cache_bytes = { 32 * K, 1 * M, 16 * M },
			       .floor_bytes = 64 * M };
	struct curve_out out;
	(void)state;

	curve_check(&in, &out);
	assert_false(out.judged);
	for (int i = 0; i < 4; i++)
		assert_int_equal(out.level[i], CURVE_NONE);
}

/* The quick profile on a 480 MiB-L3 part cut to a few MiB (the issue's
 * Granite Rapids cloud VM): 64M reads as DRAM beside the floor point. */
static void quick_on_a_partitioned_part(void **state)
{
	static const uint64_t size[] = { 16 * K, 256 * K, 4 * M, 64 * M,
					 1920 * M };
	static const double ns[] = { 1.2, 4.5, 35.0, 133.0, 150.0 };
	struct curve_in in = { .n = 5, .size_bytes = size, .ns = ns,
			       .cache_bytes = { 48 * K, 2 * M, 480 * M },
			       .floor_bytes = 1920 * M };
	struct curve_out out;
	(void)state;

	curve_check(&in, &out);
	assert_true(out.judged);
	assert_int_equal(out.level[2], 2);
	assert_int_equal(out.level[3], CURVE_DRAM);
	assert_int_equal(out.read_as_dram[2], 1);
	assert_int_equal(out.measured_bytes[2], 4 * M);
	assert_int_equal(out.left_at_bytes[2], 64 * M);
	assert_true(out.far[2]);
}

/* Memory short of the floor: a largest point past twice the last
 * level's size reads as DRAM whatever its latency (no cache holds it);
 * one between the last level's size and twice it only when it steps up
 * from the last level's plateau. */
static void dram_under_the_floor(void **state)
{
	static const uint64_t size[] = { 16 * K, 256 * K, 4 * M, 64 * M,
					 1536 * M };
	static const double ns[] = { 1.2, 4.5, 35.0, 36.0, 110.0 };
	static const double flat[] = { 1.2, 4.5, 35.0, 36.0, 40.0 };
	struct curve_in in = { .n = 5, .size_bytes = size, .ns = ns,
			       .cache_bytes = { 48 * K, 2 * M, 504 * M },
			       .floor_bytes = 2016 * M };
	struct curve_out out;
	uint64_t short_size[5];
	(void)state;

	curve_check(&in, &out);
	assert_int_equal(out.level[4], CURVE_DRAM);
	assert_true(out.dram_below_floor);
	in.ns = flat;
	curve_check(&in, &out);
	assert_int_equal(out.level[4], CURVE_DRAM);
	/* 960M: under twice the 504M L3 */
	memcpy(short_size, size, sizeof size);
	short_size[4] = 960 * M;
	in.size_bytes = short_size;
	in.ns = ns;
	curve_check(&in, &out);
	assert_int_equal(out.level[4], CURVE_DRAM);
	assert_true(out.dram_below_floor);
	in.ns = flat;
	curve_check(&in, &out);
	assert_int_equal(out.level[4], 2);
	assert_false(out.dram_below_floor);
}

int main(void)
{
	static const char *const files[] = {
		"this-host-1g.curve", "this-host-1g-run2.curve",
		"this-host-2m.curve",
		"cix-p1-4k.curve", "h616.curve",
	};
	struct CMUnitTest tests[16];
	size_t n = 0;

	for (size_t i = 0; i < sizeof files / sizeof files[0]; i++)
		tests[n++] = (struct CMUnitTest){
			.name = files[i], .test_func = recorded_curve,
			.initial_state = (void *)files[i] };
	tests[n++] = (struct CMUnitTest)cmocka_unit_test(spike_is_no_step);
	tests[n++] = (struct CMUnitTest)cmocka_unit_test(flat_curve_not_judged);
	tests[n++] = (struct CMUnitTest)cmocka_unit_test(
		quick_on_a_partitioned_part);
	tests[n++] = (struct CMUnitTest)cmocka_unit_test(dram_under_the_floor);
	return _cmocka_run_group_tests("curve", tests, n, NULL, NULL);
}
