/* Bandwidth kernels touch exactly the bytes asked: read sums them, write
 * and ntwrite fill them, copy and ntcopy reproduce them, the mixes and
 * triad compute every word of their write stream from their read
 * streams, nothing outside moves; for sizes that are and are not
 * multiples of each width's block, and for 1 and 3 passes. Kernels the
 * host cannot run (no AVX-512F, or its state off) are skipped, saying
 * so. Then the table: names, flags, lookups. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "bw.h"
#include "arch/x86_64/isa.h"
#include "skip_reason.h"

/* Guards around every buffer: FRONT keeps the buffer 64-byte aligned,
 * BACK is a whole AVX-512 read iteration, so any overrun by a block or a tail step lands
 * in it. src and dst guards differ, or copying src's guard over dst's
 * would go unseen. */
#define FRONT 64
#define BACK 1024
#define SRC_CANARY 0xa5
#define DST_CANARY 0x3c

static const uint64_t sizes[] = {
	64, 128, 192,		/* tail loop only */
	256,			/* one block, no tail (SSE2 read: 4 x 64) */
	256 + 64, 256 + 192,	/* block + shortest and longest tail */
	512, 512 + 448,		/* AVX2 read: 4 x 128, + its longest tail;
				 * AVX-512 write/copy block + longest tail */
	1024, 1024 + 960,	/* AVX-512 read: 4 x 256, + longest tail */
	4096, 4096 + 192,
	1u << 20,
};
static const uint64_t repeat_counts[] = { 1, 3 };

#define COUNT_OF(a) (sizeof(a) / sizeof((a)[0]))

/* state: "ISA-OP", found by operation (ntcopy shares copy's reported
 * name); skipped where this cpu cannot run it (CPUID and XCR0, read
 * here, as the suite reads them before each run). */
static const struct bw_kernel *kernel_or_skip(void **state)
{
	const char *name = *state, *dash = strchr(name, '-');
	const struct bw_kernel *k = 0;

	for (int i = 0; dash && i < BW_ISA_COUNT && !k; i++)
		if (strlen(bw_isa_name(i)) == (size_t)(dash - name) &&
		    !strncmp(name, bw_isa_name(i), (size_t)(dash - name)))
			k = bw_kernel_for(dash + 1, i);
	if (!k)
		fail_msg("kernel %s is not in the table", name);
	if (k->isa > isa_usable_here())
		skip_because(isa_skip_code(k->isa), "%s: this CPU cannot run "
			     "%s kernels (CPUID or XCR0: %s is the widest "
			     "it can)", name, bw_isa_name(k->isa),
			     bw_isa_name(isa_usable_here()));
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

/* A copy, mix or triad with 0 passes returns 0 and leaves dst (zeroed
 * here) as it was. */
static void zero_passes_store_nothing(const struct bw_kernel *k, uint8_t *dst,
				      const uint8_t *src, uint64_t bytes)
{
	memset(dst, 0, bytes);
	assert_int_equal(k->run(dst, src, bytes, 0), 0);
	for (uint64_t j = 0; j < bytes; j++)
		if (dst[j] != 0)
			fail_msg("%s bytes=%llu repeats=0: byte %llu written",
				 k->name, (unsigned long long)bytes,
				 (unsigned long long)j);
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
		zero_passes_store_nothing(k, dst, src, bytes);
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

/* The word a mix or triad stores from read-stream words w[0..n): mix31
 * and mix21 their sum mod 2^64, mix11 the one word, triad b + 3.0 * a as
 * doubles (bw_asm.h). Triad's inputs are small whole numbers, so the
 * result is exact whether the kernel multiplies and adds or fuses them. */
static uint64_t stream_word(const struct bw_kernel *k, const uint64_t *w,
			    int n)
{
	uint64_t sum = 0;

	if (!strcmp(k->op, "triad")) {
		double a, b, d;
		memcpy(&a, &w[0], 8);
		memcpy(&b, &w[1], 8);
		d = b + 3.0 * a;
		memcpy(&sum, &d, 8);
		return sum;
	}
	for (int i = 0; i < n; i++)
		sum += w[i];
	return sum;
}

/* Read stream j's word i: distinct words (as fill_words), or for triad
 * doubles holding small whole numbers. */
static uint64_t stream_input(const struct bw_kernel *k, int j, uint64_t i)
{
	if (!strcmp(k->op, "triad")) {
		double v = (double)(i % 1000) + 1000.0 * j;
		uint64_t w;
		memcpy(&w, &v, 8);
		return w;
	}
	return word_at(i + ((uint64_t)j << 40));
}

/* The mixes and triad: each word of [dst, dst+bytes) is computed from the
 * same word of each read stream (side by side in src, `bytes` each),
 * nothing around dst or the read streams changes, the read streams stay
 * as they were; returns the last word stored; 0 passes store nothing. */
static void streams_compute_exactly_their_words(void **state)
{
	const struct bw_kernel *k = kernel_or_skip(state);
	int n = k->bytes_per_byte - 1;		/* read streams */

	assert_true(n >= 1 && n <= 3);
	for (size_t i = 0; i < COUNT_OF(sizes); i++) {
		uint64_t bytes = sizes[i], words = bytes / 8;
		uint8_t *src = guarded_alloc(bytes * (uint64_t)n, SRC_CANARY);
		uint8_t *dst = guarded_alloc(bytes, DST_CANARY);

		for (int j = 0; j < n; j++)
			for (uint64_t w = 0; w < words; w++) {
				uint64_t v = stream_input(k, j, w);
				memcpy(src + (uint64_t)j * bytes + w * 8, &v, 8);
			}
		zero_passes_store_nothing(k, dst, src, bytes);
		for (size_t r = 0; r < COUNT_OF(repeat_counts); r++) {
			uint64_t reps = repeat_counts[r], got, want = 0;

			memset(dst, 0, bytes);
			got = k->run(dst, src, bytes, reps);
			for (uint64_t w = 0; w < words; w++) {
				uint64_t in[3], d;
				for (int j = 0; j < n; j++)
					in[j] = stream_input(k, j, w);
				want = stream_word(k, in, n);
				memcpy(&d, dst + w * 8, 8);
				if (d != want)
					fail_msg("%s bytes=%llu repeats=%llu: "
						 "word %llu is %#llx, expected "
						 "%#llx", k->name,
						 (unsigned long long)bytes,
						 (unsigned long long)reps,
						 (unsigned long long)w,
						 (unsigned long long)d,
						 (unsigned long long)want);
			}
			assert_int_equal(got, want);
			assert_guards(k->name, "dst", dst, bytes, DST_CANARY);
			assert_guards(k->name, "src", src, bytes * (uint64_t)n,
				      SRC_CANARY);
			for (int j = 0; j < n; j++)
				for (uint64_t w = 0; w < words; w++) {
					uint64_t v;
					memcpy(&v, src + (uint64_t)j * bytes +
						   w * 8, 8);
					if (v != stream_input(k, j, w))
						fail_msg("%s: read stream %d "
							 "word %llu changed",
							 k->name, j,
							 (unsigned long long)w);
				}
		}
		guarded_free(src);
		guarded_free(dst);
	}
}

/* The table: every ISA's nine entries (docs/design.md §4c's names, ntcopy under
 * copy's name), each wired to its own function (a swapped entry would
 * pass the tests above, which look kernels up by operation), with the
 * right flags. find gives the cached-store copy for a copy name. */
struct want_kernel {
	const char *name, *op;
	bw_fn run;
	enum bw_isa isa;
	int bytes_per_byte, needs_src, needs_dst, nontemporal;
};

#define WANT_ISA(isa, id)                                                   \
	{ #isa "-read", "read", bw_read_##isa, id, 1, 1, 0, 0 },            \
	{ #isa "-write", "write", bw_write_##isa, id, 1, 0, 1, 0 },         \
	{ #isa "-ntwrite", "ntwrite", bw_ntwrite_##isa, id, 1, 0, 1, 1 },   \
	{ #isa "-copy", "copy", bw_copy_##isa, id, 2, 1, 1, 0 },            \
	{ #isa "-copy", "ntcopy", bw_ntcopy_##isa, id, 2, 1, 1, 1 },        \
	{ #isa "-mix31", "mix31", bw_mix31_##isa, id, 4, 1, 1, 0 },         \
	{ #isa "-mix21", "mix21", bw_mix21_##isa, id, 3, 1, 1, 0 },         \
	{ #isa "-mix11", "mix11", bw_copy_##isa, id, 2, 1, 1, 0 },          \
	{ #isa "-triad", "triad", bw_triad_##isa, id, 3, 1, 1, 0 }

static void table_lists_every_kernel(void **state)
{
	static const struct want_kernel want[] = {
		WANT_ISA(avx512, BW_AVX512),
		WANT_ISA(avx2, BW_AVX2),
		WANT_ISA(sse2, BW_SSE2),
	};
	int n = -1;
	const struct bw_kernel *ks = bw_kernels(&n);

	(void)state;
	assert_int_equal(n, (int)COUNT_OF(want));
	assert_string_equal(bw_isa_name(BW_AVX512), "avx512");
	assert_string_equal(bw_isa_name(BW_AVX2), "avx2");
	assert_string_equal(bw_isa_name(BW_SSE2), "sse2");
	for (size_t i = 0; i < COUNT_OF(want); i++) {
		const struct bw_kernel *k = bw_kernel_for(want[i].op,
							  want[i].isa);
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
		assert_int_equal(k->isa, want[i].isa);
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
		"read", "sse2-copy ", "avx512", "avx512-", "avx-read",
		"avx512-mix", "avx512-mix3", "sse2-triads", "avx512-ntcopy",
	};

	(void)state;
	for (size_t i = 0; i < COUNT_OF(bad); i++)
		if (bw_kernel_find(bad[i]))
			fail_msg("bw_kernel_find(\"%s\") found a kernel",
				 bad[i]);
}

/* for picks the kernel of the ISA asked for each operation, and nothing
 * for an unknown operation or ISA. */
static void for_picks_by_operation_and_isa(void **state)
{
	static const char *const ops[] = { "read", "write", "ntwrite", "copy",
					   "mix31", "mix21", "mix11", "triad" };
	static const char *const bad[] = { "", "rea", "readx", "avx2-read",
					   "Read", "nt", "ntread", "ntcop",
					   "mix", "mix12", "triads" };

	(void)state;
	for (int isa = 0; isa < BW_ISA_COUNT; isa++) {
		for (size_t i = 0; i < COUNT_OF(ops); i++) {
			char name[32];

			snprintf(name, sizeof name, "%s-%s", bw_isa_name(isa),
				 ops[i]);
			assert_non_null(bw_kernel_find(name));
			assert_ptr_equal(bw_kernel_for(ops[i], isa),
					 bw_kernel_find(name));
		}
		/* ntcopy: reported as copy, with non-temporal stores. */
		assert_string_equal(bw_kernel_for("ntcopy", isa)->op, "ntcopy");
		assert_ptr_equal(bw_kernel_find(bw_kernel_for("ntcopy",
							      isa)->name),
				 bw_kernel_for("copy", isa));
		assert_true(bw_kernel_for("ntcopy", isa)->nontemporal);
		for (size_t i = 0; i < COUNT_OF(bad); i++)
			assert_null(bw_kernel_for(bad[i], isa));
	}
	assert_null(bw_kernel_for("read", BW_ISA_COUNT));
}

#define PER_KERNEL(test, what, kernel)                                      \
	{ kernel ": " what, test, NULL, NULL, (void *)kernel }

#define PER_ISA(isa)                                                        \
	PER_KERNEL(read_sums_exactly_its_buffer, "sums its buffer",         \
		   isa "-read"),                                            \
	PER_KERNEL(write_fills_exactly_its_buffer, "fills its buffer",      \
		   isa "-write"),                                           \
	PER_KERNEL(write_fills_exactly_its_buffer, "fills its buffer",      \
		   isa "-ntwrite"),                                         \
	PER_KERNEL(copy_reproduces_exactly_its_source, "copies its source", \
		   isa "-copy"),                                            \
	PER_KERNEL(copy_reproduces_exactly_its_source, "copies its source", \
		   isa "-ntcopy"),                                          \
	PER_KERNEL(streams_compute_exactly_their_words,                     \
		   "computes its words", isa "-mix31"),                     \
	PER_KERNEL(streams_compute_exactly_their_words,                     \
		   "computes its words", isa "-mix21"),                     \
	PER_KERNEL(streams_compute_exactly_their_words,                     \
		   "computes its words", isa "-mix11"),                     \
	PER_KERNEL(streams_compute_exactly_their_words,                     \
		   "computes its words", isa "-triad")

int main(void)
{
	const struct CMUnitTest tests[] = {
		PER_ISA("avx512"),
		PER_ISA("avx2"),
		PER_ISA("sse2"),
		cmocka_unit_test(table_lists_every_kernel),
		cmocka_unit_test(find_rejects_near_names),
		cmocka_unit_test(for_picks_by_operation_and_isa),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
