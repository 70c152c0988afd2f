/* Bandwidth kernels touch exactly the bytes asked: read sums them, write
 * and ntwrite fill them, copy and ntcopy reproduce them, nothing outside
 * moves;
 * for sizes that are and are not multiples of the 256-byte block, and
 * for 1 and 3 passes. Then the table: names, flags, lookups. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "bw.h"

/* Guards around every buffer: FRONT keeps the buffer 64-byte aligned,
 * BACK is a whole block, so any overrun by a block or a tail step lands
 * in it. src and dst guards differ, or copying src's guard over dst's
 * would go unseen. */
#define FRONT 64
#define BACK 256
#define SRC_CANARY 0xa5
#define DST_CANARY 0x3c

static const uint64_t sizes[] = {
	64, 128, 192,		/* tail loop only */
	256,			/* one block, no tail (SSE2 read: 4 x 64) */
	256 + 64, 256 + 192,	/* block + shortest and longest tail */
	512, 512 + 448,		/* AVX2 read: 4 x 128, + its longest tail */
	4096, 4096 + 192,
	1u << 20,
};
static const uint64_t repeat_counts[] = { 1, 3 };

#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

/* state: "avx2-OP" or "sse2-OP", found by operation (ntcopy shares
 * copy's reported name). */
static const struct bw_kernel *kernel_or_skip(void **state)
{
	const char *name = *state;
	int avx2 = !strncmp(name, "avx2-", 5);
	const struct bw_kernel *k = bw_kernel_for(name + 5, avx2);

	if (!k || strncmp(name, avx2 ? "avx2-" : "sse2-", 5))
		fail_msg("kernel %s is not in the table", name);
	if (k->avx2 && !__builtin_cpu_supports("avx2")) {
		print_message("SKIPPED %s: this CPU has no AVX2\n", name);
		skip();
	}
	return k;
}

/* A buffer of `bytes` between guards of `canary`; free with
 * guarded_free. */
static uint8_t *guarded_alloc(uint64_t bytes, uint8_t canary)
{
	uint8_t *a = aligned_alloc(64, FRONT + bytes + BACK);

	assert_non_null(a);
	memset(a, canary, FRONT);
	memset(a + FRONT + bytes, canary, BACK);
	return a + FRONT;
}

static void guarded_free(uint8_t *buf)
{
	free(buf - FRONT);
}

static void assert_guards(const char *kernel, const char *which,
			  const uint8_t *buf, uint64_t bytes, uint8_t canary)
{
	for (int i = 1; i <= FRONT; i++)
		if (buf[-i] != canary)
			fail_msg("%s bytes=%llu: %s byte %d before the buffer "
				 "changed", kernel, (unsigned long long)bytes,
				 which, i);
	for (int i = 0; i < BACK; i++)
		if (buf[bytes + i] != canary)
			fail_msg("%s bytes=%llu: %s byte %d past the end "
				 "changed", kernel, (unsigned long long)bytes,
				 which, i);
}

/* Distinct words with high and low bits set, so a word read twice, a
 * word missed, or a block read in the place of another changes the sum
 * or the copy. */
static uint64_t word_at(uint64_t i)
{
	return i * 0x9e3779b97f4a7c15ull + 1;
}

static void fill_words(uint8_t *buf, uint64_t bytes)
{
	for (uint64_t i = 0; i < bytes / 8; i++) {
		uint64_t w = word_at(i);
		memcpy(buf + i * 8, &w, 8);
	}
}

static void assert_words(const char *kernel, const char *which,
			 const uint8_t *buf, uint64_t bytes)
{
	for (uint64_t i = 0; i < bytes / 8; i++) {
		uint64_t w;
		memcpy(&w, buf + i * 8, 8);
		if (w != word_at(i))
			fail_msg("%s bytes=%llu: %s word %llu is %#llx, "
				 "expected %#llx", kernel,
				 (unsigned long long)bytes, which,
				 (unsigned long long)i, (unsigned long long)w,
				 (unsigned long long)word_at(i));
	}
}

/* read returns the sum mod 2^64 of the words in [src, src+bytes), once
 * per pass; the guards (0xa5a5...) would change it if read. The buffer
 * is left as it was. */
static void read_sums_exactly_its_buffer(void **state)
{
	const struct bw_kernel *k = kernel_or_skip(state);

	for (size_t i = 0; i < COUNT_OF(sizes); i++) {
		uint64_t bytes = sizes[i], one_pass = 0;
		uint8_t *src = guarded_alloc(bytes, SRC_CANARY);

		fill_words(src, bytes);
		for (uint64_t w = 0; w < bytes / 8; w++)
			one_pass += word_at(w);
		for (size_t r = 0; r < COUNT_OF(repeat_counts); r++) {
			uint64_t reps = repeat_counts[r];
			uint64_t got = k->run(NULL, src, bytes, reps);
			if (got != reps * one_pass)
				fail_msg("%s bytes=%llu repeats=%llu: sum "
					 "%#llx, expected %#llx", k->name,
					 (unsigned long long)bytes,
					 (unsigned long long)reps,
					 (unsigned long long)got,
					 (unsigned long long)(reps * one_pass));
		}
		assert_int_equal(k->run(NULL, src, bytes, 0), 0);
		assert_words(k->name, "src", src, bytes);
		assert_guards(k->name, "src", src, bytes, SRC_CANARY);
		guarded_free(src);
	}
	/* No bytes: nothing read, the sum is 0. */
	assert_int_equal(k->run(NULL, (void *)(uintptr_t)64, 0, 3), 0);
}

/* write and ntwrite leave the pattern in every byte of [dst, dst+bytes)
 * and nothing outside, and return dst + bytes; 0 passes write nothing. */
static void write_fills_exactly_its_buffer(void **state)
{
	const struct bw_kernel *k = kernel_or_skip(state);
	const uint8_t pattern_byte = (uint8_t)BW_PATTERN;

	for (size_t i = 0; i < COUNT_OF(sizes); i++) {
		uint64_t bytes = sizes[i];
		uint8_t *dst = guarded_alloc(bytes, DST_CANARY);

		memset(dst, 0, bytes);
		assert_ptr_equal((void *)(uintptr_t)k->run(dst, NULL, bytes, 0),
				 dst);
		for (uint64_t j = 0; j < bytes; j++)
			if (dst[j] != 0)
				fail_msg("%s bytes=%llu repeats=0: byte %llu "
					 "written", k->name,
					 (unsigned long long)bytes,
					 (unsigned long long)j);
		for (size_t r = 0; r < COUNT_OF(repeat_counts); r++) {
			uint64_t reps = repeat_counts[r];
			uint64_t got;

			memset(dst, 0, bytes);
			got = k->run(dst, NULL, bytes, reps);
			assert_ptr_equal((void *)(uintptr_t)got, dst + bytes);
			for (uint64_t j = 0; j < bytes; j++)
				if (dst[j] != pattern_byte)
					fail_msg("%s bytes=%llu repeats=%llu: "
						 "byte %llu is %#x, expected "
						 "%#x", k->name,
						 (unsigned long long)bytes,
						 (unsigned long long)reps,
						 (unsigned long long)j, dst[j],
						 pattern_byte);
			assert_guards(k->name, "dst", dst, bytes, DST_CANARY);
		}
		guarded_free(dst);
	}
}

/* copy and ntcopy make [dst, dst+bytes) equal to src, touches nothing around
 * dst, leaves src alone and returns the last word copied. */
static void copy_reproduces_exactly_its_source(void **state)
{
	const struct bw_kernel *k = kernel_or_skip(state);

	for (size_t i = 0; i < COUNT_OF(sizes); i++) {
		uint64_t bytes = sizes[i];
		uint8_t *src = guarded_alloc(bytes, SRC_CANARY);
		uint8_t *dst = guarded_alloc(bytes, DST_CANARY);

		fill_words(src, bytes);
		memset(dst, 0, bytes);
		assert_int_equal(k->run(dst, src, bytes, 0), 0);
		for (uint64_t j = 0; j < bytes; j++)
			if (dst[j] != 0)
				fail_msg("%s bytes=%llu repeats=0: byte %llu "
					 "written", k->name,
					 (unsigned long long)bytes,
					 (unsigned long long)j);
		for (size_t r = 0; r < COUNT_OF(repeat_counts); r++) {
			uint64_t reps = repeat_counts[r];
			uint64_t got;

			memset(dst, 0, bytes);
			got = k->run(dst, src, bytes, reps);
			assert_int_equal(got, word_at(bytes / 8 - 1));
			assert_words(k->name, "dst", dst, bytes);
			assert_guards(k->name, "dst", dst, bytes, DST_CANARY);
			assert_words(k->name, "src", src, bytes);
			assert_guards(k->name, "src", src, bytes, SRC_CANARY);
		}
		guarded_free(src);
		guarded_free(dst);
	}
}

/* The table: exactly the eight names of DESIGN §4, plus ntcopy under
 * copy's name, each wired to its own function (a swapped entry would
 * pass the tests above, which look kernels up by operation), with the
 * right flags. find gives the cached-store copy for a copy name. */
static void table_lists_the_ten_kernels(void **state)
{
	static const struct {
		const char *name, *op;
		bw_fn run;
		int avx2, bytes_per_byte, needs_src, needs_dst, nontemporal;
	} want[] = {
		{ "avx2-read", "read", bw_read_avx2, 1, 1, 1, 0, 0 },
		{ "avx2-write", "write", bw_write_avx2, 1, 1, 0, 1, 0 },
		{ "avx2-ntwrite", "ntwrite", bw_ntwrite_avx2, 1, 1, 0, 1, 1 },
		{ "avx2-copy", "copy", bw_copy_avx2, 1, 2, 1, 1, 0 },
		{ "avx2-copy", "ntcopy", bw_ntcopy_avx2, 1, 2, 1, 1, 1 },
		{ "sse2-read", "read", bw_read_sse2, 0, 1, 1, 0, 0 },
		{ "sse2-write", "write", bw_write_sse2, 0, 1, 0, 1, 0 },
		{ "sse2-ntwrite", "ntwrite", bw_ntwrite_sse2, 0, 1, 0, 1, 1 },
		{ "sse2-copy", "copy", bw_copy_sse2, 0, 2, 1, 1, 0 },
		{ "sse2-copy", "ntcopy", bw_ntcopy_sse2, 0, 2, 1, 1, 1 },
	};
	int n = -1;
	const struct bw_kernel *ks = bw_kernels(&n);

	(void)state;
	assert_int_equal(n, (int)COUNT_OF(want));
	for (size_t i = 0; i < COUNT_OF(want); i++) {
		const struct bw_kernel *k = bw_kernel_for(want[i].op,
							  want[i].avx2);
		int found = 0;

		if (!k)
			fail_msg("%s (%s) is not in the table", want[i].name,
				 want[i].op);
		for (int j = 0; j < n; j++)
			found += !strcmp(ks[j].name, want[i].name) &&
				 !strcmp(ks[j].op, want[i].op);
		assert_int_equal(found, 1);
		assert_true(k >= ks && k < ks + n);
		assert_string_equal(k->name, want[i].name);
		assert_string_equal(k->op, want[i].op);
		assert_true(k->run == want[i].run);
		assert_int_equal(k->avx2, want[i].avx2);
		assert_int_equal(k->bytes_per_byte, want[i].bytes_per_byte);
		assert_int_equal(k->needs_src, want[i].needs_src);
		assert_int_equal(k->needs_dst, want[i].needs_dst);
		assert_int_equal(k->nontemporal, want[i].nontemporal);
		if (!want[i].nontemporal || strcmp(want[i].op, "ntcopy"))
			assert_ptr_equal(bw_kernel_find(want[i].name), k);
	}
}

/* find wants the whole name, exactly. */
static void find_rejects_near_names(void **state)
{
	static const char *const bad[] = {
		"", "avx2", "avx2-", "avx2-rea", "avx2-readx", "AVX2-read",
		"read", "sse2-copy ", "avx512-read",
	};

	(void)state;
	for (size_t i = 0; i < COUNT_OF(bad); i++)
		if (bw_kernel_find(bad[i]))
			fail_msg("bw_kernel_find(\"%s\") found a kernel",
				 bad[i]);
}

/* for picks the AVX2 kernel when the CPU has AVX2 (any nonzero flag),
 * its SSE2 twin otherwise, and nothing for an unknown operation. */
static void for_picks_by_operation_and_isa(void **state)
{
	static const char *const ops[] = { "read", "write", "ntwrite", "copy" };
	static const char *const bad[] = { "", "rea", "readx", "avx2-read",
					   "Read", "nt", "ntread", "ntcop" };

	(void)state;
	for (size_t i = 0; i < COUNT_OF(ops); i++) {
		char name[32];

		snprintf(name, sizeof name, "avx2-%s", ops[i]);
		assert_ptr_equal(bw_kernel_for(ops[i], 1),
				 bw_kernel_find(name));
		assert_ptr_equal(bw_kernel_for(ops[i], 2),
				 bw_kernel_find(name));
		snprintf(name, sizeof name, "sse2-%s", ops[i]);
		assert_ptr_equal(bw_kernel_for(ops[i], 0),
				 bw_kernel_find(name));
		assert_non_null(bw_kernel_find(name));
	}
	/* ntcopy: reported as copy, with non-temporal stores. */
	assert_string_equal(bw_kernel_for("ntcopy", 1)->name, "avx2-copy");
	assert_string_equal(bw_kernel_for("ntcopy", 0)->name, "sse2-copy");
	assert_true(bw_kernel_for("ntcopy", 1)->nontemporal);
	assert_true(bw_kernel_for("ntcopy", 0)->nontemporal);
	for (size_t i = 0; i < COUNT_OF(bad); i++) {
		assert_null(bw_kernel_for(bad[i], 1));
		assert_null(bw_kernel_for(bad[i], 0));
	}
}

#define PER_KERNEL(test, what, kernel)                                      \
	{ kernel ": " what, test, NULL, NULL, (void *)kernel }

int main(void)
{
	const struct CMUnitTest tests[] = {
		PER_KERNEL(read_sums_exactly_its_buffer, "sums its buffer",
			   "avx2-read"),
		PER_KERNEL(read_sums_exactly_its_buffer, "sums its buffer",
			   "sse2-read"),
		PER_KERNEL(write_fills_exactly_its_buffer, "fills its buffer",
			   "avx2-write"),
		PER_KERNEL(write_fills_exactly_its_buffer, "fills its buffer",
			   "avx2-ntwrite"),
		PER_KERNEL(write_fills_exactly_its_buffer, "fills its buffer",
			   "sse2-write"),
		PER_KERNEL(write_fills_exactly_its_buffer, "fills its buffer",
			   "sse2-ntwrite"),
		PER_KERNEL(copy_reproduces_exactly_its_source,
			   "copies its source", "avx2-copy"),
		PER_KERNEL(copy_reproduces_exactly_its_source,
			   "copies its source", "sse2-copy"),
		PER_KERNEL(copy_reproduces_exactly_its_source,
			   "copies its source", "avx2-ntcopy"),
		PER_KERNEL(copy_reproduces_exactly_its_source,
			   "copies its source", "sse2-ntcopy"),
		cmocka_unit_test(table_lists_the_ten_kernels),
		cmocka_unit_test(find_rejects_near_names),
		cmocka_unit_test(for_picks_by_operation_and_isa),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
