/* libFuzzer target: config_parse on any bytes, as if they were
 * \baremem\baremem.cfg (the app reads at most 64 KiB of it). */
#include <stddef.h>
#include <stdint.h>

#include "config/config.h"
#include "invariants.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct msgs errs, warns;
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
	return 0;
}
