/* Reading tests/data/arm/ for the AArch64 decoders' tests: a table into
 * a heap block of exactly its length (ASan sees any overrun), and the
 * lines of its .expect file (tests/data/arm/make-expect). Run from the
 * repository's root, as tests/run-unit does. Include after <cmocka.h>. */
#ifndef BAREMEM_TEST_ARM_DATA_H
#define BAREMEM_TEST_ARM_DATA_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ARM_DATA "tests/data/arm/"

/* The file's bytes (fails the case when it cannot be read). */
static inline uint8_t *arm_data_read(const char *name, size_t *len)
{
	char path[256];
	FILE *f;
	uint8_t *buf;
	long n;

	snprintf(path, sizeof path, ARM_DATA "%s", name);
	f = fopen(path, "rb");
	if (!f)
		fail_msg("cannot read %s (run from the repository's root)", path);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = malloc(n ? (size_t)n : 1);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	*len = (size_t)n;
	return buf;
}

/* Calls fn(words, count, ctx) for each non-comment line of the .expect
 * file (at most 16 words, split at spaces); returns the lines seen. */
static inline int arm_data_expect(const char *name,
				  void (*fn)(char **w, int n, void *ctx),
				  void *ctx)
{
	char path[256], line[512];
	FILE *f;
	int lines = 0;

	snprintf(path, sizeof path, ARM_DATA "%s", name);
	f = fopen(path, "r");
	if (!f)
		fail_msg("cannot read %s (run from the repository's root)", path);
	while (fgets(line, sizeof line, f)) {
		char *w[16];
		int n = 0;

		if (line[0] == '#')
			continue;
		for (char *tok = strtok(line, " \n"); tok && n < 16;
		     tok = strtok(0, " \n"))
			w[n++] = tok;
		if (n) {
			fn(w, n, ctx);
			lines++;
		}
	}
	fclose(f);
	return lines;
}

/* Sets an edited table's checksum byte right again. */
static inline void arm_data_checksum(uint8_t *t, size_t len)
{
	uint8_t sum = 0;

	t[9] = 0;
	for (size_t i = 0; i < len; i++)
		sum = (uint8_t)(sum + t[i]);
	t[9] = (uint8_t)-sum;
}

/* The first `cut` bytes of t (all len of them when cut is larger) in a
 * heap block of exactly that length, for a decoder to read (ASan sees
 * any read past it); *n gets the length. Free it. */
static inline uint8_t *arm_data_prefix(const uint8_t *t, size_t len,
				       size_t cut, size_t *n)
{
	uint8_t *copy;

	if (cut > len)
		cut = len;
	copy = malloc(cut ? cut : 1);
	assert_non_null(copy);
	memcpy(copy, t, cut);
	*n = cut;
	return copy;
}

static inline unsigned long long arm_hex(const char *s)
{
	return strtoull(s, 0, 16);
}

#endif
