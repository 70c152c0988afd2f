/* SRAT and SLIT images built byte by byte here, good and broken, parsed
 * without reading out of bounds (run under ASan: each image sits in a
 * heap block of exactly its length). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "hw/numa.h"
#include "srat_image.h"

/* Parses a heap copy of exactly len bytes, so ASan sees any overrun. */
static int parse_srat(const struct img *m, size_t len, struct numa_topo *t)
{
	uint8_t *copy = malloc(len ? len : 1);
	int r;

	memcpy(copy, m->buf, len);
	r = numa_parse_srat(copy, len, t);
	free(copy);
	return r;
}

static int parse_slit(const struct img *m, size_t len, struct numa_topo *t)
{
	uint8_t *copy = malloc(len ? len : 1);
	int r;

	memcpy(copy, m->buf, len);
	r = numa_parse_slit(copy, len, t);
	free(copy);
	return r;
}

/* Two domains as QEMU builds them (domains given out of order). */
static void two_nodes(struct img *m)
{
	begin(m, "SRAT", 48);
	lapic(m, 0, 1, 1);
	lapic(m, 1, 1, 1);
	lapic(m, 2, 0, 1);
	lapic(m, 3, 0, 1);
	lapic(m, 4, 0, 0);	/* disabled: not a processor */
	memory(m, 0, 0xa0000, 1, 1);
	memory(m, 0x100000, 0x3ff00000, 1, 1);
	memory(m, 0x40000000, 0x40000000, 0, 1);
	memory(m, 0x100000000ull, 0x10000000, 0, 3);	/* hotplug */
	memory(m, 0x200000000ull, 0x10000000, 0, 0);	/* disabled */
	finish(m);
}

static struct numa_topo topo;

static void srat_two_nodes(void **state)
{
	struct img m;
	(void)state;
	two_nodes(&m);
	assert_int_equal(parse_srat(&m, m.len, &topo), 2);
	assert_null(topo.problem);
	assert_int_equal(topo.domain[0], 0);
	assert_int_equal(topo.domain[1], 1);
	assert_int_equal(topo.cpu_count, 4);
	assert_int_equal(numa_node_of_apic(&topo, 0), 1);
	assert_int_equal(numa_node_of_apic(&topo, 2), 0);
	assert_int_equal(numa_node_of_apic(&topo, 4), -1);
	assert_int_equal(topo.range_count, 4);
	assert_int_equal(numa_node_bytes(&topo, 1), 0xa0000 + 0x3ff00000);
	assert_int_equal(numa_node_bytes(&topo, 0), 0x40000000);
	assert_int_equal(topo.cpu[0].cpu, -1);
	/* an address's node (plat_buffer_node on UEFI): ends included,
	 * a hole between ranges and past the last in none */
	assert_int_equal(numa_node_of_addr(&topo, 0x100000), 1);
	assert_int_equal(numa_node_of_addr(&topo, 0x3fffffff), 1);
	assert_int_equal(numa_node_of_addr(&topo, 0x40000000), 0);
	assert_int_equal(numa_node_of_addr(&topo, 0x7fffffff), 0);
	assert_int_equal(numa_node_of_addr(&topo, 0xa0000), -1);
	assert_int_equal(numa_node_of_addr(&topo, 0x80000000), -1);
}

/* A Hyper-V guest's SRAT (and a server's with memory hot-plug on in
 * setup): every range Enabled+HotPluggable, RAM or not. The memory map
 * says which are RAM: those hold buffers and count as the node's memory,
 * flag or not; an empty hot-plug slot (no RAM in the map) stays empty. */
static void srat_hotplug_ram_is_used(void **state)
{
	struct img m;
	(void)state;
	begin(&m, "SRAT", 48);
	lapic(&m, 0, 0, 1);
	lapic(&m, 2, 1, 1);
	memory(&m, 0, 0x80000000, 0, 3);
	memory(&m, 0x100000000ull, 0x80000000, 1, 3);
	memory(&m, 0x200000000ull, 0x40000000, 1, 3);	/* an empty slot */
	finish(&m);
	assert_int_equal(parse_srat(&m, m.len, &topo), 2);
	assert_null(topo.problem);
	assert_int_equal(topo.range_count, 3);
	for (int r = 0; r < 3; r++)
		assert_true(topo.range[r].hotplug);
	/* From the SRAT alone a hot-plug range may be an empty slot. */
	assert_int_equal(numa_node_bytes(&topo, 0), 0);
	assert_false(numa_range_fits(&topo.range[0], 0, 1 << 20));
	/* The memory map: RAM in node 0 but a hole at 0xa0000-0x100000
	 * and 0x7f000000 up; all of node 1's first range; none of the
	 * slot. */
	numa_hotplug_ram_add(&topo, 0, 0xa0000);
	numa_hotplug_ram_add(&topo, 0x100000, 0x7ef00000);
	numa_hotplug_ram_add(&topo, 0x100000000ull, 0x80000000);
	assert_int_equal(numa_node_bytes(&topo, 0), 0x7efa0000);
	assert_int_equal(numa_node_bytes(&topo, 1), 0x80000000);
	assert_true(numa_range_fits(&topo.range[0], 0, 1 << 30));
	assert_false(numa_range_fits(&topo.range[0], 1, 1 << 30));
	assert_false(numa_range_fits(&topo.range[0], 0, 0x7f000000));
	assert_true(numa_range_fits(&topo.range[1], 1, 0x80000000));
	assert_false(numa_range_fits(&topo.range[2], 1, 4096));
	/* A span past a range's ends counts only inside it, and ranges
	 * not flagged keep their SRAT size whatever the map says. */
	two_nodes(&m);
	assert_int_equal(parse_srat(&m, m.len, &topo), 2);
	numa_hotplug_ram_add(&topo, 0xf0000000ull, 0x20000000);
	assert_int_equal(numa_node_bytes(&topo, 0), 0x40000000 + 0x10000000);
	assert_int_equal(numa_node_bytes(&topo, 1), 0xa0000 + 0x3ff00000);
	assert_int_equal(numa_node_of_cpu(&topo, 0), -1);
	topo.cpu[0].cpu = 7;
	assert_int_equal(numa_node_of_cpu(&topo, 7), topo.cpu[0].node);
}

static void srat_x2apic_and_high_domain_bits(void **state)
{
	struct img m;
	(void)state;
	begin(&m, "SRAT", 48);
	x2apic(&m, 0x12345, 0x10000);
	lapic(&m, 7, 0x020100, 1);
	finish(&m);
	assert_int_equal(parse_srat(&m, m.len, &topo), 2);
	assert_int_equal(topo.domain[0], 0x10000);
	assert_int_equal(topo.domain[1], 0x20100);
	assert_int_equal(numa_node_of_apic(&topo, 0x12345), 0);
	assert_int_equal(numa_node_of_apic(&topo, 7), 1);
}

static void srat_truncated_keeps_whole_entries(void **state)
{
	struct img m;
	(void)state;
	two_nodes(&m);
	/* Cut inside the second memory entry: the header still claims the
	 * full length. */
	size_t cut = 48 + 5 * 16 + 40 + 20;
	assert_int_equal(parse_srat(&m, cut, &topo), 2);
	assert_non_null(topo.problem);
	assert_int_equal(topo.cpu_count, 4);
	assert_int_equal(topo.range_count, 1);
	/* Shorter than the header, or than the fixed part. */
	assert_int_equal(parse_srat(&m, 20, &topo), 0);
	assert_non_null(topo.problem);
	put32(m.buf + 4, 40);
	assert_int_equal(parse_srat(&m, m.len, &topo), 0);
	assert_int_equal(parse_srat(&m, 0, &topo), 0);
	assert_int_equal(numa_parse_srat(0, 100, &topo), 0);
}

static void srat_bad_entries(void **state)
{
	struct img m;
	(void)state;
	/* A zero-length entry would loop forever if followed. */
	begin(&m, "SRAT", 48);
	lapic(&m, 0, 0, 1);
	m.buf[m.len] = 1;
	m.buf[m.len + 1] = 0;
	m.len += 40;
	finish(&m);
	assert_int_equal(parse_srat(&m, m.len, &topo), 1);
	assert_non_null(topo.problem);
	/* An entry claiming more bytes than the table has. */
	begin(&m, "SRAT", 48);
	lapic(&m, 0, 0, 1);
	memory(&m, 0, 1 << 20, 1, 1);
	m.buf[m.len - 40 + 1] = 200;
	finish(&m);
	assert_int_equal(parse_srat(&m, m.len, &topo), 1);
	assert_int_equal(topo.range_count, 0);
	/* A memory entry too short for its type; a range that wraps; an
	 * unknown type, skipped by its length. */
	begin(&m, "SRAT", 48);
	memory(&m, 0, 1 << 20, 3, 1);
	m.buf[m.len - 40 + 1] = 30;
	m.len -= 10;
	memory(&m, ~0ull - 100, 1 << 20, 4, 1);
	m.buf[m.len] = 3;
	m.buf[m.len + 1] = 18;
	m.len += 18;
	lapic(&m, 9, 5, 1);
	finish(&m);
	assert_int_equal(parse_srat(&m, m.len, &topo), 1);
	assert_int_equal(topo.domain[0], 5);
	assert_int_equal(topo.range_count, 0);
	/* Wrong signature; bad checksum (noted, still used). */
	two_nodes(&m);
	memcpy(m.buf, "SLIT", 4);
	assert_int_equal(parse_srat(&m, m.len, &topo), 0);
	two_nodes(&m);
	m.buf[9]++;
	assert_int_equal(parse_srat(&m, m.len, &topo), 2);
	assert_non_null(topo.problem);
}

static void srat_limits(void **state)
{
	struct img m;
	(void)state;
	/* More domains than NUMA_MAX_NODES: counted as dropped. */
	begin(&m, "SRAT", 48);
	for (int i = 0; i < NUMA_MAX_NODES + 4; i++)
		lapic(&m, (uint8_t)i, (uint32_t)(100 - i), 1);
	lapic(&m, 3, 0, 1);	/* APIC id twice: first kept */
	finish(&m);
	assert_int_equal(parse_srat(&m, m.len, &topo), NUMA_MAX_NODES);
	assert_int_equal(topo.dropped, 4);
	assert_non_null(topo.problem);
	/* Domains stay ascending and every cpu still names its own. */
	for (int i = 1; i < topo.node_count; i++)
		assert_true(topo.domain[i - 1] < topo.domain[i]);
	for (int c = 0; c < topo.cpu_count; c++)
		assert_int_equal(topo.domain[topo.cpu[c].node],
				 100 - topo.cpu[c].apic_id);
}

static void slit_image(struct img *m, uint64_t n, const uint8_t *d)
{
	begin(m, "SLIT", 44);
	put64(m->buf + 36, n);
	memcpy(m->buf + 44, d, n * n);
	m->len += n * n;
	finish(m);
}

static void slit_distances(void **state)
{
	struct img s, m;
	const uint8_t d[9] = { 10, 21, 31, 21, 10, 41, 31, 41, 10 };
	(void)state;
	/* Domains 0 and 2 of a three-locality SLIT. */
	begin(&s, "SRAT", 48);
	lapic(&s, 0, 2, 1);
	lapic(&s, 1, 0, 1);
	finish(&s);
	assert_int_equal(parse_srat(&s, s.len, &topo), 2);
	slit_image(&m, 3, d);
	assert_int_equal(parse_slit(&m, m.len, &topo), 0);
	assert_int_equal(topo.has_slit, 1);
	assert_int_equal(topo.slit[0][0], 10);
	assert_int_equal(topo.slit[0][1], 31);
	assert_int_equal(topo.slit[1][0], 31);
	assert_int_equal(topo.slit[1][1], 10);
}

static void slit_malformed(void **state)
{
	struct img s, m;
	const uint8_t d[4] = { 10, 20, 20, 10 };
	(void)state;
	begin(&s, "SRAT", 48);
	lapic(&s, 0, 0, 1);
	lapic(&s, 1, 2, 1);
	finish(&s);
	/* Domain 2 is not covered by a 2-locality SLIT. */
	assert_int_equal(parse_srat(&s, s.len, &topo), 2);
	slit_image(&m, 2, d);
	assert_int_equal(parse_slit(&m, m.len, &topo), -1);
	assert_int_equal(topo.has_slit, 0);
	/* A count whose square overflows or exceeds the table. */
	two_nodes(&s);
	assert_int_equal(parse_srat(&s, s.len, &topo), 2);
	slit_image(&m, 2, d);
	put64(m.buf + 36, 1ull << 32);
	finish(&m);
	assert_int_equal(parse_slit(&m, m.len, &topo), -1);
	slit_image(&m, 2, d);
	put64(m.buf + 36, 3);
	finish(&m);
	assert_int_equal(parse_slit(&m, m.len, &topo), -1);
	/* Truncated below the matrix; shorter than the fixed part. */
	slit_image(&m, 2, d);
	assert_int_equal(parse_slit(&m, m.len - 1, &topo), -1);
	assert_int_equal(parse_slit(&m, 40, &topo), -1);
	assert_int_equal(topo.has_slit, 0);
	/* And the good one is taken. */
	assert_int_equal(parse_slit(&m, m.len, &topo), 0);
	assert_int_equal(topo.slit[0][1], 20);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(srat_two_nodes),
		cmocka_unit_test(srat_hotplug_ram_is_used),
		cmocka_unit_test(srat_x2apic_and_high_domain_bits),
		cmocka_unit_test(srat_truncated_keeps_whole_entries),
		cmocka_unit_test(srat_bad_entries),
		cmocka_unit_test(srat_limits),
		cmocka_unit_test(slit_distances),
		cmocka_unit_test(slit_malformed),
	};
	return cmocka_run_group_tests(tests, 0, 0);
}
