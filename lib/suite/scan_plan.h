/* The scan's range planner (tests=scan): from the memory map's spans and
 * the SRAT, every 1 GiB-aligned range of usable memory once, with its
 * node and the page size that can map it; what cannot be scanned (the
 * app's own memory, the firmware's, holes) named. A pure function: the
 * platform reads its memory map into spans (plat_memory_spans). */
#ifndef BAREMEM_SCAN_PLAN_H
#define BAREMEM_SCAN_PLAN_H

#include <stdint.h>

#include "hw/numa.h"
#include "results/scan_skip.h"

#define SCAN_GIB (1ull << 30)
/* A piece of usable memory smaller than this is named, not measured:
 * below it the chase's random subset cannot defeat the caches. */
#define SCAN_MIN_BYTES (2ull << 20)

/* What the platform's memory map says a span is. */
enum scan_kind {
	SCAN_FREE,		/* RAM nobody holds, write-back: scannable */
	SCAN_FREE_NOT_WB,	/* free RAM the map does not allow WB */
	SCAN_APP,		/* the app's own (loader code and data) */
	SCAN_FIRMWARE,		/* boot/runtime services, ACPI tables/NVS */
	SCAN_KIND_COUNT
};

struct scan_span {
	uint64_t base, bytes;
	enum scan_kind kind;
};

/* One range to measure: inside one GiB, one node, one usable run. */
struct scan_range {
	uint64_t base, bytes;
	uint64_t page_bytes;	/* the largest page mapping all of it */
	int node;		/* index into numa_topo.domain, -1: unknown */
};

struct scan_plan {
	int count, cap;
	struct scan_range *range;	/* [cap], ascending base */
	int skip_count, skip_cap;
	struct scan_skip *skip;		/* [skip_cap], ascending base */
	int dropped;			/* ranges or skips past the caps */
};

/* Plans the scan over spans[0..n) (any order; overlaps: the later span's
 * kind loses to a stricter one, see scan_plan.c). max_page is the
 * largest page the cpu has (1 GiB or 2 MiB). t may be 0 or hold no
 * nodes: every range's node is then -1. p's arrays and caps are the
 * caller's; fills count, skip_count and dropped. Returns p->count. */
int scan_plan_build(const struct scan_span *spans, int n, uint64_t max_page,
		    const struct numa_topo *t, struct scan_plan *p);

/* Names [base, base + bytes) not scanned for why, in p->skip in address
 * order (after the plan was built: a planned range not taken), merged
 * with a neighbour of the same why that it touches; counted in
 * p->dropped when p->skip is full. */
void scan_plan_skip_insert(struct scan_plan *p, uint64_t base, uint64_t bytes,
			   enum scan_skip_why why);

/* The chain the scan chases over a range of range_bytes
 * (chase_build_spread, lib/suite/perm.h): floor_bytes (the DRAM floor,
 * 4x the last-level cache) in 64-byte lines, at most one line per
 * 128-byte pair of the range. *whole is set to 1 when the range cannot
 * hold that many (under twice floor_bytes): the chain then takes a line
 * of every pair of the whole range, and the caches may answer part of
 * it; 0 otherwise. */
uint64_t scan_chase_lines(uint64_t range_bytes, uint64_t floor_bytes,
			  int *whole);

/* The untimed hops before the scan's samples over a chain of lines
 * (scan_chase_lines) for a DRAM floor of floor_bytes: a cache's worth,
 * the last-level cache in lines (floor_bytes / 4 / 64), at most the
 * chain. A cache holding the most recently used lines then holds only
 * lines the warm pass chased, none of which comes back before the
 * samples end (docs/method.md, Scan: cost per GiB). */
uint64_t scan_warm_hops(uint64_t lines, uint64_t floor_bytes);

/* The untimed hops before the samples over a chain written cold
 * (chase_build_spread_cold: no line of it in any cache): the TLB's
 * alone, 8 hops a page of page_bytes over range_bytes, up to 512 pages
 * (4,096 hops: the pages of a GiB on 2 MiB pages all seen but for a
 * fraction of one; on 4 KiB pages no warm pass makes the range's pages
 * fit the TLB), at most the chain. No cache needs warming: a first
 * visit is a load from memory, and the samples' hops are first visits
 * while the cycle has not come round (scan_may_be_cached). */
uint64_t scan_cold_warm_hops(uint64_t lines, uint64_t range_bytes,
			     uint64_t page_bytes);

/* The fastest a DRAM load is taken to be when sizing a chain written
 * cold: idle DRAM latency is 60 to 130 ns on current x86 parts, so a
 * 1 ms sample is at most 25,000 hops. */
#define SCAN_COLD_MIN_NS 40u

/* The chain over a range of range_bytes written cold
 * (chase_build_spread_cold): scan_chase_lines' chain, cut to the hops a
 * chase can take, samples_max samples of SCAN_SAMPLE_NS at
 * SCAN_COLD_MIN_NS a hop plus the most warm hops (4,096), so that every
 * hop of the chase is a first visit of its line, a load from memory,
 * whatever the last-level cache (the chain then needs no length of 4x
 * the cache, and its build does not grow with it). samples_max:
 * latency_chase_samples_max, retakes and calibration included. */
uint64_t scan_cold_lines(uint64_t range_bytes, uint64_t floor_bytes,
			 uint64_t samples_max);

/* Whether a range's latency may come from the caches: its chain of
 * lines is under 4x the last-level cache (floor_bytes / 64 lines) and
 * either it was not written cold (the lines written last may be
 * cached) or the chase went round the cycle (chased hops, warm pass and
 * calibration included, over its lines: the later hops met lines
 * chased before, which the caches may keep); or it was written cold and
 * read faster than SCAN_COLD_MIN_NS a hop (ns, < 0: not measured), as
 * no memory answers, so caches did. A chain written cold and chased
 * less than once round is loaded from memory at every hop, whatever its
 * length; one of 4x the cache or more is, past a cache's worth of hops,
 * at least three hops in four. */
int scan_may_be_cached(uint64_t lines, uint64_t floor_bytes, int cold,
		       uint64_t chased, double ns);

/* The whole passes of a range a sample of the scan's read: 1 for a
 * range of SCAN_READ_ONE_PASS_BYTES or more, whose pass by all its
 * readers lasts 1 ms or more up to 256 GB/s (a GiB: 4 to 10 ms at 100
 * to 250 GB/s), long enough to time alone; 0 under it: as many as fill
 * the profile's sample length, sized on one cpu. That sizing is not
 * done for a large range: it costs two passes of one cpu's slice, and
 * the slice (the range over its readers) may fit the cpu's caches on a
 * part with many cores and a large last-level cache, so the samples it
 * sized ran many passes of the whole range (docs/method.md, Scan: cost
 * per GiB). */
#define SCAN_READ_ONE_PASS_BYTES (256ull << 20)
uint64_t scan_read_passes(uint64_t range_bytes);

/* The length of one of the scan's chase samples: 1 ms, whatever the
 * profile (docs/method.md, Scan: cost per GiB). */
#define SCAN_SAMPLE_NS 1000000u

#endif
