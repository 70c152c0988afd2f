/* The DRAM floor over the selected cpus' last-level caches (see
 * dramfloor.h). */
#include "suite/dramfloor.h"

#include "suite/coretypes.h"
#include "suite/levels.h"

uint64_t dramfloor_llc_bytes(const struct run_results *res)
{
	uint64_t llc = 0;

	for (int i = 0; res->selected && i < res->selected_count; i++) {
		uint64_t b = levels_llc_bytes(coretypes_info(res,
							     res->selected[i]));
		llc = b > llc ? b : llc;
	}
	if (!res->selected || !res->selected_count)
		llc = levels_llc_bytes(&res->cpu);
	return llc;
}

uint64_t dramfloor_bytes(const struct run_results *res)
{
	return levels_dram_floor_bytes(dramfloor_llc_bytes(res));
}
