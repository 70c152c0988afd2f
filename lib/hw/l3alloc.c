/* L3 cache allocation: CPUID's caps, the class's mask, the effective
 * size (see l3alloc.h). */
#include "hw/l3alloc.h"

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

static int popcount_low(uint64_t v, int bits)
{
	int n = 0;

	for (int i = 0; i < bits && i < 64; i++)
		n += (int)((v >> i) & 1);
	return n;
}

static void start(const struct cpu_info *ci, const struct l3alloc_caps *caps,
		  struct l3alloc *out)
{
	const struct cpu_cache *l3 = cpuinfo_cache(ci, 3);

	*out = (struct l3alloc){ .state = "absent", .source = "none",
				 .cos = -1, .bw_eighths = -1,
				 .ways_total = caps->cbm_bits,
				 .cpuid_bytes = l3 ? l3->size_bytes : 0 };
	out->effective_bytes = out->cpuid_bytes;
	if (!l3)
		fmt(out->why, sizeof out->why, "no L3");
	else if (!caps->l3_cat)
		fmt(out->why, sizeof out->why, "no L3 cache allocation "
		    "(CPUID 10h)%s", ci->f.hypervisor
		    ? "; under a hypervisor, whose host may partition the L3 "
		      "unseen" : "");
}

void l3alloc_unread(const struct cpu_info *ci,
		    const struct l3alloc_caps *caps, const char *why,
		    struct l3alloc *out)
{
	start(ci, caps, out);
	if (out->cpuid_bytes && caps->l3_cat) {
		out->state = "unknown";
		fmt(out->why, sizeof out->why, "%s", why);
	}
}

void l3alloc_read(const struct cpu_info *ci, const struct l3alloc_caps *caps,
		  freq_msr_fn rd, void *ctx, struct l3alloc *out)
{
	uint64_t pqr = 0, cfg = 0, mask = 0, bw = 0;
	uint32_t at;

	start(ci, caps, out);
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
	out->ways_allowed = popcount_low(mask, caps->cbm_bits);
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

/* The hex number at *p (an optional 0x, then digits), *p moved past it;
 * -1 when there is none or it overflows 64 bits. */
static int hex_at(const char **p, uint64_t *v)
{
	const char *s = *p;
	int digits = 0;

	*v = 0;
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		s += 2;
	for (;; s++, digits++) {
		int d = *s >= '0' && *s <= '9'	 ? *s - '0'
			: *s >= 'a' && *s <= 'f' ? *s - 'a' + 10
			: *s >= 'A' && *s <= 'F' ? *s - 'A' + 10
						 : -1;
		if (d < 0)
			break;
		if (*v >> 60)
			return -1;
		*v = *v << 4 | (uint64_t)d;
	}
	*p = s;
	return digits ? 0 : -1;
}

/* The decimal number at *p, *p moved past it; -1 when there is none. */
static int dec_at(const char **p, int *v)
{
	const char *s = *p;

	*v = 0;
	for (; *s >= '0' && *s <= '9' && *v < 100000000; s++)
		*v = *v * 10 + (*s - '0');
	if (s == *p)
		return -1;
	*p = s;
	return 0;
}

/* Whether line (up to its end) starts with word after spaces; *p past. */
static int line_starts(const char *line, const char *word, const char **p)
{
	while (*line == ' ' || *line == '\t')
		line++;
	for (; *word; word++, line++)
		if (*line != *word)
			return 0;
	*p = line;
	return 1;
}

int l3alloc_from_schemata(const struct cpu_info *ci,
			  const struct l3alloc_caps *caps,
			  const char *schemata, int domain,
			  const char *cbm_mask, struct l3alloc *out)
{
	const char *line = schemata, *p = cbm_mask;
	uint64_t full, mask;
	int total;

	start(ci, caps, out);
	if (!out->cpuid_bytes)
		return 0;
	out->state = "unknown";
	if (!cbm_mask || hex_at(&p, &full) != 0 ||
	    (total = popcount_low(full, 64)) == 0) {
		fmt(out->why, sizeof out->why, "resctrl: no cbm_mask");
		return -1;
	}
	for (; line && *line; line = *p ? p + 1 : p) {
		int cdp = 0;

		p = line;
		if (line_starts(line, "L3DATA:", &p))
			cdp = 1;
		else if (!line_starts(line, "L3:", &p)) {
			while (*p && *p != '\n')
				p++;
			continue;
		}
		/* "id=mask;id=mask..." up to the line's end */
		while (*p && *p != '\n') {
			int id;
			while (*p == ' ' || *p == ';')
				p++;
			if (dec_at(&p, &id) != 0 || *p != '=')
				break;
			p++;
			if (hex_at(&p, &mask) != 0)
				break;
			if (id != domain)
				continue;
			out->source = "resctrl";
			out->why[0] = 0;
			out->cdp = cdp;
			out->mask = mask;
			out->ways_total = total;
			out->ways_allowed = popcount_low(mask & full, 64);
			out->effective_bytes = out->cpuid_bytes *
					       (uint64_t)out->ways_allowed /
					       (uint64_t)total;
			out->state = out->ways_allowed < total ? "partitioned"
							       : "full";
			return 0;
		}
		while (*p && *p != '\n')
			p++;
	}
	fmt(out->why, sizeof out->why, "resctrl: the group's schemata has "
	    "no L3 mask for domain %d", domain);
	return -1;
}

int l3alloc_apply(const struct l3alloc *a, struct cpu_info *ci)
{
	int done = 0;

	if (!a->state || a->state[0] != 'p' || !a->effective_bytes)
		return 0;
	for (int i = 0; i < ci->cache_count; i++) {
		struct cpu_cache *c = &ci->caches[i];
		if (c->level != 3 || c->type[0] == 'i')
			continue;
		c->size_bytes = a->effective_bytes;
		done = 1;
	}
	return done;
}
