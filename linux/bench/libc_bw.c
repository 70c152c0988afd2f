/* make bench's yardstick: glibc's memcpy and memset on this host, laid
 * out as baremem-linux lays out its bandwidth buffers, so scripts/bench
 * can put baremem's DRAM copy and write beside them as a ratio.
 *
 * usage: bench-libc CPU SAMPLES SIZE... [OP:ISA...]
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
 *   a copy or ntcopy as memcpy, the same halves), so a kernel and glibc meet the
 *   host in the same state: the host's drift between runs (this
 *   project's VM moves its DRAM figures by 15 % and more) falls out of
 *   the ratio of each pair of neighbouring samples.
 * Prints one JSON object: {"cpu": N, "points": [{"op": "memcpy",
 * "size_bytes": S, "bytes": B, "gb_per_s_min": ..., "gb_per_s_median":
 * ..., "gb_per_s_max": ..., "huge_pages": true|false}, ...]}, bytes
 * counted as baremem counts them (a copy: read + written); a kernel's
 * point has "op": "OP:ISA", its "kernel" name, "against" (memcpy or
 * memset) and "ratio_median", "ratio_min": the kernel's GB/s over
 * glibc's in the same sample, their median and least. Exit 0, or 2
 * with a message on bad usage, a kernel this cpu lacks or no memory. */
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
#define MAX_SAMPLES 1000
#define MAX_KERNELS 8

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
			double *gb, int n, int huge, int first,
			const char *more)
{
	qsort(gb, (size_t)n, sizeof *gb, by_value);
	printf("%s{\"op\": \"%s\", \"size_bytes\": %llu, \"bytes\": %llu, "
	       "\"gb_per_s_min\": %.2f, \"gb_per_s_median\": %.2f, "
	       "\"gb_per_s_max\": %.2f, \"huge_pages\": %s%s}",
	       first ? "" : ",\n  ", op, (unsigned long long)size,
	       (unsigned long long)bytes, gb[0], gb[n / 2], gb[n - 1],
	       huge ? "true" : "false", more);
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

static int is_copy(const struct bw_kernel *k)
{
	return k->needs_src;
}

/* A kernel's point: its GB/s as glibc's are, and the ratio of each of
 * its samples to glibc's in the same sample (both sorted after). */
static void print_kernel(const char *word, const struct bw_kernel *k,
			 uint64_t size, uint64_t bytes, double *gb,
			 const double *glibc, int n, int huge)
{
	static double r[MAX_SAMPLES];
	char more[160];

	for (int i = 0; i < n; i++)
		r[i] = gb[i] / glibc[i];
	qsort(r, (size_t)n, sizeof *r, by_value);
	snprintf(more, sizeof more, ", \"kernel\": \"%s\", \"against\": "
		 "\"%s\", \"ratio_median\": %.3f, \"ratio_min\": %.3f",
		 k->name, is_copy(k) ? "memcpy" : "memset", r[n / 2], r[0]);
	print_point(word, size, bytes, gb, n, huge, 0, more);
}

int main(int argc, char **argv)
{
	static double copy_gb[MAX_SAMPLES], set_gb[MAX_SAMPLES];
	static double k_gb[MAX_KERNELS][MAX_SAMPLES];
	static double copy_at[MAX_SAMPLES], set_at[MAX_SAMPLES];
	const struct bw_kernel *kern[MAX_KERNELS];
	const char *kword[MAX_KERNELS];
	int nk = 0, nsizes = 0;
	cpu_set_t set;
	int cpu, samples;

	if (argc < 4 || (cpu = atoi(argv[1])) < 0 ||
	    (samples = atoi(argv[2])) < 1 || samples > MAX_SAMPLES) {
		fprintf(stderr, "usage: bench-libc CPU SAMPLES(1-%d) SIZE... "
			"[OP:ISA...]\n", MAX_SAMPLES);
		return 2;
	}
	for (int a = 3; a < argc; a++) {
		if (!strchr(argv[a], ':')) {
			nsizes++;
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
	printf("{\"cpu\": %d, \"points\": [\n  ", cpu);
	for (int a = 3, first = 1; a < argc; a++) {
		uint64_t size;
		uint64_t half, whole;
		uint8_t *raw, *buf;
		int huge;

		if (strchr(argv[a], ':'))
			continue;
		size = strtoull(argv[a], 0, 0) & ~127ull;
		half = size / 2;
		whole = (size + SZ_2M - 1) & ~(SZ_2M - 1);
		if (size == 0) {
			fprintf(stderr, "bench-libc: bad size '%s'\n", argv[a]);
			return 2;
		}
		raw = mmap(0, whole + SZ_2M, PROT_READ | PROT_WRITE,
			   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (raw == MAP_FAILED) {
			fprintf(stderr, "bench-libc: no memory for %s bytes\n",
				argv[a]);
			return 2;
		}
		buf = (uint8_t *)(((uintptr_t)raw + SZ_2M - 1) &
				  ~(uintptr_t)(SZ_2M - 1));
		madvise(buf, whole, MADV_HUGEPAGE);
		memset(buf, 1, whole);
		huge = all_huge(buf, whole);
		memcpy(buf, buf + half, half);	/* untimed: warms both */
		memset(buf, 0x5a, size);
		for (int k = 0; k < nk; k++)	/* untimed, as glibc's */
			kern[k]->run(buf, buf + half,
				     is_copy(kern[k]) ? half : size, 1);
		/* glibc first in even samples, the kernels first in odd
		 * ones: whichever runs second meets the first's lines left
		 * in the caches, so neither always does. */
		for (int i = 0; i < samples; i++)
			for (int turn = 0; turn < 2; turn++) {
				double t;

				if (turn == (i & 1)) {
					t = now_s();
					memcpy(buf, buf + half, half);
					copy_gb[i] = copy_at[i] = (double)(2 * half) /
						(now_s() - t) / 1e9;
					t = now_s();
					memset(buf, 0x5a + (i & 1), size);
					set_gb[i] = set_at[i] = (double)size /
						(now_s() - t) / 1e9;
					continue;
				}
				for (int k = 0; k < nk; k++) {
					uint64_t n = is_copy(kern[k]) ? half
								      : size;

					t = now_s();
					kern[k]->run(buf, buf + half, n, 1);
					k_gb[k][i] = (double)(n * (uint64_t)
						kern[k]->bytes_per_byte) /
						(now_s() - t) / 1e9;
				}
			}
		print_point("memcpy", size, 2 * half, copy_gb, samples, huge,
			    first, "");
		print_point("memset", size, size, set_gb, samples, huge, 0, "");
		for (int k = 0; k < nk; k++)
			print_kernel(kword[k], kern[k], size,
				     is_copy(kern[k]) ? 2 * half : size,
				     k_gb[k], is_copy(kern[k]) ? copy_at
							       : set_at,
				     samples, huge);
		first = 0;
		munmap(raw, whole + SZ_2M);
	}
	printf("\n]}\n");
	return 0;
}
