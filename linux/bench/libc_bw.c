/* make bench's yardstick: glibc's memcpy and memset on this host, laid
 * out as baremem-linux lays out its bandwidth buffers, so scripts/bench
 * can put baremem's DRAM copy and write beside them as a ratio.
 *
 * usage: bench-libc CPU SAMPLES SIZE...
 *   for each SIZE (bytes, as a bandwidth point's size_bytes): memcpy of
 *   SIZE/2 bytes from the buffer's second half to its first (a copy
 *   point's dst then src: the same offsets in their pages), and memset of
 *   SIZE bytes; SAMPLES timed calls each after one untimed, the two
 *   functions alternating, pinned to CPU. The buffers are 2 MiB-aligned
 *   and asked for transparent huge pages (bench runs page=2M).
 * Prints one JSON object: {"cpu": N, "points": [{"op": "memcpy",
 * "size_bytes": S, "bytes": B, "gb_per_s_min": ..., "gb_per_s_median":
 * ..., "gb_per_s_max": ..., "huge_pages": true|false}, ...]}, bytes
 * counted as baremem counts them (a copy: read + written). Exit 0, or 2
 * with a message on bad usage or no memory. */
#define _GNU_SOURCE
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#define SZ_2M (2ull << 20)
#define MAX_SAMPLES 1000

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

static void print_point(const char *op, uint64_t size, uint64_t bytes,
			double *gb, int n, int huge, int first)
{
	qsort(gb, (size_t)n, sizeof *gb, by_value);
	printf("%s{\"op\": \"%s\", \"size_bytes\": %llu, \"bytes\": %llu, "
	       "\"gb_per_s_min\": %.2f, \"gb_per_s_median\": %.2f, "
	       "\"gb_per_s_max\": %.2f, \"huge_pages\": %s}",
	       first ? "" : ",\n  ", op, (unsigned long long)size,
	       (unsigned long long)bytes, gb[0], gb[n / 2], gb[n - 1],
	       huge ? "true" : "false");
}

int main(int argc, char **argv)
{
	static double copy_gb[MAX_SAMPLES], set_gb[MAX_SAMPLES];
	cpu_set_t set;
	int cpu, samples;

	if (argc < 4 || (cpu = atoi(argv[1])) < 0 ||
	    (samples = atoi(argv[2])) < 1 || samples > MAX_SAMPLES) {
		fprintf(stderr, "usage: bench-libc CPU SAMPLES(1-%d) SIZE...\n",
			MAX_SAMPLES);
		return 2;
	}
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof set, &set)) {
		fprintf(stderr, "bench-libc: cannot run on cpu %d\n", cpu);
		return 2;
	}
	printf("{\"cpu\": %d, \"points\": [\n  ", cpu);
	for (int a = 3; a < argc; a++) {
		uint64_t size = strtoull(argv[a], 0, 0) & ~127ull;
		uint64_t half = size / 2, whole = (size + SZ_2M - 1) & ~(SZ_2M - 1);
		uint8_t *raw, *buf;
		int huge;

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
		for (int i = 0; i < samples; i++) {
			double t = now_s();
			memcpy(buf, buf + half, half);
			copy_gb[i] = (double)(2 * half) / (now_s() - t) / 1e9;
			t = now_s();
			memset(buf, 0x5a + (i & 1), size);
			set_gb[i] = (double)size / (now_s() - t) / 1e9;
		}
		print_point("memcpy", size, 2 * half, copy_gb, samples, huge,
			    a == 3);
		print_point("memset", size, size, set_gb, samples, huge, 0);
		munmap(raw, whole + SZ_2M);
	}
	printf("\n]}\n");
	return 0;
}
