/* CPUID decoding: vendor, brand, family/model, the features baremem
 * relies on, and the cache hierarchy (Intel leaf 4, AMD 8000001Dh or the
 * older 80000005h/6h), into lib/hw/cpuinfo.h's cpu_info: what the suite
 * needs in its own words (cpu_features), x86's bits beside them. */
#include "hw/cpuinfo.h"

#include "arch/arch.h"
#include "arch/x86_64/x86.h"
#include "bw.h"		/* the vector ISAs' slots */
#include "util/str.h"

static const char *const cache_type_name[4] = {
	0, "data", "instruction", "unified"
};

static void regs_to_chars(char *dst, uint32_t r)
{
	for (int i = 0; i < 4; i++)
		dst[i] = (char)(r >> (8 * i));
}

static void decode_brand(struct cpu_info *ci, cpuid_fn fn, void *ctx)
{
	char raw[49];
	int n = 0, start = 0, end;

	if (ci->x86.max_ext_leaf < 0x80000004u) {
		ci->brand[0] = 0;
		return;
	}
	for (uint32_t leaf = 0x80000002u; leaf <= 0x80000004u; leaf++) {
		struct cpuid_regs r = fn(ctx, leaf, 0);
		regs_to_chars(raw + n, r.eax);
		regs_to_chars(raw + n + 4, r.ebx);
		regs_to_chars(raw + n + 8, r.ecx);
		regs_to_chars(raw + n + 12, r.edx);
		n += 16;
	}
	raw[48] = 0;
	/* Brand strings are padded with leading spaces on many parts. */
	while (raw[start] == ' ')
		start++;
	for (end = start; end < 48 && raw[end]; end++)
		;
	while (end > start && raw[end - 1] == ' ')
		end--;
	for (int i = start; i < end; i++)
		ci->brand[i - start] = raw[i];
	ci->brand[end - start] = 0;
}

static void add_cache(struct cpu_info *ci, int level, int type,
		      uint64_t size_bytes, int line, int ways, int shared_by)
{
	struct cpu_cache *c;

	if (ci->cache_count >= CPU_MAX_CACHES || type < 1 || type > 3 ||
	    size_bytes == 0)
		return;
	c = &ci->caches[ci->cache_count++];
	c->level = level;
	c->type = cache_type_name[type];
	c->size_bytes = size_bytes;
	c->line_bytes = line;
	c->ways = ways;
	c->shared_by = shared_by;
}

/* Intel leaf 4 and AMD leaf 8000001Dh share one layout (SDM vol 2A,
 * CPUID leaf 04H; AMD APM vol 3, CPUID Fn8000_001D). */
static void decode_deterministic(struct cpu_info *ci, cpuid_fn fn, void *ctx,
				 uint32_t leaf)
{
	for (uint32_t i = 0; i < 16; i++) {
		struct cpuid_regs r = fn(ctx, leaf, i);
		int type = (int)(r.eax & 0x1f);
		int fully_assoc = (int)((r.eax >> 9) & 1);
		uint64_t ways, parts, line, sets;

		if (type == 0)
			break;
		ways = ((r.ebx >> 22) & 0x3ff) + 1;
		parts = ((r.ebx >> 12) & 0x3ff) + 1;
		line = (r.ebx & 0xfff) + 1;
		sets = (uint64_t)r.ecx + 1;
		add_cache(ci, (int)((r.eax >> 5) & 7), type,
			  ways * parts * line * sets, (int)line,
			  fully_assoc ? 0 : (int)ways,
			  (int)((r.eax >> 14) & 0xfff) + 1);
	}
}

/* AMD's encoded associativity of leaf 80000006h (APM vol 3). */
static int amd_ways(uint32_t code)
{
	static const int ways[16] = { 0,  1,  2,  3,  4,  6,   8,  0,
				      16, 16, 32, 48, 64, 96, 128, 0 };
	return ways[code & 15];
}

static void decode_amd_legacy(struct cpu_info *ci, cpuid_fn fn, void *ctx)
{
	struct cpuid_regs l1, l2;

	if (ci->x86.max_ext_leaf < 0x80000006u)
		return;
	l1 = fn(ctx, 0x80000005u, 0);
	l2 = fn(ctx, 0x80000006u, 0);
	add_cache(ci, 1, 1, (uint64_t)(l1.ecx >> 24) << 10, (int)(l1.ecx & 0xff),
		  (int)((l1.ecx >> 16) & 0xff), 1);
	add_cache(ci, 1, 2, (uint64_t)(l1.edx >> 24) << 10, (int)(l1.edx & 0xff),
		  (int)((l1.edx >> 16) & 0xff), 1);
	add_cache(ci, 2, 3, (uint64_t)(l2.ecx >> 16) << 10, (int)(l2.ecx & 0xff),
		  amd_ways(l2.ecx >> 12), 1);
	add_cache(ci, 3, 3, (uint64_t)(l2.edx >> 18) << 19, (int)(l2.edx & 0xff),
		  amd_ways(l2.edx >> 12), 0);
}

void cpuinfo_decode(struct cpu_info *ci, cpuid_fn fn, void *ctx)
{
	struct cpuid_regs r0, r1, r;
	uint32_t base_family, base_model;
	int topoext = 0;

	*ci = (struct cpu_info){ 0 };
	r0 = fn(ctx, 0, 0);
	ci->x86.max_leaf = r0.eax;
	regs_to_chars(ci->vendor, r0.ebx);
	regs_to_chars(ci->vendor + 4, r0.edx);
	regs_to_chars(ci->vendor + 8, r0.ecx);
	ci->vendor[12] = 0;
	ci->x86.max_ext_leaf = fn(ctx, 0x80000000u, 0).eax;
	if (ci->x86.max_ext_leaf < 0x80000000u ||
	    ci->x86.max_ext_leaf > 0x800000ffu)
		ci->x86.max_ext_leaf = 0;

	r1 = fn(ctx, 1, 0);
	/* Display family/model (SDM vol 2A, CPUID leaf 01H, figure 3-6). */
	base_family = (r1.eax >> 8) & 0xf;
	base_model = (r1.eax >> 4) & 0xf;
	ci->stepping = (int)(r1.eax & 0xf);
	ci->family = (int)base_family;
	if (base_family == 0xf)
		ci->family += (int)((r1.eax >> 20) & 0xff);
	ci->model = (int)base_model;
	if (base_family == 0x6 || base_family == 0xf)
		ci->model += (int)(((r1.eax >> 16) & 0xf) << 4);

	ci->x86.sse2 = (int)((r1.edx >> 26) & 1);
	ci->x86.mtrr = (int)((r1.edx >> 12) & 1);
	ci->x86.xsave = (int)((r1.ecx >> 26) & 1);
	ci->x86.osxsave = (int)((r1.ecx >> 27) & 1);
	ci->x86.avx = (int)((r1.ecx >> 28) & 1);
	ci->f.hypervisor = (int)((r1.ecx >> 31) & 1);
	if (ci->x86.max_leaf >= 6)
		ci->f.core_clock = (int)(fn(ctx, 6, 0).ecx & 1);
	/* SDM vol 2A, CPUID leaf 06H: EAX[1] turbo boost available (reads
	 * 0 while IA32_MISC_ENABLE[38] disables it), EAX[7] HWP. */
	if (ci->x86.max_leaf >= 6) {
		uint32_t eax = fn(ctx, 6, 0).eax;
		ci->x86.turbo = (int)((eax >> 1) & 1);
		ci->x86.hwp = (int)((eax >> 7) & 1);
	}
	if (ci->x86.max_leaf >= 7) {
		r = fn(ctx, 7, 0);
		ci->x86.avx2 = (int)((r.ebx >> 5) & 1) && ci->x86.avx;
		ci->x86.avx512f = (int)((r.ebx >> 16) & 1) && ci->x86.avx;
		ci->f.hybrid = (int)((r.edx >> 15) & 1);
		ci->x86.tsc_adjust = (int)((r.ebx >> 1) & 1);
	}
	ci->f.vector_isas = (ci->x86.sse2 ? 1u << BW_SSE2 : 0) |
			    (ci->x86.avx2 ? 1u << BW_AVX2 : 0) |
			    (ci->x86.avx512f ? 1u << BW_AVX512 : 0);
	/* Core type, SDM vol 2A, CPUID leaf 1AH: EAX[31:24] 20h Intel Atom,
	 * 40h Intel Core. */
	if (ci->f.hybrid && ci->x86.max_leaf >= 0x1a) {
		uint32_t type = fn(ctx, 0x1a, 0).eax >> 24;
		ci->core_type = type == 0x40 ? "performance"
				: type == 0x20 ? "efficiency" : 0;
	}
	if (ci->x86.max_ext_leaf >= 0x80000001u) {
		r = fn(ctx, 0x80000001u, 0);
		ci->f.big_pages = (int)((r.edx >> 26) & 1);
		ci->x86.rdtscp = (int)((r.edx >> 27) & 1);
		ci->ticks_end_way = ci->x86.rdtscp ? TICKS_END_ORDERED
						 : TICKS_END_FENCED;
		topoext = (int)((r.ecx >> 22) & 1);
	}
	/* AMD APM vol 3, CPUID 8000_0007h EDX[9] CPB (core performance
	 * boost), 8000_0008h EBX[27] CPPC. */
	if (ci->x86.max_ext_leaf >= 0x80000007u) {
		uint32_t edx = fn(ctx, 0x80000007u, 0).edx;
		ci->f.invariant_ticks = (int)((edx >> 8) & 1);
		ci->x86.cpb = (int)((edx >> 9) & 1);
	}
	ci->phys_addr_bits = 36;
	if (ci->x86.max_ext_leaf >= 0x80000008u) {
		ci->phys_addr_bits = (int)(fn(ctx, 0x80000008u, 0).eax & 0xff);
		ci->x86.cppc = (int)((fn(ctx, 0x80000008u, 0).ebx >> 27) & 1);
	}
	decode_brand(ci, fn, ctx);

	if (ci->x86.max_leaf >= 4)
		decode_deterministic(ci, fn, ctx, 4);
	if (ci->cache_count == 0 && topoext &&
	    ci->x86.max_ext_leaf >= 0x8000001du)
		decode_deterministic(ci, fn, ctx, 0x8000001du);
	if (ci->cache_count == 0)
		decode_amd_legacy(ci, fn, ctx);
}

struct cpuid_regs cpuinfo_cpuid_here(void *ctx, uint32_t leaf, uint32_t sub)
{
	(void)ctx;
	return cpuid(leaf, sub);
}

void cpuinfo_read(struct cpu_info *ci)
{
	cpuinfo_decode(ci, cpuinfo_cpuid_here, 0);
}

/* RDTSCP is CPUID 80000001h:EDX[27], as cpuinfo_decode reads it: two
 * leaves, not the whole decode, as a host test may ask inside a timed
 * region. */
int ticks_end_way_here(void)
{
	int rdtscp = cpuid(0x80000000u, 0).eax >= 0x80000001u &&
		     ((cpuid(0x80000001u, 0).edx >> 27) & 1);

	return rdtscp ? TICKS_END_ORDERED : TICKS_END_FENCED;
}
