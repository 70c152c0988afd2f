/* L3 cache allocation: the class's mask and the effective size (see
 * l3alloc.h); x86's registers are read in lib/arch/x86_64/l3alloc_x86.c. */
#include "hw/l3alloc.h"

#include "util/fmt.h"

int l3alloc_ways(uint64_t v, int bits)
{
	int n = 0;

	for (int i = 0; i < bits && i < 64; i++)
		n += (int)((v >> i) & 1);
	return n;
}

void l3alloc_start(const struct cpu_info *ci,
		   const struct l3alloc_caps *caps, struct l3alloc *out)
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
	l3alloc_start(ci, caps, out);
	if (out->cpuid_bytes && caps->l3_cat) {
		out->state = "unknown";
		fmt(out->why, sizeof out->why, "%s", why);
	}
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

	l3alloc_start(ci, caps, out);
	if (!out->cpuid_bytes)
		return 0;
	out->state = "unknown";
	if (!cbm_mask || hex_at(&p, &full) != 0 ||
	    (total = l3alloc_ways(full, 64)) == 0) {
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
			out->ways_allowed = l3alloc_ways(mask & full, 64);
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
