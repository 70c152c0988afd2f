/* The configuration: defaults, then \baremem\baremem.cfg, then the
 * command line (LoadOptions when started from the UEFI shell). */
#include "baremem_efi.h"
#include "config.h"
#include "platform.h"

#define CONFIG_PATH L"\\baremem\\baremem.cfg"
#define CONFIG_MAX_BYTES (64u << 10)
#define CMDLINE_MAX 2048
#define MAX_WORDS 128

/* LoadOptions is text only when the shell (or a boot entry made by hand)
 * put it there: even size, printable UCS-2, NUL-terminated or not. Boot
 * manager entries may carry binary data, which is ignored. */
static int options_text(const EFI_LOADED_IMAGE *li, char *out, UINTN cap)
{
	const CHAR16 *w = li->LoadOptions;
	UINTN n = li->LoadOptionsSize / 2, len = 0;

	if (!w || li->LoadOptionsSize < 2 || (li->LoadOptionsSize & 1))
		return -1;
	for (UINTN i = 0; i < n && w[i]; i++) {
		if (w[i] != '\t' && (w[i] < 0x20 || w[i] > 0x7e))
			return -1;
		if (len + 1 < cap)
			out[len++] = (char)w[i];
	}
	out[len] = 0;
	return 0;
}

static int is_program_path(const char *w)
{
	UINTN n = 0;

	for (const char *p = w; *p; p++, n++)
		if (*p == '=')
			return 0;
	for (const char *p = w; *p; p++)
		if (*p == '\\' || *p == ':' || *p == '/')
			return 1;
	return n >= 4 && w[n - 4] == '.' && (w[n - 3] | 32) == 'e' &&
	       (w[n - 2] | 32) == 'f' && (w[n - 1] | 32) == 'i';
}

void config_load(EFI_HANDLE image, EFI_FILE_HANDLE root,
		 struct run_results *res)
{
	struct bm_config *c = &res->config;
	EFI_LOADED_IMAGE *li = 0;
	char *text, line[CMDLINE_MAX];
	const char *words[MAX_WORDS];
	UINTN len = 0;
	int n, first = 0;

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
	    EFI_SUCCESS || !li || options_text(li, line, sizeof line))
		return;
	n = config_split_words(line, words, MAX_WORDS);
	/* The shell passes the program's own path as the first word. */
	if (n > 0 && is_program_path(words[0]))
		first = 1;
	if (n > first)
		config_parse_args(c, n - first, words + first, &res->errors,
				  &res->warnings);
}
