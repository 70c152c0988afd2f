/* AArch64 identity maps (lib/arch/aarch64/pagetable_arm.c): the tables
 * built over a QEMU virt-like memory map, walked back by this file's own
 * reading of the Arm ARM's 4 KiB-granule descriptors, every bit of each
 * leaf decoded: 1 GiB blocks over wholly-RAM gigabytes only, 2 MiB and
 * 4 KiB around a carve-out, Device for MMIO, the EL2-alone differences
 * and EL2 with VHE's; which entries a firmware memory map gets; the
 * regime's registers by EL and HCR_EL2.E2H; T0SZ's start level and
 * limit; the TCR and MAIR helpers. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "arch/aarch64/pagetable_arm.h"

#define K 1024ull
#define M (1024ull * K)
#define G (1024ull * M)

#define ARENA_PHYS 0x7650000000ull	/* unlike any host address */
#define ARENA_BYTES (64 * 4096ull)

/* The MAIR AAVMF runs with: Device-nGnRnE, Normal NC, WT, WB. */
#define AAVMF_MAIR 0xffbb4400ull

struct leaf {
	int level;		/* Arm's: 1 block of 1G, 2 block of 2M, 3 page */
	uint64_t out;		/* output address */
	unsigned attr, sh, ap, af, ng, pxn, xn;
};

static uint8_t *host;
static struct pt_arena arena;

static void new_arena(void)
{
	free(host);
	host = aligned_alloc(4096, ARENA_BYTES);
	assert_non_null(host);
	memset(host, 0xa5, ARENA_BYTES);
	arena = (struct pt_arena){ host, ARENA_PHYS, ARENA_BYTES, 0 };
}

static const uint64_t *table_at(uint64_t phys)
{
	assert_true(phys >= ARENA_PHYS && phys + 4096 <= ARENA_PHYS + arena.used);
	assert_int_equal(phys & 4095, 0);
	return (const uint64_t *)(void *)(host + (phys - ARENA_PHYS));
}

/* The walk an MMU makes (Arm ARM D8.2, D8.3): from the start level the
 * T0SZ gives, index bits 47:39, 38:30, 29:21, 20:12; returns 0 when va
 * is unmapped. */
static int walk(uint64_t root, unsigned t0sz, uint64_t va, struct leaf *l)
{
	int level = t0sz <= 24 ? 0 : 1;
	uint64_t table = root;

	if (va >> (64 - t0sz))
		return 0;
	for (;; level++) {
		uint64_t e = table_at(table)[(va >> (39 - 9 * level)) & 511];

		if (!(e & 1))
			return 0;
		if (level < 3 && (e & 2)) {
			table = e & 0x0000fffffffff000ull;
			continue;
		}
		if (level == 0 || (level == 3 && !(e & 2)))
			fail_msg("reserved descriptor %llx at level %d",
				 (unsigned long long)e, level);
		*l = (struct leaf){
			.level = level,
			.out = e & 0x0000fffffffff000ull &
			       ~((1ull << (39 - 9 * level)) - 1),
			.attr = (unsigned)(e >> 2) & 7,
			.ap = (unsigned)(e >> 6) & 3,
			.sh = (unsigned)(e >> 8) & 3,
			.af = (unsigned)(e >> 10) & 1,
			.ng = (unsigned)(e >> 11) & 1,
			.pxn = (unsigned)(e >> 53) & 1,
			.xn = (unsigned)(e >> 54) & 1,
		};
		/* nothing in the bits the architecture reserves here */
		assert_int_equal(e & 0xff80000000000000ull & ~(3ull << 53), 0);
		assert_int_equal(e & ((1ull << (39 - 9 * level)) - 1) & ~0xfffull, 0);
		return 1;
	}
}

/* QEMU virt's shape: the UART's page, then RAM from 1 GiB to 4 GiB with
 * a 4 KiB carve-out (reserved memory) at 0xbf000000. */
static const struct pt_range virt[] = {
	{ 0x09000000, 4 * K, PT_CLASS_UC, 0 },
	{ 0x40000000, 0xbf000000 - 0x40000000, PT_CLASS_WB, 0 },
	{ 0xbf001000, 0x100000000 - 0xbf001000, PT_CLASS_WB, 0 },
};

static uint64_t build(const struct pt_arm_regime *r, const struct pt_range *ranges,
		      int n)
{
	struct pt_format f;
	uint64_t root = 0;

	pt_arm_format(&f, r);
	new_arena();
	assert_int_equal(pt_build_with(&f, ranges, n, PT_1G,
				       pt_arm_levels(r->t0sz), &arena, &root), 0);
	assert_int_equal(pt_bytes_needed_with(&f, ranges, n, PT_1G,
					      pt_arm_levels(r->t0sz)),
			 arena.used);
	return root;
}

static void expect_normal(const struct leaf *l, const struct pt_arm_regime *r)
{
	assert_int_equal(l->attr, r->normal_index);
	assert_int_equal(l->sh, 3);		/* inner shareable */
	assert_int_equal(l->af, 1);
	assert_int_equal(l->ng, 0);
	assert_int_equal(l->ap, r->el2_alone ? 1 : 0);	/* RW; AP[1] RES1 at EL2 alone */
	assert_int_equal(l->pxn, 0);		/* the app runs from RAM */
	assert_int_equal(l->xn, r->el2_alone ? 0 : 1);	/* UXN; XN at EL2 alone */
}

/* pt_walk_with (the app's own lookups) agrees with the walk above. */
static void same_walk(const struct pt_arm_regime *r, uint64_t root,
		      uint64_t va)
{
	static const uint64_t level_bytes[4] = { 0, G, 2 * M, 4 * K };
	struct pt_format f;
	struct leaf l;
	uint64_t phys = 0, entry = 0, size;

	pt_arm_format(&f, r);
	size = pt_walk_with(&f, &arena, root, pt_arm_levels(r->t0sz), va,
			    &phys, &entry);
	if (!walk(root, r->t0sz, va, &l)) {
		assert_int_equal(size, 0);
		return;
	}
	assert_int_equal(size, level_bytes[l.level]);
	assert_int_equal(phys, va);
	assert_int_equal(entry & 0x0000fffffffff000ull & ~(size - 1), l.out);
}

static void check_virt(const struct pt_arm_regime *r)
{
	uint64_t root = build(r, virt, 3);
	struct leaf l;
	uint64_t *l0;

	for (uint64_t va = 0; va < 5 * G; va += 4 * K * 1021)
		same_walk(r, root, va);
	same_walk(r, root, 0xbf000000);
	same_walk(r, root, 0xbf001000);
	same_walk(r, root, 0x09000000);
	if (r->t0sz <= 24) {
		/* a block at level 0 is reserved with this granule */
		l0 = (uint64_t *)(void *)(host + (root - ARENA_PHYS));
		struct pt_format f;

		pt_arm_format(&f, r);
		l0[1] = (1ull << 39) | PTA_VALID | PTA_AF;
		assert_int_equal(pt_walk_with(&f, &arena, root, 4, 1ull << 39,
					      0, 0), 0);
		l0[1] = 0;
	}

	/* wholly-RAM gigabytes: one block each */
	for (uint64_t va = 0x40000000; va < 0x100000000; va += G) {
		if (va == 0x80000000)
			continue;
		assert_true(walk(root, r->t0sz, va + 12345, &l));
		assert_int_equal(l.level, 1);
		assert_int_equal(l.out, va);
		expect_normal(&l, r);
	}
	/* the gigabyte with the carve-out: 2 MiB blocks, 4 KiB around it */
	assert_true(walk(root, r->t0sz, 0x80000000, &l));
	assert_int_equal(l.level, 2);
	assert_int_equal(l.out, 0x80000000);
	expect_normal(&l, r);
	assert_true(walk(root, r->t0sz, 0xbee00000, &l));
	assert_int_equal(l.level, 2);
	assert_false(walk(root, r->t0sz, 0xbf000000, &l));
	assert_false(walk(root, r->t0sz, 0xbf000fff, &l));
	assert_true(walk(root, r->t0sz, 0xbf001000, &l));
	assert_int_equal(l.level, 3);
	assert_int_equal(l.out, 0xbf001000);
	expect_normal(&l, r);
	assert_true(walk(root, r->t0sz, 0xbf1ff000, &l));
	assert_int_equal(l.level, 3);
	assert_true(walk(root, r->t0sz, 0xbf200000, &l));
	assert_int_equal(l.level, 2);
	/* the UART: one Device page, never executable */
	assert_true(walk(root, r->t0sz, 0x09000000, &l));
	assert_int_equal(l.level, 3);
	assert_int_equal(l.out, 0x09000000);
	assert_int_equal(l.attr, r->device_index);
	assert_int_equal(l.af, 1);
	assert_int_equal(l.ap, r->el2_alone ? 1 : 0);
	assert_int_equal(l.xn, 1);
	assert_int_equal(l.pxn, r->el2_alone ? 0 : 1);
	assert_false(walk(root, r->t0sz, 0x09001000, &l));
	/* nothing else */
	assert_false(walk(root, r->t0sz, 0, &l));
	assert_false(walk(root, r->t0sz, 0x3ffff000, &l));
	assert_false(walk(root, r->t0sz, 0x100000000, &l));
}

static void virt_el1(void **state)
{
	struct pt_arm_regime r = { .normal_index = 3, .device_index = 0,
				   .el2_alone = 0, .t0sz = 16 };
	(void)state;
	check_virt(&r);
	r.t0sz = 28;	/* 3 levels, from level 1 */
	check_virt(&r);
}

static void virt_el2_alone(void **state)
{
	struct pt_arm_regime r = { .normal_index = 5, .device_index = 1,
				   .el2_alone = 1, .t0sz = 20 };
	(void)state;
	check_virt(&r);
}

/* An Ampere Altra's DRAM starts at 8 TiB (0x80000000000): beyond what a
 * 39-bit T0SZ maps, inside 48 bits. */
static void high_memory_and_limits(void **state)
{
	static const struct pt_range altra[] = {
		{ 0x80000000000ull, 4 * G, PT_CLASS_WB, 0 },
	};
	struct pt_arm_regime r = { .normal_index = 3, .device_index = 0,
				   .t0sz = 16 };
	struct pt_format f;
	uint64_t root = build(&r, altra, 1);
	struct leaf l;

	(void)state;
	assert_true(walk(root, 16, 0x80000000000ull + 3 * G, &l));
	assert_int_equal(l.level, 1);
	assert_int_equal(l.out, 0x80000000000ull + 3 * G);
	r.t0sz = 25;
	root = build(&r, altra, 1);
	assert_false(walk(root, 25, 0x80000000000ull, &l));
	/* and not wrapped into the 512 GiB it maps */
	for (uint64_t va = 0; va < 1ull << 39; va += G)
		assert_false(walk(root, 25, va, &l));
	/* T0SZ 20: 16 TiB, the first 32 of level 0's entries; memory at
	 * 16 TiB left unmapped, not put in entry 32 */
	{
		static const struct pt_range at16t[] = {
			{ 0x40000000, G, PT_CLASS_WB, 0 },
			{ 1ull << 44, 2 * G, PT_CLASS_WB, 0 },
		};
		r.t0sz = 20;
		root = build(&r, at16t, 2);
		assert_true(walk(root, 20, 0x40000000, &l));
		for (int i = 1; i < 512; i++)
			assert_int_equal(table_at(root)[i] & 1, 0);
	}
	/* T0SZ the 4 KiB granule cannot start from: nothing built */
	assert_int_equal(pt_arm_levels(15), 0);
	assert_int_equal(pt_arm_levels(16), 4);
	assert_int_equal(pt_arm_levels(24), 4);
	assert_int_equal(pt_arm_levels(25), 3);
	assert_int_equal(pt_arm_levels(33), 3);
	assert_int_equal(pt_arm_levels(34), 0);
	r.t0sz = 34;
	pt_arm_format(&f, &r);
	new_arena();
	assert_int_equal(pt_build_with(&f, altra, 1, PT_1G, 3, &arena, &root),
			 PT_ERR_ARGS);
	assert_int_equal(arena.used, 0);
}

static void tcr_and_mair(void **state)
{
	/* T0SZ 25, EPD0, IRGN0 0, ORGN0 3, SH0 0, TG0 64K, T1SZ 25, IPS 5 */
	uint64_t fw = 25 | 1ull << 7 | 3ull << 10 | 1ull << 14 | 25ull << 16 |
		      5ull << 32;
	/* TCR_EL2 without VHE: RES1 bits 31 and 23, PS 18:16 = 2 */
	uint64_t fw2 = 20 | 1ull << 31 | 1ull << 23 | 2ull << 16 | 2ull << 14;
	uint64_t t;

	(void)state;
	t = pt_arm_tcr(fw, 0);
	assert_int_equal(pt_arm_t0sz(t), 25);
	assert_int_equal((t >> 7) & 1, 0);	/* EPD0: walks enabled */
	assert_int_equal((t >> 8) & 3, 1);	/* IRGN0 WB RA WA */
	assert_int_equal((t >> 10) & 3, 1);	/* ORGN0 */
	assert_int_equal((t >> 12) & 3, 3);	/* SH0 inner */
	assert_int_equal((t >> 14) & 3, 0);	/* TG0 4 KiB */
	assert_int_equal(t & ~0xffffull, fw & ~0xffffull);	/* T1SZ, IPS kept */
	t = pt_arm_tcr(fw2, 1);
	assert_int_equal(pt_arm_t0sz(t), 20);
	assert_int_equal(t & ~0xff00ull, fw2 & ~0xff00ull);	/* RES1s, PS kept */
	assert_int_equal((t >> 8) & 0xff, 1 | 1 << 2 | 3 << 4);

	assert_int_equal(pt_arm_mair_index(AAVMF_MAIR, MAIR_NORMAL_WB), 3);
	assert_int_equal(pt_arm_mair_index(AAVMF_MAIR, MAIR_DEVICE_NGNRNE), 0);
	assert_int_equal(pt_arm_mair_index(0x4444444444444444ull, MAIR_NORMAL_WB), -1);
}

/* The regime by EL and HCR_EL2.E2H: which registers, and the
 * descriptors' format (one VA range at EL2 alone, two otherwise). */
static void regime_by_el(void **state)
{
	/* TGE, E2H: a VHE host's HCR_EL2 */
	const uint64_t vhe = 1ull << 27 | PT_ARM_HCR_E2H;
	struct pt_arm_el e;

	(void)state;
	assert_int_equal(pt_arm_el_of(1, 0, &e), 0);
	assert_int_equal(e.regs, PT_ARM_REGS_EL1);
	assert_int_equal(e.el2_alone, 0);
	assert_string_equal(e.name, "EL1");
	/* HCR_EL2 says nothing of EL1's own registers */
	assert_int_equal(pt_arm_el_of(1, vhe, &e), 0);
	assert_int_equal(e.regs, PT_ARM_REGS_EL1);
	assert_int_equal(pt_arm_el_of(2, 1ull << 31 /* RW */, &e), 0);
	assert_int_equal(e.regs, PT_ARM_REGS_EL2);
	assert_int_equal(e.el2_alone, 1);
	assert_string_equal(e.name, "EL2 without VHE");
	assert_int_equal(pt_arm_el_of(2, vhe, &e), 0);
	assert_int_equal(e.regs, PT_ARM_REGS_EL2);
	assert_int_equal(e.el2_alone, 0);
	assert_string_equal(e.name, "EL2 with VHE");
	assert_int_equal(pt_arm_el_of(0, 0, &e), -1);
	assert_int_equal(pt_arm_el_of(3, 0, &e), -1);
}

/* EL2 with VHE: the EL2&0 regime's descriptors are two-range (UXN and
 * PXN, AP[1] EL0's), as EL1's; TCR_EL2 then has TCR_EL1's layout, so
 * EPD0 (bit 7) is cleared and T1SZ, EPD1 and IPS kept. */
static void virt_el2_vhe(void **state)
{
	struct pt_arm_el e;
	struct pt_arm_regime r = { .normal_index = 3, .device_index = 0,
				   .t0sz = 16 };
	/* T0SZ 16, EPD0, T1SZ 16, EPD1 (bit 23), IPS 5 */
	uint64_t fw = 16 | 1ull << 7 | 16ull << 16 | 1ull << 23 | 5ull << 32;
	uint64_t t;

	(void)state;
	assert_int_equal(pt_arm_el_of(2, PT_ARM_HCR_E2H, &e), 0);
	r.el2_alone = e.el2_alone;
	check_virt(&r);
	t = pt_arm_tcr(fw, e.el2_alone);
	assert_int_equal((t >> 7) & 1, 0);
	assert_int_equal(t & ~0xffffull, fw & ~0xffffull);
}

/* Which entries for which memory map: a QEMU virt-like map as the
 * firmware gives it, through pt_arm_map_ranges. Write-back RAM of any
 * use is Normal, with 1 GiB blocks only where a gigabyte is all of it;
 * RAM the map does not let be write-back and MMIO are Device; a
 * reserved carve-out, persistent memory and holes are not mapped. */
static void map_entries(void **state)
{
	static const struct pt_arm_desc map[] = {
		/* flash */
		{ 0x00000000, 128 * M, PT_ARM_USE_MMIO, 0 },
		/* RAM from 1 GiB: free, boot services, ACPI, runtime */
		{ 0x40000000, 512 * M, PT_ARM_USE_RAM, 1 },
		{ 0x60000000, 512 * M, PT_ARM_USE_RAM, 1 },
		{ 0x80000000, 1 * G - 16 * M, PT_ARM_USE_RAM, 1 },
		/* a firmware carve-out (EfiReservedMemoryType) */
		{ 0xbf000000, 4 * K, PT_ARM_USE_OTHER, 1 },
		{ 0xbf001000, 16 * M - 4 * K, PT_ARM_USE_RAM, 1 },
		{ 0xc0000000, 1 * G, PT_ARM_USE_RAM, 1 },
		/* RAM the map allows no write-back for */
		{ 0x100000000, 2 * M, PT_ARM_USE_RAM, 0 },
		{ 0x100200000, 1 * G - 2 * M, PT_ARM_USE_RAM, 1 },
		/* persistent memory, a gigabyte of it */
		{ 0x140000000, 1 * G, PT_ARM_USE_OTHER, 1 },
	};
	struct pt_arm_regime r = { .normal_index = 3, .device_index = 0,
				   .t0sz = 25 };
	struct pt_range ranges[2 * 10 + 16];
	uint64_t top = 0, root;
	struct leaf l;
	int n;

	(void)state;
	assert_int_equal(pt_arm_class(PT_ARM_USE_RAM, 1), PT_CLASS_WB);
	assert_int_equal(pt_arm_class(PT_ARM_USE_RAM, 0), PT_CLASS_UC);
	assert_int_equal(pt_arm_class(PT_ARM_USE_MMIO, 0), PT_CLASS_UC);
	assert_int_equal(pt_arm_class(PT_ARM_USE_MMIO, 1), PT_CLASS_UC);
	assert_int_equal(pt_arm_class(PT_ARM_USE_OTHER, 1), 0);
	n = pt_arm_map_ranges(map, 10, ranges, 36, &top);
	assert_int_equal(top, 0x140000000ull);
	/* flash; RAM to the carve-out; RAM after it to 4 GiB; the Device
	 * 2 MiB; RAM to 5 GiB */
	assert_int_equal(n, 5);
	root = build(&r, ranges, n);
	/* [1, 2) and [3, 4) GiB: blocks */
	assert_true(walk(root, 25, 0x40000000 + 4 * K, &l));
	assert_int_equal(l.level, 1);
	expect_normal(&l, &r);
	assert_true(walk(root, 25, 0xc0000000 + 999 * M, &l));
	assert_int_equal(l.level, 1);
	/* [2, 3) GiB holds the carve-out: no block, the carve-out unmapped */
	assert_true(walk(root, 25, 0x80000000, &l));
	assert_int_equal(l.level, 2);
	assert_false(walk(root, 25, 0xbf000000, &l));
	assert_true(walk(root, 25, 0xbf001000, &l));
	assert_int_equal(l.level, 3);
	expect_normal(&l, &r);
	/* [4, 5) GiB: its first 2 MiB Device, the rest Normal, no block */
	assert_true(walk(root, 25, 0x100000000ull, &l));
	assert_int_equal(l.level, 2);
	assert_int_equal(l.attr, r.device_index);
	assert_int_equal(l.xn, 1);
	assert_int_equal(l.pxn, 1);
	assert_true(walk(root, 25, 0x100200000ull, &l));
	assert_int_equal(l.level, 2);
	expect_normal(&l, &r);
	/* the flash Device; persistent memory and the holes unmapped */
	assert_true(walk(root, 25, 0x07fff000, &l));
	assert_int_equal(l.attr, r.device_index);
	assert_false(walk(root, 25, 0x08000000, &l));
	assert_false(walk(root, 25, 0x140000000ull, &l));
	assert_false(walk(root, 25, 0x17fe00000ull, &l));
	/* short of room: refused, not overrun */
	assert_int_equal(pt_arm_map_ranges(map, 10, ranges, 4, &top), -1);
}

static int teardown(void **state)
{
	(void)state;
	free(host);
	host = 0;
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(virt_el1),
		cmocka_unit_test(virt_el2_alone),
		cmocka_unit_test(high_memory_and_limits),
		cmocka_unit_test(tcr_and_mair),
		cmocka_unit_test(regime_by_el),
		cmocka_unit_test(virt_el2_vhe),
		cmocka_unit_test(map_entries),
	};
	return cmocka_run_group_tests(tests, 0, teardown);
}
