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
		return SCAN_FREE;	/* until its pieces' types are known */
	case EfiLoaderCode:
	case EfiLoaderData:
		return SCAN_APP;
	default:
		return SCAN_FIRMWARE;
	}
}

/* Free RAM as spans of one memory type each (paging_type_pieces: the
 * type over all of the piece, not its first address's) that baremem's
 * tables map write-back (they cut the range the same way); a piece that
 * is not write-back throughout is SCAN_FREE_NOT_WB. Returns the spans
 * written to out[n..max). */
static int free_spans(const EFI_MEMORY_DESCRIPTOR *d, struct scan_span *out,
		      int n, int max)
{
	struct paging_piece p[PAGING_MAX_PIECES];
	int k = paging_type_pieces(d, p);

	for (int i = 0; i < k && n < max; i++)
		out[n++] = (struct scan_span){
			.base = p[i].base,
			.bytes = p[i].bytes,
			.kind = p[i].wb && paging_leaf_bytes(p[i].base)
					? SCAN_FREE
					: SCAN_FREE_NOT_WB,
		};
	return n;
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
		if (kind_of(d) == SCAN_FREE) {
			n = free_spans(d, out, n, max);
			continue;
		}
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
