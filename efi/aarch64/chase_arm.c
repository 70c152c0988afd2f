/* The pointer chase (kernels/aarch64/chase.c) on the boot cpu and then
 * on each other cpu by PSCI, over a buffer inside a gigabyte baremem's
 * tables map with one 1 GiB block, so no chase pays a walk below the
 * block; timed by the generic timer inside the window. */
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
/* A cpu gets this long for its point (far more than a 64 MiB chase
 * takes even under emulation). */
#define CPU_TIMEOUT_S 60

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

/* One point's work on whichever cpu runs it: a warm pass, hops doubled
 * until a sample lasts long enough for the counter's tick, then the
 * samples, each in its own window. No boot services: it runs on the
 * other cpus too. */
struct job {
	void *start;
	uint64_t lines;
	uint64_t min_ticks;
	uint64_t hops;
	uint64_t ticks[SAMPLES];
};

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
	/* The next sample goes on from here: restarted at the same line, a
	 * sample shorter than the cycle would chase the same few lines each
	 * time, out of the caches, whatever the buffer's size. */
	s->start = s->end;
}

static void measure(void *arg)
{
	struct job *j = arg;
	struct sample s = { .start = j->start, .hops = j->lines };

	arm_window_run(timed_chase, &s);
	s.hops = CHASE_UNROLL * 256;
	for (;;) {
		arm_window_run(timed_chase, &s);
		if (s.ticks >= j->min_ticks || s.hops >= 1ull << 40)
			break;
		s.hops *= 2;
	}
	for (int i = 0; i < SAMPLES; i++) {
		arm_window_run(timed_chase, &s);
		j->ticks[i] = s.ticks;
	}
	j->hops = s.hops;
}

static int loose_cpu = -1;

int arm_loose_cpu(void)
{
	return loose_cpu;
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

static void keep_point(struct run_results *res, int cpu, uint64_t bytes,
		       struct job *j, uint64_t timer_hz)
{
	double ns_per_tick = 1e9 / (double)timer_hz;
	struct stats_u64 t = stats_summarize_u64(j->ticks, SAMPLES);
	struct lat_point *p;
	char a[16];

	if (res->lat_count >= res->lat_cap)
		return;
	p = &res->lat[res->lat_count++];
	*p = (struct lat_point){
		.cpu = cpu,
		.size_bytes = bytes,
		.page_bytes = GiB,
		.hops = j->hops,
		.repeats = SAMPLES,
		.ns_min = (double)t.min * ns_per_tick / (double)j->hops,
		.ns_median = (double)t.median * ns_per_tick / (double)j->hops,
		.ns_max = (double)t.max * ns_per_tick / (double)j->hops,
		/* ticks of the run's clock, the generic timer here */
		.tsc_cycles_median = (double)t.median / (double)j->hops,
		.core_cycles_median = -1,
		.smi = -1,
		.level = level_of(res, bytes),
		.buffer_node = -1,
	};
	out("  cpu %d %6s %-4s %8.2f ns/hop (min %.2f, max %.2f, %llu hops)\n",
	    cpu, fmt_size(a, sizeof a, bytes), p->level, p->ns_median,
	    p->ns_min, p->ns_max, (unsigned long long)p->hops);
}

/* The other cpus of the MADT by PSCI, each running the job over the
 * same chain; a cpu lost is named, and nothing it may touch is freed. */
static int other_cpus(struct run_results *res, const struct arm_machine *m,
		      uint64_t bytes, struct job *j, int *lost)
{
	char why[160];
	int count = 0;

	for (int k = 0; k < res->cpu_count; k++) {
		int i = res->cpus[k].platform_cpu, cpu = k, r;
		const struct madt_gicc_cpu *c = &m->madt->cpu[i];

		if (k == res->bsp_cpu || lost[i])
			continue;
		count++;
		r = arm_cpu_run(c->mpidr, measure, j, CPU_TIMEOUT_S * m->timer_hz,
				why, sizeof why);
		if (r == 0) {
			keep_point(res, cpu, bytes, j, m->timer_hz);
			continue;
		}
		msgs_add(&res->errors, "cpu %d (MPIDR 0x%llx): %s", cpu,
			 (unsigned long long)c->mpidr, why);
		if (r == -2) {
			lost[i] = 1;
			if (loose_cpu < 0)
				loose_cpu = cpu;
		}
	}
	return count;
}

void arm_chase(struct run_results *res, const struct arm_machine *m)
{
	uint64_t buf = buffer_in_block(BUFFER_BYTES);
	int *lost = m->madt ? plat_alloc(sizeof(int) *
					  (size_t)m->madt->count) : 0;
	int psci = m->madt && lost && res->cpu_count > 1 &&
		   arm_psci_init(m) >= 0, any_lost = 0;
	char a[16];

	if (!buf) {
		msgs_add(&res->errors, "latency not measured: no %s of free "
			 "memory inside a gigabyte of RAM mapped by one 1 GiB "
			 "block", fmt_size(a, sizeof a, BUFFER_BYTES));
		plat_free(lost);
		return;
	}
	if (res->cpu_count > 1 && !psci)
		msgs_add(&res->warnings, "the other cpus are not measured: no "
			 "PSCI to start them");
	res->page_bytes = GiB;
	out("latency: buffer at 0x%llx in a 1 GiB block, cpu %d the boot cpu"
	    "%s\n", (unsigned long long)buf, res->bsp_cpu,
	    psci ? ", the others started by PSCI CPU_ON" : "");
	for (unsigned i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		struct job j = { .lines = sizes[i] / 128,
				 .min_ticks = (uint64_t)(SAMPLE_MIN_S *
							 (double)m->timer_hz) };

		j.start = chase_build_spread((void *)(uintptr_t)buf, sizes[i],
					     j.lines, SEED, 0);
		if (!j.start)
			continue;
		measure(&j);
		keep_point(res, res->bsp_cpu, sizes[i], &j, m->timer_hz);
		if (psci)
			other_cpus(res, m, sizes[i], &j, lost);
	}
	for (int i = 0; lost && i < m->madt->count; i++)
		any_lost |= lost[i];
	/* A lost cpu may still chase it. */
	if (!any_lost) {
		BS->FreePages(buf, BUFFER_BYTES / 4096);
		plat_free(lost);
	}
}
