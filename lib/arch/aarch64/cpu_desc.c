/* An AArch64 cpu's description from its ID registers (cpu_desc.h). */
#include "arch/aarch64/cpu_desc.h"

#include "arch/aarch64/midr.h"
#include "arch/arch.h"
#include "bw.h"		/* the vector ISAs' slots */
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
	ci->f.big_pages = 1;
	/* The generic timer's system counter runs at one fixed rate
	 * whatever the cores' clocks do (Arm ARM, "The Generic Timer"):
	 * what x86 calls an invariant TSC. */
	ci->f.invariant_ticks = 1;
	/* NEON (Advanced SIMD), which the cores UEFI and Linux run on
	 * have; SVE is learnt later, per cpu, where it is enabled. */
	ci->f.vector_isas = 1u << BW_NEON;
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
		.source = c->source,
	};
}

static int has_level(const struct cpu_info *ci, int level, char kind)
{
	for (int i = 0; i < ci->cache_count; i++)
		if (ci->caches[i].level == level &&
		    ci->caches[i].type[0] == kind)
			return 1;
	return 0;
}

/* Adds one documented cache where there is room; 1 when added. */
static int add_part(struct cpu_info *ci, int level, char type, uint64_t bytes,
		    uint32_t line, int shared_by)
{
	if (!bytes || ci->cache_count >= CPU_MAX_CACHES)
		return 0;
	ci->caches[ci->cache_count++] = arm_cpu_cache(&(struct arm_cache){
		.level = level, .type = type, .bytes = bytes,
		.line_bytes = line, .shared_by = shared_by,
		.source = "part" });
	return 1;
}

int arm_cpu_caches(struct cpu_info *ci, uint64_t midr,
		   const struct arm_cache *known, int n, uint32_t dline_bytes,
		   int cpus)
{
	const struct arm_part *p = arm_part_of_midr(midr);
	int added = 0, top = 0;

	ci->cache_count = 0;
	for (int i = 0; i < n && ci->cache_count < CPU_MAX_CACHES; i++)
		ci->caches[ci->cache_count++] = arm_cpu_cache(&known[i]);
	if (!p)
		return 0;
	if (!has_level(ci, 1, 'd') && !has_level(ci, 1, 'u'))
		added += add_part(ci, 1, 'D', p->l1d_bytes, dline_bytes, 1);
	if (!has_level(ci, 1, 'i') && !has_level(ci, 1, 'u'))
		added += add_part(ci, 1, 'I', p->l1i_bytes, dline_bytes, 1);
	if (!has_level(ci, 2, 'u') && !has_level(ci, 2, 'd'))
		added += add_part(ci, 2, 'U', p->l2_bytes, dline_bytes,
				  p->l2_shared_by);
	for (int i = 0; i < ci->cache_count; i++)
		if (ci->caches[i].level > top)
			top = ci->caches[i].level;
	/* every part with an SLC has its own L1 and L2 below it */
	if (top <= 2)
		added += add_part(ci, 3, 'U', p->slc_bytes, dline_bytes,
				  cpus > 0 ? cpus : 1);
	return added;
}
