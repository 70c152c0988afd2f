/* tests=scan under Linux: the memory the process can pin, a piece (at
 * most 1 GiB) at a time, every piece held until the scan gives it back,
 * so the scan's kernels can be timed on a host. What it takes, in
 * order: every free page of the 1 GiB hugetlbfs pool (one piece each),
 * every free page of the 2 MiB pool (512 to a piece), as far as the
 * `page` key allows (2M: that pool only; 4K: neither); only where they
 * give no free page, locked 4 KiB pages up to a quarter of MemAvailable,
 * at most PIN_LOCK_MAX_BYTES (and RLIMIT_MEMLOCK without CAP_IPC_LOCK),
 * so a default run never takes most of the memory. Each piece's
 * physical address comes from /proc/self/pagemap (frame numbers need
 * CAP_SYS_ADMIN: otherwise unknown). */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

#include "platform.h"

#ifndef MAP_HUGE_SHIFT
#define MAP_HUGE_SHIFT 26
#endif
#define PIN_1G (1ull << 30)
#define PIN_2M (2ull << 20)
#define PIN_LOCK_MAX_BYTES (16ull << 30)
#define PAGEMAP_PFN_MASK ((1ull << 55) - 1)	/* Documentation/admin-guide/mm/pagemap.rst */
#define PAGEMAP_PRESENT (1ull << 63)

enum pin_phase { PIN_START, PIN_HUGE_1G, PIN_HUGE_2M, PIN_LOCKED, PIN_DONE };

static struct {
	enum pin_phase phase;
	uint64_t left_1g, left_2m;	/* pool pages still to take */
	uint64_t lock_left;		/* bytes still to lock */
	uint64_t got_1g, got_2m, got_locked;	/* bytes pinned */
	const char *lock_bound;		/* what bounded lock_left */
	const char *stopped;		/* why pinning ended early, or 0 */
	int phys_unknown;
} pin;

static uint64_t read_u64(const char *path)
{
	FILE *f = fopen(path, "r");
	unsigned long long v = 0;

	if (!f)
		return 0;
	if (fscanf(f, "%llu", &v) != 1)
		v = 0;
	fclose(f);
	return v;
}

static uint64_t mem_available_bytes(void)
{
	FILE *f = fopen("/proc/meminfo", "r");
	char line[256];
	unsigned long long kb = 0;

	if (!f)
		return 0;
	while (fgets(line, sizeof line, f))
		if (sscanf(line, "MemAvailable: %llu kB", &kb) == 1)
			break;
	fclose(f);
	return (uint64_t)kb * 1024;
}

/* What to take, decided once: the pools' free pages at the start (the
 * ones page allows), else the locked bound. */
static void pin_start(uint64_t largest_page)
{
	struct rlimit rl;
	uint64_t avail = mem_available_bytes() / 4;

	if (largest_page >= PIN_1G)
		pin.left_1g = read_u64("/sys/kernel/mm/hugepages/"
				       "hugepages-1048576kB/free_hugepages");
	if (largest_page >= PIN_2M)
		pin.left_2m = read_u64("/sys/kernel/mm/hugepages/"
				       "hugepages-2048kB/free_hugepages");
	pin.lock_left = 0;
	if (pin.left_1g == 0 && pin.left_2m == 0) {
		pin.lock_left = avail;
		pin.lock_bound = "a quarter of MemAvailable";
		if (pin.lock_left > PIN_LOCK_MAX_BYTES) {
			pin.lock_left = PIN_LOCK_MAX_BYTES;
			pin.lock_bound = "the cap of 16 GiB";
		}
		if (getrlimit(RLIMIT_MEMLOCK, &rl) == 0 &&
		    rl.rlim_cur != RLIM_INFINITY && geteuid() != 0 &&
		    rl.rlim_cur < pin.lock_left) {
			pin.lock_left = rl.rlim_cur;
			pin.lock_bound = "RLIMIT_MEMLOCK";
		}
		pin.lock_left &= ~(PIN_2M - 1);
	}
	pin.phase = PIN_HUGE_1G;
}

/* The pagemap entry of the 4 KiB page at address a, read through a
 * window of entries (a piece of 4 KiB pages has 262,144 of them). */
static uint64_t pagemap_entry(int fd, uintptr_t a, uint64_t *win,
			      uintptr_t *win_first, size_t *win_n)
{
	uintptr_t page = a / 4096;
	ssize_t got;

	if (page < *win_first || page >= *win_first + *win_n) {
		got = pread(fd, win, 1024 * sizeof *win, (off_t)(page * 8));
		*win_first = page;
		*win_n = got > 0 ? (size_t)got / sizeof *win : 0;
		if (*win_n == 0)
			return 0;
	}
	return win[page - *win_first];
}

/* The physical address of the first byte of [p, p + bytes) and whether
 * the whole piece is contiguous there, from /proc/self/pagemap (one
 * entry per 4 KiB page), a page of step bytes at a time. */
static void phys_of(void *p, uint64_t bytes, uint64_t step,
		    struct plat_pin *info)
{
	static uint64_t win[1024];
	int fd = open("/proc/self/pagemap", O_RDONLY);
	uintptr_t win_first = 0;
	size_t win_n = 0;
	uint64_t first = 0;

	info->phys = ~0ull;
	info->phys_contiguous = 0;
	for (uint64_t off = 0; fd >= 0 && off < bytes; off += step) {
		uint64_t e = pagemap_entry(fd, (uintptr_t)p + off, win,
					   &win_first, &win_n);
		uint64_t pfn = e & PAGEMAP_PFN_MASK;

		if (!(e & PAGEMAP_PRESENT) || !pfn) {
			info->phys = ~0ull;
			info->phys_contiguous = 0;
			break;
		}
		if (off == 0) {
			first = pfn;
			info->phys = pfn * 4096;
			info->phys_contiguous = 1;
		} else if (pfn != first + off / 4096) {
			info->phys_contiguous = 0;
		}
	}
	if (fd >= 0)
		close(fd);
	pin.phys_unknown |= info->phys == ~0ull;
}

static void *map_pinned(uint64_t bytes, int flags)
{
	void *p = mmap(0, bytes, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE | flags, -1,
		       0);

	return p == MAP_FAILED ? 0 : p;
}

/* Takes the next piece of the current phase into out; 0, or -1 when the
 * phase has nothing more (pin.phase moves on). */
static int take(struct plat_buffer *out, uint64_t *page_bytes)
{
	uint64_t bytes;
	void *p;

	switch (pin.phase) {
	case PIN_HUGE_1G:
		if (!pin.left_1g)
			break;
		p = map_pinned(PIN_1G, MAP_HUGETLB | (30 << MAP_HUGE_SHIFT));
		if (!p) {
			pin.stopped = "a 1 GiB hugetlbfs page was refused";
			break;
		}
		pin.left_1g--;
		pin.got_1g += PIN_1G;
		*page_bytes = PIN_1G;
		bytes = PIN_1G;
		goto got;
	case PIN_HUGE_2M:
		if (!pin.left_2m)
			break;
		bytes = (pin.left_2m < 512 ? pin.left_2m : 512) * PIN_2M;
		p = map_pinned(bytes, MAP_HUGETLB | (21 << MAP_HUGE_SHIFT));
		if (!p) {
			pin.stopped = "2 MiB hugetlbfs pages were refused";
			break;
		}
		pin.left_2m -= bytes / PIN_2M;
		pin.got_2m += bytes;
		*page_bytes = PIN_2M;
		goto got;
	case PIN_LOCKED:
		if (pin.lock_left < PIN_2M)
			break;
		bytes = pin.lock_left < PIN_1G ? pin.lock_left : PIN_1G;
		p = mmap(0, bytes, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (p == MAP_FAILED) {
			pin.stopped = "mmap refused more memory";
			break;
		}
		/* 4 KiB pages: what is measured is what is reported (a
		 * transparent huge page may come or go; reserve hugetlbfs
		 * pages for the large ones) */
		madvise(p, bytes, MADV_NOHUGEPAGE);
		if (mlock(p, bytes) != 0) {
			munmap(p, bytes);
			pin.stopped = "mlock refused more memory";
			break;
		}
		pin.lock_left -= bytes;
		pin.got_locked += bytes;
		*page_bytes = 4096;
		goto got;
	default:
		return -1;
	}
	pin.phase++;
	return -1;
got:
	*out = (struct plat_buffer){ .base = p, .bytes = bytes,
				     .priv = { (uint64_t)(uintptr_t)p, bytes } };
	return 0;
}

static void write_note(char *note, size_t len)
{
	char gib[3][32];
	uint64_t got[3] = { pin.got_1g, pin.got_2m, pin.got_locked };

	for (int i = 0; i < 3; i++)
		snprintf(gib[i], sizeof gib[i], "%.2f GiB",
			 (double)got[i] / PIN_1G);
	if (got[2] || (!got[0] && !got[1]))
		snprintf(note, len, "%s of locked 4 KiB pages (no free "
			 "hugetlbfs page; bound: %s)%s%s%s", gib[2],
			 pin.lock_bound ? pin.lock_bound : "none",
			 pin.stopped ? "; " : "",
			 pin.stopped ? pin.stopped : "",
			 pin.phys_unknown ? "; physical addresses unknown "
					    "(pagemap needs root)" : "");
	else
		snprintf(note, len, "%s on 1 GiB and %s on 2 MiB hugetlbfs "
			 "pages (every free page of the pools)%s%s%s", gib[0],
			 gib[1], pin.stopped ? "; " : "",
			 pin.stopped ? pin.stopped : "",
			 pin.phys_unknown ? "; physical addresses unknown "
					    "(pagemap needs root)" : "");
}

int plat_scan_pin(uint64_t largest_page, struct plat_buffer *out,
		  struct plat_pin *info, char *note, size_t note_len)
{
	uint64_t page_bytes = 4096;

	if (pin.phase == PIN_START)
		pin_start(largest_page);
	while (pin.phase != PIN_DONE) {
		if (take(out, &page_bytes) != 0)
			continue;
		out->page_bytes = page_bytes;
		phys_of(out->base, out->bytes, page_bytes, info);
		return 0;
	}
	write_note(note, note_len);
	return -1;
}
