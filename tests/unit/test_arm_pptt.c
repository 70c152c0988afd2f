/* PPTT decoding (lib/arch/aarch64/pptt.c) over two real machines' tables
 * (tests/data/arm/README.md) against tests/data/arm/pptt-facts.txt: a
 * HoneyComb LX2 (ACPI 6.2 table without leaf flags; L2 shared by a
 * cluster's two cores; an 8 MiB interconnect cache on the package node
 * that the Cortex-A72's CLIDR does not show) and an Ampere Altra (each
 * core's caches private, two packages); every MADT cpu found in the
 * PPTT; then a parent loop, a truncated table and a resource count
 * larger than the node. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "arch/aarch64/madt_gicc.h"
#include "arch/aarch64/pptt.h"
#include "arm_data.h"

static struct pptt t;
static struct madt_gicc m;

static void load(const char *name)
{
	size_t len;
	uint8_t *b = arm_data_read(name, &len);

	pptt_parse(b, len, &t);
	free(b);
}

struct walk {
	char table[64];
	int facts;
};

static void one_fact(char **w, int n, void *ctx)
{
	struct walk *k = ctx;
	struct arm_cache c[16];
	int got, found = 0;

	if (strcmp(w[1], k->table))
		return;
	k->facts++;
	if (!strcmp(w[0], "pptt")) {
		assert_int_equal(t.cpu_count, strtol(w[2], 0, 0));
		/* the package of every cpu is below the count */
		for (int i = 0; i < t.node_count; i++)
			if (t.node[i].leaf && t.node[i].id_valid)
				assert_in_range(pptt_package_of_uid(
					&t, t.node[i].acpi_id), 0,
					strtol(w[3], 0, 0) - 1);
	} else if (!strcmp(w[0], "cache")) {
		assert_int_equal(n, 10);
		got = pptt_cpu_caches(&t, strtoul(w[2], 0, 0), c, 16);
		for (int i = 0; i < got; i++) {
			if (c[i].level != strtol(w[3], 0, 0) ||
			    c[i].type != w[4][0])
				continue;
			found++;
			assert_int_equal(c[i].bytes, strtoull(w[5], 0, 0));
			assert_int_equal(c[i].ways, strtoul(w[6], 0, 0));
			assert_int_equal(c[i].sets, strtoul(w[7], 0, 0));
			assert_int_equal(c[i].line_bytes, strtoul(w[8], 0, 0));
			assert_int_equal(c[i].shared_by, strtol(w[9], 0, 0));
		}
		if (found != 1)
			fail_msg("%s cpu %s: %d L%s %s caches, expected 1",
				 w[1], w[2], found, w[3], w[4]);
	} else if (!strcmp(w[0], "sibling") || !strcmp(w[0], "apart")) {
		int a = pptt_parent_of_uid(&t, strtoul(w[2], 0, 0));
		int b = pptt_parent_of_uid(&t, strtoul(w[3], 0, 0));
		assert_true(a >= 0 && b >= 0);
		assert_int_equal(a == b, !strcmp(w[0], "sibling"));
	} else if (!strcmp(w[0], "package")) {
		assert_int_equal(pptt_package_of_uid(&t, strtoul(w[2], 0, 0)),
				 strtol(w[3], 0, 0));
	}
}

static void check_facts(const char *table)
{
	struct walk k = { .facts = 0 };

	snprintf(k.table, sizeof k.table, "%s", table);
	load(table);
	assert_null(t.problem);
	arm_data_expect("pptt-facts.txt", one_fact, &k);
	assert_true(k.facts >= 4);
}

/* Every enabled MADT cpu of the same machine has a PPTT node. */
static void madt_cpus_in_pptt(const char *apic)
{
	size_t len;
	uint8_t *b = arm_data_read(apic, &len);

	madt_gicc_parse(b, len, &m);
	free(b);
	assert_true(m.count > 0);
	for (int i = 0; i < m.count; i++)
		assert_true(pptt_cpu_of_uid(&t, m.cpu[i].uid) >= 0);
}

/* Where cpus sit (pptt_place_of_uid): the same core only for itself,
 * the same cluster exactly when siblings. */
static void assert_place(uint32_t a, uint32_t b, int sibling)
{
	int ca, cb, la, lb;

	assert_int_equal(pptt_place_of_uid(&t, a, &ca, &la), 0);
	assert_int_equal(pptt_place_of_uid(&t, b, &cb, &lb), 0);
	assert_int_not_equal(ca, cb);
	assert_true(la >= 0 && lb >= 0);
	assert_int_equal(la == lb, sibling);
}

static void honeycomb(void **state)
{
	/* Cortex-A72's CLIDR, CCSIDR as QEMU's cortex-a72 model carries
	 * them (tests/data/arm/id-registers.txt): L1 and L2 only */
	const uint64_t ccsidr[2][2] = { { 0x701fe00a, 0x201fe012 },
					{ 0x707fe07a, 0 } };
	struct arm_cache ids[8], pp[16], slc[4];
	int n, k;

	(void)state;
	check_facts("honeycomb-lx2160a-pptt.dat");
	madt_cpus_in_pptt("honeycomb-lx2160a-apic.dat");
	n = arm_caches_from_ids(0x0a200023, ccsidr, 0, ids, 8);
	k = pptt_cpu_caches(&t, 3, pp, 16);
	assert_int_equal(arm_caches_beyond(ids, n, pp, k, slc, 4), 1);
	assert_int_equal(slc[0].level, 3);
	assert_int_equal(slc[0].bytes, 8u << 20);
	assert_int_equal(slc[0].shared_by, 16);
	/* eight clusters of two under one package */
	assert_int_equal(pptt_package_count(&t), 1);
	assert_place(4, 5, 1);
	assert_place(3, 4, 0);
}

static void altra(void **state)
{
	(void)state;
	check_facts("altra-ava-pptt.dat");
	madt_cpus_in_pptt("altra-ava-apic.dat");
	assert_int_equal(pptt_package_count(&t), 2);
	assert_place(0x1000, 0x1001, 1);
	assert_place(0x1000, 0x1100, 0);
	assert_int_equal(pptt_place_of_uid(&t, 0xdead, &(int){ 0 },
					   &(int){ 0 }), -1);
	assert_int_equal(pptt_cpu_of_uid(&t, 0xdead), -1);
	assert_int_equal(pptt_package_of_uid(&t, 0xdead), -1);
}

/* Bad tables built from the HoneyComb's: each edit, checksum made
 * right, parsed from a block of exactly the bytes given. */
static uint8_t *honeycomb_copy(size_t *len)
{
	return arm_data_read("honeycomb-lx2160a-pptt.dat", len);
}

static int parse_exact(const uint8_t *b, size_t len)
{
	uint8_t *copy = malloc(len ? len : 1);
	int r;

	memcpy(copy, b, len);
	r = pptt_parse(copy, len, &t);
	free(copy);
	return r;
}

static void parent_loop(void **state)
{
	size_t len;
	uint8_t *b = honeycomb_copy(&len);
	struct arm_cache c[16];

	(void)state;
	/* the package node (at 0x24) names a cluster (0x54) as its parent */
	b[0x24 + 8] = 0x54;
	arm_data_checksum(b, len);
	assert_int_equal(parse_exact(b, len), 16);
	/* the walk up ends; the caches below the loop are all still found */
	assert_int_equal(pptt_cpu_caches(&t, 0, c, 16), 4);
	assert_true(pptt_package_of_uid(&t, 0) >= 0);
	free(b);
}

static void truncated(void **state)
{
	size_t len;
	uint8_t *b = honeycomb_copy(&len);

	(void)state;
	/* through the first cluster's first cpu node (0x84) and its two
	 * L1s (0xa0, 0xb8): a table cut mid-structure after them */
	assert_int_equal(parse_exact(b, 0xd0 + 10), 1);
	assert_non_null(t.problem);
	assert_int_equal(parse_exact(b, 30), 0);
	assert_non_null(t.problem);
	free(b);
}

static void too_many_resources(void **state)
{
	size_t len;
	uint8_t *b = honeycomb_copy(&len);
	struct arm_cache c[16];

	(void)state;
	b[0x84 + 16] = 200;	/* the first cpu claims 200 resources */
	arm_data_checksum(b, len);
	assert_int_equal(parse_exact(b, len), 16);
	assert_string_equal(t.problem,
			    "PPTT node lists more resources than it holds");
	assert_int_equal(pptt_cpu_caches(&t, 0, c, 16), 4);
	free(b);
}

/* Prefixes of both real tables (every 5th byte of the HoneyComb's, every
 * 61st byte of the Altra's 17 KB), each in a block of exactly that many
 * bytes: ASan sees any read past the end, and every cpu found still has
 * its caches walked. */
static void every_prefix(void **state)
{
	static const char *const names[] = { "honeycomb-lx2160a-pptt.dat",
					     "altra-ava-pptt.dat" };
	static const size_t step[] = { 5, 251 };

	(void)state;
	for (unsigned k = 0; k < 2; k++) {
		size_t len;
		uint8_t *b = arm_data_read(names[k], &len);

		for (size_t cut = 0; cut < len; cut += step[k]) {
			struct arm_cache c[16];
			int walked = 0;

			assert_true(parse_exact(b, cut) <= 160);
			assert_non_null(t.problem);
			/* the first four cpus: each walk counts the sharers
			 * over every cpu, so all 160 would take seconds */
			for (int i = 0; i < t.node_count && walked < 4; i++)
				if (t.node[i].leaf && t.node[i].id_valid) {
					walked++;
					assert_true(pptt_cpu_caches(
						&t, t.node[i].acpi_id, c, 16) <= 16);
				}
		}
		free(b);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(honeycomb),
		cmocka_unit_test(altra),
		cmocka_unit_test(parent_loop),
		cmocka_unit_test(truncated),
		cmocka_unit_test(too_many_resources),
		cmocka_unit_test(every_prefix),
	};
	return cmocka_run_group_tests(tests, 0, 0);
}
