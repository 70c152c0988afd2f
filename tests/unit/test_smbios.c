/* SMBIOS entry points and tables built byte by byte here, good and
 * broken, parsed without reading out of bounds (run under ASan). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "hw/smbios.h"

/* ---- a small table builder ---- */

struct tb {
	uint8_t buf[16384];
	size_t len;
	uint16_t handle;
	size_t ends[256];	/* offset just past each structure */
	int count;
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
	assert_true(t->len + n <= sizeof(t->buf));
	memcpy(t->buf + t->len, p, n);
	t->len += n;
}

/* Appends a structure: f holds flen bytes of formatted area (its header
 * is filled in here), then the strings, NULL-ended, then the set's end. */
static void tb_struct(struct tb *t, uint8_t type, uint8_t *f, uint8_t flen,
		      ...)
{
	va_list ap;
	const char *s;
	int n = 0;

	f[0] = type;
	f[1] = flen;
	put16(f + 2, t->handle++);
	tb_bytes(t, f, flen);
	va_start(ap, flen);
	while ((s = va_arg(ap, const char *)) != NULL) {
		tb_bytes(t, s, strlen(s) + 1);
		n++;
	}
	va_end(ap);
	tb_bytes(t, "\0\0", n ? 1 : 2);
	if (t->count < 256)
		t->ends[t->count++] = t->len;
}

static void tb_end(struct tb *t)
{
	uint8_t f[4];

	tb_struct(t, 127, f, 4, NULL);
}

/* Type 17 with strings 1 locator, 2 bank, 3 maker, 4 serial, 5 part. */
struct dimm_spec {
	uint8_t len, type, form_factor, attributes;
	uint16_t size, speed, conf_speed, total_width, data_width;
	uint32_t ext_size, ext_speed, ext_conf_speed;
	const char *locator, *bank, *maker, *serial, *part;
};

static void put_at(uint8_t *f, uint8_t len, unsigned off, unsigned bytes,
		   uint64_t v)
{
	if (off + bytes > len)
		return;
	if (bytes == 1)
		f[off] = (uint8_t)v;
	else if (bytes == 2)
		put16(f + off, (uint16_t)v);
	else
		put32(f + off, (uint32_t)v);
}

static void tb_dimm(struct tb *t, const struct dimm_spec *d)
{
	uint8_t f[0x64] = { 0 };
	uint8_t len = d->len ? d->len : 0x5c;

	put_at(f, len, 0x04, 2, 0x1000);	/* array handle */
	put_at(f, len, 0x06, 2, 0xfffe);
	put_at(f, len, 0x08, 2, d->total_width);
	put_at(f, len, 0x0a, 2, d->data_width);
	put_at(f, len, 0x0c, 2, d->size);
	put_at(f, len, 0x0e, 1, d->form_factor);
	put_at(f, len, 0x10, 1, 1);
	put_at(f, len, 0x11, 1, 2);
	put_at(f, len, 0x12, 1, d->type);
	put_at(f, len, 0x15, 2, d->speed);
	put_at(f, len, 0x17, 1, 3);
	put_at(f, len, 0x18, 1, 4);
	put_at(f, len, 0x1a, 1, 5);
	put_at(f, len, 0x1b, 1, d->attributes);
	put_at(f, len, 0x1c, 4, d->ext_size);
	put_at(f, len, 0x20, 2, d->conf_speed);
	put_at(f, len, 0x54, 4, d->ext_speed);
	put_at(f, len, 0x58, 4, d->ext_conf_speed);
	tb_struct(t, 17, f, len, d->locator, d->bank, d->maker, d->serial,
		  d->part, NULL);
}

static void tb_bios(struct tb *t, const char *vendor, const char *version,
		    const char *date)
{
	uint8_t f[0x1a] = { 0 };

	f[0x04] = 1;
	f[0x05] = 2;
	put16(f + 0x06, 0xe800);
	f[0x08] = 3;
	tb_struct(t, 0, f, sizeof(f), vendor, version, date, NULL);
}

static void tb_system(struct tb *t, const char *maker, const char *product)
{
	uint8_t f[0x1b] = { 0 };

	f[0x04] = 1;
	f[0x05] = 2;
	f[0x06] = 3;
	f[0x07] = 4;	/* serial number */
	memset(f + 0x08, 0xab, 16);	/* UUID */
	tb_struct(t, 1, f, sizeof(f), maker, product, "1.0",
		  "SECRET-SYS-SERIAL", NULL);
}

/* A structure the parser does not decode, with strings to skip. */
static void tb_other(struct tb *t)
{
	uint8_t f[0x17] = { 0 };

	f[0x04] = 1;
	tb_struct(t, 16, f, sizeof(f), "ignored", "also ignored", NULL);
}

/* ---- the reference machine ---- */

#define GIB (1ull << 30)

static const struct dimm_spec dimm_a = {
	.type = 0x22, .form_factor = 0x09,
	.attributes = 0xf2,	/* rank 2; bits 7:4 reserved */
	.size = 16384, .speed = 4800, .conf_speed = 4400,
	.total_width = 80, .data_width = 64,
	.locator = "DIMM_A1", .bank = "P0 CHANNEL A", .maker = "Samsung",
	.serial = "SECRET-DIMM-SERIAL", .part = "M323R2GA3BB0-CQKOL   ",
};

static const struct dimm_spec dimm_b = {
	.type = 0x22, .form_factor = 0x09, .attributes = 1,
	.size = 16384, .speed = 4800, .conf_speed = 4400,
	.total_width = 64, .data_width = 64,
	.locator = "DIMM_B1", .bank = "P0 CHANNEL B", .maker = "Micron",
	.serial = "SECRET-DIMM-SERIAL", .part = "MTC10F1084S1RC48BA1 ",
};

static const struct dimm_spec dimm_empty = {
	.type = 0x02, .form_factor = 0x09, .size = 0,
	.locator = "DIMM_A2", .bank = "P0 CHANNEL A", .maker = "NO DIMM",
	.serial = "NO DIMM", .part = "NO DIMM",
};

static const struct dimm_spec dimm_big = {
	.type = 0x22, .form_factor = 0x09, .size = 0x7fff,
	.ext_size = 32768, .speed = 5600, .conf_speed = 5200,
	.locator = "DIMM_C1", .bank = "P0 CHANNEL C", .maker = "SK Hynix",
	.serial = "SECRET-DIMM-SERIAL", .part = "HMCG94AGBRA181N",
};

static const struct dimm_spec dimm_kb = {
	.type = 0x07, .form_factor = 0x05, .size = 0x8000 | 640,
	.locator = "ONBOARD", .bank = "BANK 9", .maker = "Acme",
	.serial = "SECRET-DIMM-SERIAL", .part = "TINY",
};

/* What the reference table's populated DIMMs must parse to, in order. */
static const struct {
	const char *locator, *bank, *maker, *part, *type;
	uint64_t size_bytes;
	uint32_t speed, conf_speed;
} expect[] = {
	{ "DIMM_A1", "P0 CHANNEL A", "Samsung", "M323R2GA3BB0-CQKOL", "DDR5",
	  16 * GIB, 4800, 4400 },
	{ "DIMM_B1", "P0 CHANNEL B", "Micron", "MTC10F1084S1RC48BA1", "DDR5",
	  16 * GIB, 4800, 4400 },
	{ "DIMM_C1", "P0 CHANNEL C", "SK Hynix", "HMCG94AGBRA181N", "DDR5",
	  32 * GIB, 5600, 5200 },
	{ "ONBOARD", "BANK 9", "Acme", "TINY", "RAM", 640 * 1024, 0, 0 },
};
#define EXPECT_DIMMS ((int)(sizeof(expect) / sizeof(expect[0])))

static void build_reference(struct tb *t)
{
	memset(t, 0, sizeof(*t));
	tb_bios(t, "American Megatrends International, LLC.", "1.23",
		"03/14/2024");
	tb_system(t, "ACME Computers", "Box 9000");
	tb_other(t);
	tb_dimm(t, &dimm_a);
	tb_dimm(t, &dimm_empty);
	tb_dimm(t, &dimm_b);
	tb_dimm(t, &dimm_big);
	tb_dimm(t, &dimm_kb);
	tb_end(t);
}

/* ---- entry points ---- */

static void make_ep3(uint8_t ep[24], uint64_t addr, uint32_t max_bytes)
{
	uint8_t sum = 0;

	memset(ep, 0, 24);
	memcpy(ep, "_SM3_", 5);
	ep[6] = 24;
	ep[7] = 3;
	ep[8] = 6;
	ep[10] = 1;
	put32(ep + 0x0c, max_bytes);
	put64(ep + 0x10, addr);
	for (int i = 0; i < 24; i++)
		sum = (uint8_t)(sum + ep[i]);
	ep[5] = (uint8_t)-sum;
}

static void fix_ep2_sums(uint8_t *ep)
{
	uint8_t sum = 0;

	ep[0x15] = 0;
	for (int i = 0x10; i < 0x1f; i++)
		sum = (uint8_t)(sum + ep[i]);
	ep[0x15] = (uint8_t)-sum;
	ep[4] = 0;
	sum = 0;
	for (int i = 0; i < ep[5]; i++)
		sum = (uint8_t)(sum + ep[i]);
	ep[4] = (uint8_t)-sum;
}

static void make_ep2(uint8_t *ep, uint32_t addr, uint16_t len)
{
	memset(ep, 0, 31);
	memcpy(ep, "_SM_", 4);
	ep[5] = 0x1f;
	ep[6] = 2;
	ep[7] = 8;
	put16(ep + 0x08, 0x5c);
	memcpy(ep + 0x10, "_DMI_", 5);
	put16(ep + 0x16, len);
	put32(ep + 0x18, addr);
	put16(ep + 0x1c, 9);
	ep[0x1e] = 0x28;
	fix_ep2_sums(ep);
}

static void entry3_gives_table_and_version(void **state)
{
	uint8_t ep[24];
	struct smbios_entry e = { 0 };

	(void)state;
	make_ep3(ep, 0x7f6c0000ull | 5ull << 32, 0x1234);
	assert_int_equal(smbios_entry_parse(ep, sizeof(ep), &e), SMBIOS_OK);
	assert_int_equal(e.ep_major, 3);
	assert_int_equal(e.major, 3);
	assert_int_equal(e.minor, 6);
	assert_int_equal(e.table_addr, 0x7f6c0000ull | 5ull << 32);
	assert_int_equal(e.table_max_bytes, 0x1234);
}

static void entry3_bad_checksum_rejected(void **state)
{
	uint8_t ep[24];
	struct smbios_entry e = { .major = 99 };

	(void)state;
	make_ep3(ep, 0x1000, 100);
	ep[0x0c]++;	/* the table length changed, the sum not */
	assert_int_equal(smbios_entry_parse(ep, sizeof(ep), &e),
			 SMBIOS_ERR_CHECKSUM);
	assert_int_equal(e.major, 99);	/* untouched on error */
}

static void entry3_length_checked(void **state)
{
	uint8_t ep[24];
	struct smbios_entry e;

	(void)state;
	make_ep3(ep, 0x1000, 100);
	assert_int_equal(smbios_entry_parse(ep, 23, &e), SMBIOS_ERR_SHORT);
	ep[6] = 0x30;	/* claims more bytes than the caller has */
	ep[5] = (uint8_t)(ep[5] - 0x18);
	assert_int_equal(smbios_entry_parse(ep, 24, &e), SMBIOS_ERR_SHORT);
	ep[6] = 0x10;
	ep[5] = (uint8_t)(ep[5] + 0x20);
	assert_int_equal(smbios_entry_parse(ep, 24, &e), SMBIOS_ERR_LENGTH);
}

static void entry_table_must_be_somewhere(void **state)
{
	uint8_t ep[24], ep2[31];
	struct smbios_entry e;

	(void)state;
	make_ep3(ep, 0, 100);
	assert_int_equal(smbios_entry_parse(ep, 24, &e), SMBIOS_ERR_TABLE);
	make_ep3(ep, 0x1000, 0);
	assert_int_equal(smbios_entry_parse(ep, 24, &e), SMBIOS_ERR_TABLE);
	make_ep3(ep, UINT64_MAX - 10, 100);	/* wraps past 2^64 */
	assert_int_equal(smbios_entry_parse(ep, 24, &e), SMBIOS_ERR_TABLE);
	make_ep2(ep2, 0, 100);
	assert_int_equal(smbios_entry_parse(ep2, 31, &e), SMBIOS_ERR_TABLE);
}

static void entry2_gives_table_and_version(void **state)
{
	uint8_t ep[32] = { 0 };	/* room for the 20h length tried below */
	struct smbios_entry e = { 0 };

	(void)state;
	make_ep2(ep, 0x000f0000, 0x0456);
	assert_int_equal(smbios_entry_parse(ep, sizeof(ep), &e), SMBIOS_OK);
	assert_int_equal(e.ep_major, 2);
	assert_int_equal(e.major, 2);
	assert_int_equal(e.minor, 8);
	assert_int_equal(e.table_addr, 0x000f0000);
	assert_int_equal(e.table_max_bytes, 0x0456);
	/* Firmware that followed the 2.1 text's 1Eh length. */
	ep[5] = 0x1e;
	fix_ep2_sums(ep);
	assert_int_equal(smbios_entry_parse(ep, sizeof(ep), &e), SMBIOS_OK);
	ep[5] = 0x20;	/* readable, but no entry point is that long */
	fix_ep2_sums(ep);
	assert_int_equal(smbios_entry_parse(ep, sizeof(ep), &e),
			 SMBIOS_ERR_LENGTH);
	make_ep2(ep, 0x000f0000, 0x0456);
	assert_int_equal(smbios_entry_parse(ep, 30, &e), SMBIOS_ERR_SHORT);
	assert_int_equal(smbios_entry_parse(ep, 31, &e), SMBIOS_OK);
}

static void entry2_bad_checksums_rejected(void **state)
{
	uint8_t ep[31];
	struct smbios_entry e;

	(void)state;
	make_ep2(ep, 0x000f0000, 0x0456);
	ep[4]++;	/* outer checksum */
	assert_int_equal(smbios_entry_parse(ep, 31, &e), SMBIOS_ERR_CHECKSUM);
	make_ep2(ep, 0x000f0000, 0x0456);
	ep[0x15]++;	/* "_DMI_" checksum: outer sum still wrong too */
	ep[4]--;	/* so put the outer one right again */
	assert_int_equal(smbios_entry_parse(ep, 31, &e), SMBIOS_ERR_CHECKSUM);
	make_ep2(ep, 0x000f0000, 0x0456);
	ep[5] = 0x1e;	/* the outer sum now stops short of 1Eh */
	fix_ep2_sums(ep);
	assert_int_equal(smbios_entry_parse(ep, 31, &e), SMBIOS_OK);
	ep[0x1e]++;	/* covered by the "_DMI_" sum only */
	assert_int_equal(smbios_entry_parse(ep, 31, &e), SMBIOS_ERR_CHECKSUM);
}

static void entry_anchor_mismatch_rejected(void **state)
{
	uint8_t ep[31], ep3[24];
	struct smbios_entry e;

	(void)state;
	make_ep2(ep, 0x000f0000, 0x0456);
	memcpy(ep + 0x10, "_DMX_", 5);
	fix_ep2_sums(ep);
	assert_int_equal(smbios_entry_parse(ep, 31, &e), SMBIOS_ERR_ANCHOR);
	make_ep3(ep3, 0x1000, 100);
	ep3[3] = '4';	/* "_SM4_", sum fixed so only the anchor is off */
	ep3[5] = (uint8_t)(ep3[5] - 1);
	assert_int_equal(smbios_entry_parse(ep3, 24, &e), SMBIOS_ERR_ANCHOR);
	make_ep3(ep3, 0x1000, 100);
	ep3[0] = '$';
	ep3[5] = (uint8_t)(ep3[5] + '_' - '$');
	assert_int_equal(smbios_entry_parse(ep3, 24, &e), SMBIOS_ERR_ANCHOR);
	assert_int_equal(smbios_entry_parse(NULL, 24, &e), SMBIOS_ERR_SHORT);
}

static void status_strings_are_distinct(void **state)
{
	static const int codes[] = { SMBIOS_OK, SMBIOS_ERR_SHORT,
		SMBIOS_ERR_ANCHOR, SMBIOS_ERR_LENGTH, SMBIOS_ERR_CHECKSUM,
		SMBIOS_ERR_TABLE, 12345 };
	const int n = sizeof(codes) / sizeof(codes[0]);

	(void)state;
	for (int i = 0; i < n; i++) {
		assert_non_null(smbios_status_str(codes[i]));
		assert_true(strlen(smbios_status_str(codes[i])) > 0);
		for (int j = 0; j < i; j++)
			assert_string_not_equal(smbios_status_str(codes[i]),
						smbios_status_str(codes[j]));
	}
	assert_string_equal(smbios_status_str(SMBIOS_ERR_CHECKSUM),
			    "bad checksum");
}

/* ---- parsing ---- */

/* Parses the first len bytes from a heap copy of exactly that size, so
 * ASan sees any read past the end. */
static void parse_exact(const uint8_t *bytes, size_t len,
			const struct smbios_entry *ep, struct smbios_info *out)
{
	uint8_t *copy = malloc(len ? len : 1);

	assert_non_null(copy);
	memcpy(copy, bytes, len);
	smbios_parse(copy, len, ep, out);
	free(copy);
}

static void check_dimm(const struct smbios_dimm *d, int i)
{
	assert_string_equal(d->locator, expect[i].locator);
	assert_string_equal(d->bank_locator, expect[i].bank);
	assert_string_equal(d->manufacturer, expect[i].maker);
	assert_string_equal(d->part_number, expect[i].part);
	assert_string_equal(d->type, expect[i].type);
	assert_int_equal(d->size_bytes, expect[i].size_bytes);
	assert_int_equal(d->speed_mts, expect[i].speed);
	assert_int_equal(d->configured_speed_mts, expect[i].conf_speed);
}

static struct smbios_info info;	/* large: kept off the test's stack */

static void reference_table_through_entry3(void **state)
{
	static struct tb t;
	uint8_t ep[24];
	struct smbios_entry e;

	(void)state;
	build_reference(&t);
	/* As the UEFI side does: entry point first, then the table at the
	 * address it gives, up to the maximum it gives (padded here). */
	make_ep3(ep, (uintptr_t)t.buf, (uint32_t)t.len + 64);
	assert_int_equal(smbios_entry_parse(ep, sizeof(ep), &e), SMBIOS_OK);
	smbios_parse((const void *)(uintptr_t)e.table_addr,
		     e.table_max_bytes, &e, &info);

	assert_int_equal(info.major, 3);
	assert_int_equal(info.minor, 6);
	assert_string_equal(info.bios_vendor,
			    "American Megatrends International, LLC.");
	assert_string_equal(info.bios_version, "1.23");
	assert_string_equal(info.bios_date, "03/14/2024");
	assert_string_equal(info.system_manufacturer, "ACME Computers");
	assert_string_equal(info.system_product, "Box 9000");
	assert_int_equal(info.dimm_count, EXPECT_DIMMS);
	for (int i = 0; i < EXPECT_DIMMS; i++)
		check_dimm(&info.dimms[i], i);
	assert_string_equal(info.dimms[0].form_factor, "DIMM");
	assert_string_equal(info.dimms[3].form_factor, "Chip");
	assert_int_equal(info.dimms[0].type_code, 0x22);
	assert_int_equal(info.dimms[0].rank, 2);
	assert_int_equal(info.dimms[1].rank, 1);
	assert_int_equal(info.dimms[0].total_width_bits, 80);
	assert_int_equal(info.dimms[0].data_width_bits, 64);
	assert_int_equal(info.dimms_dropped, 0);
	assert_int_equal(info.malformed, 0);
	assert_true(info.end_seen);
	assert_int_equal(info.structures, t.count);
}

static bool contains(const void *hay, size_t n, const char *needle)
{
	size_t k = strlen(needle);

	for (size_t i = 0; i + k <= n; i++)
		if (memcmp((const char *)hay + i, needle, k) == 0)
			return true;
	return false;
}

static void serial_numbers_never_copied(void **state)
{
	static struct tb t;

	(void)state;
	build_reference(&t);
	assert_true(contains(t.buf, t.len, "SECRET"));
	smbios_parse(t.buf, t.len, NULL, &info);
	assert_int_equal(info.dimm_count, EXPECT_DIMMS);
	assert_false(contains(&info, sizeof(info), "SECRET"));
}

static void entry2_table_parses_the_same(void **state)
{
	static struct tb t;
	uint8_t ep[31];
	struct smbios_entry e;

	(void)state;
	build_reference(&t);
	/* A 2.x address is 32-bit and this buffer may lie above 4 GiB, so
	 * only the length comes from the entry point here. */
	make_ep2(ep, 0x000f0000, (uint16_t)t.len);
	assert_int_equal(smbios_entry_parse(ep, sizeof(ep), &e), SMBIOS_OK);
	parse_exact(t.buf, e.table_max_bytes, &e, &info);
	assert_int_equal(info.major, 2);
	assert_int_equal(info.minor, 8);
	assert_int_equal(info.dimm_count, EXPECT_DIMMS);
	assert_int_equal(info.malformed, 0);
	assert_true(info.end_seen);
}

static bool at_boundary(const struct tb *t, size_t len)
{
	if (len == 0)
		return true;
	for (int i = 0; i < t->count; i++)
		if (t->ends[i] == len)
			return true;
	return false;
}

static void truncated_at_every_length(void **state)
{
	static struct tb t;
	int last_count = 0;
	size_t end_header;

	(void)state;
	build_reference(&t);
	/* Parsing stops at the type 127 header, before its string set. */
	end_header = t.ends[t.count - 2] + 4;
	for (size_t len = 0; len <= t.len; len++) {
		parse_exact(t.buf, len, NULL, &info);
		/* Cut between structures it is merely short; anywhere
		 * else the cut structure counts as malformed. */
		if (at_boundary(&t, len) || len >= end_header)
			assert_int_equal(info.malformed, 0);
		else
			assert_int_equal(info.malformed, 1);
		assert_int_equal(info.end_seen, len >= end_header);
		assert_true(info.dimm_count >= last_count);
		assert_true(info.dimm_count <= EXPECT_DIMMS);
		last_count = info.dimm_count;
		for (int i = 0; i < info.dimm_count; i++) {
			const struct smbios_dimm *d = &info.dimms[i];

			/* Numbers come whole; a string is whole or "". */
			assert_int_equal(d->size_bytes, expect[i].size_bytes);
			assert_string_equal(d->type, expect[i].type);
			if (d->part_number[0])
				assert_string_equal(d->part_number,
						    expect[i].part);
			if (d->locator[0])
				assert_string_equal(d->locator,
						    expect[i].locator);
		}
		if (info.bios_vendor[0])
			assert_string_equal(info.bios_vendor,
				"American Megatrends International, LLC.");
	}
	assert_int_equal(last_count, EXPECT_DIMMS);
	for (int i = 0; i < EXPECT_DIMMS; i++)
		check_dimm(&info.dimms[i], i);
}

static void length_past_end_stops(void **state)
{
	static struct tb t;
	uint8_t f[0x5c] = { 0 };
	size_t cut;

	(void)state;
	memset(&t, 0, sizeof(t));
	tb_dimm(&t, &dimm_a);
	cut = t.len;
	tb_dimm(&t, &dimm_b);
	t.buf[cut + 1] = 0xf0;	/* longer than all that is left */
	parse_exact(t.buf, t.len, NULL, &info);
	assert_int_equal(info.dimm_count, 1);
	assert_string_equal(info.dimms[0].locator, "DIMM_A1");
	assert_int_equal(info.malformed, 1);
	assert_false(info.end_seen);

	/* Formatted area ends exactly at the end: no room for strings. */
	memset(&t, 0, sizeof(t));
	put16(f + 0x0c, 1024);
	f[0] = 17;
	f[1] = 0x5c;
	tb_bytes(&t, f, sizeof(f));
	parse_exact(t.buf, t.len, NULL, &info);
	assert_int_equal(info.dimm_count, 1);
	assert_int_equal(info.dimms[0].size_bytes, 1 * GIB);
	assert_int_equal(info.malformed, 1);
}

static void strings_without_terminator(void **state)
{
	static struct tb t;

	(void)state;
	memset(&t, 0, sizeof(t));
	tb_dimm(&t, &dimm_a);
	/* Drop the set's final NUL and the last string's: the part
	 * number runs to the end of the table. */
	t.len -= 2;
	assert_int_equal(t.buf[t.len - 1], ' ');
	parse_exact(t.buf, t.len, NULL, &info);
	assert_int_equal(info.dimm_count, 1);
	assert_string_equal(info.dimms[0].locator, "DIMM_A1");
	assert_string_equal(info.dimms[0].manufacturer, "Samsung");
	assert_string_equal(info.dimms[0].part_number, "");
	assert_int_equal(info.malformed, 1);

	/* Only the set's final NUL gone: every string is whole, but the
	 * structure's end is still unknown. */
	memset(&t, 0, sizeof(t));
	tb_dimm(&t, &dimm_a);
	t.len -= 1;
	parse_exact(t.buf, t.len, NULL, &info);
	assert_string_equal(info.dimms[0].part_number, "M323R2GA3BB0-CQKOL");
	assert_int_equal(info.malformed, 1);
}

static void string_index_out_of_range(void **state)
{
	static struct tb t;
	uint8_t f[0x1b] = { 0 };

	(void)state;
	memset(&t, 0, sizeof(t));
	f[0x04] = 1;
	f[0x05] = 9;	/* only two strings */
	tb_struct(&t, 1, f, sizeof(f), "Maker", "Product", NULL);
	memset(f, 0, sizeof(f));
	f[0x04] = 1;	/* no strings at all */
	f[0x05] = 2;
	f[0x08] = 3;
	tb_struct(&t, 0, f, 0x12, NULL);
	tb_end(&t);
	parse_exact(t.buf, t.len, NULL, &info);
	assert_string_equal(info.system_manufacturer, "Maker");
	assert_string_equal(info.system_product, "");
	assert_string_equal(info.bios_vendor, "");
	assert_string_equal(info.bios_date, "");
	assert_int_equal(info.malformed, 2);
	assert_true(info.end_seen);
}

static void strings_are_cleaned_and_bounded(void **state)
{
	static struct tb t;
	static char longest[300];
	uint8_t f[0x1b] = { 0 };

	(void)state;
	memset(longest, 'x', sizeof(longest) - 1);
	longest[sizeof(longest) - 1] = 0;
	memset(&t, 0, sizeof(t));
	f[0x04] = 1;
	f[0x05] = 2;
	tb_struct(&t, 1, f, sizeof(f), "  Bad\x01\x7f\xff\tname\x1b[2J  ",
		  longest, NULL);
	parse_exact(t.buf, t.len, NULL, &info);
	assert_string_equal(info.system_manufacturer, "Bad????name?[2J");
	assert_int_equal(strlen(info.system_product), SMBIOS_STR - 1);
	assert_int_equal(info.system_product[0], 'x');
	assert_int_equal(info.malformed, 0);

	/* A string of spaces only is empty. */
	memset(&t, 0, sizeof(t));
	tb_struct(&t, 1, f, sizeof(f), "    ", "P", NULL);
	parse_exact(t.buf, t.len, NULL, &info);
	assert_string_equal(info.system_manufacturer, "");
	assert_string_equal(info.system_product, "P");
}

static void unknown_and_empty_sizes(void **state)
{
	static struct tb t;
	struct dimm_spec d = dimm_a;

	(void)state;
	memset(&t, 0, sizeof(t));
	d.size = 0xffff;	/* populated, size unknown: kept, size 0 */
	d.locator = "UNKNOWN_SIZE";
	tb_dimm(&t, &d);
	d.size = 0;		/* empty: skipped */
	d.locator = "EMPTY";
	tb_dimm(&t, &d);
	d.size = 0x8000;	/* 0 KB: empty too */
	tb_dimm(&t, &d);
	d.size = 0x7fff;	/* extended size 0: unknown, malformed */
	d.ext_size = 0;
	d.locator = "EXT_ZERO";
	tb_dimm(&t, &d);
	d.len = 0x1c;		/* 7FFFh before 2.7 is plain 32767 MB */
	d.locator = "OLD_7FFF";
	tb_dimm(&t, &d);
	tb_end(&t);
	parse_exact(t.buf, t.len, NULL, &info);
	assert_int_equal(info.dimm_count, 3);
	assert_string_equal(info.dimms[0].locator, "UNKNOWN_SIZE");
	assert_int_equal(info.dimms[0].size_bytes, 0);
	assert_int_equal(info.dimms[0].speed_mts, 4800);
	assert_string_equal(info.dimms[1].locator, "EXT_ZERO");
	assert_int_equal(info.dimms[1].size_bytes, 0);
	assert_string_equal(info.dimms[2].locator, "OLD_7FFF");
	assert_int_equal(info.dimms[2].size_bytes, 32767ull << 20);
	assert_int_equal(info.malformed, 1);
}

static void end_of_table_stops(void **state)
{
	static struct tb t;

	(void)state;
	memset(&t, 0, sizeof(t));
	tb_dimm(&t, &dimm_a);
	tb_end(&t);
	tb_dimm(&t, &dimm_b);		/* after the end: not read */
	tb_bytes(&t, "\x11\x02", 2);	/* nor this garbage */
	parse_exact(t.buf, t.len, NULL, &info);
	assert_int_equal(info.dimm_count, 1);
	assert_string_equal(info.dimms[0].locator, "DIMM_A1");
	assert_true(info.end_seen);
	assert_int_equal(info.structures, 2);
	assert_int_equal(info.malformed, 0);
}

static void header_length_below_four(void **state)
{
	static struct tb t;

	(void)state;
	memset(&t, 0, sizeof(t));
	tb_dimm(&t, &dimm_a);
	tb_bytes(&t, "\x11\x03\x00\x00\x00\x00", 6);
	tb_dimm(&t, &dimm_b);
	parse_exact(t.buf, t.len, NULL, &info);
	assert_int_equal(info.dimm_count, 1);
	assert_int_equal(info.malformed, 1);
	assert_int_equal(info.structures, 1);

	/* All zeros: type 0 of length 0 at the start. */
	memset(&t, 0, sizeof(t));
	parse_exact(t.buf, 64, NULL, &info);
	assert_int_equal(info.structures, 0);
	assert_int_equal(info.malformed, 1);
}

static void old_short_memory_device(void **state)
{
	static struct tb t;
	struct dimm_spec d = dimm_a;

	(void)state;
	memset(&t, 0, sizeof(t));
	/* 2.1: ends after Type Detail. The strings start where Speed
	 * would be, so reading past the length would show a speed. */
	d.len = 0x15;
	tb_dimm(&t, &d);
	/* 2.3: speed, maker and part number, but no configured speed. */
	d.len = 0x1b;
	d.locator = "DIMM_23";
	tb_dimm(&t, &d);
	/* Shorter than 2.1 allows, but Size is there. */
	d.len = 0x10;
	d.locator = "DIMM_SHORT";
	tb_dimm(&t, &d);
	parse_exact(t.buf, t.len, NULL, &info);
	assert_int_equal(info.dimm_count, 3);
	assert_string_equal(info.dimms[0].locator, "DIMM_A1");
	assert_string_equal(info.dimms[0].bank_locator, "P0 CHANNEL A");
	assert_string_equal(info.dimms[0].type, "DDR5");
	assert_int_equal(info.dimms[0].size_bytes, 16 * GIB);
	assert_int_equal(info.dimms[0].speed_mts, 0);
	assert_int_equal(info.dimms[0].configured_speed_mts, 0);
	assert_string_equal(info.dimms[0].manufacturer, "");
	assert_string_equal(info.dimms[0].part_number, "");
	assert_int_equal(info.dimms[0].rank, 0);
	assert_string_equal(info.dimms[1].manufacturer, "Samsung");
	assert_string_equal(info.dimms[1].part_number, "M323R2GA3BB0-CQKOL");
	assert_int_equal(info.dimms[1].speed_mts, 4800);
	assert_int_equal(info.dimms[1].configured_speed_mts, 0);
	assert_int_equal(info.dimms[1].rank, 0);
	/* 0x10 bytes: no locators, no type. */
	assert_string_equal(info.dimms[2].locator, "");
	assert_string_equal(info.dimms[2].type, "Unknown");
	assert_int_equal(info.dimms[2].type_code, 0);
	assert_int_equal(info.dimms[2].size_bytes, 16 * GIB);
	assert_int_equal(info.malformed, 1);
}

static void extended_speeds(void **state)
{
	static struct tb t;
	struct dimm_spec d = dimm_a;

	(void)state;
	memset(&t, 0, sizeof(t));
	d.speed = 0xffff;
	d.ext_speed = 70000 | 0x80000000u;	/* bit 31 reserved */
	d.conf_speed = 0xffff;
	d.ext_conf_speed = 68000;
	tb_dimm(&t, &d);
	d.len = 0x54;	/* 3.2: no extended fields, so unknown */
	tb_dimm(&t, &d);
	d.speed = 0;
	d.conf_speed = 0;
	d.len = 0x5c;
	tb_dimm(&t, &d);
	parse_exact(t.buf, t.len, NULL, &info);
	assert_int_equal(info.dimm_count, 3);
	assert_int_equal(info.dimms[0].speed_mts, 70000);
	assert_int_equal(info.dimms[0].configured_speed_mts, 68000);
	assert_int_equal(info.dimms[1].speed_mts, 0);
	assert_int_equal(info.dimms[1].configured_speed_mts, 0);
	assert_int_equal(info.dimms[2].speed_mts, 0);
	assert_int_equal(info.dimms[2].configured_speed_mts, 0);
}

static void memory_type_and_form_names(void **state)
{
	static const struct {
		uint8_t code;
		const char *name;
	} types[] = {
		{ 0x01, "Other" }, { 0x02, "Unknown" }, { 0x07, "RAM" },
		{ 0x12, "DDR" }, { 0x18, "DDR3" }, { 0x1a, "DDR4" },
		{ 0x1d, "LPDDR3" }, { 0x1e, "LPDDR4" }, { 0x22, "DDR5" },
		{ 0x23, "LPDDR5" }, { 0x24, "HBM3" },
		{ 0x16, "Unknown" },	/* reserved */
		{ 0x25, "Unknown" }, { 0xff, "Unknown" }, { 0x00, "Unknown" },
	};
	static const struct {
		uint8_t code;
		const char *name;
	} forms[] = {
		{ 0x09, "DIMM" }, { 0x0d, "SODIMM" }, { 0x05, "Chip" },
		{ 0x11, "CAMM" }, { 0x00, "Unknown" }, { 0xee, "Unknown" },
	};
	const int nt = sizeof(types) / sizeof(types[0]);
	const int nf = sizeof(forms) / sizeof(forms[0]);
	static struct tb t;
	struct dimm_spec d = dimm_a;

	(void)state;
	memset(&t, 0, sizeof(t));
	for (int i = 0; i < nt; i++) {
		d.type = types[i].code;
		d.form_factor = forms[i % nf].code;
		tb_dimm(&t, &d);
	}
	parse_exact(t.buf, t.len, NULL, &info);
	assert_int_equal(info.dimm_count, nt);
	for (int i = 0; i < nt; i++) {
		assert_string_equal(info.dimms[i].type, types[i].name);
		assert_int_equal(info.dimms[i].type_code, types[i].code);
		assert_string_equal(info.dimms[i].form_factor,
				    forms[i % nf].name);
	}
}

static void more_than_max_dimms_dropped(void **state)
{
	static struct tb t;
	struct dimm_spec d = dimm_a;
	char names[SMBIOS_MAX_DIMMS + 6][16];

	(void)state;
	memset(&t, 0, sizeof(t));
	d.len = 0x22;
	for (int i = 0; i < SMBIOS_MAX_DIMMS + 6; i++) {
		snprintf(names[i], sizeof(names[i]), "D%d", i);
		d.locator = names[i];
		tb_dimm(&t, &d);
	}
	tb_end(&t);
	parse_exact(t.buf, t.len, NULL, &info);
	assert_int_equal(info.dimm_count, SMBIOS_MAX_DIMMS);
	assert_int_equal(info.dimms_dropped, 6);
	assert_string_equal(info.dimms[SMBIOS_MAX_DIMMS - 1].locator, "D63");
	assert_true(info.end_seen);
}

static void first_bios_and_system_win(void **state)
{
	static struct tb t;

	(void)state;
	memset(&t, 0, sizeof(t));
	tb_bios(&t, "First", "v1", "01/01/2020");
	tb_system(&t, "Maker1", "Prod1");
	tb_bios(&t, "Second", "v2", "02/02/2022");
	tb_system(&t, "Maker2", "Prod2");
	parse_exact(t.buf, t.len, NULL, &info);
	assert_string_equal(info.bios_vendor, "First");
	assert_string_equal(info.system_product, "Prod1");
	assert_int_equal(info.structures, 4);
}

static void empty_input(void **state)
{
	struct smbios_entry e = { .major = 3, .minor = 2 };

	(void)state;
	memset(&info, 0x55, sizeof(info));
	smbios_parse(NULL, 100, &e, &info);
	assert_int_equal(info.major, 3);
	assert_int_equal(info.dimm_count, 0);
	assert_int_equal(info.structures, 0);
	assert_string_equal(info.bios_vendor, "");
	memset(&info, 0x55, sizeof(info));
	parse_exact((const uint8_t *)"", 0, NULL, &info);
	assert_int_equal(info.malformed, 0);
	assert_int_equal(info.major, 0);
	assert_false(info.end_seen);
}

/* Random and randomly damaged tables: the parser must stay in bounds
 * (ASan), finish, and leave only clean, terminated strings. */
static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint32_t rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return (uint32_t)(rng_state >> 16);
}

static void check_clean(const char *s)
{
	size_t n = strnlen(s, SMBIOS_STR);

	assert_true(n < SMBIOS_STR);
	for (size_t i = 0; i < n; i++)
		assert_true(s[i] >= 0x20 && s[i] < 0x7f);
	if (n)
		assert_true(s[0] != ' ' && s[n - 1] != ' ');
}

static void damaged_tables_stay_in_bounds(void **state)
{
	static struct tb t;
	static uint8_t buf[sizeof(t.buf)];

	(void)state;
	build_reference(&t);
	for (int round = 0; round < 3000; round++) {
		size_t len = rng() % (t.len + 1);

		memcpy(buf, t.buf, t.len);
		if (round % 3 == 0) {
			for (size_t i = 0; i < len; i++)
				buf[i] = (uint8_t)rng();
		} else {
			for (int k = 0; k < 1 + round % 8; k++)
				buf[rng() % t.len] = (uint8_t)rng();
		}
		parse_exact(buf, len, NULL, &info);
		assert_true(info.dimm_count >= 0);
		assert_true(info.dimm_count <= SMBIOS_MAX_DIMMS);
		assert_true((size_t)info.structures * 6 <= len + 6);
		check_clean(info.bios_vendor);
		check_clean(info.bios_version);
		check_clean(info.bios_date);
		check_clean(info.system_manufacturer);
		check_clean(info.system_product);
		for (int i = 0; i < info.dimm_count; i++) {
			check_clean(info.dimms[i].locator);
			check_clean(info.dimms[i].bank_locator);
			check_clean(info.dimms[i].manufacturer);
			check_clean(info.dimms[i].part_number);
			assert_non_null(info.dimms[i].type);
			assert_non_null(info.dimms[i].form_factor);
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(entry3_gives_table_and_version),
		cmocka_unit_test(entry3_bad_checksum_rejected),
		cmocka_unit_test(entry3_length_checked),
		cmocka_unit_test(entry_table_must_be_somewhere),
		cmocka_unit_test(entry2_gives_table_and_version),
		cmocka_unit_test(entry2_bad_checksums_rejected),
		cmocka_unit_test(entry_anchor_mismatch_rejected),
		cmocka_unit_test(status_strings_are_distinct),
		cmocka_unit_test(reference_table_through_entry3),
		cmocka_unit_test(serial_numbers_never_copied),
		cmocka_unit_test(entry2_table_parses_the_same),
		cmocka_unit_test(truncated_at_every_length),
		cmocka_unit_test(length_past_end_stops),
		cmocka_unit_test(strings_without_terminator),
		cmocka_unit_test(string_index_out_of_range),
		cmocka_unit_test(strings_are_cleaned_and_bounded),
		cmocka_unit_test(unknown_and_empty_sizes),
		cmocka_unit_test(end_of_table_stops),
		cmocka_unit_test(header_length_below_four),
		cmocka_unit_test(old_short_memory_device),
		cmocka_unit_test(extended_speeds),
		cmocka_unit_test(memory_type_and_form_names),
		cmocka_unit_test(more_than_max_dimms_dropped),
		cmocka_unit_test(first_bios_and_system_win),
		cmocka_unit_test(empty_input),
		cmocka_unit_test(damaged_tables_stay_in_bounds),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
