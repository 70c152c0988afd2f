/* libFuzzer target: config_parse on any bytes, as if they were
 * \baremem\baremem.cfg (the app reads at most 64 KiB of it), then the
 * same bytes as a signed network config: config_parse_signed and its
 * binding (signed_for, not_after, serial) checked against a name, a
 * clock and a recorded serial. */
#include <stddef.h>
#include <stdint.h>
#include <strings.h>

#include "config/config.h"
#include "config/config_binding.h"
#include "invariants.h"

/* A binding read from any bytes: its problem and the check's reason are
 * printable text, and a name taken is one the app could have fetched. */
static void check_binding(const struct config_binding *b)
{
	static const struct wall_time now = { 2026, 11, 27, 6, 0, 0, 0 };
	const uint64_t highest = 7;
	char why[200];
	size_t n;

	if (strnlen(b->problem, sizeof b->problem) == sizeof b->problem)
		BROKEN("binding problem not terminated");
	if (b->given & ~7u)
		BROKEN("binding fields 0x%x", b->given);
	if ((b->given & 1u) && !b->problem[0] && b->signed_for[0] == 0)
		BROKEN("signed_for taken but empty");
	for (const char *p = b->signed_for; *p; p++)
		if (!((*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'f')) &&
		    strcasecmp(b->signed_for, "baremem.cfg"))
			BROKEN("signed_for '%s' taken", b->signed_for);
	why[0] = 0;
	if (config_binding_check(b, "baremem.cfg", &now, &highest, why,
				 sizeof why) == 0) {
		if (b->given != 7u || b->problem[0] || b->serial < highest)
			BROKEN("binding accepted: fields 0x%x, serial %llu",
			       b->given, (unsigned long long)b->serial);
		return;
	}
	n = strnlen(why, sizeof why);
	if (n == 0 || n == sizeof why)
		BROKEN("binding refused without a reason");
	for (size_t k = 0; k < n; k++)
		if ((unsigned char)why[k] < 0x20 || (unsigned char)why[k] > 0x7e)
			BROKEN("binding reason byte 0x%02x: %s",
			       (unsigned char)why[k], why);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct msgs errs, warns;
	struct config_binding b = { 0 };
	struct bm_config c;
	int ret;

	if (size > 64 * 1024)
		return 0;
	memset(&errs, 0, sizeof errs);
	memset(&warns, 0, sizeof warns);
	config_defaults(&c);
	ret = config_parse(&c, (const char *)data, size, "baremem.cfg", &errs,
			   &warns);
	check_all(&c, ret, &errs, &warns);

	memset(&errs, 0, sizeof errs);
	memset(&warns, 0, sizeof warns);
	config_defaults(&c);
	ret = config_parse_signed(&c, (const char *)data, size, "x.cfg", &b,
				  &errs, &warns);
	check_all(&c, ret, &errs, &warns);
	check_binding(&b);
	return 0;
}
