/* libFuzzer target: the UEFI command line on any bytes, as if they were
 * LoadOptions (UCS-2, any length, terminated or not), parsed over a
 * config file's settings as the app does. */
#include <stddef.h>
#include <stdint.h>

#include "config/cmdline.h"
#include "config/config.h"
#include "invariants.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct msgs errs, warns;
	static const char file[] = "profile = quick\nseed = 7\n";
	struct bm_config c;
	uint16_t *options;
	int ret;

	memset(&errs, 0, sizeof errs);
	memset(&warns, 0, sizeof warns);
	config_defaults(&c);
	if (config_parse(&c, file, sizeof file - 1, "baremem.cfg", &errs,
			 &warns) != 0)
		BROKEN("the fixed config file has errors: %s", errs.text[0]);
	/* The firmware's buffer: aligned, exactly size bytes, so ASan sees
	 * any read past LoadOptionsSize. */
	options = malloc(size ? size : 1);
	if (!options)
		return 0;
	memcpy(options, data, size);
	ret = cmdline_parse(&c, options, size, &errs, &warns);
	free(options);
	check_all(&c, ret, &errs, &warns);
	return 0;
}
