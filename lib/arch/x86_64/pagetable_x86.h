/* x86-64's identity maps: lib/hw/pagetable.h's builder and walker with
 * x86-64's entries (SDM vol 3A, 4.5). Pure: the caller (efi/x86_64/)
 * loads CR3. */
#ifndef BAREMEM_PAGETABLE_X86_H
#define BAREMEM_PAGETABLE_X86_H

#include <stdint.h>

#include "hw/pagetable.h"

/* Page-table entry bits (SDM vol 3A, 4.5). */
#define PT_P (1ull << 0)
#define PT_RW (1ull << 1)
#define PT_PWT (1ull << 3)
#define PT_PCD (1ull << 4)
#define PT_PS (1ull << 7)
#define PT_ADDR_MASK 0x000ffffffffff000ull

/* x86-64's entry format for lib/hw/pagetable.h's builder and walker. */
extern const struct pt_format pt_x86_format;

/* pt_build_with (lib/hw/pagetable.h says what it maps and its errors)
 * with x86-64's entries: RAM write-back (PAT index 0), the rest UC
 * (PCD|PWT, PAT index 3 under the power-on PAT). */
int pt_build(const struct pt_range *r, int n, uint64_t max_page_all,
	     int levels, struct pt_arena *a, uint64_t *root);

/* Walks the tables: the leaf size mapping addr (PT_4K/2M/1G), or 0 when
 * unmapped; *phys_out (may be 0) gets the translation, *flags_out (may be
 * 0) the leaf entry's low 12 bits. */
uint64_t pt_lookup(const struct pt_arena *a, uint64_t root, int levels,
		   uint64_t addr, uint64_t *phys_out, uint64_t *flags_out);

/* An upper bound of the arena bytes pt_build needs for these ranges. */
uint64_t pt_bytes_needed(const struct pt_range *r, int n,
			 uint64_t max_page_all, int levels);

#endif
