/* The configuration: defaults, then \baremem\baremem.cfg, then the
 * command line (LoadOptions when started from the UEFI shell). */
#include "baremem_efi.h"
#include "config/cmdline.h"
#include "config/config.h"
#include "platform.h"

#define CONFIG_PATH L"\\baremem\\baremem.cfg"
#define CONFIG_MAX_BYTES (64u << 10)

void config_load(EFI_HANDLE image, EFI_FILE_HANDLE root,
		 struct run_results *res)
{
	struct bm_config *c = &res->config;
	EFI_LOADED_IMAGE *li = 0;
	char *text;
	UINTN len = 0;

	config_defaults(c);
	text = plat_alloc(CONFIG_MAX_BYTES);
	if (root && text) {
		switch (esp_read_file(root, CONFIG_PATH, text,
				      CONFIG_MAX_BYTES, &len)) {
		case 0:
			config_parse(c, text, len, "baremem.cfg", &res->errors,
				     &res->warnings);
			break;
		case -1:
			msgs_add(&res->warnings, "no \\baremem\\baremem.cfg on "
				 "the boot volume: using the defaults");
			break;
		default:
			msgs_add(&res->errors, "\\baremem\\baremem.cfg cannot be "
				 "read (larger than 64 KiB or a read error)");
		}
	}
	plat_free(text);

	if (BS->HandleProtocol(image, &LoadedImageProtocol, (void **)&li) !=
	    EFI_SUCCESS || !li)
		return;
	cmdline_parse(c, li->LoadOptions, li->LoadOptionsSize, &res->errors,
		      &res->warnings);
}
