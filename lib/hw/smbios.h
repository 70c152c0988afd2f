/* SMBIOS: the machine's maker, firmware, DIMMs and where each DIMM's
 * memory is mapped (types 0, 1, 17, 20),
 * parsed from untrusted firmware bytes without ever reading past them. */
#ifndef BAREMEM_SMBIOS_H
#define BAREMEM_SMBIOS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SMBIOS_MAX_DIMMS 64
#define SMBIOS_STR 64		/* bytes per copied string, NUL included */
#define SMBIOS_MAX_MAPS 128	/* type 20 structures kept */

/* Bytes to hand smbios_entry_parse: the 64-bit "_SM3_" entry point
 * (SMBIOS3_TABLE_GUID), the 32-bit "_SM_"/"_DMI_" one (SMBIOS_TABLE_GUID). */
#define SMBIOS3_EP_BYTES 24
#define SMBIOS2_EP_BYTES 31

enum smbios_status {
	SMBIOS_OK = 0,
	SMBIOS_ERR_SHORT = -1,	/* fewer bytes than the entry point has */
	SMBIOS_ERR_ANCHOR = -2,	/* neither "_SM3_" nor "_SM_"/"_DMI_" */
	SMBIOS_ERR_LENGTH = -3,	/* its length byte is out of range */
	SMBIOS_ERR_CHECKSUM = -4, /* a byte sum is not 0 */
	SMBIOS_ERR_TABLE = -5,	/* table address or length 0, or wraps */
};

struct smbios_entry {
	uint64_t table_addr;
	/* 3.x: an upper bound, the table ends at type 127; 2.x: exact. */
	uint32_t table_max_bytes;
	uint8_t ep_major;	/* 3: "_SM3_" entry point, 2: "_SM_" */
	uint8_t major, minor;	/* SMBIOS version the firmware claims */
};

struct smbios_dimm {
	/* Printable ASCII, trimmed, "" when absent. */
	char locator[SMBIOS_STR], bank_locator[SMBIOS_STR];
	char manufacturer[SMBIOS_STR], part_number[SMBIOS_STR];
	const char *type;	/* DSP0134 name: "DDR5", "LPDDR4", "Unknown" */
	const char *form_factor; /* "DIMM", "SODIMM", "Unknown", ... */
	uint8_t type_code;	/* the raw Memory Type byte, 0: absent */
	uint8_t rank;		/* 0: unknown */
	uint16_t data_width_bits, total_width_bits; /* 0: unknown */
	uint64_t size_bytes;	/* 0: populated, size unknown */
	/* speed_mts is the rated (maximum) speed; 0: unknown */
	uint32_t speed_mts, configured_speed_mts;
	uint16_t handle;	/* the structure's handle, for type 20 */
};

/* Type 20 (Memory Device Mapped Address): [start, end) of physical
 * address space that a type 17 device (by handle) backs. Interleaved
 * DIMMs each name the whole interleaved range. */
struct smbios_map {
	uint64_t start, end;	/* bytes, end exclusive, end > start */
	uint16_t device_handle;
};

struct smbios_info {
	uint8_t major, minor;	/* from the entry point; 0.0 if none */
	char system_manufacturer[SMBIOS_STR], system_product[SMBIOS_STR];
	char bios_vendor[SMBIOS_STR], bios_version[SMBIOS_STR];
	char bios_date[SMBIOS_STR];
	int structures;		/* structures walked, type 127 too */
	int dimm_count;		/* entries used in dimms[] */
	int dimms_dropped;	/* populated ones past SMBIOS_MAX_DIMMS */
	int empty_slots;	/* type 17 "No Module Installed" (size 0) */
	int map_count;		/* entries used in maps[] */
	int maps_dropped;	/* type 20s past SMBIOS_MAX_MAPS */
	int malformed;		/* structures cut short or inconsistent */
	bool end_seen;		/* the type 127 end-of-table was met */
	struct smbios_dimm dimms[SMBIOS_MAX_DIMMS];
	struct smbios_map maps[SMBIOS_MAX_MAPS];
};

/* Checks an entry point of ep_len readable bytes (anchor, length byte,
 * checksums) and fills *out with where the structure table is. Returns
 * SMBIOS_OK or a negative enum smbios_status; *out is untouched on error. */
int smbios_entry_parse(const void *ep, size_t ep_len,
		       struct smbios_entry *out);

/* A few words for a status, for messages ("bad checksum"). */
const char *smbios_status_str(int status);

/* Walks len bytes of structure table and fills *out (cleared first) with
 * whatever could be read; ep (may be 0) only supplies the version. Stops
 * at type 127, at the end of the bytes, or at the first structure whose
 * extent cannot be trusted. */
void smbios_parse(const void *table, size_t len,
		  const struct smbios_entry *ep, struct smbios_info *out);

/* The DIMMs that type 20 says back any byte of [base, base + bytes):
 * writes up to max locators (pointers into sm->dimms[], valid while *sm
 * is), each DIMM once, in dimms[] order, and returns how many it wrote.
 * 0: SMBIOS maps nothing there (no type 20, or no populated type 17 with
 * the handle a type 20 names): the caller says "unknown", not "none".
 * A locator may be "" where the firmware gives none. sm may be 0. */
int smbios_dimms_for_range(const struct smbios_info *sm, uint64_t base,
			   uint64_t bytes, const char **locators, int max);

/* The index in sm->dimms[] of the populated device with this handle;
 * -1 if none. */
int smbios_dimm_by_handle(const struct smbios_info *sm, uint16_t handle);

#endif
