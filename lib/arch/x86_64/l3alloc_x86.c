/* L3 cache allocation on x86 (lib/hw/l3alloc.h): CPUID's caps and the
 * class's registers, Intel RDT CAT (SDM vol 3B 18.19) and AMD PQoS. */
#include "hw/l3alloc.h"

#include "arch/x86_64/x86.h"
#include "util/fmt.h"

void l3alloc_caps_decode(struct l3alloc_caps *c, cpuid_fn fn, void *ctx)
{
	struct cpuid_regs r0 = fn(ctx, 0, 0), ext = fn(ctx, 0x80000000u, 0);

	*c = (struct l3alloc_caps){ 0 };
	/* SDM vol 2A CPUID 10H; AMD PQoS uses the same leaf and MSRs for
	 * L3 allocation */
	if (r0.eax >= 0x10 && ((fn(ctx, 7, 0).ebx >> 15) & 1) &&
	    ((fn(ctx, 0x10, 0).ebx >> 1) & 1)) {
		struct cpuid_regs r = fn(ctx, 0x10, 1);
		c->cbm_bits = (int)(r.eax & 0x1f) + 1;
		c->shareable = r.ebx;
		c->cdp = (int)((r.ecx >> 2) & 1);
		c->cos_max = (int)(r.edx & 0xffff);
		c->l3_cat = 1;
	}
	/* AMD PQoS: 8000_0020h.0 EBX[1] L3MBE, subleaf 1 EAX the limit's
	 * width, EDX the highest class */
	if (ext.eax >= 0x80000020u &&
	    ((fn(ctx, 0x80000020u, 0).ebx >> 1) & 1)) {
		struct cpuid_regs r = fn(ctx, 0x80000020u, 1);
		c->amd_bw = 1;
		c->bw_bits = (int)(r.eax & 0x3f);
		c->bw_cos_max = (int)(r.edx & 0xffff);
	}
}

void l3alloc_read(const struct cpu_info *ci, const struct l3alloc_caps *caps,
		  freq_msr_fn rd, void *ctx, struct l3alloc *out)
{
	uint64_t pqr = 0, cfg = 0, mask = 0, bw = 0;
	uint32_t at;

	l3alloc_start(ci, caps, out);
	if (!out->cpuid_bytes || !caps->l3_cat)
		return;
	out->state = "unknown";
	if (rd(ctx, MSR_PQR_ASSOC, &pqr) != 0) {
		fmt(out->why, sizeof out->why, "IA32_PQR_ASSOC (0xc8f) not "
		    "readable");
		return;
	}
	out->cos = (int)(pqr >> 32);
	/* With CDP on, class n's data mask is MSR C90h + 2n, its code mask
	 * the next (SDM vol 3B 18.19.6.2); a chase and a stream are data. */
	if (caps->cdp) {
		if (rd(ctx, MSR_L3_QOS_CFG, &cfg) != 0) {
			fmt(out->why, sizeof out->why, "IA32_L3_QOS_CFG (0xc81) "
			    "not readable");
			return;
		}
		out->cdp = (int)(cfg & 1);
	}
	if (out->cos > caps->cos_max) {
		fmt(out->why, sizeof out->why, "class of service %d above "
		    "CPUID's highest, %d", out->cos, caps->cos_max);
		return;
	}
	at = MSR_L3_QOS_MASK_0 +
	     (uint32_t)(out->cdp ? 2 * out->cos : out->cos);
	if (rd(ctx, at, &mask) != 0) {
		fmt(out->why, sizeof out->why, "IA32_L3_QOS_MASK_%d (%#x) "
		    "not readable", (int)(at - MSR_L3_QOS_MASK_0), at);
		return;
	}
	out->source = "msr";
	out->why[0] = 0;
	out->mask = mask;
	out->ways_allowed = l3alloc_ways(mask, caps->cbm_bits);
	out->effective_bytes = out->cpuid_bytes *
			       (uint64_t)out->ways_allowed /
			       (uint64_t)caps->cbm_bits;
	out->state = out->ways_allowed < caps->cbm_bits ? "partitioned"
							: "full";
	/* AMD's L3QOS_BW_CONTROL_n: the limit in its low bw_bits bits,
	 * in 1/8 GB/s; the next bit set: unlimited */
	if (caps->amd_bw && caps->bw_bits > 0 && caps->bw_bits < 63 &&
	    out->cos <= caps->bw_cos_max &&
	    rd(ctx, MSR_AMD_L3_BW_CONTROL_0 + (uint32_t)out->cos, &bw) == 0 &&
	    !((bw >> caps->bw_bits) & 1))
		out->bw_eighths =
			(int64_t)(bw & ((1ull << caps->bw_bits) - 1));
}
