/* What a signed network config is bound to, inside its signed text
 * (docs/netboot.md, "What a signature binds"): the name it was signed for
 * (`signed_for`: a MAC in lower-case hex without separators, or
 * baremem.cfg for the fleet default), its expiry (`not_after`, UTC) and
 * its `serial`. Pure: efi/config_load.c supplies the name it fetched, the
 * firmware's clock and the serials this machine accepted (an EFI
 * variable); this decides. */
#ifndef BAREMEM_CONFIG_BINDING_H
#define BAREMEM_CONFIG_BINDING_H

#include <stddef.h>
#include <stdint.h>

#include "util/wall_time.h"

/* A MAC of up to 32 bytes in hex, or "baremem.cfg", and its NUL. */
#define CONFIG_NAME_MAX 65
/* A clock before this year has never been set (a new board, a flat
 * battery): an expiry cannot be checked against it. */
#define CONFIG_CLOCK_MIN_YEAR 2020

enum config_binding_field {
	CONFIG_BIND_FOR,
	CONFIG_BIND_NOT_AFTER,
	CONFIG_BIND_SERIAL,
	CONFIG_BIND_COUNT
};

struct config_binding {
	char signed_for[CONFIG_NAME_MAX];
	int64_t not_after_s;		/* UTC, seconds since 1970 */
	uint64_t serial;
	unsigned given;			/* bit (1 << field) per field read */
	char problem[120];		/* the first bad or repeated field */
};

/* The field named k[0..klen) (case-insensitive), or -1. */
int config_binding_field(const char *k, size_t klen);
const char *config_binding_field_name(enum config_binding_field f);

/* Takes one field's value, as the config's line gave it. A bad value, or
 * a field given twice, is kept in b->problem (the first one only): the
 * binding is then refused whole. */
void config_binding_set(struct config_binding *b,
			enum config_binding_field f, const char *v,
			size_t vlen);


/* Whether a verified config may be applied: 0, or -1 with why (short:
 * it follows "NAME refused: "). fetched: the name it was fetched under
 * ("baremem.cfg" or the MAC's hex). now: the firmware's clock, 0 when it
 * cannot be read. highest: the highest serial this machine accepted for
 * that name, 0 when none. Refused: a field missing or bad, another name,
 * a clock that reads before CONFIG_CLOCK_MIN_YEAR, past not_after, a
 * serial below highest (an equal one is the same config served again). */
int config_binding_check(const struct config_binding *b, const char *fetched,
			 const struct wall_time *now, const uint64_t *highest,
			 char *why, size_t cap);

/* The serials this machine accepted, one per name (a replayed config
 * is refused under its own name; the fleet default and a machine's
 * own file are signed apart). Kept as text, a line `NAME SERIAL` each,
 * in an EFI variable: efi/net/config_serial_var.c. */
#define CONFIG_SERIALS_MAX 8
#define CONFIG_SERIALS_TEXT_MAX (CONFIG_SERIALS_MAX * (CONFIG_NAME_MAX + 22))

struct config_serials {
	int count;
	struct {
		char name[CONFIG_NAME_MAX];
		uint64_t serial;
	} e[CONFIG_SERIALS_MAX];		/* oldest first */
};

/* Reads the variable's text: 0, or -1 when it is not what
 * config_serials_text wrote (s then empty). */
int config_serials_parse(struct config_serials *s, const char *text,
			 size_t len);
/* The highest serial accepted for name, or 0 when none. */
const uint64_t *config_serials_get(const struct config_serials *s,
				   const char *name);
/* Raises name's serial to serial: 1 when that changed s, 0 when it held
 * it already (nothing to write). A new name past CONFIG_SERIALS_MAX
 * pushes out the oldest. */
int config_serials_raise(struct config_serials *s, const char *name,
			 uint64_t serial);
/* The text to store; its length. */
size_t config_serials_text(const struct config_serials *s, char *out,
			   size_t cap);

#endif
