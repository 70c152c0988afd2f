/* SMBIOS (DMTF DSP0134): entry points, then types 0, 1 and 17. Every
 * length, offset and string index comes from firmware and is checked. */
#include "hw/smbios.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* DSP0134 7.18.2, Memory Device Type; 15h-17h are reserved. */
static const char *const memory_type_names[] = {
	[0x01] = "Other", [0x02] = "Unknown", [0x03] = "DRAM",
	[0x04] = "EDRAM", [0x05] = "VRAM", [0x06] = "SRAM", [0x07] = "RAM",
	[0x08] = "ROM", [0x09] = "FLASH", [0x0a] = "EEPROM",
	[0x0b] = "FEPROM", [0x0c] = "EPROM", [0x0d] = "CDRAM",
	[0x0e] = "3DRAM", [0x0f] = "SDRAM", [0x10] = "SGRAM",
	[0x11] = "RDRAM", [0x12] = "DDR", [0x13] = "DDR2",
	[0x14] = "DDR2 FB-DIMM", [0x18] = "DDR3", [0x19] = "FBD2",
	[0x1a] = "DDR4", [0x1b] = "LPDDR", [0x1c] = "LPDDR2",
	[0x1d] = "LPDDR3", [0x1e] = "LPDDR4",
	[0x1f] = "Logical non-volatile device", [0x20] = "HBM",
	[0x21] = "HBM2", [0x22] = "DDR5", [0x23] = "LPDDR5", [0x24] = "HBM3",
};

/* DSP0134 7.18.1, Memory Device Form Factor. */
static const char *const form_factor_names[] = {
	[0x01] = "Other", [0x02] = "Unknown", [0x03] = "SIMM",
	[0x04] = "SIP", [0x05] = "Chip", [0x06] = "DIP", [0x07] = "ZIP",
	[0x08] = "Proprietary Card", [0x09] = "DIMM", [0x0a] = "TSOP",
	[0x0b] = "Row of chips", [0x0c] = "RIMM", [0x0d] = "SODIMM",
	[0x0e] = "SRIMM", [0x0f] = "FB-DIMM", [0x10] = "Die",
	[0x11] = "CAMM",
};

/* Formatted-area offsets (DSP0134 7.1, 7.2, 7.18, 7.21) and the lengths of
 * the oldest versions of each structure, below which it is malformed. */
enum {
	T0_VENDOR = 0x04, T0_VERSION = 0x05, T0_DATE = 0x08, T0_MIN = 0x12,
	T1_MANUFACTURER = 0x04, T1_PRODUCT = 0x05, T1_MIN = 0x08,
	T17_TOTAL_WIDTH = 0x08, T17_DATA_WIDTH = 0x0a, T17_SIZE = 0x0c,
	T17_FORM_FACTOR = 0x0e, T17_LOCATOR = 0x10, T17_BANK = 0x11,
	T17_TYPE = 0x12, T17_MIN = 0x15, T17_SPEED = 0x15,
	T17_MANUFACTURER = 0x17, T17_PART = 0x1a, T17_ATTRIBUTES = 0x1b,
	T17_EXT_SIZE = 0x1c, T17_CONF_SPEED = 0x20, T17_EXT_SPEED = 0x54,
	T17_EXT_CONF_SPEED = 0x58, HANDLE = 0x02,
	T20_START = 0x04, T20_END = 0x08, T20_DEVICE = 0x0c, T20_MIN = 0x13,
	T20_EXT_START = 0x13, T20_EXT_END = 0x1b, T20_EXT_MIN = 0x23,
};

/* One structure: its formatted area and its string set, which spans
 * [strs, strs_end) and holds only strings whose NUL lies inside it. */
struct sm_struct {
	const uint8_t *f;
	uint8_t len;
	const uint8_t *strs, *strs_end;
	bool bad;
};

static uint16_t le16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

static uint32_t le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

static bool sum_zero(const uint8_t *p, size_t n)
{
	uint8_t s = 0;

	for (size_t i = 0; i < n; i++)
		s = (uint8_t)(s + p[i]);
	return s == 0;
}

static bool same(const uint8_t *p, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (p[i] != (uint8_t)s[i])
			return false;
	return true;
}

int smbios_entry_parse(const void *ep, size_t ep_len,
		       struct smbios_entry *out)
{
	const uint8_t *p = ep;
	struct smbios_entry e = { 0 };

	if (!p || ep_len < SMBIOS3_EP_BYTES)
		return SMBIOS_ERR_SHORT;
	if (same(p, "_SM3_", 5)) {
		/* DSP0134 5.2.2: length at 06h, checksum over that many. */
		if (p[6] < SMBIOS3_EP_BYTES)
			return SMBIOS_ERR_LENGTH;
		if (p[6] > ep_len)
			return SMBIOS_ERR_SHORT;
		if (!sum_zero(p, p[6]))
			return SMBIOS_ERR_CHECKSUM;
		e.ep_major = 3;
		e.major = p[7];
		e.minor = p[8];
		e.table_max_bytes = le32(p + 0x0c);
		e.table_addr = (uint64_t)le32(p + 0x10) |
			       (uint64_t)le32(p + 0x14) << 32;
	} else if (same(p, "_SM_", 4)) {
		if (ep_len < SMBIOS2_EP_BYTES)
			return SMBIOS_ERR_SHORT;
		/* DSP0134 5.2.1: 1Fh, but 2.1 said 1Eh and firmware
		 * written to it still checksums 1Eh bytes. */
		if (p[5] != 0x1e && p[5] != 0x1f)
			return SMBIOS_ERR_LENGTH;
		if (!same(p + 0x10, "_DMI_", 5))
			return SMBIOS_ERR_ANCHOR;
		if (!sum_zero(p, p[5]) || !sum_zero(p + 0x10, 0x0f))
			return SMBIOS_ERR_CHECKSUM;
		e.ep_major = 2;
		e.major = p[6];
		e.minor = p[7];
		e.table_max_bytes = le16(p + 0x16);
		e.table_addr = le32(p + 0x18);
	} else {
		return SMBIOS_ERR_ANCHOR;
	}
	if (e.table_addr == 0 || e.table_max_bytes == 0 ||
	    e.table_addr + e.table_max_bytes < e.table_addr)
		return SMBIOS_ERR_TABLE;
	*out = e;
	return SMBIOS_OK;
}

const char *smbios_status_str(int status)
{
	switch (status) {
	case SMBIOS_OK: return "ok";
	case SMBIOS_ERR_SHORT: return "entry point cut short";
	case SMBIOS_ERR_ANCHOR: return "no _SM3_/_SM_ anchor";
	case SMBIOS_ERR_LENGTH: return "bad entry point length";
	case SMBIOS_ERR_CHECKSUM: return "bad checksum";
	case SMBIOS_ERR_TABLE: return "bad table address or length";
	default: return "unknown error";
	}
}

/* Fields past the structure's length belong to later SMBIOS versions
 * the firmware does not implement: they read as 0 (absent). */
static uint8_t get8(const struct sm_struct *s, unsigned off)
{
	return off < s->len ? s->f[off] : 0;
}

static uint16_t get16(const struct sm_struct *s, unsigned off)
{
	return off + 2 <= s->len ? le16(s->f + off) : 0;
}

static uint32_t get32(const struct sm_struct *s, unsigned off)
{
	return off + 4 <= s->len ? le32(s->f + off) : 0;
}

/* Copies n bytes into out (SMBIOS_STR): printable ASCII kept, anything
 * else '?', cut to fit, outer spaces dropped. */
static void copy_clean(const uint8_t *src, size_t n, char *out)
{
	size_t k = 0;

	while (n > 0 && *src == ' ') {
		src++;
		n--;
	}
	for (size_t i = 0; i < n && k + 1 < SMBIOS_STR; i++)
		out[k++] = src[i] >= 0x20 && src[i] < 0x7f ? (char)src[i] : '?';
	while (k > 0 && out[k - 1] == ' ')
		k--;
	out[k] = 0;
}

/* The string whose 1-based index is at offset off; "" for index 0, and
 * "" plus a mark on the structure for an index the set does not have. */
static void get_str(struct sm_struct *s, unsigned off, char *out)
{
	const uint8_t *p = s->strs;
	unsigned idx = get8(s, off);

	out[0] = 0;
	if (idx == 0)
		return;
	for (unsigned k = 1;; k++) {
		const uint8_t *nul = p;

		while (nul < s->strs_end && *nul)
			nul++;
		/* An empty string is the set's end; no NUL, a cut table. */
		if (nul == s->strs_end || nul == p) {
			s->bad = true;
			return;
		}
		if (k == idx) {
			copy_clean(p, (size_t)(nul - p), out);
			return;
		}
		p = nul + 1;
	}
}

static const char *name_of(const char *const *names, size_t count,
			   uint8_t code)
{
	return code < count && names[code] ? names[code] : "Unknown";
}

/* DSP0134 7.18.5: Size is MB, or KB with bit 15 set; 7FFFh defers to
 * Extended Size (2.7+, MB, bit 31 reserved); FFFFh is unknown. Returns
 * false for an empty socket. */
static bool dimm_size(struct sm_struct *s, uint64_t *bytes)
{
	uint16_t size = get16(s, T17_SIZE);

	*bytes = 0;
	if (size == 0)
		return false;
	if (size == 0xffff)
		return true;
	if (size == 0x7fff && s->len >= T17_EXT_SIZE + 4) {
		uint32_t mb = get32(s, T17_EXT_SIZE) & 0x7fffffff;

		if (mb == 0)
			s->bad = true;
		*bytes = (uint64_t)mb << 20;
		return true;
	}
	if (size & 0x8000) {
		*bytes = (uint64_t)(size & 0x7fff) << 10;
		return *bytes != 0;
	}
	*bytes = (uint64_t)size << 20;
	return true;
}

/* Speed fields (DSP0134 7.18.5): 0 is unknown, FFFFh defers to a 3.3+
 * 32-bit field (bit 31 reserved), absent on older tables. */
static uint32_t dimm_speed(const struct sm_struct *s, unsigned off,
			   unsigned ext_off)
{
	uint16_t v = get16(s, off);

	if (v != 0xffff)
		return v;
	return get32(s, ext_off) & 0x7fffffff;
}

static uint16_t width_bits(const struct sm_struct *s, unsigned off)
{
	uint16_t v = get16(s, off);

	return v == 0xffff ? 0 : v;
}

static void parse_dimm(struct sm_struct *s, struct smbios_info *out)
{
	struct smbios_dimm *d;
	uint64_t bytes;

	if (s->len < T17_MIN)
		s->bad = true;
	if (s->len < T17_SIZE + 2)
		return;
	if (!dimm_size(s, &bytes)) {
		out->empty_slots++;	/* the board has a slot here */
		return;
	}
	if (out->dimm_count >= SMBIOS_MAX_DIMMS) {
		out->dimms_dropped++;
		return;
	}
	d = &out->dimms[out->dimm_count++];
	d->size_bytes = bytes;
	d->handle = get16(s, HANDLE);
	d->type_code = get8(s, T17_TYPE);
	d->type = name_of(memory_type_names, COUNT(memory_type_names),
			  d->type_code);
	d->form_factor = name_of(form_factor_names, COUNT(form_factor_names),
				 get8(s, T17_FORM_FACTOR));
	d->total_width_bits = width_bits(s, T17_TOTAL_WIDTH);
	d->data_width_bits = width_bits(s, T17_DATA_WIDTH);
	d->rank = get8(s, T17_ATTRIBUTES) & 0x0f;
	d->speed_mts = dimm_speed(s, T17_SPEED, T17_EXT_SPEED);
	d->configured_speed_mts = dimm_speed(s, T17_CONF_SPEED,
					     T17_EXT_CONF_SPEED);
	get_str(s, T17_LOCATOR, d->locator);
	get_str(s, T17_BANK, d->bank_locator);
	get_str(s, T17_MANUFACTURER, d->manufacturer);
	get_str(s, T17_PART, d->part_number);
}

static uint64_t get64(const struct sm_struct *s, unsigned off)
{
	return off + 8 <= s->len ? (uint64_t)le32(s->f + off + 4) << 32 |
					   le32(s->f + off)
				 : 0;
}

/* DSP0134 7.21: Starting and Ending Address are in KiB, the ending one
 * the first byte of the last KiB; a start of FFFFFFFFh defers to the
 * 2.7+ Extended addresses, in bytes, the ending one the last byte. A
 * range that ends before it starts is no range (malformed). */
static void parse_map(struct sm_struct *s, struct smbios_info *out)
{
	uint32_t start_kib, end_kib;
	uint64_t start, end;

	if (s->len < T20_MIN) {
		s->bad = true;
		return;
	}
	start_kib = get32(s, T20_START);
	end_kib = get32(s, T20_END);
	if (start_kib == 0xffffffffu) {
		uint64_t last;

		if (s->len < T20_EXT_MIN) {
			s->bad = true;
			return;
		}
		start = get64(s, T20_EXT_START);
		last = get64(s, T20_EXT_END);
		if (last < start || last == UINT64_MAX) {
			s->bad = true;
			return;
		}
		end = last + 1;
	} else {
		if (end_kib < start_kib) {
			s->bad = true;
			return;
		}
		start = (uint64_t)start_kib << 10;
		end = ((uint64_t)end_kib + 1) << 10;
	}
	if (out->map_count >= SMBIOS_MAX_MAPS) {
		out->maps_dropped++;
		return;
	}
	out->maps[out->map_count++] = (struct smbios_map){
		.start = start, .end = end,
		.device_handle = get16(s, T20_DEVICE),
	};
}

/* The first type 0 and type 1 count; later copies are ignored. */
static void parse_one(struct sm_struct *s, uint8_t type,
		      struct smbios_info *out, bool *bios_seen,
		      bool *system_seen)
{
	switch (type) {
	case 0:
		if (s->len < T0_MIN)
			s->bad = true;
		if (*bios_seen)
			break;
		*bios_seen = true;
		get_str(s, T0_VENDOR, out->bios_vendor);
		get_str(s, T0_VERSION, out->bios_version);
		get_str(s, T0_DATE, out->bios_date);
		break;
	case 1:
		/* The serial number (07h) and UUID are left alone on
		 * purpose: results are shared, machines are not named. */
		if (s->len < T1_MIN)
			s->bad = true;
		if (*system_seen)
			break;
		*system_seen = true;
		get_str(s, T1_MANUFACTURER, out->system_manufacturer);
		get_str(s, T1_PRODUCT, out->system_product);
		break;
	case 17:
		parse_dimm(s, out);
		break;
	case 20:
		parse_map(s, out);
		break;
	}
}

void smbios_parse(const void *table, size_t len,
		  const struct smbios_entry *ep, struct smbios_info *out)
{
	const uint8_t *t = table;
	size_t pos = 0;
	bool bios_seen = false, system_seen = false;

	*out = (struct smbios_info){ 0 };
	if (ep) {
		out->major = ep->major;
		out->minor = ep->minor;
	}
	if (!t)
		return;
	/* Each pass moves pos on by at least 6 bytes (4 of header, 2 NULs)
	 * or leaves the loop, so no table can make it spin. */
	while (pos < len) {
		struct sm_struct s;
		size_t q;
		bool terminated = false;

		if (len - pos < 4 || t[pos + 1] < 4 || t[pos + 1] > len - pos) {
			out->malformed++;	/* extent unknown: stop */
			return;
		}
		out->structures++;
		if (t[pos] == 127) {
			out->end_seen = true;
			return;
		}
		s = (struct sm_struct){ .f = t + pos, .len = t[pos + 1] };
		s.strs = t + pos + s.len;
		/* Strings never hold a NUL, so the first 00 00 ends the set. */
		for (q = pos + s.len; q + 1 < len; q++) {
			if (t[q] == 0 && t[q + 1] == 0) {
				terminated = true;
				break;
			}
		}
		s.strs_end = terminated ? t + q + 1 : t + len;
		parse_one(&s, t[pos], out, &bios_seen, &system_seen);
		if (s.bad || !terminated)
			out->malformed++;
		if (!terminated)
			return;
		pos = q + 2;
	}
}

int smbios_dimm_by_handle(const struct smbios_info *sm, uint16_t handle)
{
	for (int i = 0; sm && i < sm->dimm_count; i++)
		if (sm->dimms[i].handle == handle)
			return i;
	return -1;
}

int smbios_dimms_for_range(const struct smbios_info *sm, uint64_t base,
			   uint64_t bytes, const char **locators, int max)
{
	int n = 0;
	/* The range's last byte, so a range ending at 2^64 still fits. */
	uint64_t last;

	if (!sm || bytes == 0 || max <= 0 || !locators)
		return 0;
	last = bytes - 1 > UINT64_MAX - base ? UINT64_MAX : base + bytes - 1;
	/* dimms[] order, each DIMM once however many maps name it. */
	for (int i = 0; i < sm->dimm_count && n < max; i++) {
		for (int k = 0; k < sm->map_count; k++) {
			const struct smbios_map *m = &sm->maps[k];

			if (m->device_handle != sm->dimms[i].handle ||
			    m->start > last || m->end <= base)
				continue;
			locators[n++] = sm->dimms[i].locator;
			break;
		}
	}
	return n;
}
