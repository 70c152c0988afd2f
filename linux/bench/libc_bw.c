/* make bench's yardstick: glibc's memcpy and memset on this host, laid
 * out as baremem-linux lays out its bandwidth buffers, so scripts/bench
 * can put baremem's DRAM copy and write beside them as a ratio.
 *
 * usage: bench-libc CPU SAMPLES SIZE... [OP:ISA...] [rounds=N]
 *   for each SIZE (bytes, as a bandwidth point's size_bytes): memcpy of
 *   SIZE/2 bytes from the buffer's second half to its first (a copy
 *   point's dst then src: the same offsets in their pages), and memset of
 *   SIZE bytes; SAMPLES timed calls each after one untimed, the two
 *   functions alternating, pinned to CPU. The buffers are 2 MiB-aligned
 *   and asked for transparent huge pages (bench runs page=2M).
 *   Each OP:ISA (a word with a colon: write:avx2, ntcopy:sse2; the
 *   bandwidth table's kernel of that op and ISA, kernels/bw.h) is timed
 *   in the same samples as glibc's functions, beside them (before them
 *   in odd samples, after in even ones), over the same bytes as glibc's
 *   function of its kind (a write or ntwrite as memset, the SIZE bytes;
 *   a copy or ntcopy as memcpy, the same halves), so a kernel and glibc
 *   meet the host in the same state: the host's drift between runs
 *   (this project's VM moves its DRAM figures by 15 % and more) falls
 *   out of the ratio of each pair of neighbouring samples. In the
 *   kernels' turn, before them, glibc's memcpy and memset are timed
 *   again ("again"): the ratio of a function to itself, which would be
 *   1 but for the measurement's own spread, the yardstick a kernel's
 *   ratio is read against.
 *   rounds=N (default 1): N rounds of SAMPLES samples at every size,
 *   the sizes taking turns round by round; each ratio's median is also
 *   given round by round.
 * Prints one JSON object: {"cpu": N, "rounds": R, "points": [{"op":
 * "memcpy", "size_bytes": S, "bytes": B, "gb_per_s_min": ...,
 * "gb_per_s_median": ..., "gb_per_s_max": ..., "huge_pages": true|false},
 * ...]} over every round's samples, bytes counted as baremem counts them
 * (a copy: read + written); a kernel's point has "op": "OP:ISA", its
 * "kernel" name, "against" (memcpy or memset), "ratio_median" and
 * "ratio_min" (the kernel's GB/s over glibc's in the same sample, their
 * median and least) and "ratio_rounds" (each round's median); glibc's
 * again the same, "op": "memcpy:again" or "memset:again", "kernel"
 * memcpy or memset. Exit 0, or 2 with a message on bad usage, a kernel
 * this cpu lacks or no memory. */
#define _GNU_SOURCE
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include "bw.h"

#define SZ_2M (2ull << 20)
#define MAX_SAMPLES 1000	/* SAMPLES x rounds */
#define MAX_KERNELS 8
#define MAX_SIZES 4

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* Whether every 2 MiB of [p, p + len) is a transparent huge page: the
 * AnonHugePages of the mappings inside it, from /proc/self/smaps. */
static int all_huge(const uint8_t *p, uint64_t len)
{
	FILE *f = fopen("/proc/self/smaps", "r");
	char line[256];
	uintptr_t a = (uintptr_t)p, z = a + len;
	unsigned long lo, hi;
	int in = 0;
	uint64_t kb = 0;

	if (!f)
		return 0;
	while (fgets(line, sizeof line, f)) {
		if (sscanf(line, "%lx-%lx ", &lo, &hi) == 2 &&
		    strchr(line, '-') < strchr(line, ' '))
			in = lo < z && hi > a;
		else if (in && !strncmp(line, "AnonHugePages:", 14))
			kb += strtoull(line + 14, 0, 10);
	}
	fclose(f);
	return kb * 1024 >= len;
}

/* One point; `more` is further JSON members (", ..."), or "". */
static void print_point(const char *op, uint64_t size, uint64_t bytes,
			double *gb, int n, int huge, const char *more)
{
	static int first = 1;

	qsort(gb, (size_t)n, sizeof *gb, by_value);
	printf("%s{\"op\": \"%s\", \"size_bytes\": %llu, \"bytes\": %llu, "
	       "\"gb_per_s_min\": %.2f, \"gb_per_s_median\": %.2f, "
	       "\"gb_per_s_max\": %.2f, \"huge_pages\": %s%s}",
	       first ? "" : ",\n  ", op, (unsigned long long)size,
	       (unsigned long long)bytes, gb[0], gb[n / 2], gb[n - 1],
	       huge ? "true" : "false", more);
	first = 0;
}

/* The kernel OP:ISA names (write:avx2), or 0. */
static const struct bw_kernel *kernel_of(const char *word)
{
	const char *colon = strchr(word, ':');
	char op[16];

	if (!colon || colon - word >= (long)sizeof op)
		return 0;
	memcpy(op, word, (size_t)(colon - word));
	op[colon - word] = 0;
	for (int i = 0; i < BW_ISA_COUNT; i++)
		if (!strcmp(bw_isa_name((enum bw_isa)i), colon + 1))
			return bw_kernel_for(op, (enum bw_isa)i);
	return 0;
}

/* A point set beside glibc's `against` sample by sample (a kernel, or
 * glibc's function again): its GB/s as glibc's are, the ratio of each
 * of its samples to glibc's in the same sample, their median and least,
 * and each round's median of them. */
static void print_beside(const char *word, const char *name,
			 const char *against, uint64_t size, uint64_t bytes,
			 double *gb, const double *glibc, int samples,
			 int rounds, int huge)
{
	static double r[MAX_SAMPLES], all[MAX_SAMPLES];
	/* room for every round's "x.xxx, " (at most MAX_SAMPLES rounds) */
	static char more[256 + 8 * MAX_SAMPLES];
	int n = samples * rounds, m;

	for (int i = 0; i < n; i++)
		r[i] = all[i] = gb[i] / glibc[i];
	qsort(all, (size_t)n, sizeof *all, by_value);
	m = snprintf(more, sizeof more, ", \"kernel\": \"%s\", \"against\": "
		     "\"%s\", \"ratio_median\": %.3f, \"ratio_min\": %.3f, "
		     "\"ratio_rounds\": [", name, against, all[n / 2], all[0]);
	for (int k = 0; k < rounds; k++) {
		double *round = r + k * samples;

		qsort(round, (size_t)samples, sizeof *round, by_value);
		m += snprintf(more + m, sizeof more - (size_t)m, "%s%.3f",
			      k ? ", " : "", round[samples / 2]);
	}
	snprintf(more + m, sizeof more - (size_t)m, "]");
	print_point(word, size, bytes, gb, n, huge, more);
}

/* One size's buffer and every series timed over it, each sample at
 * [round * samples + sample]. */
struct at_size {
	const char *word;
	uint64_t size, half;
	uint8_t *raw, *buf;
	uint64_t whole;
	int huge;
	/* glibc's memcpy, memset; the same again in the kernels' turn */
	double copy[MAX_SAMPLES], set[MAX_SAMPLES];
	double copy2[MAX_SAMPLES], set2[MAX_SAMPLES];
	double k[MAX_KERNELS][MAX_SAMPLES];
};

static double timed_gb(double bytes, double t)
{
	return bytes / (now_s() - t) / 1e9;
}

/* One sample at z, index i (its parity decides who goes first). */
static void sample(struct at_size *z, int i, const struct bw_kernel *const *kern,
		   int nk)
{
	uint64_t half = z->half, size = z->size;
	uint8_t *buf = z->buf;

	/* glibc first in even samples, the kernels first in odd ones:
	 * whichever runs second meets the first's lines left in the
	 * caches, so neither always does. */
	for (int turn = 0; turn < 2; turn++) {
		double t;

		if (turn == (i & 1)) {
			t = now_s();
			memcpy(buf, buf + half, half);
			z->copy[i] = timed_gb((double)(2 * half), t);
			t = now_s();
			memset(buf, 0x5a + (i & 1), size);
			z->set[i] = timed_gb((double)size, t);
			continue;
		}
		/* glibc's again, then the kernels (a copy, then a write, as
		 * scripts/bench names them): each follows what its glibc
		 * twin follows, a memset or a copy */
		t = now_s();
		memcpy(buf, buf + half, half);
		z->copy2[i] = timed_gb((double)(2 * half), t);
		t = now_s();
		memset(buf, 0x5b - (i & 1), size);
		z->set2[i] = timed_gb((double)size, t);
		for (int k = 0; k < nk; k++) {
			uint64_t n = kern[k]->needs_src ? half : size;

			t = now_s();
			kern[k]->run(buf, buf + half, n, 1);
			z->k[k][i] = timed_gb((double)(n * (uint64_t)
						 kern[k]->bytes_per_byte), t);
		}
	}
}

/* z's buffer, filled and on transparent huge pages where the kernel
 * gives them; -1 on a bad size or no memory (said). */
static int at_size_alloc(struct at_size *z)
{
	const char *word = z->word;

	z->size = strtoull(word, 0, 0) & ~127ull;
	z->half = z->size / 2;
	z->whole = (z->size + SZ_2M - 1) & ~(SZ_2M - 1);
	if (z->size == 0) {
		fprintf(stderr, "bench-libc: bad size '%s'\n", word);
		return -1;
	}
	z->raw = mmap(0, z->whole + SZ_2M, PROT_READ | PROT_WRITE,
		      MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (z->raw == MAP_FAILED) {
		fprintf(stderr, "bench-libc: no memory for %s bytes\n", word);
		return -1;
	}
	z->buf = (uint8_t *)(((uintptr_t)z->raw + SZ_2M - 1) &
			     ~(uintptr_t)(SZ_2M - 1));
	madvise(z->buf, z->whole, MADV_HUGEPAGE);
	memset(z->buf, 1, z->whole);
	z->huge = all_huge(z->buf, z->whole);
	return 0;
}

int main(int argc, char **argv)
{
	static struct at_size at[MAX_SIZES];
	const struct bw_kernel *kern[MAX_KERNELS];
	const char *kword[MAX_KERNELS];
	int nk = 0, nsizes = 0, rounds = 1;
	cpu_set_t set;
	int cpu, samples;

	if (argc < 4 || (cpu = atoi(argv[1])) < 0 ||
	    (samples = atoi(argv[2])) < 1 || samples > MAX_SAMPLES) {
		fprintf(stderr, "usage: bench-libc CPU SAMPLES(1-%d) SIZE... "
			"[OP:ISA...] [rounds=N]\n", MAX_SAMPLES);
		return 2;
	}
	for (int a = 3; a < argc; a++) {
		if (!strncmp(argv[a], "rounds=", 7)) {
			rounds = atoi(argv[a] + 7);
			if (rounds < 1 || samples * rounds > MAX_SAMPLES) {
				fprintf(stderr, "bench-libc: '%s': rounds from "
					"1 to %d samples in all\n", argv[a],
					MAX_SAMPLES);
				return 2;
			}
			continue;
		}
		if (!strchr(argv[a], ':')) {
			if (nsizes == MAX_SIZES) {
				fprintf(stderr, "bench-libc: at most %d sizes\n",
					MAX_SIZES);
				return 2;
			}
			at[nsizes++].word = argv[a];
			continue;
		}
		if (nk == MAX_KERNELS || !(kern[nk] = kernel_of(argv[a])) ||
		    kern[nk]->isa > isa_usable_here()) {
			fprintf(stderr, "bench-libc: '%s': no such kernel on "
				"this cpu (OP:ISA, e.g. ntwrite:avx2; at most "
				"%d)\n", argv[a], MAX_KERNELS);
			return 2;
		}
		kword[nk++] = argv[a];
	}
	if (nsizes == 0) {
		fprintf(stderr, "bench-libc: no SIZE given\n");
		return 2;
	}
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof set, &set)) {
		fprintf(stderr, "bench-libc: cannot run on cpu %d\n", cpu);
		return 2;
	}
	for (int z = 0; z < nsizes; z++) {
		struct at_size *x = &at[z];

		if (at_size_alloc(x) < 0)
			return 2;
		memcpy(x->buf, x->buf + x->half, x->half); /* untimed: warms */
		memset(x->buf, 0x5a, x->size);
		for (int k = 0; k < nk; k++)	/* untimed, as glibc's */
			kern[k]->run(x->buf, x->buf + x->half,
				     kern[k]->needs_src ? x->half : x->size, 1);
	}
	/* the sizes take turns round by round, so every size's rounds
	 * spread over the run's whole time */
	for (int r = 0; r < rounds; r++)
		for (int z = 0; z < nsizes; z++)
			for (int i = 0; i < samples; i++)
				sample(&at[z], r * samples + i, kern, nk);
	printf("{\"cpu\": %d, \"rounds\": %d, \"points\": [\n  ", cpu,
	       rounds);
	for (int z = 0; z < nsizes; z++) {
		struct at_size *x = &at[z];
		int n = samples * rounds;
		uint64_t cb = 2 * x->half;

		/* the ratios first: print_point sorts its series */
		print_beside("memcpy:again", "memcpy", "memcpy", x->size, cb,
			     x->copy2, x->copy, samples, rounds, x->huge);
		print_beside("memset:again", "memset", "memset", x->size,
			     x->size, x->set2, x->set, samples, rounds, x->huge);
		for (int k = 0; k < nk; k++)
			print_beside(kword[k], kern[k]->name, kern[k]->needs_src
				     ? "memcpy" : "memset", x->size,
				     kern[k]->needs_src ? cb : x->size, x->k[k],
				     kern[k]->needs_src ? x->copy : x->set,
				     samples, rounds, x->huge);
		print_point("memcpy", x->size, cb, x->copy, n, x->huge, "");
		print_point("memset", x->size, x->size, x->set, n, x->huge, "");
		munmap(x->raw, x->whole + SZ_2M);
	}
	printf("\n]}\n");
	return 0;
}
