/* The page-table class of a memory-map range (see memclass.h). */
#include "arch/x86_64/memclass.h"

#include "hw/pagetable.h"

int memclass_of(enum mem_kind kind, int attr_wb, const struct mtrr_state *mtrr,
		uint64_t base, uint64_t bytes)
{
	if (kind != MEM_KIND_RAM || !attr_wb)
		return PT_CLASS_UC;
	if (!mtrr)
		return PT_CLASS_WB;
	return mtrr_range_type(mtrr, base, bytes) == MTRR_WB ? PT_CLASS_WB
							     : PT_CLASS_UC;
}
