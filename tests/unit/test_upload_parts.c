/* The plan of a result sent in parts (lib/results/upload_parts.c): how
 * many parts, where each starts and ends, their names, and the manifest
 * baremem-collect checks them against. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "results/upload_parts.h"
#include "util/crc32.h"

/* The safe part size is well under the largest file edk2's MTFTP4 write
 * carries with the smallest block a server may impose. */
static void part_size_fits_the_smallest_blocks(void **state)
{
	(void)state;
	assert_true((uint64_t)UPLOAD_PART_BYTES <
		    (uint64_t)UPLOAD_TFTP_MAX_BLOCKS *
			    UPLOAD_TFTP_MIN_BLOCK_BYTES - 1);
	/* and a 100 MiB result (512 threads, profile=full) needs parts */
	assert_true((uint64_t)100 << 20 > UPLOAD_PART_BYTES);
}

/* Every byte in exactly one part, in order, none empty but for a whole
 * empty file; every part but the last full. */
static void check_cover(const struct upload_parts *p)
{
	size_t next = 0, off, len;
	unsigned i;

	for (i = 0; i < p->count; i++) {
		upload_parts_span(p, i, &off, &len);
		assert_int_equal(off, next);
		assert_true(len <= p->part_bytes);
		if (i + 1 < p->count)
			assert_int_equal(len, p->part_bytes);
		if (p->total_bytes)
			assert_true(len > 0);
		next = off + len;
	}
	assert_int_equal(next, p->total_bytes);
}

static void plan_edges(void **state)
{
	struct upload_parts p;
	const size_t lim = 1000;

	(void)state;
	assert_int_equal(upload_parts_plan(0, lim, &p), 0);
	assert_int_equal(p.count, 1);		/* empty: sent whole */
	check_cover(&p);
	assert_int_equal(upload_parts_plan(1, lim, &p), 0);
	assert_int_equal(p.count, 1);
	check_cover(&p);
	assert_int_equal(upload_parts_plan(lim, lim, &p), 0);
	assert_int_equal(p.count, 1);		/* exactly the limit: whole */
	check_cover(&p);
	assert_int_equal(upload_parts_plan(lim + 1, lim, &p), 0);
	assert_int_equal(p.count, 2);		/* one byte over: 2 parts */
	check_cover(&p);
	{
		size_t off, len;

		upload_parts_span(&p, 1, &off, &len);
		assert_int_equal(off, lim);
		assert_int_equal(len, 1);
	}
	assert_int_equal(upload_parts_plan(2 * lim, lim, &p), 0);
	assert_int_equal(p.count, 2);
	check_cover(&p);
	assert_int_equal(upload_parts_plan(2 * lim + 1, lim, &p), 0);
	assert_int_equal(p.count, 3);
	check_cover(&p);
	/* no part size, or too many parts: refused */
	assert_int_equal(upload_parts_plan(10, 0, &p), -1);
	assert_int_equal(upload_parts_plan(UPLOAD_PARTS_MAX + 1, 1, &p), -1);
	assert_int_equal(upload_parts_plan(UPLOAD_PARTS_MAX, 1, &p), 0);
	assert_int_equal(p.count, UPLOAD_PARTS_MAX);
}

/* The real part size, at the sizes a big machine's result reaches. */
static void plan_real_sizes(void **state)
{
	struct upload_parts p;
	size_t sizes[] = { UPLOAD_PART_BYTES, UPLOAD_PART_BYTES + 1,
			   (size_t)100 << 20, (size_t)512 << 20 };
	unsigned want[] = { 1, 2, 7, 32 };
	unsigned i;

	(void)state;
	for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		assert_int_equal(upload_parts_plan(sizes[i], UPLOAD_PART_BYTES,
						   &p), 0);
		assert_int_equal(p.count, want[i]);
		check_cover(&p);
	}
}

static void part_names(void **state)
{
	struct upload_parts p;
	char name[128];

	(void)state;
	upload_parts_plan(7 * 10 - 3, 10, &p);
	assert_int_equal(p.count, 7);
	assert_int_not_equal(upload_part_name(name, sizeof name, "a.json", &p,
					      0), 0);
	assert_string_equal(name, "a.json.part-001-of-007");
	upload_part_name(name, sizeof name, "a.json", &p, 6);
	assert_string_equal(name, "a.json.part-007-of-007");
	upload_parts_plan(1234 * 10, 10, &p);
	upload_part_name(name, sizeof name, "a.json", &p, 8);
	assert_string_equal(name, "a.json.part-0009-of-1234");	/* sorts */
	/* a name that does not fit is 0, not a cut name */
	assert_int_equal(upload_part_name(name, 10, "a.json", &p, 0), 0);
}

/* Finds "key": in s from at and returns what follows the colon. */
static const char *after_key(const char *s, const char *key)
{
	char k[64];
	const char *at;

	snprintf(k, sizeof k, "\"%s\": ", key);
	at = strstr(s, k);
	assert_non_null(at);
	return at + strlen(k);
}

/* The manifest names the whole and each part with its offset, bytes and
 * CRC-32, as zlib computes them over the very bytes of the part. */
static void manifest_crcs(void **state)
{
	const size_t total = 2500, lim = 1000;
	char *data = malloc(total), *text, want[32];
	struct upload_parts p;
	const char *at;
	size_t cap, len, off, plen;
	unsigned i;

	(void)state;
	for (i = 0; i < total; i++)
		data[i] = (char)(i * 7 + 3);
	assert_int_equal(upload_parts_plan(total, lim, &p), 0);
	cap = upload_parts_manifest_cap(strlen("m-1.json"), p.count);
	text = malloc(cap);
	len = upload_parts_manifest(text, cap, "m-1.json", data, &p);
	assert_true(len > 0 && len < cap);
	assert_int_equal(strlen(text), len);
	assert_non_null(strstr(text, "\"schema\": \"baremem-parts/1\""));
	assert_non_null(strstr(text, "\"file\": \"m-1.json\""));
	at = after_key(text, "bytes");
	assert_int_equal(strtoul(at, 0, 10), total);
	snprintf(want, sizeof want, "\"%08x\"", crc32_update(0, data, total));
	assert_memory_equal(after_key(text, "crc32"), want, strlen(want));
	at = strstr(text, "\"parts\"");
	for (i = 0; i < p.count; i++) {
		char name[64];

		upload_parts_span(&p, i, &off, &plen);
		upload_part_name(name, sizeof name, "m-1.json", &p, i);
		at = strstr(at, name);
		assert_non_null(at);
		assert_int_equal(strtoul(after_key(at, "offset"), 0, 10), off);
		assert_int_equal(strtoul(after_key(at, "bytes"), 0, 10), plen);
		snprintf(want, sizeof want, "\"%08x\"",
			 crc32_update(0, data + off, plen));
		assert_memory_equal(after_key(at, "crc32"), want,
				    strlen(want));
	}
	/* too small a buffer: 0, never a cut manifest */
	assert_int_equal(upload_parts_manifest(text, len, "m-1.json", data,
					       &p), 0);
	/* the cap holds the largest count */
	free(text);
	free(data);
	data = calloc(UPLOAD_PARTS_MAX, 1);
	assert_int_equal(upload_parts_plan(UPLOAD_PARTS_MAX, 1, &p), 0);
	cap = upload_parts_manifest_cap(strlen("m-1.json"), p.count);
	text = malloc(cap);
	assert_true(upload_parts_manifest(text, cap, "m-1.json", data, &p) > 0);
	free(text);
	free(data);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(part_size_fits_the_smallest_blocks),
		cmocka_unit_test(plan_edges),
		cmocka_unit_test(plan_real_sizes),
		cmocka_unit_test(part_names),
		cmocka_unit_test(manifest_crcs),
	};

	return cmocka_run_group_tests(tests, 0, 0);
}
