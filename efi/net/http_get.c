/* A small file by HTTP GET through the firmware's EFI_HTTP_PROTOCOL: the
 * config of a machine started by UEFI HTTP Boot, read from beside the URL
 * it was loaded from (docs/design.md §4c), as a PXE boot reads it by TFTP. The
 * HTTP service is the boot NIC's, the one the firmware booted with; the
 * address is its default one, which HTTP Boot's DHCP set. Every wait is
 * bounded by one deadline. */
#include "netboot.h"
#include "efi_http.h"
#include "util/fmt.h"
#include "util/str.h"

static EFI_GUID http_sb_guid = EFI_HTTP_SERVICE_BINDING_PROTOCOL_GUID;
static EFI_GUID http_guid = EFI_HTTP_PROTOCOL_GUID;

#define POLL_US 1000
#define HTTP_404_NOT_FOUND 21	/* EFI_HTTP_STATUS_CODE's index of 404 */

/* Waits for the token until the deadline, a firmware timer event (the
 * config is read before the TSC is calibrated), then cancels it. */
static EFI_STATUS wait_http(EFI_HTTP_PROTOCOL *http, EFI_HTTP_TOKEN *tok,
			    EFI_STATUS started, EFI_EVENT deadline)
{
	if (started != EFI_SUCCESS)
		return started;
	while (BS->CheckEvent(tok->Event) != EFI_SUCCESS) {
		if (BS->CheckEvent(deadline) == EFI_SUCCESS) {
			http->Cancel(http, tok);
			return EFI_TIMEOUT;
		}
		http->Poll(http);
		BS->Stall(POLL_US);
	}
	return tok->Status;
}

/* The reply's Content-Length, or -1 when it has none. */
static long long content_length(const EFI_HTTP_MESSAGE *m)
{
	for (UINTN i = 0; i < m->HeaderCount; i++) {
		const CHAR8 *n = m->Headers[i].FieldName;
		const CHAR8 *v = m->Headers[i].FieldValue;
		long long x = 0;

		if (!n || !v || !str_ieq((const char *)n,
					 str_len((const char *)n),
					 "content-length"))
			continue;
		for (; *v == ' '; v++)
			;
		if (*v < '0' || *v > '9')
			return -1;
		for (; *v >= '0' && *v <= '9' && x < (1ll << 40); v++)
			x = x * 10 + (*v - '0');
		return x;
	}
	return -1;
}

/* "http://host[:port]/..." -> "host[:port]" for the Host header. */
static void host_of(const char *url, char *host, UINTN cap)
{
	const char *p = url;
	UINTN n = 0;

	for (; *p && !(p[0] == ':' && p[1] == '/' && p[2] == '/'); p++)
		;
	p = *p ? p + 3 : url;
	for (; p[n] && p[n] != '/' && n + 1 < cap; n++)
		host[n] = p[n];
	host[n] = 0;
}

int http_get(const struct boot_source *b, const char *url, char *buf,
	     UINTN cap, UINTN *len, UINT64 timeout_ms, char *why,
	     UINTN why_cap)
{
	EFI_EVENT deadline = 0;
	EFI_DEVICE_PATH *dp = DevicePathFromHandle(b->dev);
	EFI_SERVICE_BINDING *sb = 0;
	EFI_HTTP_PROTOCOL *http = 0;
	EFI_HANDLE nic = 0, child = 0;
	EFI_HTTPv4_ACCESS_POINT ap;
	EFI_HTTP_CONFIG_DATA cfg;
	EFI_HTTP_REQUEST_DATA req;
	EFI_HTTP_RESPONSE_DATA resp = { 0 };
	EFI_HTTP_MESSAGE msg;
	EFI_HTTP_TOKEN tok = { 0, EFI_NOT_READY, &msg };
	EFI_HTTP_HEADER hdr[1];
	CHAR16 wurl[sizeof b->url];
	char host[64];
	long long want;
	EFI_STATUS st;
	UINTN i, got = 0;
	int ret = -2;

	*len = 0;
	if (!dp || BS->LocateDevicePath(&http_sb_guid, &dp, &nic) !=
	    EFI_SUCCESS || BS->HandleProtocol(nic, &http_sb_guid,
					      (void **)&sb) != EFI_SUCCESS ||
	    !sb || sb->CreateChild(sb, &child) != EFI_SUCCESS) {
		fmt(why, why_cap, "the boot NIC has no HTTP service "
		    "(EFI_HTTP_SERVICE_BINDING_PROTOCOL)");
		return -2;
	}
	if (BS->HandleProtocol(child, &http_guid, (void **)&http) !=
	    EFI_SUCCESS || BS->CreateEvent(0, 0, 0, 0, &tok.Event) !=
	    EFI_SUCCESS || BS->CreateEvent(EVT_TIMER, 0, 0, 0, &deadline) !=
	    EFI_SUCCESS || BS->SetTimer(deadline, TimerRelative,
					timeout_ms * 10000) != EFI_SUCCESS) {
		fmt(why, why_cap, "the firmware's HTTP cannot be opened");
		goto out;
	}
	ZeroMem(&ap, sizeof ap);
	/* HTTP Boot's own address where it recorded one (it does not set
	 * the firmware's default address), else the default. */
	ap.UseDefaultAddress = !(b->station[0] | b->station[1] |
				 b->station[2] | b->station[3]);
	CopyMem(&ap.LocalAddress, b->station, 4);
	CopyMem(&ap.LocalSubnet, b->mask, 4);
	cfg.HttpVersion = HttpVersion11;
	cfg.TimeOutMillisec = (UINT32)timeout_ms;
	cfg.LocalAddressIsIPv6 = FALSE;
	cfg.AccessPoint.IPv4Node = &ap;
	if ((st = http->Configure(http, &cfg)) != EFI_SUCCESS) {
		fmt(why, why_cap, "the firmware's HTTP refuses its settings "
		    "(status 0x%llx)", (unsigned long long)st);
		goto out;
	}
	for (i = 0; url[i] && i + 1 < sizeof wurl / sizeof wurl[0]; i++)
		wurl[i] = (CHAR16)url[i];
	wurl[i] = 0;
	host_of(url, host, sizeof host);
	hdr[0] = (EFI_HTTP_HEADER){ (CHAR8 *)"Host", (CHAR8 *)host };
	req = (EFI_HTTP_REQUEST_DATA){ HttpMethodGet, wurl };
	msg = (EFI_HTTP_MESSAGE){ { .Request = &req }, 1, hdr, 0, 0 };
	st = wait_http(http, &tok, http->Request(http, &tok), deadline);
	if (st != EFI_SUCCESS) {
		fmt(why, why_cap, "the request was not sent (%s)",
		    st == EFI_TIMEOUT ? "timeout" : st == EFI_NO_MAPPING
		    ? "no IPv4 address" : "no connection?");
		goto out;
	}
	/* The status, the headers and the body's first bytes, then the
	 * rest of the body, call by call, up to its Content-Length. */
	msg = (EFI_HTTP_MESSAGE){ { .Response = &resp }, 0, 0, cap, buf };
	tok.Status = EFI_NOT_READY;
	st = wait_http(http, &tok, http->Response(http, &tok), deadline);
	want = st == EFI_SUCCESS || st == EFI_HTTP_ERROR
		       ? content_length(&msg) : -1;
	if (msg.Headers)
		BS->FreePool(msg.Headers);
	if (st != EFI_SUCCESS && st != EFI_HTTP_ERROR) {
		fmt(why, why_cap, "no HTTP reply (%s)",
		    st == EFI_TIMEOUT ? "timeout" : "connection lost");
		goto out;
	}
	if (resp.StatusCode == HTTP_404_NOT_FOUND) {
		ret = -1;
		goto out;
	}
	if (resp.StatusCode != EFI_HTTP_STATUS_200_OK) {
		fmt(why, why_cap, "the server answered with HTTP status "
		    "index %u, not 200", (unsigned)resp.StatusCode);
		goto out;
	}
	if (want > (long long)cap) {
		fmt(why, why_cap, "the file is %lld bytes, more than %llu",
		    want, (unsigned long long)cap);
		goto out;
	}
	got = msg.BodyLength;
	while (want >= 0 && got < (UINTN)want) {
		msg = (EFI_HTTP_MESSAGE){ { .Response = 0 }, 0, 0, cap - got,
					  buf + got };
		tok.Status = EFI_NOT_READY;
		st = wait_http(http, &tok, http->Response(http, &tok),
			       deadline);
		if (st != EFI_SUCCESS || msg.BodyLength == 0) {
			fmt(why, why_cap, "the reply ended after %llu of %lld "
			    "bytes", (unsigned long long)got, want);
			goto out;
		}
		got += msg.BodyLength;
	}
	*len = got;
	ret = 0;
out:
	if (http)
		http->Configure(http, 0);
	if (tok.Event)
		BS->CloseEvent(tok.Event);
	if (deadline)
		BS->CloseEvent(deadline);
	sb->DestroyChild(sb, child);
	return ret;
}
