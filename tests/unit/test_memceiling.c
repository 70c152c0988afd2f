/* SMBIOS type 20 (which DIMM backs which addresses), the range-to-DIMM
 * lookup the scan uses, and the DIMMs' ceiling and warnings, over the
 * memory structures of real machines re-encoded byte for byte from their
 * dmidecode output (only the fields the parser reads; sources named at
 * each table), run under ASan. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "hw/memceiling.h"
#include "hw/smbios.h"

#define GIB (1ull << 30)

struct tb {
	uint8_t buf[32768];	/* an 8-socket server's 96 DIMMs fit */
	size_t len;
};

static void put16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
}

static void put32(uint8_t *p, uint32_t v)
{
	put16(p, (uint16_t)v);
	put16(p + 2, (uint16_t)(v >> 16));
}

static void put64(uint8_t *p, uint64_t v)
{
	put32(p, (uint32_t)v);
	put32(p + 4, (uint32_t)(v >> 32));
}

static void tb_bytes(struct tb *t, const void *p, size_t n)
{
	assert_true(t->len + n <= sizeof t->buf);
	memcpy(t->buf + t->len, p, n);
	t->len += n;
}

/* A structure: f's header filled in, then the strings (NULL-ended). */
static void tb_struct(struct tb *t, uint8_t type, uint16_t handle,
		      uint8_t *f, uint8_t flen, const char *const *strs)
{
	int n = 0;

	f[0] = type;
	f[1] = flen;
	put16(f + 2, handle);
	tb_bytes(t, f, flen);
	for (; strs && strs[n]; n++)
		tb_bytes(t, strs[n], strlen(strs[n]) + 1);
	tb_bytes(t, "\0\0", n ? 1 : 2);
}

/* A 92-byte (3.3) type 17 as dmidecode printed it; size_mb 0: "No
 * Module Installed" (dmidecode's "Unknown" widths are FFFFh). */
struct t17 {
	uint16_t handle, width, size_mb, speed, conf_speed;
	uint8_t type, form;
	const char *locator, *bank, *maker, *part;
};

static void tb_t17(struct tb *t, const struct t17 *d)
{
	uint8_t f[92] = { 0 };
	const char *strs[] = { d->locator, d->bank, d->maker, "--", "--",
			       d->part, NULL };

	put16(f + 0x08, d->width ? d->width : 0xffff);
	put16(f + 0x0a, d->width ? d->width : 0xffff);
	put16(f + 0x0c, d->size_mb);
	f[0x0e] = d->form;
	f[0x10] = 1;
	f[0x11] = 2;
	f[0x12] = d->type;
	put16(f + 0x15, d->speed);
	f[0x17] = 3;
	f[0x18] = 4;
	f[0x19] = 5;
	f[0x1a] = 6;
	put16(f + 0x20, d->conf_speed);
	tb_struct(t, 17, d->handle, f, sizeof f, strs);
}

/* A 35-byte (2.7+) type 20; the KiB fields unless ext. */
static void tb_t20(struct tb *t, uint16_t handle, uint64_t start,
		   uint64_t end_excl, uint16_t device, int ext)
{
	uint8_t f[35] = { 0 };

	if (ext) {
		put32(f + 0x04, 0xffffffffu);
		put32(f + 0x08, 0xffffffffu);
		put64(f + 0x13, start);
		put64(f + 0x1b, end_excl - 1);
	} else {
		put32(f + 0x04, (uint32_t)(start >> 10));
		put32(f + 0x08, (uint32_t)((end_excl >> 10) - 1));
	}
	put16(f + 0x0c, device);
	put16(f + 0x0e, 0x002c);
	f[0x10] = 0xff;
	f[0x11] = 0xff;
	f[0x12] = 0xff;
	tb_struct(t, 20, handle, f, sizeof f, NULL);
}

static void tb_end(struct tb *t)
{
	uint8_t f[4];

	tb_struct(t, 127, 0x003f, f, 4, NULL);
}

/* linuxhw/DMI, "All In One/ASUSTek Computer/PRIME/PRIME B450M-A II/
 * E71284EECA39" (SMBIOS 3.3.0, AMD Ryzen 5 4600G): 4 slots, A2 and B2
 * populated with 8 GB DDR4 rated and configured 2400 MT/s, both mapped
 * by type 20 over 0-16 GiB (interleaved), handles 0x32..0x3a as there.
 * b2 replaces the B2 module (0 keeps the real one) for the mixed cases
 * derived from it. */
static const struct t17 b450_a1 = { 0x0032, 0, 0, 0, 0, 0x02, 0x02,
				    "DIMM_A1", "BANK 0", "Unknown",
				    "Unknown" };
static const struct t17 b450_a2 = { 0x0034, 64, 8192, 2400, 2400, 0x1a,
				    0x09, "DIMM_A2", "BANK 1", "Undefined",
				    "NMUD480E82-3200D    " };
static const struct t17 b450_b1 = { 0x0037, 0, 0, 0, 0, 0x02, 0x02,
				    "DIMM_B1", "BANK 2", "Unknown",
				    "Unknown" };
static const struct t17 b450_b2 = { 0x0039, 64, 8192, 2400, 2400, 0x1a,
				    0x09, "DIMM_B2", "BANK 3", "Undefined",
				    "NMUD480E82-3200D    " };

static void build_b450(struct tb *t, const struct t17 *b2, int with_b2)
{
	t->len = 0;
	tb_t17(t, &b450_a1);
	tb_t17(t, &b450_a2);
	tb_t20(t, 0x0035, 0, 16 * GIB, 0x0034, 0);
	tb_t17(t, &b450_b1);
	if (with_b2) {
		tb_t17(t, b2 ? b2 : &b450_b2);
		tb_t20(t, 0x003a, 0, 16 * GIB, 0x0039, 0);
	} else {
		struct t17 empty = b450_b1;

		empty.handle = 0x0039;
		empty.locator = "DIMM_B2";
		tb_t17(t, &empty);
	}
	tb_end(t);
}

static void parse(const struct tb *t, struct smbios_info *sm)
{
	smbios_parse(t->buf, t->len, NULL, sm);
	assert_int_equal(sm->malformed, 0);
	assert_true(sm->end_seen);
}

static struct smbios_info sm;	/* 50 KiB: off the stack */

static void b450_maps_and_dimms(void **state)
{
	struct tb t;
	const char *loc[4];

	(void)state;
	build_b450(&t, NULL, 1);
	parse(&t, &sm);
	assert_int_equal(sm.dimm_count, 2);
	assert_int_equal(sm.empty_slots, 2);
	assert_int_equal(sm.dimms[0].handle, 0x0034);
	assert_int_equal(sm.dimms[1].handle, 0x0039);
	assert_int_equal(sm.dimms[0].data_width_bits, 64);
	assert_int_equal(sm.dimms[0].speed_mts, 2400);
	assert_int_equal(sm.dimms[0].configured_speed_mts, 2400);
	assert_string_equal(sm.dimms[1].part_number, "NMUD480E82-3200D");
	assert_int_equal(sm.map_count, 2);
	assert_int_equal(sm.maps[0].start, 0);
	assert_int_equal(sm.maps[0].end, 16 * GIB);
	assert_int_equal(sm.maps[1].device_handle, 0x0039);
	assert_int_equal(smbios_dimm_by_handle(&sm, 0x0039), 1);
	assert_int_equal(smbios_dimm_by_handle(&sm, 0x0037), -1);

	/* Interleaved: every GiB is both DIMMs', in dimms[] order. */
	assert_int_equal(smbios_dimms_for_range(&sm, 5 * GIB, GIB, loc, 4), 2);
	assert_string_equal(loc[0], "DIMM_A2");
	assert_string_equal(loc[1], "DIMM_B2");
	/* The last GiB, and a range that only touches its last byte. */
	assert_int_equal(smbios_dimms_for_range(&sm, 15 * GIB, GIB, loc, 4),
			 2);
	assert_int_equal(smbios_dimms_for_range(&sm, 16 * GIB - 1, GIB, loc,
						4), 2);
	/* Past the end, and a range ending where the map starts. */
	assert_int_equal(smbios_dimms_for_range(&sm, 16 * GIB, GIB, loc, 4),
			 0);
	/* max bounds what is written. */
	loc[1] = NULL;
	assert_int_equal(smbios_dimms_for_range(&sm, 0, GIB, loc, 1), 1);
	assert_null(loc[1]);
	assert_int_equal(smbios_dimms_for_range(&sm, 0, 0, loc, 4), 0);
	assert_int_equal(smbios_dimms_for_range(NULL, 0, GIB, loc, 4), 0);
	/* A range reaching 2^64 does not wrap. */
	assert_int_equal(smbios_dimms_for_range(&sm, UINT64_MAX - GIB + 1,
						GIB, loc, 4), 0);
}

static void b450_ceiling_whole_machine(void **state)
{
	struct tb t;
	struct mem_ceiling c;

	(void)state;
	build_b450(&t, NULL, 1);
	parse(&t, &sm);
	mem_ceiling_compute(&sm, NULL, &c);
	/* 2 x 2400 MT/s x 8 bytes = 38.4 GB/s; no SRAT, no nodes. */
	assert_int_equal(c.dimms, 2);
	assert_true(c.gb_per_s > 38.3999 && c.gb_per_s < 38.4001);
	assert_int_equal(c.node_count, 0);
	assert_int_equal(c.warning_count, 0);
}

static bool has_warning(const struct mem_ceiling *c, const char *needle)
{
	for (int i = 0; i < c->warning_count; i++)
		if (strstr(c->warnings[i], needle))
			return true;
	return false;
}

/* The same board with one module: the odd count beside empty slots. */
static void b450_one_dimm_warns_odd(void **state)
{
	struct tb t;
	struct mem_ceiling c;

	(void)state;
	build_b450(&t, NULL, 0);
	parse(&t, &sm);
	assert_int_equal(sm.dimm_count, 1);
	assert_int_equal(sm.empty_slots, 3);
	mem_ceiling_compute(&sm, NULL, &c);
	assert_true(c.gb_per_s > 19.1999 && c.gb_per_s < 19.2001);
	assert_int_equal(c.warning_count, 1);
	assert_true(has_warning(&c, "1 DIMM with 3 empty slots"));
}

/* B2 swapped for another real module: a Kingston 9905622-058.A00G 8 GB
 * DDR4 at 2133 MT/s (a dmidecode excerpt in a public test fixture,
 * ChannelB-DIMM0 beside a Corsair CMV8GX4M1A2133C15), here rated 2400
 * and configured 2133: mixed speed and part, and below its rating. */
static void mixed_population_warns(void **state)
{
	struct tb t;
	struct mem_ceiling c;
	struct t17 kingston = b450_b2;

	(void)state;
	kingston.part = "9905622-058.A00G";
	kingston.maker = "Kingston";
	kingston.conf_speed = 2133;
	build_b450(&t, &kingston, 1);
	parse(&t, &sm);
	mem_ceiling_compute(&sm, NULL, &c);
	/* (2400 + 2133) x 8 bytes */
	assert_true(c.gb_per_s > 36.2639 && c.gb_per_s < 36.2641);
	assert_int_equal(c.warning_count, 3);
	assert_true(has_warning(&c, "DIMM_B2 runs at 2133 MT/s, below its "
				"rated 2400 MT/s"));
	assert_true(has_warning(&c, "the machine: DIMMs at different speeds: "
				"DIMM_A2 2400 MT/s, DIMM_B2 2133 MT/s"));
	assert_true(has_warning(&c, "DIMMs of different parts"));
	assert_false(has_warning(&c, "different size"));

	kingston.conf_speed = 2400;
	kingston.size_mb = 16384;
	build_b450(&t, &kingston, 1);
	parse(&t, &sm);
	mem_ceiling_compute(&sm, NULL, &c);
	assert_int_equal(c.warning_count, 2);
	assert_true(has_warning(&c, "DIMMs of different size: DIMM_A2 8192 "
				"MiB, DIMM_B2 16384 MiB"));
}

/* linuxhw/DMI, "Desktop/ASUSTek Computer/PRIME/PRIME B450M-A/
 * 1161E8903128" (type 17 of 92 bytes, AM4, 6 cores): a real mixed
 * population, as dmidecode printed it. 4 slots; DIMM_A2 a Team Group
 * "TEAMGROUP-UD4-2400" and DIMM_B1 a G-Skill "F4-3000C16-8GISB", both
 * 8 GB DDR4 rated and configured 2133 MT/s, data width 64; DIMM_A1 and
 * DIMM_B2 empty. Type 20 maps each over 0-16 GiB (interleaved). */
static const struct t17 mix_a1 = { 0x0032, 0, 0, 0, 0, 0x02, 0x02,
				   "DIMM_A1", "BANK 0", "Unknown",
				   "Unknown" };
static const struct t17 mix_a2 = { 0x0034, 64, 8192, 2133, 2133, 0x1a,
				   0x09, "DIMM_A2", "BANK 1",
				   "Team Group Inc.",
				   "TEAMGROUP-UD4-2400  " };
static const struct t17 mix_b1 = { 0x0037, 64, 8192, 2133, 2133, 0x1a,
				   0x09, "DIMM_B1", "BANK 2", "G-Skill",
				   "F4-3000C16-8GISB" };
static const struct t17 mix_b2 = { 0x003a, 0, 0, 0, 0, 0x02, 0x02,
				   "DIMM_B2", "BANK 3", "Unknown",
				   "Unknown" };

static void real_mixed_parts_b450m_a(void **state)
{
	struct tb t = { .len = 0 };
	struct mem_ceiling c;
	const char *loc[4];

	(void)state;
	tb_t17(&t, &mix_a1);
	tb_t17(&t, &mix_a2);
	tb_t20(&t, 0x0035, 0, 16 * GIB, 0x0034, 0);
	tb_t17(&t, &mix_b1);
	tb_t20(&t, 0x0038, 0, 16 * GIB, 0x0037, 0);
	tb_t17(&t, &mix_b2);
	tb_end(&t);
	parse(&t, &sm);
	assert_int_equal(sm.dimm_count, 2);
	assert_int_equal(sm.empty_slots, 2);
	assert_string_equal(sm.dimms[0].part_number, "TEAMGROUP-UD4-2400");
	assert_int_equal(smbios_dimms_for_range(&sm, 9 * GIB, GIB, loc, 4),
			 2);
	assert_string_equal(loc[0], "DIMM_A2");
	assert_string_equal(loc[1], "DIMM_B1");

	mem_ceiling_compute(&sm, NULL, &c);
	assert_int_equal(c.dimms, 2);
	/* From the dump: 2 DIMMs x 2133 MT/s x 64 bits / 8 = 2 x 17.064
	 * = 34.128 GB/s. */
	assert_true(c.gb_per_s > 34.1279 && c.gb_per_s < 34.1281);
	/* Two makers' parts: the one finding. Same size and speed, each
	 * at its rated 2133, and an even count beside the empty slots:
	 * nothing else. */
	assert_true(has_warning(&c, "the machine: DIMMs of different parts: "
				"DIMM_A2 \"TEAMGROUP-UD4-2400\", DIMM_B1 "
				"\"F4-3000C16-8GISB\""));
	assert_false(has_warning(&c, "different size"));
	assert_false(has_warning(&c, "different speeds"));
	assert_false(has_warning(&c, "below its rated"));
	assert_false(has_warning(&c, "empty slot"));
	assert_int_equal(c.warning_count, 1);
}

/* linuxhw/DMI, "Desktop/ASUSTek Computer/A68/A68HM-K/0DE2077B2BBD"
 * (SMBIOS 2.7, dmidecode 2.12, AMD A4-4020): 2 slots, both 4096 MB DDR3,
 * data width 64, rated 1600 and configured 1333 (dmidecode 2.12 says
 * "MHz" for MT/s); the firmware's template part numbers
 * "Array1_PartNumber0" and "...1" and makers "A1_Manufacturer0" and
 * "...1"; type 20 maps DIMM_A1 over 0-4 GiB and DIMM_B1 over 4-8 GiB
 * (not interleaved). Handles as there. */
static const struct t17 a68_a1 = { 0x0023, 64, 4096, 1600, 1333, 0x18,
				   0x09, "DIMM_A1", "A1_BANK0",
				   "A1_Manufacturer0", "Array1_PartNumber0" };
static const struct t17 a68_b1 = { 0x0025, 64, 4096, 1600, 1333, 0x18,
				   0x09, "DIMM_B1", "A1_BANK1",
				   "A1_Manufacturer1", "Array1_PartNumber1" };

/* Template part numbers are no part: no "different parts" finding for
 * identical DIMMs; each below its rated speed is; each GiB names the
 * one DIMM type 20 puts it on. */
static void real_template_parts_a68hm_k(void **state)
{
	struct tb t = { .len = 0 };
	struct mem_ceiling c;
	const char *loc[4];

	(void)state;
	tb_t17(&t, &a68_a1);
	tb_t20(&t, 0x0024, 0, 4 * GIB, 0x0023, 0);
	tb_t17(&t, &a68_b1);
	tb_t20(&t, 0x0026, 4 * GIB, 8 * GIB, 0x0025, 0);
	tb_end(&t);
	parse(&t, &sm);
	assert_int_equal(sm.dimm_count, 2);
	assert_int_equal(smbios_dimms_for_range(&sm, GIB, GIB, loc, 4), 1);
	assert_string_equal(loc[0], "DIMM_A1");
	assert_int_equal(smbios_dimms_for_range(&sm, 5 * GIB, GIB, loc, 4), 1);
	assert_string_equal(loc[0], "DIMM_B1");

	mem_ceiling_compute(&sm, NULL, &c);
	/* 2 DIMMs x 1333 MT/s x 64 bits / 8 = 21.328 GB/s */
	assert_true(c.gb_per_s > 21.3279 && c.gb_per_s < 21.3281);
	assert_false(has_warning(&c, "different parts"));
	assert_false(has_warning(&c, "different size"));
	assert_false(has_warning(&c, "different speeds"));
	/* one warning for the two DIMMs alike */
	assert_true(has_warning(&c, "DIMM_A1 and 1 more run at 1333 MT/s, "
				"below their rated 1600 MT/s"));
	assert_int_equal(c.warning_count, 1);
}

/* linuxhw/DMI, "Desktop/ASUSTek Computer/PRIME/PRIME B450M-A/
 * 0FF78511B904" (SMBIOS 3.x type 17 of 40 bytes, Ryzen 5 1600): 4 slots,
 * A2 and B2 each a Kingston "KHX3200C16D4/8GX" 8 GB DDR4, data width 64,
 * "Speed: 2400 MT/s" and "Configured Memory Speed: 1200 MT/s" (the
 * firmware's clock in MHz: DDR4 has no rate below 1600), A1 and B1
 * empty, type 20 mapping both over 0-16 GiB. Handles as there. */
static const struct t17 mhz_a2 = { 0x0032, 64, 8192, 2400, 1200, 0x1a,
				   0x09, "DIMM_A2", "BANK 1", "Kingston",
				   "KHX3200C16D4/8GX    " };
static const struct t17 mhz_b2 = { 0x0037, 64, 8192, 2400, 1200, 0x1a,
				   0x09, "DIMM_B2", "BANK 3", "Kingston",
				   "KHX3200C16D4/8GX    " };

/* A configured speed given in MHz: taken as twice it, said; not below
 * the rating, not half the ceiling. */
static void real_configured_speed_in_mhz(void **state)
{
	struct tb t = { .len = 0 };
	struct mem_ceiling c;
	struct t17 empty_a1 = mix_a1, empty_b1 = mix_b2;
	bool mhz;

	(void)state;
	empty_a1.handle = 0x0030;
	empty_b1.handle = 0x0035;
	empty_b1.locator = "DIMM_B1";
	tb_t17(&t, &empty_a1);
	tb_t17(&t, &mhz_a2);
	tb_t20(&t, 0x0033, 0, 16 * GIB, 0x0032, 0);
	tb_t17(&t, &empty_b1);
	tb_t17(&t, &mhz_b2);
	tb_t20(&t, 0x0038, 0, 16 * GIB, 0x0037, 0);
	tb_end(&t);
	parse(&t, &sm);
	assert_int_equal(sm.dimm_count, 2);
	assert_int_equal(memc_dimm_mts(&sm.dimms[0], &mhz), 2400);
	assert_true(mhz);

	mem_ceiling_compute(&sm, NULL, &c);
	/* 2 DIMMs x 2400 MT/s x 8 bytes = 38.4 GB/s, not 19.2 */
	assert_true(c.gb_per_s > 38.3999 && c.gb_per_s < 38.4001);
	assert_true(has_warning(&c, "DIMM_A2 and 1 more: configured speed "
				"1200 is below "
				"DDR4's slowest, 1600 MT/s: the firmware gave "
				"MHz (taken as 2400 MT/s)"));
	assert_false(has_warning(&c, "below its rated"));
	assert_false(has_warning(&c, "different"));
	assert_int_equal(c.warning_count, 1);	/* both DIMMs in one */

	/* A real 1333 MT/s DDR3 (the A68HM-K) is left as it is. */
	assert_int_equal(memc_dimm_mts(&(struct smbios_dimm){
		.type_code = 0x18, .speed_mts = 1600,
		.configured_speed_mts = 1333 }, &mhz), 1333);
	assert_false(mhz);
}

/* A 24-DIMM population, all derated (2 DIMMs per channel), one of
 * another part: one speed warning for the 24, and the part's warning
 * still said (24 warnings of 8 slots once crowded it out). */
static void many_derated_dimms_one_warning(void **state)
{
	static char loc[24][16];
	struct tb t = { .len = 0 };
	struct mem_ceiling c;

	(void)state;
	for (int i = 0; i < 24; i++) {
		struct t17 d = b450_a2;

		snprintf(loc[i], sizeof loc[i], "P0_DIMM_%c%d", 'A' + i / 2,
			 i % 2 + 1);
		d.handle = (uint16_t)(0x100 + i);
		d.locator = loc[i];
		d.conf_speed = 2133;
		if (i == 23)
			d.part = "9905622-058.A00G";
		tb_t17(&t, &d);
	}
	tb_end(&t);
	parse(&t, &sm);
	assert_int_equal(sm.dimm_count, 24);
	mem_ceiling_compute(&sm, NULL, &c);
	assert_true(has_warning(&c, "P0_DIMM_A1 and 23 more run at 2133 MT/s, "
				"below their rated 2400 MT/s"));
	assert_true(has_warning(&c, "DIMMs of different parts"));
	assert_int_equal(c.warning_count, 2);
}

/* No speed on one DIMM: no ceiling rather than half of one. */
static void unknown_speed_gives_no_ceiling(void **state)
{
	struct tb t;
	struct mem_ceiling c;
	struct t17 nospeed = b450_b2;

	(void)state;
	nospeed.speed = nospeed.conf_speed = 0;
	build_b450(&t, &nospeed, 1);
	parse(&t, &sm);
	mem_ceiling_compute(&sm, NULL, &c);
	assert_true(c.gb_per_s < 0);
	mem_ceiling_compute(NULL, NULL, &c);
	assert_true(c.gb_per_s < 0);
	assert_int_equal(c.dimms, 0);
	/* Rated speed only (before SMBIOS 2.7): still a bound. */
	nospeed.speed = 2400;
	build_b450(&t, &nospeed, 1);
	parse(&t, &sm);
	mem_ceiling_compute(&sm, NULL, &c);
	assert_true(c.gb_per_s > 38.3999 && c.gb_per_s < 38.4001);
}

/* The data width, not the total: an ECC DIMM's check bits carry no
 * data. A DDR5 RDIMM is two 32-bit sub-channels with 8 ECC bits each,
 * and SMBIOS reports the DIMM as a whole (dmidecode: "Total Width: 80
 * bits, Data Width: 64 bits"): MT/s x 8 bytes counts both sub-channels,
 * as for a DDR4 DIMM's one 64-bit channel (72 bits with ECC). */
static void data_width_not_total_ddr5_and_ecc(void **state)
{
	struct smbios_dimm d = { .type = "DDR5", .data_width_bits = 64,
				 .total_width_bits = 80, .speed_mts = 4800,
				 .configured_speed_mts = 4800 };

	(void)state;
	assert_true(memc_dimm_gb_per_s(&d) > 38.3999 &&
		    memc_dimm_gb_per_s(&d) < 38.4001);
	d.type = "DDR4";
	d.total_width_bits = 72;
	d.speed_mts = d.configured_speed_mts = 3200;
	assert_true(memc_dimm_gb_per_s(&d) > 25.5999 &&
		    memc_dimm_gb_per_s(&d) < 25.6001);
	d.data_width_bits = 0;	/* unknown width: no bound */
	assert_true(memc_dimm_gb_per_s(&d) < 0);
}

/* Two nodes (the SRAT's ranges given directly), DIMMs placed by their
 * type 20 ranges, extended addresses above 4 TiB. */
static void two_nodes_by_type20_and_srat(void **state)
{
	struct tb t;
	struct mem_ceiling c;
	static struct numa_topo topo;
	const char *loc[4];
	struct t17 n0 = b450_a2, n1a = b450_b2, n1b = b450_b2;

	(void)state;
	n1a.handle = 0x0040;
	n1a.locator = "P1_DIMM_A1";
	n1a.conf_speed = 2133;
	n1a.speed = 2133;
	n1b.handle = 0x0041;
	n1b.locator = "P1_DIMM_B1";
	t.len = 0;
	tb_t17(&t, &n0);
	tb_t17(&t, &b450_a1);
	tb_t17(&t, &n1a);
	tb_t17(&t, &n1b);
	tb_t20(&t, 0x0050, 0, 8 * GIB, 0x0034, 0);
	tb_t20(&t, 0x0051, 4096 * GIB, 4112 * GIB, 0x0040, 1);
	tb_t20(&t, 0x0052, 4096 * GIB, 4112 * GIB, 0x0041, 1);
	tb_end(&t);
	parse(&t, &sm);
	assert_int_equal(sm.map_count, 3);
	assert_int_equal(sm.maps[1].start, 4096 * GIB);
	assert_int_equal(sm.maps[1].end, 4112 * GIB);
	assert_int_equal(smbios_dimms_for_range(&sm, 4100 * GIB, GIB, loc, 4),
			 2);
	assert_string_equal(loc[0], "P1_DIMM_A1");
	assert_string_equal(loc[1], "P1_DIMM_B1");
	assert_int_equal(smbios_dimms_for_range(&sm, 7 * GIB, GIB, loc, 4), 1);
	assert_string_equal(loc[0], "DIMM_A2");

	memset(&topo, 0, sizeof topo);
	topo.node_count = 2;
	topo.range_count = 2;
	topo.range[0] = (struct numa_range){ .base = 0, .bytes = 8 * GIB,
					     .node = 0 };
	topo.range[1] = (struct numa_range){ .base = 4096 * GIB,
					     .bytes = 16 * GIB, .node = 1 };
	mem_ceiling_compute(&sm, &topo, &c);
	assert_int_equal(c.node_count, 2);
	assert_int_equal(c.nodes[0].node, 0);
	assert_int_equal(c.nodes[0].dimms, 1);
	assert_true(c.nodes[0].gb_per_s > 19.1999 &&
		    c.nodes[0].gb_per_s < 19.2001);
	assert_int_equal(c.nodes[1].dimms, 2);
	/* 2133 + 2400 MT/s x 8 */
	assert_true(c.nodes[1].gb_per_s > 36.2639 &&
		    c.nodes[1].gb_per_s < 36.2641);
	/* Mixed speeds within node 1 only; node 0's single DIMM beside
	 * the board's empty slot is odd. Across nodes nothing is mixed. */
	assert_true(has_warning(&c, "node 1: DIMMs at different speeds"));
	assert_true(has_warning(&c, "node 0: 1 DIMM with 1 empty slot"));
	assert_false(has_warning(&c, "node 1: 2 DIMM"));
	assert_false(has_warning(&c, "node 0: DIMMs"));

	/* A DIMM whose range the SRAT does not cover: the machine only. */
	topo.range[1].bytes = 8 * GIB;
	mem_ceiling_compute(&sm, &topo, &c);
	assert_int_equal(c.node_count, 0);
	assert_true(has_warning(&c, "the machine: DIMMs at different speeds"));
}

/* Type 20s that cannot be trusted are dropped, marked malformed. */
static void bad_type20_dropped(void **state)
{
	struct tb t = { .len = 0 };
	uint8_t f[35] = { 0 };

	(void)state;
	put32(f + 0x04, 100);
	put32(f + 0x08, 50);	/* ends before it starts */
	tb_struct(&t, 20, 1, f, 35, NULL);
	tb_struct(&t, 20, 2, f, 0x10, NULL);	/* too short */
	memset(f, 0, sizeof f);
	put32(f + 0x04, 0xffffffffu);
	tb_struct(&t, 20, 3, f, 0x13, NULL);	/* extended, cut short */
	tb_end(&t);
	smbios_parse(t.buf, t.len, NULL, &sm);
	assert_int_equal(sm.map_count, 0);
	assert_int_equal(sm.malformed, 3);
}

/* An 8-socket server: 96 DIMMs (12 a socket) in 96 type 17s, one type
 * 20 each, past SMBIOS_MAX_DIMMS (64). The ceiling is unknown with a
 * warning, not the sum over the 64 kept (6 of 8 sockets' DIMMs, which
 * read as a plausible 1228.8 GB/s); no node is given a ceiling either. */
static void more_dimms_than_kept_no_ceiling(void **state)
{
	static struct tb t;
	static char loc[96][16];
	static struct numa_topo topo;
	struct mem_ceiling c;

	(void)state;
	t.len = 0;
	memset(&topo, 0, sizeof topo);
	topo.node_count = 8;
	topo.range_count = 8;
	for (int i = 0; i < 96; i++) {
		struct t17 d = b450_a2;

		snprintf(loc[i], sizeof loc[i], "CPU%d_DIMM_%c1", i / 12,
			 'A' + i % 12);
		d.handle = (uint16_t)(0x100 + i);
		d.locator = loc[i];
		tb_t17(&t, &d);
		tb_t20(&t, (uint16_t)(0x200 + i), (uint64_t)i * 8 * GIB,
		       (uint64_t)(i + 1) * 8 * GIB, d.handle, 0);
	}
	for (int n = 0; n < 8; n++)
		topo.range[n] = (struct numa_range){
			.base = (uint64_t)n * 96 * GIB, .bytes = 96 * GIB,
			.node = n };
	tb_end(&t);
	parse(&t, &sm);
	assert_int_equal(sm.dimm_count, SMBIOS_MAX_DIMMS);
	assert_int_equal(sm.dimms_dropped, 32);
	mem_ceiling_compute(&sm, &topo, &c);
	assert_true(c.gb_per_s < 0);
	assert_int_equal(c.node_count, 0);
	assert_true(has_warning(&c, "32 populated DIMMs past the first 64 "
				"were not kept: the ceiling is unknown"));
}

/* More type 20 maps than smbios_info keeps (SMBIOS_MAX_MAPS): said in a
 * warning, and the DIMMs are not placed in nodes by a partial map list
 * (the node sums would miss DIMMs whose maps were dropped). */
static void dropped_type20_maps_reported(void **state)
{
	static struct tb t;
	static struct numa_topo topo;
	struct mem_ceiling c;
	struct t17 a = b450_a2, b = b450_b2;

	(void)state;
	t.len = 0;
	tb_t17(&t, &a);
	tb_t17(&t, &b);
	/* A's range first, then 1 GiB slices of B's: 130 maps in all */
	tb_t20(&t, 0x0300, 0, 8 * GIB, a.handle, 0);
	for (int i = 0; i < 129; i++)
		tb_t20(&t, (uint16_t)(0x301 + i), (8 + (uint64_t)i) * GIB,
		       (9 + (uint64_t)i) * GIB, b.handle, 0);
	tb_end(&t);
	parse(&t, &sm);
	assert_int_equal(sm.map_count, SMBIOS_MAX_MAPS);
	assert_int_equal(sm.maps_dropped, 2);
	memset(&topo, 0, sizeof topo);
	topo.node_count = 2;
	topo.range_count = 2;
	topo.range[0] = (struct numa_range){ .base = 0, .bytes = 8 * GIB,
					     .node = 0 };
	topo.range[1] = (struct numa_range){ .base = 8 * GIB,
					     .bytes = 256 * GIB, .node = 1 };
	mem_ceiling_compute(&sm, &topo, &c);
	assert_int_equal(c.node_count, 0);
	assert_true(c.gb_per_s > 38.3999 && c.gb_per_s < 38.4001);
	assert_true(has_warning(&c, "2 SMBIOS type 20 maps past the first "
				"128 were not kept"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(b450_maps_and_dimms),
		cmocka_unit_test(b450_ceiling_whole_machine),
		cmocka_unit_test(b450_one_dimm_warns_odd),
		cmocka_unit_test(mixed_population_warns),
		cmocka_unit_test(real_mixed_parts_b450m_a),
		cmocka_unit_test(real_template_parts_a68hm_k),
		cmocka_unit_test(real_configured_speed_in_mhz),
		cmocka_unit_test(many_derated_dimms_one_warning),
		cmocka_unit_test(unknown_speed_gives_no_ceiling),
		cmocka_unit_test(two_nodes_by_type20_and_srat),
		cmocka_unit_test(bad_type20_dropped),
		cmocka_unit_test(more_dimms_than_kept_no_ceiling),
		cmocka_unit_test(dropped_type20_maps_reported),
		cmocka_unit_test(data_width_not_total_ddr5_and_ecc),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
