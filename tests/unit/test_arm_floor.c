/* The AArch64 cpu description the UEFI app and the arm64 Linux runner
 * hand the level planner (lib/arch/aarch64/cache_id.c's
 * arm_caches_merge, cpu_desc.c's arm_cpu_caches) and the DRAM floor the
 * suite takes from it (lib/suite/dramfloor.c, levels.c), over real
 * tables (tests/data/arm/README.md): the HoneyComb's caches, CLIDR's
 * levels with the PPTT's sizes and sharers and its interconnect cache
 * above them; the Altra's, whose CLIDR and PPTT both stop at the
 * private L2, taking the 32 MiB system-level cache of the chips built
 * on Neoverse N1 from the part's documentation, so the floor is 128 MiB,
 * not 4 MiB; a Grace-shaped one (Neoverse V2, no PPTT cache nodes) the
 * same with Grace's 117 MiB; one whose PPTT lists an SLC at level 4,
 * above a cluster L3, counted by the floor; each cache's source, and
 * the messages' subject it gives. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "arch/aarch64/cache_id.h"
#include "arch/aarch64/cpu_desc.h"
#include "arch/aarch64/pptt.h"
#include "results/run_env.h"
#include "suite/dramfloor.h"
#include "suite/levels.h"
#include "arm_data.h"

#define KiB 1024ull
#define MiB (1024ull * 1024)

static struct pptt t;

/* The PPTT's caches of the cpu with this UID, from the table file. */
static int pptt_caches(const char *file, uint32_t uid, struct arm_cache *c)
{
	size_t len;
	uint8_t *b = arm_data_read(file, &len);
	int n;

	assert_true(pptt_parse(b, len, &t) > 0);
	n = pptt_cpu_caches(&t, uid, c, 16);
	free(b);
	return n;
}

static const struct cpu_cache *at(const struct cpu_info *ci, int level,
				  const char *type)
{
	for (int i = 0; i < ci->cache_count; i++)
		if (ci->caches[i].level == level &&
		    !strcmp(ci->caches[i].type, type))
			return &ci->caches[i];
	fail_msg("no L%d %s cache", level, type);
	return 0;
}

/* The floor the suite sizes DRAM by, for a run of this description. */
static uint64_t floor_of(const struct cpu_info *ci)
{
	struct run_env env = { .cpu = ci };

	return dramfloor_bytes(&env, &(struct cpu_set){ 0, 0 });
}

/* A cpu's description as the app makes it: its registers' caches
 * (clidr, ccsidr) merged with the PPTT's of the cpu with this UID (no
 * PPTT when file is 0), then the part's additions for a machine of
 * `cpus`. Returns how many the part added. */
static int describe(struct cpu_info *ci, uint64_t midr, uint64_t clidr,
		    const uint64_t ccsidr[][2], const char *file, uint32_t uid,
		    int cpus)
{
	struct arm_cache ids[8], pp[16], all[16];
	int n = arm_caches_from_ids(clidr, ccsidr, 0, ids, 8);
	int k = file ? pptt_caches(file, uid, pp) : 0;
	int m = arm_caches_merge(ids, n, pp, k, 64, all, 16);

	arm_cpu_describe(ci, midr);
	return arm_cpu_caches(ci, midr, all, m, 64, cpus);
}

/* Cortex-A72's and Neoverse N1's registers (id-registers.txt): CLIDR
 * with L1 and L2 */
static const uint64_t a72[ARM_CACHE_LEVELS][2] = {
	{ 0x701fe00a, 0x201fe012 }, { 0x707fe07a, 0 } };
static const uint64_t n1[ARM_CACHE_LEVELS][2] = {
	{ 0x701fe01a, 0x201fe01a }, { 0x70ffe03a, 0 } };

static void honeycomb(void **state)
{
	struct cpu_info ci;

	(void)state;
	assert_int_equal(describe(&ci, 0x410fd083, 0x0a200023, a72,
				  "honeycomb-lx2160a-pptt.dat", 5, 16), 0);
	assert_int_equal(ci.cache_count, 4);
	/* every level CLIDR lists, with the PPTT's sharers */
	assert_int_equal(at(&ci, 2, "unified")->size_bytes, 1 * MiB);
	assert_int_equal(at(&ci, 2, "unified")->shared_by, 2);
	assert_string_equal(at(&ci, 2, "unified")->source, "pptt");
	/* the interconnect cache CLIDR does not show */
	assert_int_equal(at(&ci, 3, "unified")->size_bytes, 8 * MiB);
	assert_int_equal(at(&ci, 3, "unified")->shared_by, 16);
	assert_string_equal(cpuinfo_cache_says(at(&ci, 3, "unified")),
			    "PPTT says");
	assert_int_equal(floor_of(&ci), 32 * MiB);
	/* without the PPTT: the registers alone, said so */
	describe(&ci, 0x410fd083, 0x0a200023, a72, 0, 0, 16);
	assert_int_equal(ci.cache_count, 3);
	assert_string_equal(cpuinfo_cache_says(at(&ci, 2, "unified")),
			    "the cache registers say");
	assert_int_equal(floor_of(&ci), 4 * MiB);
}

static void altra(void **state)
{
	struct arm_cache pp[16];
	struct cpu_info ci;

	(void)state;
	/* L1I, L1D, L2: no SLC in Ampere's table */
	assert_int_equal(pptt_caches("altra-ava-pptt.dat", 0x1000, pp), 3);
	assert_int_equal(describe(&ci, 0x413fd0c1, 0x82000023, n1,
				  "altra-ava-pptt.dat", 0x1000, 160), 1);
	assert_int_equal(ci.cache_count, 4);
	assert_int_equal(at(&ci, 2, "unified")->size_bytes, 1 * MiB);
	assert_string_equal(at(&ci, 2, "unified")->source, "pptt");
	assert_int_equal(at(&ci, 3, "unified")->size_bytes, 32 * MiB);
	assert_int_equal(at(&ci, 3, "unified")->shared_by, 160);
	assert_string_equal(at(&ci, 3, "unified")->source, "part");
	assert_string_equal(cpuinfo_cache_says(at(&ci, 3, "unified")),
			    "the part's documentation says");
	/* the floor clears the SLC: 4x 32 MiB, not 4x the 1 MiB L2 */
	assert_int_equal(floor_of(&ci), 128 * MiB);
}

static void grace_shaped(void **state)
{
	struct cpu_info ci;

	(void)state;
	/* Neoverse V2 (Grace's cores) with N1's register values (64K 4-way
	 * L1s, a 1 MiB 8-way L2, V2's too) and no PPTT cache nodes */
	assert_int_equal(describe(&ci, 0x410fd4f0, 0x82000023, n1, 0, 0, 72),
			 1);
	assert_non_null(strstr(ci.brand, "Neoverse V2"));
	assert_int_equal(at(&ci, 3, "unified")->size_bytes, 117 * MiB);
	assert_string_equal(at(&ci, 2, "unified")->source, "ccsidr");
	assert_int_equal(floor_of(&ci), 4 * 117 * MiB);
}

/* A PPTT cache above a cluster's L3 (CLIDR: L1, L2, L3) is level 4: the
 * largest last level, which the floor counts though the summary's
 * levels stop at L3. */
static void slc_at_level_4(void **state)
{
	struct arm_cache ids[4] = {
		{ .level = 1, .type = 'D', .bytes = 64 * KiB, .line_bytes = 64,
		  .source = "ccsidr" },
		{ .level = 1, .type = 'I', .bytes = 64 * KiB, .line_bytes = 64,
		  .source = "ccsidr" },
		{ .level = 2, .type = 'U', .bytes = 1 * MiB, .line_bytes = 64,
		  .source = "ccsidr" },
		{ .level = 3, .type = 'U', .bytes = 4 * MiB, .line_bytes = 64,
		  .source = "ccsidr" },
	};
	struct arm_cache pp[1] = { { .level = 4, .type = 'U',
				     .bytes = 32 * MiB, .shared_by = 64,
				     .source = "pptt" } };
	struct arm_cache all[8];
	struct cpu_info ci;
	int m;

	(void)state;
	m = arm_caches_merge(ids, 4, pp, 1, 64, all, 8);
	assert_int_equal(m, 5);
	assert_int_equal(all[4].line_bytes, 64);	/* CTR_EL0's */
	arm_cpu_describe(&ci, 0x410fd490);
	assert_int_equal(arm_cpu_caches(&ci, 0x410fd490, all, m, 64, 64), 0);
	assert_int_equal(levels_llc_bytes(&ci), 32 * MiB);
	assert_int_equal(floor_of(&ci), 128 * MiB);
}

/* A PPTT cache with no valid size takes no place; one whose size the
 * PPTT leaves out keeps the registers' with the PPTT's sharers. */
static void sizes_missing(void **state)
{
	struct arm_cache ids[1] = { { .level = 2, .type = 'U',
				      .bytes = 2 * MiB, .ways = 16,
				      .line_bytes = 64, .source = "ccsidr" } };
	struct arm_cache pp[2] = {
		{ .level = 2, .type = 'U', .shared_by = 4, .source = "pptt" },
		{ .level = 3, .type = 'U', .shared_by = 64, .source = "pptt" },
	};
	struct arm_cache all[4];

	(void)state;
	assert_int_equal(arm_caches_merge(ids, 1, pp, 2, 64, all, 4), 1);
	assert_int_equal(all[0].bytes, 2 * MiB);
	assert_int_equal(all[0].shared_by, 4);
	assert_string_equal(all[0].source, "ccsidr");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(honeycomb),
		cmocka_unit_test(altra),
		cmocka_unit_test(grace_shaped),
		cmocka_unit_test(slc_at_level_4),
		cmocka_unit_test(sizes_missing),
	};
	return cmocka_run_group_tests(tests, 0, 0);
}
