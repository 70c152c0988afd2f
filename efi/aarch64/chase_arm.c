/* The pointer chase on the boot cpu (kernels/aarch64/chase.c), over a
 * buffer inside a gigabyte baremem's tables map with one 1 GiB block, so
 * no chase pays a walk below the block; timed by the generic timer
 * inside the window. */
#include "arm_efi.h"
#include "sysreg.h"
#include "chase.h"
#include "suite/perm.h"
#include "util/fmt.h"
#include "util/out.h"
#include "util/stats.h"

#define GiB (1ull << 30)
#define BUFFER_BYTES (64ull << 20)
#define SAMPLES 5
#define SEED 0x6261726d656d3031ull
/* A sample lasts at least 1 ms: 62,500 ticks of a 62.5 MHz counter,
 * its tick under 0.002 % of it. */
#define SAMPLE_MIN_S 1e-3

static const uint64_t sizes[] = { 16 << 10, 256 << 10, 4 << 20,
				  BUFFER_BYTES };

/* A free, 2 MiB-aligned span of bytes inside a gigabyte the tables map
 * with one block; taken from the firmware with AllocateAddress. */
static uint64_t buffer_in_block(uint64_t bytes)
{
	struct memmap m;
	uint64_t found = 0;

	if (memmap_read(&m) != 0)
		return 0;
	for (UINTN i = 0; !found && i < m.bytes / m.desc_bytes; i++) {
		const EFI_MEMORY_DESCRIPTOR *d = MEMMAP_AT(&m, i);
		uint64_t s = d->PhysicalStart, e = s + d->NumberOfPages * 4096;

		if (d->Type != EfiConventionalMemory)
			continue;
		for (uint64_t at = (s + (2ull << 20) - 1) & ~((2ull << 20) - 1);
		     at + bytes <= e; at += 2ull << 20) {
			EFI_PHYSICAL_ADDRESS a = at;

			if ((at & ~(GiB - 1)) != ((at + bytes - 1) & ~(GiB - 1)) ||
			    arm_paging_leaf(at) != GiB)
				continue;
			if (BS->AllocatePages(AllocateAddress, EfiLoaderData,
					      bytes / 4096, &a) == EFI_SUCCESS) {
				found = at;
				break;
			}
		}
	}
	memmap_free(&m);
	return found;
}

struct sample {
	void *start;
	uint64_t hops;
	uint64_t ticks;
	void *end;
};

static void timed_chase(void *arg)
{
	struct sample *s = arg;
	uint64_t t0 = arm_count();

	s->end = chase_run(s->start, s->hops);
	s->ticks = arm_count() - t0;
}

static const char *level_of(const struct run_results *res, uint64_t bytes)
{
	static const char *const names[] = { "L1", "L2", "L3", "L4" };

	for (int i = 0; i < res->cpu.cache_count; i++) {
		const struct cpu_cache *c = &res->cpu.caches[i];

		if (c->type[0] != 'i' && c->level >= 1 && c->level <= 4 &&
		    bytes <= c->size_bytes)
			return names[c->level - 1];
	}
	return "DRAM";
}

static void one_point(struct run_results *res, void *buf, uint64_t bytes,
		      uint64_t timer_hz)
{
	struct sample s = { 0 };
	uint64_t ticks[SAMPLES];
	struct stats_u64 t;
	double ns_per_tick = 1e9 / (double)timer_hz;
	struct lat_point *p;
	uint64_t lines = bytes / 128;

	s.start = chase_build_spread(buf, bytes, lines, SEED, 0);
	if (!s.start || res->lat_count >= res->lat_cap)
		return;
	/* Warm pass, then hops doubled until a sample lasts long enough
	 * for the counter's tick. */
	s.hops = lines;
	arm_window_run(timed_chase, &s);
	s.hops = CHASE_UNROLL * 256;
	for (;;) {
		arm_window_run(timed_chase, &s);
		if ((double)s.ticks >= SAMPLE_MIN_S * (double)timer_hz ||
		    s.hops >= 1ull << 40)
			break;
		s.hops *= 2;
	}
	for (int i = 0; i < SAMPLES; i++) {
		arm_window_run(timed_chase, &s);
		ticks[i] = s.ticks;
	}
	t = stats_summarize_u64(ticks, SAMPLES);
	p = &res->lat[res->lat_count++];
	*p = (struct lat_point){
		.cpu = 0,
		.size_bytes = bytes,
		.page_bytes = GiB,
		.hops = s.hops,
		.repeats = SAMPLES,
		.ns_min = (double)t.min * ns_per_tick / (double)s.hops,
		.ns_median = (double)t.median * ns_per_tick / (double)s.hops,
		.ns_max = (double)t.max * ns_per_tick / (double)s.hops,
		/* ticks of the run's clock, the generic timer here */
		.tsc_cycles_median = (double)t.median / (double)s.hops,
		.core_cycles_median = -1,
		.smi = -1,
		.level = level_of(res, bytes),
		.buffer_node = -1,
	};
}

void arm_chase_boot_cpu(struct run_results *res, uint64_t timer_hz)
{
	uint64_t buf = buffer_in_block(BUFFER_BYTES);
	char a[16];

	if (!buf) {
		msgs_add(&res->errors, "latency not measured: no %s of free "
			 "memory inside a gigabyte of RAM mapped by one 1 GiB "
			 "block", fmt_size(a, sizeof a, BUFFER_BYTES));
		return;
	}
	res->page_bytes = GiB;
	out("latency: boot cpu, buffer at 0x%llx in a 1 GiB block\n",
	    (unsigned long long)buf);
	for (unsigned i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		const struct lat_point *p;

		one_point(res, (void *)(uintptr_t)buf, sizes[i], timer_hz);
		if (!res->lat_count ||
		    res->lat[res->lat_count - 1].size_bytes != sizes[i])
			continue;
		p = &res->lat[res->lat_count - 1];
		out("  %6s %-4s %8.2f ns/hop (min %.2f, max %.2f, %llu hops)\n",
		    fmt_size(a, sizeof a, sizes[i]), p->level, p->ns_median,
		    p->ns_min, p->ns_max, (unsigned long long)p->hops);
	}
	BS->FreePages(buf, BUFFER_BYTES / 4096);
}
