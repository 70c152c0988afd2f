/* The level planner (lib/suite/levels.h) over the shapes of real parts:
 * Sapphire Rapids on one and two sockets, Skylake-SP, Ice Lake-SP, an
 * EPYC of 8-core CCXs with 32 MiB of L3 each, Alder Lake's two core
 * types, a part with no L3. Every point is checked against the rule
 * with the test's own count of who shares which cache: each running
 * cpu's set at least twice its share of every cache below, and the
 * cpus of one instance within half of it. The old rule (half the L3 over
 * its sharing count, the boot core's caches for every cpu) breaks it on
 * every Xeon here and on Alder Lake's E-cores. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "suite/levels.h"

#define K 1024ull
#define M (1024ull * 1024)
#define MAX_CPUS 256

struct machine {
	struct cpu_info types[2];
	int type_count;
	struct levels_cpu cpus[MAX_CPUS];
	int n;
};

static int scratch[LEVELS_SCRATCH_INTS(MAX_CPUS)];

static void cache(struct cpu_info *ci, int level, uint64_t bytes,
		  int shared_by)
{
	ci->caches[ci->cache_count++] = (struct cpu_cache){
		level, "data", bytes, 64, 8, shared_by, 0 };
	if (level > 1)
		ci->caches[ci->cache_count - 1].type = "unified";
}

/* packages x cores x threads of type 0, in baremem's order (thread 0 of
 * every core by package and core, then the second threads); APIC ids
 * spaced as the parts number them: `core_span` ids a package. */
static void xeon(struct machine *m, int packages, int cores, int threads,
		 uint32_t package_span)
{
	for (int t = 0; t < threads; t++)
		for (int p = 0; p < packages; p++)
			for (int c = 0; c < cores; c++)
				m->cpus[m->n++] = (struct levels_cpu){
					.apic_id = (uint32_t)p * package_span +
						   (uint32_t)(c * threads + t),
					.package = p, .core = c, .thread = t };
	m->type_count = 1;
}

static struct levels_plan plan_of(const struct machine *m)
{
	struct levels_input in = { .types = m->types,
				   .type_count = m->type_count,
				   .cpus = m->cpus, .cpu_count = m->n,
				   .dram_bytes = 64 * M };
	struct levels_plan p;

	assert_int_equal(levels_make(&in, scratch, &p), 0);
	return p;
}

static const struct cpu_cache *cache_at(const struct machine *m, int cpu,
					int level)
{
	return cpuinfo_cache(&m->types[m->cpus[cpu].type], level);
}

/* How many of the first k cpus share cpu i's instance of level: the
 * same package and the same APIC id above the sharing count's bits. */
static uint64_t sharers(const struct machine *m, int k, int i, int level)
{
	const struct cpu_cache *c = cache_at(m, i, level);
	uint32_t span = 1;
	uint64_t n = 0;

	while (span < (uint32_t)c->shared_by)
		span *= 2;
	for (int j = 0; j < k; j++)
		n += m->cpus[j].package == m->cpus[i].package &&
		     cache_at(m, j, level) &&
		     m->cpus[j].apic_id / span == m->cpus[i].apic_id / span;
	return n;
}

/* bytes a cpu on the first k cpus at level keeps the rule. */
static void assert_rule(const struct machine *m, int level, int k,
			uint64_t bytes)
{
	for (int i = 0; i < k; i++) {
		const struct cpu_cache *c = cache_at(m, i, level);
		assert_non_null(c);
		assert_true(bytes * sharers(m, k, i, level) <= c->size_bytes / 2);
		for (int l = 1; l < level; l++) {
			const struct cpu_cache *b = cache_at(m, i, l);
			if (b)
				assert_true(bytes * sharers(m, k, i, l) >=
					    2 * b->size_bytes);
		}
	}
}

/* Every point of the plan keeps the rule, every missing or cut one says
 * why, and DRAM is 4x every last-level cache. */
static void assert_plan(const struct machine *m, const struct levels_plan *p)
{
	const struct levels_row *dram = &p->rows[p->count - 1];

	for (int r = 0; r < p->count - 1; r++) {
		const struct levels_row *row = &p->rows[r];
		if (row->one.bytes)
			assert_rule(m, row->level, 1, row->one.bytes);
		else
			assert_true(row->one.why[0]);
		if (m->n < 2)
			continue;
		if (row->all.bytes) {
			assert_in_range(row->all.cpus, 2, m->n);
			assert_rule(m, row->level, row->all.cpus,
				    row->all.bytes);
		}
		if (row->all.cpus < m->n)
			assert_true(row->all.why[0]);
	}
	assert_int_equal(dram->level, LEVELS_DRAM);
	for (int t = 0; t < m->type_count; t++)
		assert_true(dram->one.bytes >= 4 * levels_llc_bytes(&m->types[t]));
	assert_true(dram->all.bytes == dram->one.bytes);
	assert_int_equal(dram->all.cpus, m->n > 1 ? m->n : 0);
}

static const struct levels_row *row_of(const struct levels_plan *p,
				       int level)
{
	for (int r = 0; r < p->count; r++)
		if (p->rows[r].level == level)
			return &p->rows[r];
	fail_msg("no L%d row", level);
	return 0;
}

/* Intel parts: L1d and L2 per core (two threads), L3 per package. */
static void intel_core(struct machine *m, uint64_t l1, uint64_t l2,
		       uint64_t l3, int l3_shared_by)
{
	memset(m, 0, sizeof *m);
	cache(&m->types[0], 1, l1, 2);
	cache(&m->types[0], 2, l2, 2);
	cache(&m->types[0], 3, l3, l3_shared_by);
}

/* Sapphire Rapids 8480+: 56 cores, 2 MiB L2 each, 105 MiB L3 that CPUID
 * lists as shared by 128. Half the L3 over 112 threads is 480 KiB,
 * under the 1 MiB a thread has of its L2; thread 0 alone needs 4 MiB
 * (twice its whole L2), and 52.5 MiB holds 13 of those. */
static void sapphire_rapids_one_socket(void **state)
{
	static struct machine m;
	struct levels_plan p;
	const struct levels_row *l3;
	(void)state;
	intel_core(&m, 48 * K, 2 * M, 105 * M, 128);
	xeon(&m, 1, 56, 2, 128);
	p = plan_of(&m);
	assert_plan(&m, &p);
	l3 = row_of(&p, 3);
	assert_int_equal(l3->all.cpus, 13);
	assert_true(l3->all.bytes >= 4 * M);
	assert_non_null(strstr(l3->all.why, "first 13"));
	assert_int_equal(row_of(&p, 2)->all.cpus, 112);
	assert_int_equal(row_of(&p, 1)->all.cpus, 112);
}

static void sapphire_rapids_two_sockets(void **state)
{
	static struct machine m;
	struct levels_plan p;
	(void)state;
	intel_core(&m, 48 * K, 2 * M, 105 * M, 128);
	xeon(&m, 2, 56, 2, 128);
	p = plan_of(&m);
	assert_plan(&m, &p);
	/* the first cpus are package 0's: its L3 bounds them */
	assert_int_equal(row_of(&p, 3)->all.cpus, 13);
	assert_int_equal(row_of(&p, 2)->all.cpus, 224);
}

/* Skylake-SP 8180: 28 cores, 1 MiB L2, 38.5 MiB L3 (shared by 64 in
 * CPUID): 9 threads of 2 MiB fit in 19.25 MiB. */
static void skylake_sp(void **state)
{
	static struct machine m;
	struct levels_plan p;
	(void)state;
	intel_core(&m, 32 * K, 1 * M, 38 * M + 512 * K, 64);
	xeon(&m, 1, 28, 2, 64);
	p = plan_of(&m);
	assert_plan(&m, &p);
	assert_int_equal(row_of(&p, 3)->all.cpus, 9);
}

/* Ice Lake-SP 8380: 40 cores, 1.25 MiB L2, 60 MiB L3 (shared by 128). */
static void ice_lake_sp(void **state)
{
	static struct machine m;
	struct levels_plan p;
	(void)state;
	intel_core(&m, 48 * K, 1280 * K, 60 * M, 128);
	xeon(&m, 1, 40, 2, 128);
	p = plan_of(&m);
	assert_plan(&m, &p);
	assert_int_equal(row_of(&p, 3)->all.cpus, 12);
}

/* EPYC (Zen 4): 1 MiB L2 a core, 32 MiB L3 a CCX of 8 cores (16
 * threads). Half an L3 over 16 threads is 1 MiB, twice a thread's
 * share of its L2: every cpu fits, and the point uses all 64. */
static void epyc_ccx(void **state)
{
	static struct machine m;
	struct levels_plan p;
	const struct levels_row *l3;
	(void)state;
	memset(&m, 0, sizeof m);
	cache(&m.types[0], 1, 32 * K, 2);
	cache(&m.types[0], 2, 1 * M, 2);
	cache(&m.types[0], 3, 32 * M, 16);
	xeon(&m, 1, 32, 2, 64);
	p = plan_of(&m);
	assert_plan(&m, &p);
	l3 = row_of(&p, 3);
	assert_int_equal(l3->all.cpus, 64);
	assert_int_equal(l3->all.bytes, 1 * M);
	assert_string_equal(l3->all.why, "");
}

/* Alder Lake i9-12900K: 8 P-cores (48K L1d, 1.25 MiB L2, two threads),
 * 8 E-cores (32K L1d, 2 MiB L2 a cluster of 4, whose APIC ids step by
 * 2 so CPUID lists the L2 as shared by 8), 30 MiB L3 for all. The
 * E-cores' L2 share is 256 KiB a cpu of half the cluster's L2, under
 * the P-cores' 320 KiB. */
static void alder_lake(void **state)
{
	static struct machine m;
	struct levels_plan p;
	const struct levels_row *l2;
	(void)state;
	memset(&m, 0, sizeof m);
	cache(&m.types[0], 1, 48 * K, 2);
	cache(&m.types[0], 2, 1280 * K, 2);
	cache(&m.types[0], 3, 30 * M, 128);
	m.types[0].core_type = "performance";
	cache(&m.types[1], 1, 32 * K, 1);
	cache(&m.types[1], 2, 2 * M, 8);
	cache(&m.types[1], 3, 30 * M, 128);
	m.types[1].core_type = "efficiency";
	m.type_count = 2;
	for (int c = 0; c < 8; c++)	/* P thread 0 */
		m.cpus[m.n++] = (struct levels_cpu){ .apic_id = (uint32_t)c * 2,
						     .core = c };
	for (int c = 0; c < 8; c++)	/* E cores */
		m.cpus[m.n++] = (struct levels_cpu){
			.apic_id = 16 + (uint32_t)c * 2, .core = 8 + c,
			.type = 1 };
	for (int c = 0; c < 8; c++)	/* P thread 1 */
		m.cpus[m.n++] = (struct levels_cpu){
			.apic_id = (uint32_t)c * 2 + 1, .core = c, .thread = 1 };
	p = plan_of(&m);
	assert_plan(&m, &p);
	l2 = row_of(&p, 2);
	assert_int_equal(l2->all.cpus, 24);
	assert_int_equal(l2->all.bytes, 256 * K);
	/* labels by each type's own caches */
	assert_int_equal(levels_of_size(&m.types[0], 1536 * K), 3);
	assert_int_equal(levels_of_size(&m.types[1], 1536 * K), 2);
}

/* No L3 (Core 2 Quad: 4 MiB L2 shared by two cores): L1, L2 and DRAM
 * rows, DRAM from the L2. */
static void no_l3(void **state)
{
	static struct machine m;
	struct levels_plan p;
	(void)state;
	memset(&m, 0, sizeof m);
	cache(&m.types[0], 1, 32 * K, 1);
	cache(&m.types[0], 2, 4 * M, 2);
	xeon(&m, 1, 4, 1, 4);
	p = plan_of(&m);
	assert_plan(&m, &p);
	assert_int_equal(p.count, 3);
	assert_string_equal(p.rows[2].name, "DRAM");
	assert_true(p.dram_floor_bytes == 16 * M);
	assert_int_equal(row_of(&p, 2)->all.cpus, 4);
}

/* L2s that together pass half the L3 with one thread a core and no
 * two cpus fit: the row is left out and says so. */
static void no_two_fit(void **state)
{
	static struct machine m;
	struct levels_plan p;
	const struct levels_row *l3;
	(void)state;
	intel_core(&m, 48 * K, 2 * M, 6 * M, 4);
	xeon(&m, 1, 2, 2, 4);
	p = plan_of(&m);
	assert_plan(&m, &p);
	l3 = row_of(&p, 3);
	assert_int_equal(l3->all.bytes, 0);
	assert_non_null(strstr(l3->all.why, "no all-cpu L3 point"));
	/* alone: 3 MiB is under twice the 2 MiB L2 too */
	assert_int_equal(l3->one.bytes, 0);
	assert_non_null(strstr(l3->one.why, "twice its share of the L2"));
}

static void bad_input(void **state)
{
	struct levels_plan p;
	struct cpu_info t = { 0 };
	struct levels_cpu c = { .type = 1 };
	struct levels_input in = { .types = &t, .type_count = 1, .cpus = &c,
				   .cpu_count = 1 };
	(void)state;
	assert_int_equal(levels_make(&in, scratch, &p), -1);
	in.cpu_count = 0;
	assert_int_equal(levels_make(&in, scratch, &p), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(sapphire_rapids_one_socket),
		cmocka_unit_test(sapphire_rapids_two_sockets),
		cmocka_unit_test(skylake_sp),
		cmocka_unit_test(ice_lake_sp),
		cmocka_unit_test(epyc_ccx),
		cmocka_unit_test(alder_lake),
		cmocka_unit_test(no_l3),
		cmocka_unit_test(no_two_fit),
		cmocka_unit_test(bad_input),
	};
	return cmocka_run_group_tests(tests, 0, 0);
}
