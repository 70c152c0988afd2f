/* Checks every AArch64 bandwidth kernel of one ISA against what it must
 * read or write (kernels/bw.h's contract): over buffers of several sizes
 * (whole unrolled iterations, and sizes that leave a tail), placed at
 * 64-byte but not 256-byte boundaries, with guard bytes around every
 * buffer, for 0, 1 and 3 repeats. Built static for aarch64 and run under
 * qemu-aarch64 (make aarch64-test). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bw_check.h"

#define GUARD 512		/* bytes checked untouched on each side */
#define GUARD_BYTE 0xa5

static int passed, failed;

static void result(int ok, const char *kernel, uint64_t bytes,
		   unsigned offset, uint64_t repeats, const char *what)
{
	if (ok) {
		passed++;
		return;
	}
	failed++;
	printf("FAIL %s bytes=%llu offset=%u repeats=%llu: %s\n", kernel,
	       (unsigned long long)bytes, offset,
	       (unsigned long long)repeats, what);
}

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint64_t next(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

/* A region of `bytes` at `offset` past a 4 KiB boundary, with GUARD
 * bytes of GUARD_BYTE either side. */
struct region {
	uint8_t *base, *p;
	uint64_t bytes;
};

static struct region region_new(uint64_t bytes, unsigned offset)
{
	struct region r = { .bytes = bytes };

	r.base = aligned_alloc(4096, (bytes + 2 * GUARD + 4096 + 4095) /
				     4096 * 4096);
	if (!r.base) {
		printf("out of memory\n");
		exit(2);
	}
	r.p = r.base + GUARD + offset;
	memset(r.base, GUARD_BYTE, GUARD + offset);
	memset(r.p + bytes, GUARD_BYTE, GUARD);
	return r;
}

static int guards_intact(const struct region *r)
{
	for (uint8_t *q = r->base; q < r->p; q++)
		if (*q != GUARD_BYTE)
			return 0;
	for (uint8_t *q = r->p + r->bytes; q < r->p + r->bytes + GUARD; q++)
		if (*q != GUARD_BYTE)
			return 0;
	return 1;
}

static void fill_words(uint64_t *w, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++)
		w[i] = next();
}

/* Doubles of every magnitude in [0.5, 2^20), so b + 3.0 * a rounds
 * differently when the multiply and add are fused (FMLA) than when they
 * are two operations as the contract says. */
static void fill_doubles(double *d, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++)
		d[i] = (double)(next() >> 11) / (double)(1ull << 33);
}

static void check_one(const struct bw_kernel *k, uint64_t bytes,
		      unsigned offset, uint64_t repeats)
{
	int streams = k->bytes_per_byte - (k->needs_dst ? 1 : 0);
	uint64_t n = bytes / 8;
	struct region src = region_new(bytes * (streams > 0 ? streams : 1),
				       offset);
	struct region dst = region_new(bytes, offset ^ 64);
	uint64_t *s = (uint64_t *)src.p, *d = (uint64_t *)dst.p;
	int is_triad = !strcmp(k->op, "triad");
	uint64_t got, want = 0, *copy;
	int ok = 1;

	if (is_triad)
		fill_doubles((double *)s, n * streams);
	else
		fill_words(s, n * (streams > 0 ? streams : 1));
	fill_words(d, n);
	copy = malloc(bytes * (streams > 0 ? streams : 1) + 8);
	memcpy(copy, s, bytes * (streams > 0 ? streams : 1));
	uint64_t *before = malloc(bytes + 8);
	memcpy(before, d, bytes);

	got = k->run(dst.p, src.p, bytes, repeats);

	if (!strcmp(k->op, "read")) {
		for (uint64_t i = 0; i < n; i++)
			want += s[i];
		want *= repeats;
		result(got == want, k->name, bytes, offset, repeats,
		       "sum differs from the words read");
		ok = !memcmp(d, before, bytes);
	} else if (!strcmp(k->op, "write") || !strcmp(k->op, "ntwrite") ||
		   !strcmp(k->op, "zva")) {
		uint64_t pat = strcmp(k->op, "zva") ? BW_PATTERN : 0;

		for (uint64_t i = 0; i < n && repeats; i++)
			if (d[i] != pat)
				ok = 0;
		if (!repeats)
			ok = !memcmp(d, before, bytes);
		want = (uint64_t)(uintptr_t)dst.p + (repeats ? bytes : 0);
		result(got == want, k->name, bytes, offset, repeats,
		       "returned pointer is not dst + bytes");
	} else {
		for (uint64_t i = 0; i < n && repeats; i++) {
			uint64_t e;
			if (!strcmp(k->op, "mix31"))
				e = s[i] + s[n + i] + s[2 * n + i];
			else if (!strcmp(k->op, "mix21"))
				e = s[i] + s[n + i];
			else if (is_triad) {
				double a, b, r;
				memcpy(&a, &s[i], 8);
				memcpy(&b, &s[n + i], 8);
				r = b + 3.0 * a;
				memcpy(&e, &r, 8);
			} else
				e = s[i];
			if (d[i] != e)
				ok = 0;
		}
		if (!repeats)
			ok = !memcmp(d, before, bytes);
		want = bytes && repeats ? d[n - 1] : 0;
		result(got == want, k->name, bytes, offset, repeats,
		       "return value is not the last word stored");
	}
	result(ok, k->name, bytes, offset, repeats,
	       "the destination does not hold what the kernel must write");
	result(!memcmp(s, copy, bytes * (streams > 0 ? streams : 1)),
	       k->name, bytes, offset, repeats, "the source was changed");
	result(guards_intact(&src) && guards_intact(&dst), k->name, bytes,
	       offset, repeats, "a byte outside the buffers was written");
	free(copy);
	free(before);
	free(src.base);
	free(dst.base);
}

/* Whole iterations and tails of every kernel's unroll: 64-byte steps up
 * past a few iterations of the widest loop (8 vectors of 256 bytes at
 * SVE's 2048 bits), then larger sizes with a tail. */
static const uint64_t sizes[] = {
	0, 64, 128, 192, 256, 320, 448, 512, 576, 960, 1024, 1088, 1984,
	2048, 2112, 4096 + 192, 16384 + 448, 65536 + 64,
};

int bw_check_isa(enum bw_isa isa)
{
	int count;
	const struct bw_kernel *ks = bw_kernels(&count);
	int seen = 0;

	for (int i = 0; i < count; i++) {
		const struct bw_kernel *k = &ks[i];

		if (k->isa != isa)
			continue;
		if (!strcmp(k->op, "zva") && !bw_zva_block_bytes()) {
			printf("SKIP %s: DCZID_EL0 prohibits DC ZVA\n",
			       k->name);
			continue;
		}
		seen++;
		for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
			for (unsigned off = 0; off < 256; off += 64)
				for (uint64_t rep = 0; rep < 4; rep += 1 + 2 * (rep == 1))
					check_one(k, sizes[s], off, rep);
	}
	result(seen > 0, bw_isa_name(isa), 0, 0, 0, "no kernel of this ISA");
	return seen;
}

/* The table: every operation of bw.h for both ISAs, found by name and by
 * op, names prefixed by the ISA's, byte counts by streams, the
 * non-temporal flag on exactly the STNP/STNT1D kernels. */
void bw_check_table(void)
{
	static const char *const ops[] = { "read", "write", "ntwrite", "copy",
		"ntcopy", "mix31", "mix21", "mix11", "triad" };
	static const int bytes[] = { 1, 1, 1, 2, 2, 4, 3, 2, 3 };
	int count;
	const struct bw_kernel *ks = bw_kernels(&count);

	for (int isa = BW_NEON; isa <= BW_SVE; isa++)
		for (unsigned o = 0; o < sizeof ops / sizeof ops[0]; o++) {
			const struct bw_kernel *k =
				bw_kernel_for(ops[o], (enum bw_isa)isa);
			const char *name = bw_isa_name((enum bw_isa)isa);
			int nt = !strcmp(ops[o], "ntwrite") ||
				 !strcmp(ops[o], "ntcopy");

			if (!k) {
				result(0, name, 0, 0, 0, ops[o]);
				continue;
			}
			result(!strncmp(k->name, name, strlen(name)) &&
			       k->name[strlen(name)] == '-', k->name, 0, 0, 0,
			       "name not prefixed by its ISA's");
			result(k->bytes_per_byte == bytes[o] &&
			       k->nontemporal == nt, k->name, 0, 0, 0,
			       "byte count or non-temporal flag wrong");
			/* ntcopy is reported as copy: find gives the cached one */
			result(bw_kernel_find(k->name) ==
			       (strcmp(ops[o], "ntcopy") ? k :
				bw_kernel_for("copy", (enum bw_isa)isa)),
			       k->name, 0, 0, 0, "not found by its name");
		}
	result(bw_kernel_find("neon-zva") &&
	       bw_kernel_find("neon-zva")->run == bw_zva_neon &&
	       !bw_kernel_find("neon-zva")->nontemporal, "neon-zva", 0, 0,
	       0, "DC ZVA kernel missing or marked non-temporal");
	result(!bw_kernel_find("avx2-read") && !bw_kernel_find("neon"),
	       "find", 0, 0, 0, "found a name that is not an AArch64 kernel");
	result(count == 2 * 9 + 1, "table", 0, 0, 0, "kernel count");
	/* bw.h's slots on AArch64: NEON, SVE, and none past them */
	result(!strcmp(bw_isa_name(BW_NEON), "neon") &&
	       !strcmp(bw_isa_name(BW_SVE), "sve") &&
	       !strcmp(bw_isa_name(BW_AVX512), "?") &&
	       !bw_kernel_for("read", BW_AVX512), "isa names", 0, 0, 0,
	       "an ISA slot named wrong, or a kernel past SVE's");
	for (int i = 0; i < count; i++)
		result(ks[i].run && (ks[i].isa == BW_NEON || ks[i].isa == BW_SVE), ks[i].name,
		       0, 0, 0, "no function or no ISA");
}

int bw_check_finish(void)
{
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}

void bw_check_result(int ok, const char *what)
{
	result(ok, what, 0, 0, 0, what);
}
