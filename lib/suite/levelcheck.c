/* The sweep's levels against its curve (see levelcheck.h). */
#include "suite/levelcheck.h"

#include "results/run_env.h"
#include "suite/curve.h"
#include "suite/dramfloor.h"
#include "suite/summary.h"
#include "util/fmt.h"
#include "util/out.h"

#define CAUSES "a cache partition (CAT, L3 QoS, MPAM), a VM on a shared " \
	       "socket, or SNC/NPS?"

/* One level the curve disagrees on: what it measured, and the size
 * the description gives (CPUID's on x86; on AArch64 the cache
 * registers', the PPTT's or the part's, named as such). */
static void say(struct msgs *warnings, int cpu, int l,
		const struct curve_out *cv, const struct cpu_cache *cache)
{
	const char *says = cpuinfo_cache_says(cache);

	char got[48], c[16], m[16], at[16], dram[64] = "";

	fmt_size(c, sizeof c, cache->size_bytes);
	if (cv->measured_bytes[l])
		fmt(got, sizeof got, "measures %s (it steps up by %s)",
		    fmt_size(m, sizeof m, cv->measured_bytes[l]),
		    fmt_size(at, sizeof at, cv->left_at_bytes[l]));
	else
		fmt(got, sizeof got, "has no point reading as it");
	if (cv->read_as_dram[l])
		fmt(dram, sizeof dram, "; %d of its points read%s as DRAM",
		    cv->read_as_dram[l], cv->read_as_dram[l] > 1 ? "" : "s");
	out("curve: L%d %s; %s %s%s\n", l + 1, got, says, c, dram);
	msgs_add(warnings, "latency on cpu %d: the curve's L%d %s, "
		 "%s %s%s: %s", cpu, l + 1, got, says, c, dram, CAUSES);
}

void levelcheck_run(const struct run_env *env, const struct cpu_set *set,
		    struct test_out *mine, int first)
{
	static struct curve_out cv;	/* 4 KiB: off the firmware's stack */
	int idx[CURVE_MAX_POINTS], cpu, n;
	const struct cpu_info *ci;

	if (!set->count)
		return;
	cpu = set->cpu[0];
	ci = run_env_info(env, cpu);
	n = summary_curve(mine->lat->p, mine->lat->count, ci,
			  dramfloor_bytes(env, set), cpu, idx, &cv);
	if (n < 2)
		return;
	/* a later sweep (prefetch=both's second pass) that is not the
	 * summary's: already judged, or not to be */
	{
		int ours = 0;
		for (int i = 0; i < n; i++)
			ours |= idx[i] >= first;
		if (!ours)
			return;
	}
	if (!cv.judged) {
		msgs_add(mine->warnings, "latency on cpu %d: the curve rises "
			 "under %.0fx from its fastest to its slowest plateau: "
			 "no cache levels seen in it (an emulator?), %s "
			 "sizes label the points unchecked", cpu, CURVE_FLAT,
			 ci->cache_count && ci->caches[0].source
			 ? "the described" : "CPUID's");
		return;
	}
	for (int i = 0; i < n; i++)
		mine->lat->p[idx[i]].level_measured =
			cv.level[i] >= 0 ? summary_level_name(cv.level[i]) : 0;
	for (int l = 0; l < 3; l++) {
		const struct cpu_cache *c = cpuinfo_cache(ci, l + 1);
		if (c && (cv.far[l] || cv.read_as_dram[l] || cv.missing[l]))
			say(mine->warnings, cpu, l, &cv, c);
	}
}
