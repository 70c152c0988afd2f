/* Measurement buffers from the firmware, placed where baremem's page
 * tables give them the page size asked for. */
#include "baremem_efi.h"
#include "hw/pagetable.h"
#include "platform.h"

/* Keep this much conventional memory for the firmware and for the
 * results we still have to write. */
#define HEADROOM_BYTES (64ull << 20)
#define PAGE_BYTES 4096ull

/* Every buffer handed out, so memory_release_all can free them all. */
#define MAX_BUFFERS 64
static struct {
	uint64_t base, pages;
} live[MAX_BUFFERS];

/* Walks [start, end) leaf by leaf and returns the first address at or
 * after start where a run of leaves >= page_bytes begins, with *run_end
 * the end of that run (clipped to end); end when there is none. */
static uint64_t next_run(uint64_t start, uint64_t end, uint64_t page_bytes,
			 uint64_t *run_end)
{
	uint64_t a = start, run = end;
	int in_run = 0;

	while (a < end) {
		uint64_t leaf = paging_leaf_bytes(a);
		uint64_t next = leaf ? (a & ~(leaf - 1)) + leaf : a + PAGE_BYTES;
		int ok = leaf >= page_bytes;

		if (ok && !in_run) {
			run = a;
			in_run = 1;
		} else if (!ok && in_run) {
			*run_end = a;
			return run;
		}
		a = next;
	}
	*run_end = end;
	return in_run ? run : end;
}

static uint64_t align_up(uint64_t v, uint64_t a)
{
	return (v + a - 1) & ~(a - 1);
}

/* Finds and takes a place for bytes where every leaf is >= page_bytes,
 * starting on a multiple of align, inside [lo, hi). */
static int place_aligned(uint64_t bytes, uint64_t page_bytes, uint64_t align,
			 uint64_t lo, uint64_t hi, uint64_t *base_out)
{
	struct memmap m;
	int found = -1;

	if (memmap_read(&m))
		return -1;
	for (UINTN i = 0; i < MEMMAP_COUNT(&m) && found; i++) {
		EFI_MEMORY_DESCRIPTOR *d = MEMMAP_AT(&m, i);
		uint64_t s = d->PhysicalStart;
		uint64_t e = s + d->NumberOfPages * PAGE_BYTES;

		if (d->Type != EfiConventionalMemory)
			continue;
		s = s < lo ? lo : s;
		e = e > hi ? hi : e;
		while (s < e && found) {
			uint64_t run_end, run = next_run(s, e, page_bytes, &run_end);
			uint64_t at = align_up(run, align);
			EFI_PHYSICAL_ADDRESS addr = at;

			if (run >= e)
				break;
			if (at + bytes <= run_end &&
			    BS->AllocatePages(AllocateAddress, EfiLoaderData,
					      bytes / PAGE_BYTES,
					      &addr) == EFI_SUCCESS) {
				*base_out = at;
				found = 0;
			}
			s = run_end > s ? run_end : s + PAGE_BYTES;
		}
	}
	memmap_free(&m);
	return found;
}

/* A buffer of a gigabyte or more starts on a gigabyte, so it spans as
 * few 1G pages (TLB entries) as it can; others start on 2M (or 4K). */
static int place(uint64_t bytes, uint64_t page_bytes, uint64_t lo,
		 uint64_t hi, uint64_t *base_out)
{
	if (bytes >= PT_1G && page_bytes >= PT_1G &&
	    place_aligned(bytes, page_bytes, PT_1G, lo, hi, base_out) == 0)
		return 0;
	return place_aligned(bytes, page_bytes,
			     bytes >= PT_2M ? PT_2M : PAGE_BYTES, lo, hi,
			     base_out);
}

static uint64_t smaller_page(uint64_t page_bytes)
{
	return page_bytes > PT_2M ? PT_2M : PT_4K;
}

int plat_buffer_alloc(uint64_t bytes, uint64_t page_bytes,
		      struct plat_buffer *out)
{
	return memory_alloc_in(bytes, page_bytes, 0, ~0ull, out);
}

int memory_alloc_in(uint64_t bytes, uint64_t page_bytes, uint64_t lo,
		    uint64_t hi, struct plat_buffer *out)
{
	uint64_t base = 0, want = page_bytes;
	int slot;

	for (slot = 0; slot < MAX_BUFFERS && live[slot].pages; slot++)
		;
	if (slot == MAX_BUFFERS || bytes == 0)
		return -1;
	bytes = align_up(bytes, PAGE_BYTES);
	for (;;) {
		if (place(bytes, want, lo, hi, &base) == 0)
			break;
		if (want == PT_4K)
			return -1;
		want = smaller_page(want);
	}
	/* A buffer asked for smaller pages than the tables give there gets
	 * them: its range is limited and the tables are rebuilt. */
	if (paging_leaf_bytes(base) > want &&
	    paging_limit(base, bytes, want) != 0) {
		BS->FreePages(base, bytes / PAGE_BYTES);
		return -1;
	}
	live[slot].base = base;
	live[slot].pages = bytes / PAGE_BYTES;
	*out = (struct plat_buffer){
		.base = (void *)(uintptr_t)base,
		.bytes = bytes,
		.page_bytes = want,
		.priv = { (uint64_t)slot, 0 },
	};
	return 0;
}

int memory_alloc_at(uint64_t base, uint64_t bytes, struct plat_buffer *out)
{
	EFI_PHYSICAL_ADDRESS addr = base;
	uint64_t smallest = PT_1G;
	int slot;

	for (slot = 0; slot < MAX_BUFFERS && live[slot].pages; slot++)
		;
	if (slot == MAX_BUFFERS || bytes == 0 || base % PAGE_BYTES ||
	    bytes % PAGE_BYTES ||
	    BS->AllocatePages(AllocateAddress, EfiLoaderData,
			      bytes / PAGE_BYTES, &addr) != EFI_SUCCESS)
		return -1;
	/* Not limited to smaller pages: the range is measured as the tables
	 * map it, and that is what page_bytes records. */
	for (uint64_t a = base; a < base + bytes;) {
		uint64_t leaf = paging_leaf_bytes(a);

		if (!leaf) {	/* not WB: never a measurement buffer */
			BS->FreePages(base, bytes / PAGE_BYTES);
			return -1;
		}
		smallest = leaf < smallest ? leaf : smallest;
		a = (a & ~(leaf - 1)) + leaf;
	}
	live[slot].base = base;
	live[slot].pages = bytes / PAGE_BYTES;
	*out = (struct plat_buffer){
		.base = (void *)(uintptr_t)base,
		.bytes = bytes,
		.page_bytes = smallest,
		.priv = { (uint64_t)slot, 0 },
	};
	return 0;
}

void plat_buffer_free(struct plat_buffer *buf)
{
	int slot = (int)buf->priv[0];

	if (memory_held() || !buf->base || slot < 0 || slot >= MAX_BUFFERS ||
	    live[slot].base != (uint64_t)(uintptr_t)buf->base)
		return;
	paging_unlimit(live[slot].base);
	BS->FreePages(live[slot].base, live[slot].pages);
	live[slot].base = live[slot].pages = 0;
	buf->base = 0;
}

void memory_release_all(void)
{
	for (int i = 0; i < MAX_BUFFERS && !memory_held(); i++) {
		if (!live[i].pages)
			continue;
		paging_unlimit(live[i].base);
		BS->FreePages(live[i].base, live[i].pages);
		live[i].base = live[i].pages = 0;
	}
}

uint64_t plat_buffer_max_bytes(uint64_t page_bytes)
{
	struct memmap m;
	uint64_t best = 0, total = 0;

	if (memmap_read(&m))
		return 0;
	for (;;) {
		for (UINTN i = 0; i < MEMMAP_COUNT(&m); i++) {
			EFI_MEMORY_DESCRIPTOR *d = MEMMAP_AT(&m, i);
			uint64_t s = d->PhysicalStart;
			uint64_t e = s + d->NumberOfPages * PAGE_BYTES;

			if (d->Type != EfiConventionalMemory)
				continue;
			total += e - s;
			while (s < e) {
				uint64_t run_end;
				uint64_t run = next_run(s, e, page_bytes, &run_end);
				uint64_t at = align_up(run, 2ull << 20);
				if (run >= e)
					break;
				if (run_end > at && run_end - at > best)
					best = run_end - at;
				s = run_end > s ? run_end : s + PAGE_BYTES;
			}
		}
		/* Nothing at this page size: plat_buffer_alloc falls back to
		 * smaller pages, so report what it could get there. */
		if (best >= (2ull << 20) || page_bytes == PT_4K)
			break;
		page_bytes = smaller_page(page_bytes);
		total = 0;
	}
	memmap_free(&m);
	if (total < HEADROOM_BYTES)
		return 0;
	if (best > total - HEADROOM_BYTES)
		best = total - HEADROOM_BYTES;
	return best & ~(PAGE_BYTES - 1);
}
