/* baremem's identity tables as the firmware side of either architecture
 * keeps them (efi/x86_64/paging.c, efi/aarch64/paging_arm.c): the
 * memory map's ranges, the limits a buffer puts on its leaves (the
 * page-size sweep: a buffer on 2 MiB or 4 KiB pages), and the set built
 * from both, in the architecture's entry format, into firmware pages,
 * built again on each change. */
#include "baremem_efi.h"

int page_tables_build(struct page_tables *t)
{
	int n = t->map_count + PAGE_TABLES_MAX_LIMITS, cap = 2 * n + 16;
	int count = 0;
	struct pt_range *r = plat_alloc(sizeof(*r) * (size_t)cap);
	EFI_PHYSICAL_ADDRESS addr;
	struct pt_arena a;
	uint64_t need, root;

	if (!r)
		return -1;
	for (int i = 0; i < t->map_count; i++)
		r[count++] = t->map[i];
	for (int i = 0; i < PAGE_TABLES_MAX_LIMITS; i++)
		if (t->limits[i].bytes)
			r[count++] = (struct pt_range){
				.base = t->limits[i].base,
				.bytes = t->limits[i].bytes,
				.cls = PT_CLASS_WB,
				.max_page = t->limits[i].max_page,
			};
	count = pt_ranges_normalize(r, count, cap);
	need = count < 0 ? 0
			 : (pt_bytes_needed_with(t->f, r, count, t->max_page_all,
						 t->levels) + 4095) / 4096;
	if (!need || BS->AllocatePages(AllocateAnyPages, EfiLoaderData, need,
				       &addr) != EFI_SUCCESS) {
		plat_free(r);
		return -1;
	}
	a = (struct pt_arena){ .host = (uint8_t *)(uintptr_t)addr,
			       .phys = addr, .bytes = need * 4096 };
	if (pt_build_with(t->f, r, count, t->max_page_all, t->levels, &a,
			  &root) != 0) {
		BS->FreePages(addr, need);
		plat_free(r);
		return -1;
	}
	plat_free(r);
	/* The set replaced is freed unless a cpu that never came back may
	 * still have it loaded: freed, the firmware could hand its pages
	 * out, and that cpu's walks would go through whatever is written
	 * there, its stores with them. */
	if (t->arena_pages && !memory_held())
		BS->FreePages(t->arena.phys, t->arena_pages);
	else if (t->arena_pages)
		t->kept++;
	t->arena = a;
	t->arena_pages = need;
	t->root = root;
	return 0;
}

int page_tables_limit(struct page_tables *t, uint64_t base, uint64_t bytes,
		      uint64_t max_page)
{
	for (int i = 0; i < PAGE_TABLES_MAX_LIMITS; i++) {
		if (t->limits[i].bytes)
			continue;
		t->limits[i].base = base;
		t->limits[i].bytes = bytes;
		t->limits[i].max_page = max_page;
		if (page_tables_build(t) == 0)
			return 0;
		t->limits[i].bytes = 0;
		return -1;
	}
	return -1;
}

void page_tables_unlimit(struct page_tables *t, uint64_t base)
{
	for (int i = 0; i < PAGE_TABLES_MAX_LIMITS; i++) {
		if (t->limits[i].bytes && t->limits[i].base == base) {
			t->limits[i].bytes = 0;
			page_tables_build(t);
		}
	}
}

void page_tables_free(struct page_tables *t)
{
	if (t->arena_pages)
		BS->FreePages(t->arena.phys, t->arena_pages);
	t->arena_pages = 0;
	t->root = 0;
}
