/* The upload policy (docs/design.md §4c): which server, which names, bounded
 * retries, and what a failure leaves in the record. TFTP goes to the PXE
 * boot server; http:// PUTs under the configured folder. */
#include "netboot.h"
#include "arch/arch.h"
#include "net/retry.h"
#include "results/results_json.h"
#include "results/upload_name.h"
#include "results/upload_parts.h"
#include "suite/summary.h"
#include "util/fmt.h"
#include "util/str.h"
#include "util/out.h"

/* Three tries of one file within a minute: a TFTP server that is gone
 * costs edk2's 4 s x 6 tries per attempt (PxeBcDxe's Mtftp), so at most
 * two attempts; a restarting one gets a second chance after 2 s. */
static const struct retry_policy policy = { 3, 60000, 2000 };
/* tftp-fast (test image): the same rule, 200 ms between attempts. */
static const struct retry_policy fast_policy = { 3, 60000, 200 };
#define HTTP_TIMEOUT_MS 20000

enum target { TARGET_NONE, TARGET_TFTP, TARGET_HTTP };

static struct {
	enum target target;
	char stem[2 * NET_MAC_MAX + 24];	/* <mac>-<YYYYMMDDTHHMMSSZ> */
	int json_kept;
	int server_silent;	/* a file given up on without an answer */
	int errors_before;	/* res->errors.count before the upload */
} up;

static uint64_t now_ms(void)
{
	uint64_t hz = plat_tsc_hz();

	return hz ? ticks_read() / (hz / 1000) : 0;
}

/* Where a file of this run goes, as the console and the record say it. */
static void location(const struct run_results *res, const char *ext,
		     char *path, UINTN path_cap, char *where, UINTN where_cap)
{
	const struct boot_source *b = boot_source();
	const struct http_url *u = &res->config.upload_url;
	char name[sizeof up.stem + 48], ip[16];

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

/* One file, retried within the policy: 0 kept, -1 refused by the server
 * in its own words, -2 no answer from it (gone?), each with why. */
static int put_one(const struct run_results *res, const char *ext,
		    const void *data, UINTN len, char *why, UINTN why_cap)
{
	char path[DHCP_BOOT_FILE_BYTES + 64], where[256];
	uint64_t start = now_ms(), longest = 0;
	int done = 0, st = -1;
	const struct retry_policy *rule =
		test_hook_on(TEST_HOOK_TFTP_FAST) ? &fast_policy : &policy;

	location(res, ext, path, sizeof path, where, sizeof where);
	if (!path[0]) {
		fmt(why, why_cap, "the boot file name is too long to put "
		    "results beside it");
		return -1;
	}
	while (st != 0 && retry_may_start(rule, done, now_ms() - start,
					  longest)) {
		uint64_t t0;

		if (done) {
			out("upload: %s: %s; trying again\n", where, why);
			BS->Stall(rule->pause_ms * 1000);
		}
		t0 = now_ms();
		if (up.target == TARGET_TFTP)
			st = tftp_write_file(boot_source(), path, data, len,
					     why, why_cap);
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

/* small-parts (test image): parts of 4 KiB, so a quick result is sent
 * in several and the join is tested without a 16 MiB file. */
#define SMALL_PARTS_BYTES (4u << 10)

static size_t part_bytes(void)
{
	return test_hook_on(TEST_HOOK_SMALL_PARTS) ? SMALL_PARTS_BYTES
						   : UPLOAD_PART_BYTES;
}

/* A file too large for one TFTP write (upload_parts.h) as its parts, then
 * the manifest, written last so that its presence says every part was
 * kept. Each part is retried on its own. 0 kept, or put_one's -1 or -2
 * with why. */
static int put_parts(const struct run_results *res, const char *ext,
		     const char *data, const struct upload_parts *p,
		     char *why, UINTN why_cap)
{
	char name[sizeof up.stem + 16], part[sizeof name + 24], *man;
	size_t cap, len;
	unsigned i;
	int st;

	fmt(name, sizeof name, "%s.%s", up.stem, ext);
	out("upload: %s is %llu bytes, more than one TFTP write safely "
	    "carries (%llu): sent in %u parts, then %s.parts\n", name,
	    (unsigned long long)p->total_bytes,
	    (unsigned long long)p->part_bytes, p->count, name);
	for (i = 0; i < p->count; i++) {
		size_t off, plen;

		upload_parts_span(p, i, &off, &plen);
		upload_part_name(part, sizeof part, ext, p, i);
		if ((st = put_one(res, part, data + off, plen, why,
				  why_cap))) {
			char inner[240];

			fmt(inner, sizeof inner, "%s", why);
			fmt(why, why_cap, "part %u of %u: %s", i + 1, p->count,
			    inner);
			return st;
		}
	}
	cap = upload_parts_manifest_cap(str_len(name), p->count);
	man = plat_alloc(cap);
	len = man ? upload_parts_manifest(man, cap, name, data, p) : 0;
	fmt(part, sizeof part, "%s.parts", ext);
	if (!len)
		fmt(why, why_cap, "no memory for the parts' manifest");
	st = len ? put_one(res, part, man, len, why, why_cap) : -1;
	plat_free(man);
	if (st == 0)
		out("upload: all %u parts of %s kept; scripts/baremem-collect "
		    "joins them into %s\n", p->count, name, name);
	return st;
}

/* One file of the run, whole when it fits one TFTP write, else in parts:
 * 0 kept whole, 1 kept in parts, else put_one's -1 or -2 with why. */
static int put_file(const struct run_results *res, const char *ext,
		    const void *data, UINTN len, char *why, UINTN why_cap)
{
	struct upload_parts p;
	int st;

	if (upload_parts_plan(len, part_bytes(), &p)) {
		fmt(why, why_cap, "%llu bytes would be more than %u parts",
		    (unsigned long long)len, UPLOAD_PARTS_MAX);
		return -1;
	}
	if (p.count == 1)
		return put_one(res, ext, data, len, why, why_cap);
	st = put_parts(res, ext, data, &p, why, why_cap);
	return st ? st : 1;
}

/* "<mac>-<UTC time>" from the firmware clock (efi/clock.c: an
 * unspecified time zone is taken as UTC; the name says Z, and servers
 * and BMCs are commonly set to UTC). */
static int make_stem(const UINT8 *mac, int mac_len, char *why, UINTN why_cap)
{
	struct wall_time w;

	if (firmware_clock(&w)) {
		fmt(why, why_cap, "the firmware clock cannot be read, so the "
		    "upload has no unique name");
		return -1;
	}
	if (upload_stem(up.stem, sizeof up.stem, mac, mac_len, &w)) {
		fmt(why, why_cap, "the firmware clock reads %d-%02d-%02d "
		    "%02d:%02d:%02d, not a usable time: set it in the setup "
		    "screen", w.year, w.month, w.day, w.hour, w.minute,
		    w.second);
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

/* A secondary file (the HTML report, the console text) the server did not
 * keep: the run is partial and says why, in the JSON that goes after. */
static void secondary_refused(struct run_results *res,
			      enum run_status *status, const char *what,
			      int st, const char *why)
{
	msgs_add(&res->errors, "%s not uploaded: %s", what, why);
	if (*status == RUN_OK)
		*status = RUN_PARTIAL;
	if (st == -2)
		up.server_silent = 1;
}

/* The JSON refused too: its refusal is the run's error (the variable
 * carries the first error), and the secondary files' refusals before it
 * stay as warnings: nothing of the run is on the server. */
static void json_refused(struct run_results *res, const char *why)
{
	struct msgs *e = &res->errors;

	if (!e->dropped)
		for (int i = up.errors_before; i < e->count; i++)
			msgs_add(&res->warnings, "%s", e->text[i]);
	if (!e->dropped && e->count > up.errors_before)
		e->count = up.errors_before;
	msgs_add(e, "results not uploaded: %s", why);
}

int upload_begin(struct run_results *res, enum run_status *status)
{
	const struct boot_source *b = boot_source();
	char why[240];
	UINT8 mac[NET_MAC_MAX];
	int mac_len = 0;

	up.errors_before = res->errors.count;
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
	why[0] = 0;
	if (mac_len == 0)
		fmt(why, sizeof why, "no network device: the firmware lists "
		    "no network interface (Simple Network Protocol) to upload "
		    "over");
	/* The address first (a DHCP exchange may take half a minute behind
	 * a switch port running spanning tree): each attempt's deadline and
	 * the retry rule's clock start once it is bound. The files are
	 * named by the NIC that got it, the one that sends them. */
	else if (up.target == TARGET_HTTP &&
		 http_address(why, sizeof why) == 0 && !b->network) {
		UINT8 sender[NET_MAC_MAX];
		int sender_len = 0;

		if (http_address_mac(sender, &sender_len) == 0) {
			mac_len = sender_len;
			CopyMem(mac, sender, (UINTN)mac_len);
		}
	}
	if (!why[0])
		make_stem(mac, mac_len, why, sizeof why);
	if (why[0]) {
		msgs_add(&res->errors, "results not uploaded: %s", why);
		if (*status == RUN_OK)
			*status = RUN_PARTIAL;
		up.target = TARGET_NONE;
		return 0;
	}
	return 1;
}

void upload_json_where(const struct run_results *res, enum run_status status,
		       char *where, UINTN where_cap)
{
	char path[DHCP_BOOT_FILE_BYTES + 64], *json;
	size_t len = 0, tried;
	struct upload_parts p;
	struct summary sum;

	where[0] = 0;
	if (up.target == TARGET_NONE)
		return;
	summary_of_run(res, &sum);
	json = results_json_new(res, &sum, status, &len, &tried);
	json = test_hook_json(json, &len);
	plat_free(json);
	/* in parts: the manifest, which names them all */
	location(res, upload_parts_plan(len, part_bytes(), &p) == 0 &&
		 p.count > 1 ? "json.parts" : "json", path, sizeof path,
		 where, where_cap);
}

int upload_json(struct run_results *res, enum run_status *status)
{
	char why[240];
	size_t len = 0, tried = 0;
	struct summary sum;
	char *json;
	int kept;

	if (up.target == TARGET_NONE)
		return 0;
	why[0] = 0;
	summary_of_run(res, &sum);
	json = results_json_new(res, &sum, *status, &len, &tried);
	if (!json)
		fmt(why, sizeof why, "the results text does not fit in %llu "
		    "bytes", (unsigned long long)tried);
	json = test_hook_json(json, &len);
	if (json && (kept = put_file(res, "json", json, len, why,
				     sizeof why)) >= 0) {
		char path[DHCP_BOOT_FILE_BYTES + 64], where[256];

		up.json_kept = 1;
		if (!res->file[0]) {
			/* in parts: the manifest, which names them all */
			location(res, kept ? "json.parts" : "json", path,
				 sizeof path, where, sizeof where);
			fmt(res->file, sizeof res->file, "%s", where);
		}
	} else {
		json_refused(res, why);
		if (*status == RUN_OK)
			*status = RUN_PARTIAL;
	}
	plat_free(json);
	return up.json_kept;
}

void upload_html(struct run_results *res, enum run_status *status)
{
	char why[240], *html;
	size_t len;
	int st;

	if (up.target == TARGET_NONE)
		return;
	html = report_html_new(res, *status, &len, why, sizeof why);
	/* A report that cannot be made is no refusal: the stick says the
	 * same in a warning (main.c's store_html). */
	if (!html)
		out("warning: HTML report not uploaded: %s\n", why);
	else if ((st = put_file(res, "html", html, len, why, sizeof why)) < 0)
		secondary_refused(res, status, "HTML report", st, why);
	plat_free(html);
}

void upload_text(struct run_results *res, enum run_status *status,
		 const char *text, size_t len)
{
	char why[240];
	int st;

	if (up.target == TARGET_NONE)
		return;
	/* After a file the server never answered for, the JSON gets the
	 * retry minute, not the text: a gone server costs two waits, not
	 * three. A refusal in the server's words is no such sign. */
	if (up.server_silent) {
		msgs_add(&res->warnings, "console text not uploaded either");
		return;
	}
	if (!text)
		out("warning: console text not uploaded: out of memory\n");
	else if ((st = put_file(res, "txt", text, len, why, sizeof why)) < 0)
		secondary_refused(res, status, "console text", st, why);
}
