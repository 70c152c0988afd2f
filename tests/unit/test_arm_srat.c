/* SRAT GICC affinity decoding (lib/arch/aarch64/srat_gicc.c) over a real
 * Ampere Altra's SRAT (tests/data/arm/README.md), cpu by cpu against
 * ACPICA's decoding of the same bytes, with lib/hw/numa.c reading the
 * memory side of the same table and its SLIT; the cpus joined to the MADT's by UID;
 * then a second node, a cpu in a domain without memory, a disabled
 * entry and a repeated UID; the cpus added to the topology the suite
 * reads (srat_gicc_to_topo), each under its MPIDR's word. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "arch/aarch64/madt_gicc.h"
#include "arch/aarch64/srat_gicc.h"
#include "arm_data.h"

static struct numa_topo mem;
static struct srat_gicc g;
static struct madt_gicc m;

struct walk {
	int cpus, ranges;
};

static void one_line(char **w, int n, void *ctx)
{
	struct walk *k = ctx;

	if (!strcmp(w[0], "gicc")) {
		const struct srat_gicc_cpu *c = &g.cpu[k->cpus++];
		assert_int_equal(n, 4);
		assert_int_equal(c->uid, arm_hex(w[1]));
		assert_int_equal(c->domain, arm_hex(w[2]));
		assert_int_equal(c->node,
				 numa_node_of_domain(&mem, arm_hex(w[2])));
		assert_true(arm_hex(w[3]) & 1);
	} else {
		assert_int_equal(n, 5);
		assert_int_equal(numa_node_of_addr(&mem, arm_hex(w[1])),
				 numa_node_of_domain(&mem, arm_hex(w[3])));
		k->ranges++;
	}
}

static int parse(uint8_t *t, size_t len)
{
	uint8_t *copy = malloc(len);
	int r;

	memcpy(copy, t, len);
	numa_parse_srat(copy, len, &mem);
	r = srat_gicc_parse(copy, len, &mem, &g);
	free(copy);
	return r;
}

static void altra(void **state)
{
	size_t len, mlen;
	uint8_t *t = arm_data_read("altra-ava-srat.dat", &len);
	uint8_t *mt = arm_data_read("altra-ava-apic.dat", &mlen);
	struct walk k = { 0 };

	(void)state;
	assert_int_equal(parse(t, len), 32);
	assert_null(g.problem);
	assert_int_equal(mem.node_count, 1);
	assert_int_equal(arm_data_expect("altra-ava-srat.expect", one_line,
					 &k), 36);
	assert_int_equal(k.cpus, g.count);
	assert_int_equal(k.ranges, mem.range_count);
	/* every MADT cpu has its node, found by UID */
	madt_gicc_parse(mt, mlen, &m);
	for (int i = 0; i < m.count; i++)
		assert_int_equal(srat_gicc_node_of_uid(&g, m.cpu[i].uid), 0);
	assert_int_equal(srat_gicc_node_of_uid(&g, 0xdead), -1);
	/* the topology the suite reads: every cpu under its MPIDR word */
	assert_int_equal(srat_gicc_to_topo(&g, &m, &mem), 32);
	for (int i = 0; i < m.count; i++)
		assert_int_equal(numa_node_of_apic(&mem,
				madt_mpidr_word(m.cpu[i].mpidr)), 0);
	free(t);
	free(mt);
	/* the SLIT of the same machine covers its one node */
	t = arm_data_read("altra-ava-slit.dat", &len);
	assert_int_equal(numa_parse_slit(t, len, &mem), 0);
	assert_int_equal(numa_slit_distance(&mem, 0, 0), 10);
	free(t);
}

/* Offsets in the Altra SRAT (48-byte header, 4 memory affinity entries
 * of 40 bytes, then GICC affinity entries of 18). */
#define FIRST_GICC (48 + 4 * 40)
#define GICC(i) (FIRST_GICC + 18 * (i))

/* The topology's node of the cpu the SRAT's GICC entry i names, found
 * as the suite finds it: by the MADT's MPIDR for that UID. */
static int node_of_entry(const uint8_t *t, int i)
{
	uint32_t uid;
	int k;

	memcpy(&uid, t + GICC(i) + 6, 4);
	k = madt_gicc_of_uid(&m, uid);
	assert_true(k >= 0);
	return numa_node_of_apic(&mem, madt_mpidr_word(m.cpu[k].mpidr));
}

static void edits(void **state)
{
	size_t len;
	uint8_t *t = arm_data_read("altra-ava-srat.dat", &len);

	(void)state;
	/* the last memory range and cpus 30, 31 in domain 1 */
	t[48 + 3 * 40 + 2] = 1;
	t[GICC(30) + 2] = 1;
	t[GICC(31) + 2] = 1;
	/* cpu 29 in domain 7, which has no memory */
	t[GICC(29) + 2] = 7;
	/* cpu 28 disabled */
	t[GICC(28) + 10] = 0;
	/* cpu 27 repeats cpu 26's UID */
	memcpy(t + GICC(27) + 6, t + GICC(26) + 6, 4);
	arm_data_checksum(t, len);
	assert_int_equal(parse(t, len), 30);
	assert_int_equal(mem.node_count, 2);
	assert_int_equal(g.cpu[g.count - 1].node, 1);
	assert_int_equal(g.cpu[g.count - 2].node, 1);
	assert_int_equal(g.cpu[g.count - 3].node, -1);
	assert_int_equal(g.memoryless, 1);
	assert_memory_equal(&g.cpu[g.count - 4].uid, t + GICC(26) + 6, 4);
	assert_string_equal(g.problem,
			    "a processor UID listed twice (first kept)");
	/* into the topology by the MADT's MPIDRs: cpus 30, 31 in node 1,
	 * cpu 29's memoryless domain a node of its own, cpu 28 absent */
	{
		size_t mlen;
		uint8_t *mt = arm_data_read("altra-ava-apic.dat", &mlen);

		madt_gicc_parse(mt, mlen, &m);
		assert_int_equal(srat_gicc_to_topo(&g, &m, &mem), 30);
		assert_int_equal(mem.node_count, 3);
		assert_int_equal(node_of_entry(t, 31), 1);
		assert_int_equal(node_of_entry(t, 30), 1);
		assert_int_equal(node_of_entry(t, 29), 2);
		assert_int_equal(node_of_entry(t, 28), -1);
		assert_int_equal(node_of_entry(t, 0), 0);
		/* a UID the MADT does not list is skipped, said so */
		g.cpu[0].uid = 0xdead;
		mem.problem = 0;
		numa_parse_srat(t, len, &mem);
		assert_int_equal(srat_gicc_to_topo(&g, &m, &mem), 29);
		assert_string_equal(mem.problem, "an SRAT GICC affinity names "
				    "a UID the MADT does not list");
		free(mt);
	}
	free(t);
}

/* Every prefix of the real SRAT, each in a block of exactly that many
 * bytes: ASan sees any read past the end. */
static void every_prefix(void **state)
{
	size_t len;
	uint8_t *t = arm_data_read("altra-ava-srat.dat", &len);

	(void)state;
	for (size_t cut = 0; cut < len; cut++) {
		assert_true(parse(t, cut ? cut : 1) <= 32);
		assert_non_null(g.problem);
	}
	free(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(altra),
		cmocka_unit_test(edits),
		cmocka_unit_test(every_prefix),
	};
	return cmocka_run_group_tests(tests, 0, 0);
}
