/* An AArch64 cpu's description from its ID registers (cpu_desc.h). */
#include "arch/aarch64/cpu_desc.h"

#include "arch/aarch64/midr.h"
#include "arch/arch.h"
#include "util/fmt.h"
#include "util/str.h"

void arm_cpu_describe(struct cpu_info *ci, uint64_t midr)
{
	static const struct cpu_info zero;
	const struct arm_part *part = arm_part_of_midr(midr);
	struct arm_midr d = arm_midr_decode(midr);

	*ci = zero;
	str_copy(ci->vendor, sizeof ci->vendor,
		 arm_implementer_name(d.implementer));
	if (part)
		fmt(ci->brand, sizeof ci->brand, "%s r%up%u", part->name,
		    d.variant, d.revision);
	else
		fmt(ci->brand, sizeof ci->brand, "part 0x%03x r%up%u", d.part,
		    d.variant, d.revision);
	ci->family = d.implementer;
	ci->model = d.part;
	ci->stepping = d.revision;
	ci->ticks_end_way = TICKS_END_ORDERED;
	ci->f.page1g = 1;
	/* The generic timer's system counter runs at one fixed rate
	 * whatever the cores' clocks do (Arm ARM, "The Generic Timer"):
	 * what x86 calls an invariant TSC. */
	ci->f.invariant_tsc = 1;
}

struct cpu_cache arm_cpu_cache(const struct arm_cache *c)
{
	return (struct cpu_cache){
		.level = c->level,
		.type = c->type == 'D' ? "data"
			: c->type == 'I' ? "instruction" : "unified",
		.size_bytes = c->bytes,
		.line_bytes = (int)c->line_bytes,
		.ways = (int)c->ways,
		.shared_by = c->shared_by ? c->shared_by : 1,
	};
}
