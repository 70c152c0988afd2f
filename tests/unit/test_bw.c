/* Bandwidth kernels touch exactly the bytes asked: read sums the buffer,
 * write and ntwrite fill it and nothing past it, copy reproduces its
 * source; for sizes that are and are not multiples of the 256-byte
 * block, and for several repeats. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "bw.h"

#define GUARD 256

static const uint64_t sizes[] = { 64, 128, 192, 256, 320, 4096, 4096 + 192,
				  1u << 20 };

static int usable(const struct bw_kernel *k)
{
	return !k->avx2 || __builtin_cpu_supports("avx2");
}

static uint8_t *alloc_buf(uint64_t bytes)
{
	uint8_t *p = aligned_alloc(64, bytes + GUARD);
	assert_non_null(p);
	return p;
}

static void read_sums_the_pattern(void **state)
{
	int n;
	const struct bw_kernel *ks = bw_kernels(&n);
	(void)state;
	for (int k = 0; k < n; k++) {
		if (!strstr(ks[k].name, "-read") || !usable(&ks[k]))
			continue;
		for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
			uint64_t bytes = sizes[i], expect = 0;
			uint64_t *b = (uint64_t *)alloc_buf(bytes);
			for (uint64_t j = 0; j < bytes / 8; j++) {
				b[j] = j * 0x9e3779b97f4a7c15ull + 1;
				expect += b[j];
			}
			/* Bytes past the end must not be summed. */
			memset((uint8_t *)b + bytes, 0x77, GUARD);
			assert_true(ks[k].run(0, b, bytes, 1) == expect);
			assert_true(ks[k].run(0, b, bytes, 3) == 3 * expect);
			assert_true(ks[k].run(0, b, bytes, 0) == 0);
			free(b);
		}
	}
}

static void writes_fill_exactly(void **state)
{
	int n;
	const struct bw_kernel *ks = bw_kernels(&n);
	(void)state;
	for (int k = 0; k < n; k++) {
		if (!strstr(ks[k].name, "write") || !usable(&ks[k]))
			continue;
		for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
			uint64_t bytes = sizes[i];
			uint8_t *b = alloc_buf(bytes);
			memset(b, 0, bytes + GUARD);
			ks[k].run(b, 0, bytes, 2);
			for (uint64_t j = 0; j < bytes; j += 8)
				assert_true(*(uint64_t *)(b + j) == BW_PATTERN);
			for (uint64_t j = bytes; j < bytes + GUARD; j++)
				assert_int_equal(b[j], 0);
			free(b);
		}
	}
}

static void copy_reproduces_source(void **state)
{
	int n;
	const struct bw_kernel *ks = bw_kernels(&n);
	(void)state;
	for (int k = 0; k < n; k++) {
		if (!strstr(ks[k].name, "-copy") || !usable(&ks[k]))
			continue;
		for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
			uint64_t bytes = sizes[i];
			uint8_t *src = alloc_buf(bytes), *dst = alloc_buf(bytes);
			for (uint64_t j = 0; j < bytes + GUARD; j++)
				src[j] = (uint8_t)(j * 7 + 3);
			memset(dst, 0, bytes + GUARD);
			ks[k].run(dst, src, bytes, 2);
			assert_memory_equal(dst, src, bytes);
			for (uint64_t j = bytes; j < bytes + GUARD; j++)
				assert_int_equal(dst[j], 0);
			free(src);
			free(dst);
		}
	}
}

static void table_names_and_twins(void **state)
{
	static const char *const ops[] = { "read", "write", "ntwrite", "copy" };
	int n;
	(void)state;
	bw_kernels(&n);
	assert_int_equal(n, 8);
	for (int i = 0; i < 4; i++) {
		const struct bw_kernel *a = bw_kernel_for(ops[i], 1);
		const struct bw_kernel *s = bw_kernel_for(ops[i], 0);
		char name[32];
		assert_non_null(a);
		assert_non_null(s);
		snprintf(name, sizeof name, "avx2-%s", ops[i]);
		assert_string_equal(a->name, name);
		assert_true(a->avx2 && !s->avx2);
		snprintf(name, sizeof name, "sse2-%s", ops[i]);
		assert_string_equal(s->name, name);
		assert_ptr_equal(bw_kernel_find(name), s);
		assert_int_equal(a->bytes_per_byte, i == 3 ? 2 : 1);
	}
	assert_null(bw_kernel_find("avx2-rea"));
	assert_null(bw_kernel_for("readx", 1));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(read_sums_the_pattern),
		cmocka_unit_test(writes_fill_exactly),
		cmocka_unit_test(copy_reproduces_source),
		cmocka_unit_test(table_names_and_twins),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
