/* chase_build: one cycle through every node (never several short ones),
 * pointers only to node starts, nothing written outside the first 8 bytes
 * of each node, the same cycle for a seed, all cycles equally likely. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "chase.h"
#include "suite/perm.h"

static uint8_t *alloc_nodes(uint64_t bytes)
{
	uint8_t *buf = aligned_alloc(64, (bytes + 63) & ~63ull);
	assert_non_null(buf);
	return buf;
}

/* Node index of a pointer, failing unless it is a node start. */
static uint64_t index_of(const uint8_t *buf, uint64_t n, uint64_t stride,
			 uint64_t p)
{
	uint64_t off = p - (uint64_t)(uintptr_t)buf;
	if (p < (uint64_t)(uintptr_t)buf || off % stride || off / stride >= n)
		fail_msg("pointer %#llx is not a node of the buffer",
			 (unsigned long long)p);
	return off / stride;
}

/* Follows the chain from the returned start: it must come back after
 * exactly n hops, having seen every node once. Fills succ[] (successor
 * index of each node) when given. */
static void check_single_cycle(uint8_t *buf, uint64_t n, uint64_t stride,
			       uint64_t seed, uint64_t *succ)
{
	uint8_t *seen = calloc(n, 1);
	void *start = chase_build(buf, n * stride, stride, seed);
	uint64_t i = 0;

	assert_non_null(seen);
	assert_ptr_equal(start, buf);	/* the first node */
	for (uint64_t hop = 0; hop < n; hop++) {
		uint64_t next;
		if (seen[i])
			fail_msg("%llu nodes, stride %llu, seed %llu: "
				 "node %llu seen twice after %llu hops",
				 (unsigned long long)n,
				 (unsigned long long)stride,
				 (unsigned long long)seed,
				 (unsigned long long)i,
				 (unsigned long long)hop);
		seen[i] = 1;
		memcpy(&next, buf + i * stride, 8);
		next = index_of(buf, n, stride, next);
		if (succ)
			succ[i] = next;
		i = next;
	}
	assert_int_equal(i, 0);		/* back at the start after n hops */
	free(seen);
}

static void one_cycle_many_sizes(void **state)
{
	static const uint64_t sizes[] = { 1, 2, 3, 4, 5, 7, 8, 15, 16, 17,
					  63, 64, 65, 100, 255, 1000, 4096,
					  12345, 65536, 100003 };
	static const uint64_t strides[] = { 64, 128, 8, 24 };
	static const uint64_t seeds[] = { 0, 1, 0x62617265, ~0ull };
	(void)state;
	for (size_t s = 0; s < sizeof strides / sizeof strides[0]; s++) {
		for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
			uint8_t *buf = alloc_nodes(sizes[i] * strides[s]);
			for (size_t k = 0; k < sizeof seeds / sizeof seeds[0];
			     k++)
				check_single_cycle(buf, sizes[i], strides[s],
						   seeds[k], NULL);
			free(buf);
		}
	}
}

static void one_node_points_to_itself(void **state)
{
	uint8_t *buf = alloc_nodes(64);
	void *start;
	(void)state;

	start = chase_build(buf, 64, 64, 5);
	assert_ptr_equal(start, buf);
	assert_ptr_equal(*(void **)buf, buf);
	/* Less than one node: nothing to link, nothing written. */
	memset(buf, 0xa5, 64);
	assert_null(chase_build(buf, 63, 64, 5));
	for (int i = 0; i < 64; i++)
		assert_int_equal(buf[i], 0xa5);
	free(buf);
}

/* Only each node's first 8 bytes are the chain; the rest of a node, and
 * a tail shorter than a node, are never written. */
static void writes_only_the_links(void **state)
{
	const uint64_t stride = 128, n = 1000, bytes = n * stride + 100;
	uint8_t *buf = alloc_nodes(bytes);
	(void)state;

	memset(buf, 0x5a, bytes);
	chase_build(buf, bytes, stride, 11);
	for (uint64_t i = 0; i < n; i++)
		for (uint64_t b = 8; b < stride; b++)
			assert_int_equal(buf[i * stride + b], 0x5a);
	for (uint64_t b = n * stride; b < bytes; b++)
		assert_int_equal(buf[b], 0x5a);
	free(buf);
}

static void seed_decides_the_cycle(void **state)
{
	const uint64_t n = 5000, stride = 64;
	uint8_t *buf = alloc_nodes(n * stride);
	uint64_t *a = malloc(n * 8), *b = malloc(n * 8), *c = malloc(n * 8);
	uint64_t same = 0;
	(void)state;

	check_single_cycle(buf, n, stride, 1234, a);
	check_single_cycle(buf, n, stride, 1234, b);
	assert_memory_equal(a, b, n * 8);
	check_single_cycle(buf, n, stride, 1235, c);
	for (uint64_t i = 0; i < n; i++)
		same += a[i] == c[i];
	/* Two random cycles share about one successor; allow a few. */
	assert_true(same < 10);
	free(a);
	free(b);
	free(c);
	free(buf);
}

/* Sattolo draws each of the (n-1)! cycles with equal odds: over many
 * seeds, the 6 cycles of 4 nodes (and the 24 of 5) come out even
 * (chi-square under its 99.99 % point). An off-by-one in the draw range
 * makes some cycles impossible or twice as likely. */
static void every_cycle_equally_likely(void **state)
{
	static const struct {
		uint64_t n;
		int cycles;
		double bound;
	} cases[] = { { 3, 2, 15.2 }, { 4, 6, 25.8 }, { 5, 24, 57.1 } };
	(void)state;

	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		const uint64_t n = cases[c].n, stride = 8;
		const int draws = 1000 * cases[c].cycles;
		uint64_t buf[5], succ[5];
		int count[3125] = { 0 }, distinct = 0;
		double chi = 0, expect = 1000;

		for (int seed = 0; seed < draws; seed++) {
			int key = 0;
			check_single_cycle((uint8_t *)buf, n, stride,
					   (uint64_t)seed * 7919, succ);
			for (uint64_t i = 0; i < n; i++)
				key = key * 5 + (int)succ[i];
			assert_true(key < 3125);
			count[key]++;
		}
		for (int k = 0; k < 3125; k++) {
			double d = count[k] - expect;
			if (!count[k])
				continue;
			distinct++;
			chi += d * d / expect;
		}
		assert_int_equal(distinct, cases[c].cycles);
		assert_true(chi < cases[c].bound);
	}
}

/* 2^24 + 1 nodes: past the 1 GiB / 64 B mark, built in one pass, still
 * one cycle (a 128 MiB buffer at the smallest stride). Scale only (the
 * build's indexes are 64-bit throughout, and one_cycle_many_sizes checks
 * the same cycle at up to 100003 nodes): 95 % of this file's time under
 * ASan, so it runs only with BAREMEM_TEST_LONG=1, in make test-long
 * (tests/long/test_perm_large_chain). */
static void large_chain(void **state)
{
	const uint64_t n = (1ull << 24) + 1, stride = 8;
	uint8_t *buf = alloc_nodes(n * stride);
	(void)state;

	check_single_cycle(buf, n, stride, 0x62617265, NULL);
	free(buf);
}

/* chase_build_spread: one cycle through exactly `lines` lines, one in
 * each slot of whole 128-byte pairs (slot of pair p: the i with
 * floor(i * pairs / lines) <= p < floor((i + 1) * pairs / lines)),
 * line-aligned, never two in one pair, at offsets that are not all the
 * same (not a power-of-two stride): every slot once, so the chain runs
 * over the buffer end to end. */
static void spread_one_line_per_slot(void **state)
{
	const uint64_t bytes = (1ull << 22) + 4160, lines = 1000;
	const uint64_t pairs = bytes / 128;
	uint8_t *buf = alloc_nodes(bytes);
	uint8_t *seen = calloc(lines, 1);
	uint8_t *p, *start;
	uint64_t offsets_differ = 0, first_off = 0;
	(void)state;

	assert_non_null(seen);
	start = chase_build_spread(buf, bytes, lines, 7, 0);
	assert_non_null(start);
	p = start;
	for (uint64_t hop = 0; hop < lines; hop++) {
		uint64_t off = (uint64_t)(p - buf), pair = off / 128;
		uint64_t i = ((pair + 1) * lines - 1) / pairs;
		uint64_t slot_first = i * pairs / lines * 128;

		assert_true(pair < pairs);
		assert_int_equal(off % 64, 0);
		assert_int_equal(seen[i], 0);
		seen[i] = 1;
		if (hop == 0)
			first_off = off - slot_first;
		offsets_differ += off - slot_first != first_off;
		p = (uint8_t *)(uintptr_t)*(uint64_t *)p;
	}
	assert_ptr_equal(p, start);	/* one cycle of exactly `lines` */
	assert_true(offsets_differ > lines / 2);
	assert_null(chase_build_spread(buf, 128 * 10, 11, 7, 0));	/* < a pair */
	assert_non_null(chase_build_spread(buf, 128 * 10 + 64, 10, 7, 0));
	assert_null(chase_build_spread(buf, bytes, 0, 7, 0));
	free(seen);
	free(buf);
}

/* The shuffle in an index array or in the lines themselves: the same
 * cycle for a seed, line for line (a reported seed names one chain). */
static void index_and_in_place_give_one_cycle(void **state)
{
	const uint64_t bytes = (1ull << 21) + 192, lines = 5000;
	uint8_t *a = alloc_nodes(bytes), *b = alloc_nodes(bytes);
	uint32_t *index = calloc(lines, sizeof *index);
	uint8_t *sa, *sb;
	(void)state;

	assert_non_null(index);
	memset(a, 0, bytes);
	memset(b, 0, bytes);
	sa = chase_build_spread(a, bytes, lines, 99, 0);
	sb = chase_build_spread(b, bytes, lines, 99, index);
	assert_int_equal(sa - a, sb - b);
	for (uint64_t off = 0; off < bytes; off += 64) {
		uint64_t pa, pb;

		memcpy(&pa, a + off, 8);
		memcpy(&pb, b + off, 8);
		if (pa || pb)
			assert_int_equal(pa - (uint64_t)(uintptr_t)a,
					 pb - (uint64_t)(uintptr_t)b);
	}
	free(index);
	free(a);
	free(b);
}

/* The chain written cold (chase_build_spread_cold): with an index, the
 * same cycle as chase_build_spread for a seed, each chain line written
 * whole (its pointer, then 56 bytes of zeros: one full line for the
 * write-combining buffer) and every other byte left as it was; on
 * x86-64 it says cold. Without an index the shuffle works in the lines
 * with ordinary stores: the same cycle, not cold. */
static void cold_build_writes_whole_lines(void **state)
{
	const uint64_t bytes = (1ull << 21) + 192, lines = 5000;
	uint8_t *a = alloc_nodes(bytes), *b = alloc_nodes(bytes);
	uint8_t *c = alloc_nodes(bytes);
	uint32_t *index = calloc(lines, sizeof *index);
	uint8_t *sa, *sb, *p;
	uint64_t chained = 0;
	int cold = -1;
	(void)state;

	assert_non_null(index);
	memset(a, 0, bytes);
	memset(b, 0xa5, bytes);
	memset(c, 0, bytes);
	sa = chase_build_spread(a, bytes, lines, 99, index);
	sb = chase_build_spread_cold(b, bytes, lines, 99, index, &cold);
#if defined(__x86_64__)
	assert_int_equal(cold, 1);
	assert_int_equal(chase_lines_cold(), 1);
#endif
	assert_int_equal(sa - a, sb - b);
	for (uint64_t off = 0; off + 64 <= bytes; off += 64) {
		uint64_t pa, pb;

		memcpy(&pa, a + off, 8);
		memcpy(&pb, b + off, 8);
		if (!pa) {	/* not in the chain: untouched */
			for (int k = 0; k < 64; k++)
				assert_int_equal(b[off + k], 0xa5);
			continue;
		}
		chained++;
		assert_int_equal(pa - (uint64_t)(uintptr_t)a,
				 pb - (uint64_t)(uintptr_t)b);
		for (int k = 8; k < 64; k++)
			assert_int_equal(b[off + k], 0);
	}
	assert_int_equal(chained, lines);
	p = chase_build_spread_cold(c, bytes, lines, 99, 0, &cold);
	assert_int_equal(cold, 0);
	assert_int_equal(p - c, sa - a);
	for (uint64_t hop = 0; hop < lines; hop++) {
		uint8_t *q = (uint8_t *)(uintptr_t)*(uint64_t *)p;

		assert_int_equal(q - c, (uint8_t *)(uintptr_t)*(uint64_t *)
					(a + (p - c)) - a);
		p = q;
	}
	assert_ptr_equal(p - c, sa - a);
	free(index);
	free(a);
	free(b);
	free(c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(one_cycle_many_sizes),
		cmocka_unit_test(one_node_points_to_itself),
		cmocka_unit_test(writes_only_the_links),
		cmocka_unit_test(seed_decides_the_cycle),
		cmocka_unit_test(every_cycle_equally_likely),
		cmocka_unit_test(spread_one_line_per_slot),
		cmocka_unit_test(index_and_in_place_give_one_cycle),
		cmocka_unit_test(cold_build_writes_whole_lines),
	};
	const struct CMUnitTest long_tests[] = {
		cmocka_unit_test(large_chain),
	};
	int failed = cmocka_run_group_tests(tests, NULL, NULL);

	if (getenv("BAREMEM_TEST_LONG"))
		failed += cmocka_run_group_tests(long_tests, NULL, NULL);
	return failed;
}
