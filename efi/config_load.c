/* The configuration: defaults, then \baremem\baremem.cfg (booted over
 * the network: baremem/baremem.cfg, then baremem/<mac>.cfg from the boot
 * server), then the command line (LoadOptions when started from the UEFI
 * shell). */
#include "netboot.h"
#include "config/cmdline.h"
#include "config/config.h"
#include "platform.h"
#include "results/upload_name.h"
#include "util/fmt.h"
#include "util/out.h"

#define CONFIG_PATH L"\\baremem\\baremem.cfg"
#define CONFIG_MAX_BYTES (64u << 10)
#define HTTP_CONFIG_TIMEOUT_MS 20000

/* One file from the boot server, relative to the boot file's folder:
 * 1 when read and parsed, 0 when the server has none, -1 on an error
 * (said in res->errors). */
static int server_file(const struct boot_source *b, const char *rel,
		       char *text, struct run_results *res)
{
	const char *boot_file = b->http_boot ? b->url : b->server.file;
	char path[sizeof b->url + 32], where[sizeof path + 32], why[200];
	char ip[16];
	UINTN len = 0;

	net_ip_text(ip, sizeof ip, b->server.server);
	if (dhcp_boot_relative(path, sizeof path, boot_file, rel)) {
		msgs_add(&res->errors, "the boot file name '%s' is too long to "
			 "find %s beside it", boot_file, rel);
		return -1;
	}
	/* UEFI HTTP Boot: from the web server the app came from. */
	switch (b->http_boot
			? http_get(b, path, text, CONFIG_MAX_BYTES, &len,
				   HTTP_CONFIG_TIMEOUT_MS, why, sizeof why)
			: pxe_read_file(b, path, text, CONFIG_MAX_BYTES, &len,
					why, sizeof why)) {
	case 0:
		/* Chain-loaded by iPXE from http://..., the path is that URL
		 * and iPXE fetched it from there. */
		if (dhcp_boot_is_url(path))
			fmt(where, sizeof where, "%s", path);
		else
			fmt(where, sizeof where, "tftp://%s/%s", ip, path);
		out("config: %s\n", where);
		config_parse(&res->config, text, len, where, &res->errors,
			     &res->warnings);
		return 1;
	case -1:
		return 0;
	default:
		msgs_add(&res->errors, "config %s cannot be read: %s (at most "
			 "64 KiB)", path, why);
		return -1;
	}
}

/* baremem/baremem.cfg, then this machine's baremem/<mac>.cfg over it. */
static void config_from_server(const struct boot_source *b, char *text,
			       struct run_results *res)
{
	char rel[2 * NET_MAC_MAX + 16], mac[2 * NET_MAC_MAX + 1], ip[16];
	int fleet, own = 0;

	fleet = server_file(b, "baremem/baremem.cfg", text, res);
	if (fleet >= 0 && b->mac_len > 0) {
		upload_mac_text(mac, sizeof mac, b->mac, b->mac_len);
		fmt(rel, sizeof rel, "baremem/%s.cfg", mac);
		own = server_file(b, rel, text, res);
	}
	net_ip_text(ip, sizeof ip, b->server.server);
	if (fleet == 0 && own == 0)
		msgs_add(&res->warnings, "no baremem/baremem.cfg on the boot "
			 "server %s (or it refused it): using the defaults",
			 b->http_boot ? b->url : ip);
	/* The TFTP upload needs a PXE boot server; HTTP Boot has none. */
	if (b->http_boot && res->config.upload == BM_UPLOAD_AUTO)
		msgs_add(&res->warnings, "started by UEFI HTTP Boot: "
			 "upload=auto has no TFTP server to upload to; give "
			 "upload=http://host/path/ in baremem.cfg");
}

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
	if (!root && text &&
	    (boot_source()->have_server || boot_source()->http_boot))
		config_from_server(boot_source(), text, res);
	plat_free(text);

	if (BS->HandleProtocol(image, &LoadedImageProtocol, (void **)&li) !=
	    EFI_SUCCESS || !li)
		return;
	cmdline_parse(c, li->LoadOptions, li->LoadOptionsSize, &res->errors,
		      &res->warnings);
}
