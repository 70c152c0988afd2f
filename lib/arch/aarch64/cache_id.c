/* CLIDR_EL1, CCSIDR_EL1 and CTR_EL0 decoding (Arm ARM, DDI 0487, D19.2:
 * the registers' field layouts), cache_id.h. */
#include "arch/aarch64/cache_id.h"

int arm_clidr_ctype(uint64_t clidr, int level)
{
	if (level < 1 || level > ARM_CACHE_LEVELS)
		return -1;
	return (int)(clidr >> (3 * (level - 1)) & 7);
}

void arm_ccsidr_decode(uint64_t ccsidr, int ccidx, struct arm_cache *c)
{
	/* LineSize 2:0 is log2(bytes) - 4 in both layouts */
	c->line_bytes = 16u << (ccsidr & 7);
	if (ccidx) {
		c->ways = (uint32_t)(ccsidr >> 3 & 0x1fffff) + 1;
		c->sets = (uint32_t)(ccsidr >> 32 & 0xffffff) + 1;
	} else {
		c->ways = (uint32_t)(ccsidr >> 3 & 0x3ff) + 1;
		c->sets = (uint32_t)(ccsidr >> 13 & 0x7fff) + 1;
	}
	c->bytes = (uint64_t)c->line_bytes * c->ways * c->sets;
}

static int add(struct arm_cache *out, int n, int max, int level, char type,
	       uint64_t ccsidr, int ccidx)
{
	if (n >= max)
		return n;
	out[n] = (struct arm_cache){ .level = level, .type = type,
				     .source = "ccsidr" };
	arm_ccsidr_decode(ccsidr, ccidx, &out[n]);
	return n + 1;
}

int arm_caches_from_ids(uint64_t clidr, const uint64_t ccsidr[][2], int ccidx,
			struct arm_cache *out, int max)
{
	int n = 0;

	for (int level = 1; level <= ARM_CACHE_LEVELS; level++) {
		const uint64_t *sel = ccsidr[level - 1];

		switch (arm_clidr_ctype(clidr, level)) {
		case 1:
			n = add(out, n, max, level, 'I', sel[1], ccidx);
			break;
		case 2:
			n = add(out, n, max, level, 'D', sel[0], ccidx);
			break;
		case 3:
			n = add(out, n, max, level, 'D', sel[0], ccidx);
			n = add(out, n, max, level, 'I', sel[1], ccidx);
			break;
		case 4:
			n = add(out, n, max, level, 'U', sel[0], ccidx);
			break;
		default:	/* 0: no cache here or above; 5-7 reserved */
			return n;
		}
	}
	return n;
}

uint32_t arm_ctr_dline_bytes(uint64_t ctr)
{
	return 4u << (ctr >> 16 & 15);
}

uint32_t arm_ctr_iline_bytes(uint64_t ctr)
{
	return 4u << (ctr & 15);
}

int arm_caches_beyond(const struct arm_cache *ids, int n,
		      const struct arm_cache *more, int m,
		      struct arm_cache *out, int max)
{
	int top = 0, k = 0;

	for (int i = 0; i < n; i++)
		if (ids[i].level > top)
			top = ids[i].level;
	for (int i = 0; i < m && k < max; i++)
		if (more[i].level > top)
			out[k++] = more[i];
	return k;
}

/* The PPTT's cache of c's level and kind, or 0. */
static const struct arm_cache *same_cache(const struct arm_cache *c,
					  const struct arm_cache *pptt, int m)
{
	for (int i = 0; i < m; i++)
		if (pptt[i].level == c->level && pptt[i].type == c->type)
			return &pptt[i];
	return 0;
}

int arm_caches_merge(const struct arm_cache *ids, int n,
		     const struct arm_cache *pptt, int m, uint32_t dline_bytes,
		     struct arm_cache *out, int max)
{
	int k = 0;

	for (int i = 0; i < n && k < max; i++) {
		const struct arm_cache *p = same_cache(&ids[i], pptt, m);

		out[k] = p && p->bytes ? *p : ids[i];
		if (p && !p->bytes)
			out[k].shared_by = p->shared_by;
		/* fields the PPTT leaves invalid: the registers' */
		if (!out[k].ways)
			out[k].ways = ids[i].ways;
		if (!out[k].line_bytes)
			out[k].line_bytes = ids[i].line_bytes;
		k++;
	}
	k += arm_caches_beyond(ids, n, pptt, m, out + k, max - k);
	for (int i = 0; i < k; i++)
		if (!out[i].line_bytes)
			out[i].line_bytes = dline_bytes;
	/* a structure that gives no size describes nothing to size by */
	for (int i = 0; i < k;)
		if (!out[i].bytes) {
			for (int j = i; j + 1 < k; j++)
				out[j] = out[j + 1];
			k--;
		} else {
			i++;
		}
	return k;
}
