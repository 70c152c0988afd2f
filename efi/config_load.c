/* The configuration: defaults, then \baremem\baremem.cfg (booted over
 * the network: baremem/baremem.cfg, then baremem/<mac>.cfg from the boot
 * server, each with a verified signature in a signed-config build, bound
 * to its name, unexpired and not older than the last one accepted), then
 * the command line (LoadOptions when started from the UEFI shell).
 *
 * Whom each is trusted for (docs/netboot.md's table): the stick's file
 * and a disk boot's command line come from whoever holds the machine
 * (its boot entry, its shell, its USB port), so even a signed-config
 * build takes them as they are. What arrives over the provisioning
 * network needs a signature, and a network boot's command line is
 * written by whoever serves the boot files (iPXE's `chain URL keys`):
 * a signed-config build ignores it. */
#include "net/netboot.h"
#include "config/cmdline.h"
#include "config/config.h"
#include "config/config_binding.h"
#include "platform.h"
#include "results/upload_name.h"
#include "util/fmt.h"
#include "util/out.h"

#define CONFIG_PATH L"\\baremem\\baremem.cfg"
#define CONFIG_MAX_BYTES (64u << 10)
/* A detached PKCS#7 signature with its signer's certificate: 1 to 3 KiB
 * for an RSA key, a chain of a few certificates well under 16. */
#define SIGNATURE_MAX_BYTES (16u << 10)
#define HTTP_CONFIG_TIMEOUT_MS 20000

/* The file the app was booted from: the URL on a UEFI HTTP Boot, else
 * the DHCP boot file (an http:// URL when iPXE chain-loaded it). */
static const char *boot_file_of(const struct boot_source *b)
{
	return b->http_boot ? b->url : b->server.file;
}

/* path from the boot server into buf, as pxe_read_file: by HTTP GET from
 * the web server the app came from on a UEFI HTTP Boot, else through the
 * PXE base code (TFTP, or iPXE's own fetch of a URL). */
static int boot_server_read(const struct boot_source *b, const char *path,
			    char *buf, UINTN cap, UINTN *len, char *why,
			    UINTN why_cap)
{
	if (b->http_boot)
		return http_get(b, path, buf, cap, len, HTTP_CONFIG_TIMEOUT_MS,
				why, why_cap);
	return pxe_read_file(b, path, buf, cap, len, why, why_cap);
}

/* One file from the boot server, relative to the boot file's folder,
 * into text (CONFIG_MAX_BYTES): 1 when read (where names it), 0 when the
 * server has none, -1 on an error (said in res->errors). */
static int server_fetch(const struct boot_source *b, const char *rel,
			char *text, UINTN *len, char *where, UINTN where_cap,
			struct run_results *res)
{
	const char *boot_file = boot_file_of(b);
	char path[sizeof b->url + 32], why[200], ip[16];

	*len = 0;
	net_ip_text(ip, sizeof ip, b->server.server);
	if (dhcp_boot_relative(path, sizeof path, boot_file, rel)) {
		msgs_add(&res->errors, "the boot file name '%s' is too long to "
			 "find %s beside it", boot_file, rel);
		return -1;
	}
	switch (boot_server_read(b, path, text, CONFIG_MAX_BYTES, len, why,
				 sizeof why)) {
	case 0:
		/* Chain-loaded by iPXE from http://... (or a UEFI HTTP Boot),
		 * the path is that URL and it was fetched from there. */
		if (dhcp_boot_is_url(path))
			fmt(where, where_cap, "%s", path);
		else
			fmt(where, where_cap, "tftp://%s/%s", ip, path);
		out("config: %s\n", where);
		return 1;
	case -1:
		return 0;
	default:
		msgs_add(&res->errors, "config %s cannot be read: %s (at most "
			 "64 KiB)", path, why);
		return -1;
	}
}

/* A signed-config build: the config just read (text[0..len), server
 * path rel) counts only when rel.p7s is there and the firmware verifies
 * it. 0 when it does, else -1 with why. */
static int server_signature_ok(const struct boot_source *b, const char *rel,
			       const char *text, UINTN len, char *why,
			       UINTN why_cap)
{
	char path[sizeof b->url + 40], sig_rel[2 * NET_MAC_MAX + 24];
	char read_why[200];
	UINT8 *sig = plat_alloc(SIGNATURE_MAX_BYTES);
	UINTN sig_len = 0;
	int st = -1;

	fmt(sig_rel, sizeof sig_rel, "%s.p7s", rel);
	if (!sig) {
		fmt(why, why_cap, "out of memory for its signature");
	} else if (dhcp_boot_relative(path, sizeof path, boot_file_of(b),
				      sig_rel)) {
		fmt(why, why_cap, "the boot file name is too long to find %s",
		    sig_rel);
	} else {
		switch (boot_server_read(b, path, (char *)sig,
					 SIGNATURE_MAX_BYTES, &sig_len,
					 read_why, sizeof read_why)) {
		case 0:
			if (config_verify(text, len, sig, sig_len, why,
					  why_cap) == CONFIG_SIG_VALID)
				st = 0;
			break;
		case -1:
			fmt(why, why_cap, "it is not signed (no %s on the "
			    "server)", path);
			break;
		default:
			fmt(why, why_cap, "its signature %s cannot be read: %s",
			    path, read_why);
		}
	}
	plat_free(sig);
	return st;
}

/* The signed-config build's checks of a config whose signature verified
 * (lib/config/config_binding.h): bound to name, unexpired by the
 * firmware's clock (now, 0 when unreadable), its serial not below the
 * highest accepted for name. 0 with *bind read, or -1 with why. */
static int binding_ok(const char *text, UINTN len, const char *name,
		      const struct wall_time *now,
		      const struct config_serials *serials,
		      struct config_binding *bind, char *why, UINTN why_cap)
{
	config_binding_read(bind, text, len);
	return config_binding_check(bind, name, now,
				    config_serials_get(serials, name), why,
				    why_cap);
}

/* After every config was accepted: their serials become the highest
 * this machine accepted (the variable written only when one rose). */
static void serials_accepted(struct config_serials *serials,
			     const struct config_binding *bind, const int *got,
			     char (*name)[CONFIG_NAME_MAX], int n,
			     struct run_results *res)
{
	char why[120];
	int changed = 0;

	for (int i = 0; i < n; i++)
		if (got[i] > 0)
			changed |= config_serials_raise(serials, name[i],
							bind[i].serial);
	if (changed && config_serials_store(serials, why, sizeof why))
		msgs_add(&res->warnings, "the accepted config's serial is not "
			 "recorded (%s): an older signed config would be taken "
			 "on the next boot", why);
}

/* baremem/baremem.cfg, then this machine's baremem/<mac>.cfg over it. A
 * signed-config build reads both first and applies them only when every
 * one that exists verifies and is bound to its name, unexpired, and not
 * older than the last one accepted; otherwise none (each refusal said):
 * the run takes the defaults, with uploads off, so a forged or replayed
 * config can neither send the results elsewhere nor make the machine
 * reboot in a loop. */
static void config_from_server(const struct boot_source *b,
			       struct run_results *res)
{
	char rel[2][2 * NET_MAC_MAX + 16], where[2][300], why[240];
	char name[2][CONFIG_NAME_MAX], ip[16], until[24];
	char *text[2] = { plat_alloc(CONFIG_MAX_BYTES), 0 };
	struct config_binding bind[2];	/* read where a signature verified */
	static struct config_serials serials;
	struct wall_time now;
	const struct wall_time *clock = 0;
	UINTN len[2] = { 0, 0 };
	int got[2] = { 0, 0 }, refused = 0, signed_build = config_signed_build();
	int n = 1;

	fmt(rel[0], sizeof rel[0], "baremem/baremem.cfg");
	fmt(name[0], sizeof name[0], "baremem.cfg");
	if (b->mac_len > 0) {
		upload_mac_text(name[1], sizeof name[1], b->mac, b->mac_len);
		fmt(rel[1], sizeof rel[1], "baremem/%s.cfg", name[1]);
		text[1] = plat_alloc(CONFIG_MAX_BYTES);
		n = 2;
	}
	if (signed_build) {
		if (firmware_clock(&now) == 0)
			clock = &now;
		if (config_serials_load(&serials, why, sizeof why))
			msgs_add(&res->warnings, "%s: this boot cannot tell a "
				 "replayed signed config from a new one", why);
	}
	for (int i = 0; i < n; i++) {
		if (!text[i]) {
			msgs_add(&res->errors, "out of memory reading %s",
				 rel[i]);
			break;
		}
		got[i] = server_fetch(b, rel[i], text[i], &len[i], where[i],
				      sizeof where[i], res);
		if (got[i] < 0)
			break;
		if (got[i] == 0 || !signed_build)
			continue;
		if (server_signature_ok(b, rel[i], text[i], len[i], why,
					sizeof why) == 0 &&
		    binding_ok(text[i], len[i], name[i], clock, &serials,
			       &bind[i], why, sizeof why) == 0) {
			wall_time_utc_text(until, sizeof until,
					   bind[i].not_after_s);
			out("config: %s: signature verified, signed for %s, "
			    "serial %llu, until %s\n", where[i], name[i],
			    (unsigned long long)bind[i].serial, until);
			continue;
		}
		/* Every file's verdict is said, not only the first. */
		refused = 1;
		out("config: %s refused: %s\n", where[i], why);
		msgs_add(&res->warnings, "network config refused, the defaults "
			 "run with uploads off: %s: %s", where[i], why);
	}
	if (refused) {
		config_defaults(&res->config);
		res->config.upload = BM_UPLOAD_OFF;
	} else {
		for (int i = 0; i < n; i++) {
			/* Its binding, read and checked above, is taken
			 * again in silence; an unsigned build warns of it. */
			struct config_binding again;

			ZeroMem(&again, sizeof again);
			if (got[i] > 0)
				config_parse_signed(&res->config, text[i],
						    len[i], where[i],
						    signed_build ? &again : 0,
						    &res->errors,
						    &res->warnings);
		}
		if (signed_build)
			serials_accepted(&serials, bind, got, name, n, res);
	}
	net_ip_text(ip, sizeof ip, b->server.server);
	if (got[0] == 0 && got[1] == 0)
		msgs_add(&res->warnings, "no baremem/baremem.cfg on the boot "
			 "server %s (or it refused it): using the defaults",
			 b->http_boot ? b->url : ip);
	/* The TFTP upload needs a PXE boot server; HTTP Boot has none. */
	if (b->http_boot && res->config.upload == BM_UPLOAD_AUTO)
		msgs_add(&res->warnings, "started by UEFI HTTP Boot: "
			 "upload=auto has no TFTP server to upload to; give "
			 "upload=http://host/path/ in baremem.cfg");
	plat_free(text[0]);
	plat_free(text[1]);
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
	plat_free(text);
	if (!root && (boot_source()->have_server || boot_source()->http_boot))
		config_from_server(boot_source(), res);

	if (BS->HandleProtocol(image, &LoadedImageProtocol, (void **)&li) !=
	    EFI_SUCCESS || !li)
		return;
	if (config_signed_build() && boot_source()->network) {
		char words[56];

		if (cmdline_keys_text(li->LoadOptions, li->LoadOptionsSize,
				      words, sizeof words) > 0)
			msgs_add(&res->warnings, "load options ignored (%s): "
				 "whoever serves the network boot wrote them; "
				 "an app built for signed configs takes its "
				 "keys from signed configs only", words);
		return;
	}
	cmdline_parse(c, li->LoadOptions, li->LoadOptionsSize, &res->errors,
		      &res->warnings);
}
