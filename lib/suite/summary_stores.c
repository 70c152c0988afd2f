/* The summary's DRAM copy and write (summary.h): the fastest point of
 * each, whichever ISA and store kind made it. On some parts the widest
 * vectors copy DRAM slower than narrow ones (an Intel Xeon VM: SSE2's
 * non-temporal copy 25.7 GB/s, AVX-512's 20-21), so, as the read figure
 * keeps the faster of the ISAs at each level, these keep the fastest. */
#include "suite/summary.h"

#include "bw.h"

static int same(const char *a, const char *b)
{
	while (*a && *a == *b)
		a++, b++;
	return *a == *b;
}

/* p beats what *s holds: on one cpu the faster; on several, more cpus
 * first, then the faster. */
static void keep(struct sum_store *s, const struct bw_point *p,
		 const struct bw_kernel *k, int several)
{
	if (several ? (p->cpus < s->cpus ||
		       (p->cpus == s->cpus && p->gb_median <= s->gb))
		    : p->gb_median <= s->gb)
		return;
	*s = (struct sum_store){ .gb = p->gb_median,
				 .isa = bw_isa_name(k->isa),
				 .nontemporal = p->nontemporal,
				 .cpus = p->cpus };
}

void summary_dram_stores(const struct bw_point *bw, int bw_count,
			 struct summary *s)
{
	for (int c = 0; c < SUM_CPU_COUNTS; c++)
		s->dram_copy[c] = s->dram_write[c] =
			(struct sum_store){ .gb = -1 };
	for (int i = 0; i < bw_count; i++) {
		const struct bw_point *p = &bw[i];
		/* a copy point names the cached kernel whichever stores won
		 * (bw.h): its op is copy, its stores are p->nontemporal */
		const struct bw_kernel *k = bw_kernel_find(p->kernel);
		int several = p->cpus > 1;

		if (!k || p->scaling || p->prefetch == BM_PF_OFF ||
		    !same(p->level, "DRAM"))
			continue;
		if (same(k->op, "copy"))
			keep(&s->dram_copy[several], p, k, several);
		else if (same(k->op, "write") || same(k->op, "ntwrite"))
			keep(&s->dram_write[several], p, k, several);
	}
}
