/* The upload policy (DESIGN §4c): which server, which names, bounded
 * retries, and what a failure leaves in the record. TFTP goes to the PXE
 * boot server; http:// PUTs under the configured folder. */
#include "netboot.h"
#include "hw/x86.h"
#include "net/retry.h"
#include "results/results_json.h"
#include "results/upload_name.h"
#include "util/fmt.h"
#include "util/out.h"

/* Three tries of one file within a minute: a TFTP server that is gone
 * costs edk2's 4 s x 6 tries per attempt (PxeBcDxe's Mtftp), so at most
 * two attempts; a restarting one gets a second chance after 2 s. */
static const struct retry_policy policy = { 3, 60000, 2000 };
#define HTTP_TIMEOUT_MS 20000

enum target { TARGET_NONE, TARGET_TFTP, TARGET_HTTP };

static struct {
	enum target target;
	char stem[2 * NET_MAC_MAX + 24];	/* <mac>-<YYYYMMDDTHHMMSSZ> */
	int json_kept;
} up;

static uint64_t now_ms(void)
{
	uint64_t hz = plat_tsc_hz();

	return hz ? tsc_read() / (hz / 1000) : 0;
}

/* Where a file of this run goes, as the console and the record say it. */
static void location(const struct run_results *res, const char *ext,
		     char *path, UINTN path_cap, char *where, UINTN where_cap)
{
	const struct boot_source *b = boot_source();
	const struct http_url *u = &res->config.upload_url;
	char name[sizeof up.stem + 16], ip[16];

	fmt(name, sizeof name, "%s.%s", up.stem, ext);
	if (up.target == TARGET_TFTP) {
		fmt(name, sizeof name, "baremem/results/%s.%s", up.stem, ext);
		if (dhcp_boot_relative(path, path_cap, b->server.file, name))
			path[0] = 0;
		net_ip_text(ip, sizeof ip, b->server.server);
		/* Beside a boot file iPXE was given as a URL, the path is
		 * a URL itself. */
		if (dhcp_boot_is_url(path))
			fmt(where, where_cap, "%s", path);
		else
			fmt(where, where_cap, "tftp://%s/%s", ip, path);
		return;
	}
	fmt(path, path_cap, "%s", name);
	net_ip_text(ip, sizeof ip, u->ip);
	fmt(where, where_cap, "http://%s:%u%s%s", ip, u->port, u->path, name);
}

/* One file, retried within the policy: 0 kept, -1 with why. */
static int put_file(const struct run_results *res, const char *ext,
		    const void *data, UINTN len, char *why, UINTN why_cap)
{
	char path[DHCP_BOOT_FILE_BYTES + 64], where[256];
	uint64_t start = now_ms(), longest = 0;
	int done = 0, st = -1;

	location(res, ext, path, sizeof path, where, sizeof where);
	if (!path[0]) {
		fmt(why, why_cap, "the boot file name is too long to put "
		    "results beside it");
		return -1;
	}
	while (st != 0 && retry_may_start(&policy, done, now_ms() - start,
					  longest)) {
		uint64_t t0;

		if (done) {
			out("upload: %s: %s; trying again\n", where, why);
			BS->Stall(policy.pause_ms * 1000);
		}
		t0 = now_ms();
		if (up.target == TARGET_TFTP)
			st = pxe_write_file(boot_source(), path, data, len, why,
					    why_cap);
		else
			st = http_put(&res->config.upload_url, path, data, len,
				      HTTP_TIMEOUT_MS, why, why_cap);
		if (now_ms() - t0 > longest)
			longest = now_ms() - t0;
		done++;
	}
	if (st == 0)
		out("upload: %s kept\n", where);
	else
		out("upload: %s: %s; gave up after %d attempt%s\n", where, why,
		    done, done == 1 ? "" : "s");
	return st;
}

/* "<mac>-<UTC time>" from the firmware clock. GetTime's TimeZone is
 * usually EFI_UNSPECIFIED_TIMEZONE: the time is then taken as UTC (the
 * name says Z; servers and BMCs are commonly set to UTC). A given zone
 * follows UEFI 2.7 and later: local = UTC + TimeZone minutes. */
static int make_stem(const UINT8 *mac, int mac_len, char *why, UINTN why_cap)
{
	EFI_TIME t;
	struct wall_time w;

	if (RT->GetTime(&t, 0) != EFI_SUCCESS) {
		fmt(why, why_cap, "the firmware clock cannot be read, so the "
		    "upload has no unique name");
		return -1;
	}
	w = (struct wall_time){ t.Year, t.Month, t.Day, t.Hour, t.Minute,
				t.Second, t.TimeZone == EFI_UNSPECIFIED_TIMEZONE
						  ? 0 : t.TimeZone };
	if (upload_stem(up.stem, sizeof up.stem, mac, mac_len, &w)) {
		fmt(why, why_cap, "the firmware clock reads %u-%02u-%02u "
		    "%02u:%02u:%02u, not a usable time: set it in the setup "
		    "screen", t.Year, t.Month, t.Day, t.Hour, t.Minute,
		    t.Second);
		return -1;
	}
	return 0;
}

/* Which transport the config and the boot source give: TARGET_NONE with
 * why empty when nothing is asked, with why set when it cannot be done. */
static enum target choose(const struct run_results *res, char *why,
			  UINTN why_cap)
{
	const struct boot_source *b = boot_source();

	why[0] = 0;
	switch (res->config.upload) {
	case BM_UPLOAD_OFF:
		return TARGET_NONE;
	case BM_UPLOAD_AUTO:
		return b->network && b->have_server ? TARGET_TFTP : TARGET_NONE;
	case BM_UPLOAD_TFTP:
		if (b->network && b->have_server)
			return TARGET_TFTP;
		fmt(why, why_cap, "upload=tftp needs a PXE network boot (the "
		    "TFTP server is the boot server); from a disk use "
		    "upload=http://IPv4/path/");
		return TARGET_NONE;
	case BM_UPLOAD_HTTP:
		return TARGET_HTTP;
	}
	return TARGET_NONE;
}

int upload_json(struct run_results *res, enum run_status *status)
{
	const struct boot_source *b = boot_source();
	char why[240];
	UINT8 mac[NET_MAC_MAX];
	int mac_len = 0;
	size_t len = 0, tried = 0;
	char *json;

	up.target = choose(res, why, sizeof why);
	if (up.target == TARGET_NONE) {
		if (why[0]) {
			msgs_add(&res->errors, "results not uploaded: %s", why);
			if (*status == RUN_OK)
				*status = RUN_PARTIAL;
		} else if (b->network && !res->file[0]) {
			msgs_add(&res->warnings, "upload=off on a network "
				 "boot: the results are only on the console "
				 "and in the EFI variable");
		}
		return 0;
	}
	if (b->network && b->mac_len) {
		mac_len = b->mac_len;
		CopyMem(mac, b->mac, (UINTN)mac_len);
	} else if (net_first_mac(mac, &mac_len)) {
		mac_len = 0;
	}
	if (mac_len == 0)
		fmt(why, sizeof why, "no network device: the firmware lists "
		    "no network interface (Simple Network Protocol) to upload "
		    "over");
	json = mac_len && make_stem(mac, mac_len, why, sizeof why) == 0
		       ? results_json_new(res, *status, &len, &tried) : 0;
	if (mac_len && up.stem[0] && !json && !why[0])
		fmt(why, sizeof why, "the results text does not fit in %llu "
		    "bytes", (unsigned long long)tried);
	if (json && put_file(res, "json", json, len, why, sizeof why) == 0) {
		char path[DHCP_BOOT_FILE_BYTES + 64], where[256];

		up.json_kept = 1;
		if (!res->file[0]) {
			location(res, "json", path, sizeof path, where,
				 sizeof where);
			fmt(res->file, sizeof res->file, "%s", where);
		}
	} else {
		msgs_add(&res->errors, "results not uploaded: %s", why);
		if (*status == RUN_OK)
			*status = RUN_PARTIAL;
	}
	plat_free(json);
	return up.json_kept;
}

void upload_html(struct run_results *res, enum run_status status)
{
	char why[240], *html;
	size_t len;

	if (up.target == TARGET_NONE || !up.json_kept)
		return;
	html = report_html_new(res, status, &len, why, sizeof why);
	if (!html || put_file(res, "html", html, len, why, sizeof why))
		out("warning: HTML report not uploaded: %s (the JSON is)\n",
		    why);
	plat_free(html);
}

void upload_text(struct run_results *res)
{
	char why[240];
	size_t len;
	const char *text;

	if (up.target == TARGET_NONE)
		return;
	if (!up.json_kept) {
		out("warning: console text not uploaded either\n");
		return;
	}
	text = console_log(&len);
	if (put_file(res, "txt", text, len, why, sizeof why))
		out("warning: console text not uploaded: %s\n", why);
}
