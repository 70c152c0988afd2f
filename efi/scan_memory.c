/* tests=scan's view of physical memory: the firmware's memory map as
 * spans for the planner (lib/suite/scan_plan.h), and a buffer at a given
 * address, taken from the firmware (AllocatePages at that address) for
 * the time of its measurement, so nothing else can be handed that memory
 * while it is read. */
#include "baremem_efi.h"
#include "platform.h"
#include "suite/scan_plan.h"
#include "util/str.h"

static enum scan_kind kind_of(const EFI_MEMORY_DESCRIPTOR *d)
{
	switch (d->Type) {
	case EfiConventionalMemory:
		/* baremem's tables map RAM that is not WB throughout (the
		 * map's attribute, the MTRRs) uncached: paging_leaf_bytes
		 * says 0 there. */
		return paging_leaf_bytes(d->PhysicalStart) ? SCAN_FREE
							   : SCAN_FREE_NOT_WB;
	case EfiLoaderCode:
	case EfiLoaderData:
		return SCAN_APP;
	default:
		return SCAN_FIRMWARE;
	}
}

int plat_memory_spans(struct scan_span *out, int max)
{
	struct memmap m;
	int n = 0;

	if (memmap_read(&m))
		return -1;
	for (UINTN i = 0; i < MEMMAP_COUNT(&m) && n < max; i++) {
		EFI_MEMORY_DESCRIPTOR *d = MEMMAP_AT(&m, i);

		if (!memmap_is_ram(d->Type))
			continue;	/* MMIO, reserved: a hole to the scan */
		out[n++] = (struct scan_span){
			.base = d->PhysicalStart,
			.bytes = d->NumberOfPages * 4096,
			.kind = kind_of(d),
		};
	}
	memmap_free(&m);
	return n;
}

/* The test image's scan-small: 64 MiB of each range, so a QEMU scan
 * under TCG checks coverage and nodes in minutes; never in a release. */
#define SCAN_SMALL_BYTES (64ull << 20)

int plat_buffer_alloc_at(uint64_t base, uint64_t bytes, uint64_t page_bytes,
			 struct plat_buffer *out)
{
	if (test_hook_on(TEST_HOOK_SCAN_SMALL) && bytes > SCAN_SMALL_BYTES)
		bytes = SCAN_SMALL_BYTES;
	(void)page_bytes;	/* the tables decide; out->page_bytes says */
	return memory_alloc_at(base, bytes, out);
}

/* The UEFI scan plans from the memory map (plat_memory_spans); this is
 * reached only when the map could not be read. */
int plat_scan_pin(uint64_t page_bytes, struct plat_buffer *out,
		  struct plat_pin *info, char *note, size_t note_len)
{
	(void)page_bytes;
	(void)out;
	(void)info;
	str_copy(note, note_len, "the firmware's memory map could not be read");
	return -1;
}
