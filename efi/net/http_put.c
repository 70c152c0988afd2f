/* HTTP PUT of a results file: through the firmware's EFI_HTTP_PROTOCOL
 * where it has one that takes the request, else a minimal HTTP/1.1 PUT
 * over its TCP (EFI_TCP4_PROTOCOL): Content-Length, the reply's status
 * line checked. 2xx = kept. Every wait is bounded by one deadline. The
 * IPv4 address comes from the PXE base code: the boot session's when
 * booted over the network, else a DHCP exchange of its own (so the
 * firmware's stored IP settings are never changed). */
#include "netboot.h"
#include "efi_http.h"
#include "arch/arch.h"
#include "net/http.h"
#include "util/fmt.h"
#include "util/out.h"

static EFI_GUID tcp4_sb_guid = EFI_TCP4_SERVICE_BINDING_PROTOCOL;
static EFI_GUID tcp4_guid = EFI_TCP4_PROTOCOL;
static EFI_GUID http_sb_guid = EFI_HTTP_SERVICE_BINDING_PROTOCOL_GUID;
static EFI_GUID http_guid = EFI_HTTP_PROTOCOL_GUID;

#define HEAD_BYTES 768
#define REPLY_BYTES 1024
#define CHUNK_BYTES (64u << 10)	/* one Transmit call at most */
#define POLL_US 1000

struct conn {
	EFI_SERVICE_BINDING *sb;
	EFI_HANDLE child;
	EFI_TCP4 *tcp;
	EFI_EVENT ev;
	uint64_t deadline_tsc;
};

/* An IPv4 address for this machine and the way to the server. */
struct ipv4 {
	EFI_IPv4_ADDRESS station, mask, router;
};

/* Waits for ev, calling poll(ctx) to drive the stack, until the
 * deadline: 0 when it came, -1 when the time ran out. */
static int wait_event(EFI_EVENT ev, uint64_t deadline_tsc,
		      void (*poll)(void *), void *ctx)
{
	while (BS->CheckEvent(ev) != EFI_SUCCESS) {
		if (ticks_read() > deadline_tsc)
			return -1;
		poll(ctx);
		BS->Stall(POLL_US);
	}
	return 0;
}

static void poll_tcp(void *tcp)
{
	((EFI_TCP4 *)tcp)->Poll(tcp);
}

/* Waits for a TCP token's completion: 0, or -1 when the time ran out
 * (the token cancelled). */
static int wait_token(struct conn *c, EFI_TCP4_COMPLETION_TOKEN *tok)
{
	if (wait_event(c->ev, c->deadline_tsc, poll_tcp, c->tcp) == 0)
		return 0;
	c->tcp->Cancel(c->tcp, tok);
	return -1;
}

/* A token ready for a call on c. */
static void arm(struct conn *c, EFI_TCP4_COMPLETION_TOKEN *tok)
{
	tok->Event = c->ev;
	tok->Status = EFI_NOT_READY;
}

/* The outcome of a call that took tok: started is what the call
 * returned; EFI_TIMEOUT when the token did not complete in time. */
static EFI_STATUS outcome(struct conn *c, EFI_TCP4_COMPLETION_TOKEN *tok,
			  EFI_STATUS started)
{
	if (started != EFI_SUCCESS)
		return started;
	if (wait_token(c, tok))
		return EFI_TIMEOUT;
	return tok->Status;
}

/* The address the PUTs go from and the PXE base code's handle that got
 * it (its NIC sends them), found once a run: 1 bound, -1 failed (why). */
static struct {
	int state;
	struct ipv4 ip;
	EFI_HANDLE nic;
	char why[200];
} addr;

/* The address, mask and router of a PXE base code that holds a lease. */
static void lease_of(EFI_PXE_BASE_CODE *pxe, struct ipv4 *ip)
{
	struct dhcp_boot ack;

	CopyMem(&ip->station, &pxe->Mode->StationIp.v4, 4);
	CopyMem(&ip->mask, &pxe->Mode->SubnetMask.v4, 4);
	/* The router, for a server in another subnet (0.0.0.0: none). */
	dhcp_boot_parse(pxe->Mode->DhcpAck.Raw, sizeof pxe->Mode->DhcpAck.Raw,
			&ack);
	CopyMem(&ip->router, ack.router, 4);
}

/* A DHCP lease on one PXE base code, started here when it was not (and
 * stopped again when no lease came, so the NIC is left as found): 0, or
 * -1 with why. edk2 bounds its DHCP by its own retransmissions (about a
 * minute when no server answers; at once on a NIC with no link). */
static int lease_on(EFI_PXE_BASE_CODE *pxe, struct ipv4 *ip, char *why,
		    UINTN why_cap)
{
	int started = 0;
	EFI_STATUS st;

	if (!pxe->Mode->Started) {
		st = pxe->Start(pxe, FALSE);
		if (st != EFI_SUCCESS && st != EFI_ALREADY_STARTED) {
			fmt(why, why_cap, "the IPv4 stack does not start (PXE "
			    "base code status 0x%llx)", (unsigned long long)st);
			return -1;
		}
		started = st == EFI_SUCCESS;
	}
	if (!pxe->Mode->DhcpAckReceived &&
	    (st = pxe->Dhcp(pxe, FALSE)) != EFI_SUCCESS) {
		fmt(why, why_cap, "no IPv4 address: no DHCP server answered "
		    "(status 0x%llx%s)", (unsigned long long)st,
		    st == EFI_NO_MEDIA ? ": no link" : "");
		if (started)
			pxe->Stop(pxe);
		return -1;
	}
	lease_of(pxe, ip);
	return 0;
}

/* "NIC 2 of 2 (52:54:00:d1:5c:01)": which one, for the console. */
static void nic_name(char *out, UINTN cap, EFI_HANDLE h, UINTN i, UINTN n)
{
	UINT8 mac[NET_MAC_MAX];
	char text[3 * NET_MAC_MAX + 1];
	int len = 0, k, at = 0;

	text[0] = 0;
	if (net_mac_of(h, mac, &len) == 0)
		for (k = 0; k < len; k++)
			at += (int)fmt(text + at, sizeof text - (UINTN)at,
				       k ? ":%02x" : "%02x", mac[k]);
	fmt(out, cap, "NIC %u of %u (%s)", (unsigned)(i + 1), (unsigned)n,
	    text[0] ? text : "MAC unknown");
}

/* Every NIC is asked in turn, in the firmware's order, until one gets a
 * lease: on a two-port server the first port may be cabled to a network
 * with no DHCP (storage, management), and the app's own address must be
 * on the NIC whose TCP sends. Each NIC costs what the firmware bounds
 * its DHCP by (about a minute); no further NIC is asked past this. */
#define HTTP_DHCP_ALL_MS 180000

/* The firmware's own lines ("Start PXE over IPv4") end without a newline
 * when its DHCP fails: ours then starts a line of its own. */
static void line_start(void)
{
	if (ST->ConOut && ST->ConOut->Mode && ST->ConOut->Mode->CursorColumn)
		out("\n");
}

#define NICS_MAX 16

/* The PXE base codes, one per NIC in the firmware's order: edk2 installs
 * the same one on a NIC's IPv4 and IPv6 children, so a base code (or a
 * MAC) seen before is that NIC again. How many, at most NICS_MAX. */
static UINTN distinct_nics(EFI_HANDLE *handles, UINTN n, EFI_HANDLE *nic,
			   EFI_PXE_BASE_CODE **pxe)
{
	UINT8 mac[NICS_MAX][NET_MAC_MAX];
	int mac_len[NICS_MAX];
	UINTN k = 0;

	for (UINTN i = 0; i < n && k < NICS_MAX; i++) {
		EFI_PXE_BASE_CODE *p = 0;
		UINTN j;

		if (BS->HandleProtocol(handles[i], &PxeBaseCodeProtocol,
				       (void **)&p) != EFI_SUCCESS || !p)
			continue;
		if (net_mac_of(handles[i], mac[k], &mac_len[k]))
			mac_len[k] = 0;
		for (j = 0; j < k; j++)
			if (pxe[j] == p ||
			    (mac_len[k] && mac_len[j] == mac_len[k] &&
			     CompareMem(mac[j], mac[k], (UINTN)mac_len[k]) ==
			     0))
				break;
		if (j < k)
			continue;
		nic[k] = handles[i];
		pxe[k++] = p;
	}
	return k;
}

/* The PXE base code that gives the address: the boot session's, or the
 * first NIC's that gets a lease here. */
static int find_ipv4(struct ipv4 *ip, EFI_HANDLE *nic, char *why,
		     UINTN why_cap)
{
	const struct boot_source *b = boot_source();
	EFI_HANDLE *handles = 0, nics[NICS_MAX];
	EFI_PXE_BASE_CODE *pxes[NICS_MAX];
	UINTN n = 0, i;
	uint64_t hz = plat_tsc_hz(), t0 = ticks_read();
	char name[48];
	int st = -1;

	*nic = b->device;
	if (b->pxe) {
		if (!b->pxe->Mode->DhcpAckReceived)
			return lease_on(b->pxe, ip, why, why_cap);
		lease_of(b->pxe, ip);
		return 0;
	}
	if (BS->LocateHandleBuffer(ByProtocol, &PxeBaseCodeProtocol, 0, &n,
				   &handles) == EFI_SUCCESS && n) {
		n = distinct_nics(handles, n, nics, pxes);
		BS->FreePool(handles);
	}
	if (!n) {
		fmt(why, why_cap, "no IPv4 stack to get an address from (no "
		    "EFI_PXE_BASE_CODE_PROTOCOL): enable the network stack in "
		    "the firmware setup");
		return -1;
	}
	for (i = 0; i < n && st; i++) {
		if (i > 0 && hz && (ticks_read() - t0) / (hz / 1000) >
				   HTTP_DHCP_ALL_MS) {
			fmt(why, why_cap, "no IPv4 address: no DHCP server "
			    "answered on NICs 1 to %u of %u within %u s",
			    (unsigned)i, (unsigned)n, HTTP_DHCP_ALL_MS / 1000);
			break;
		}
		nic_name(name, sizeof name, nics[i], i, n);
		st = lease_on(pxes[i], ip, why, why_cap);
		line_start();
		if (st == 0) {
			char addr_text[16];

			*nic = nics[i];
			net_ip_text(addr_text, sizeof addr_text,
				    ip->station.Addr);
			out("upload: address %s by DHCP on %s: it sends\n",
			    addr_text, name);
		} else if (n > 1) {
			out("upload: %s: %s\n", name, why);
		}
	}
	return st;
}

/* The network drivers on every NIC: firmware that booted from a disk
 * may have left them unconnected (a fast-boot policy). Once per run. */
static void connect_nics(void)
{
	static int done;
	EFI_HANDLE *handles = 0;
	UINTN n = 0;

	if (done++ || BS->LocateHandleBuffer(ByProtocol, &SimpleNetworkProtocol,
					     0, &n, &handles) != EFI_SUCCESS)
		return;
	for (UINTN i = 0; i < n; i++)
		BS->ConnectController(handles[i], 0, 0, TRUE);
	BS->FreePool(handles);
}

/* A service binding (TCP4, HTTP) on the NIC whose PXE base code got the
 * address: the binding under that handle's device path (edk2 puts both
 * on the NIC's handle), else the one whose NIC has that MAC, else the
 * only one. Never another NIC's when there are several: its TCP would
 * send from an address it does not have. */
static EFI_SERVICE_BINDING *find_binding(EFI_GUID *guid)
{
	EFI_DEVICE_PATH *dp = addr.nic ? DevicePathFromHandle(addr.nic) : 0;
	EFI_HANDLE *handles = 0, h = 0;
	EFI_SERVICE_BINDING *sb = 0;
	UINT8 want[NET_MAC_MAX];
	int want_len = 0;
	UINTN n = 0;

	if (dp && BS->LocateDevicePath(guid, &dp, &h) == EFI_SUCCESS && h &&
	    BS->HandleProtocol(h, guid, (void **)&sb) == EFI_SUCCESS && sb)
		return sb;
	sb = 0;
	if (!addr.nic || net_mac_of(addr.nic, want, &want_len))
		want_len = 0;
	if (BS->LocateHandleBuffer(ByProtocol, guid, 0, &n,
				   &handles) == EFI_SUCCESS) {
		for (UINTN i = 0; i < n && !sb; i++) {
			UINT8 mac[NET_MAC_MAX];
			int len = 0;

			if (want_len ? net_mac_of(handles[i], mac, &len) ||
				       len != want_len ||
				       CompareMem(mac, want, (UINTN)len)
				     : n > 1)
				continue;
			BS->HandleProtocol(handles[i], guid, (void **)&sb);
		}
		BS->FreePool(handles);
	}
	return sb;
}

static int open_conn(struct conn *c, const struct http_url *u,
		     const struct ipv4 *ip, char *why, UINTN why_cap)
{
	EFI_TCP4_CONFIG_DATA cfg;
	EFI_IPv4_ADDRESS zero = { { 0, 0, 0, 0 } };
	EFI_TCP4_CONNECTION_TOKEN tok;
	EFI_STATUS st;

	if (!(c->sb = find_binding(&tcp4_sb_guid))) {
		fmt(why, why_cap, "the firmware has no TCP/IP stack (no "
		    "EFI_TCP4_SERVICE_BINDING_PROTOCOL): enable its network "
		    "stack, or boot over the network and use upload=tftp");
		return -1;
	}
	if (c->sb->CreateChild(c->sb, &c->child) != EFI_SUCCESS ||
	    BS->HandleProtocol(c->child, &tcp4_guid, (void **)&c->tcp) !=
	    EFI_SUCCESS) {
		fmt(why, why_cap, "the firmware's TCP gives no connection");
		return -1;
	}
	ZeroMem(&cfg, sizeof cfg);
	cfg.TimeToLive = 64;
	cfg.AccessPoint.UseDefaultAddress = FALSE;
	cfg.AccessPoint.StationAddress = ip->station;
	cfg.AccessPoint.SubnetMask = ip->mask;
	CopyMem(&cfg.AccessPoint.RemoteAddress, u->ip, 4);
	cfg.AccessPoint.RemotePort = u->port;
	cfg.AccessPoint.ActiveFlag = TRUE;
	if ((st = c->tcp->Configure(c->tcp, &cfg)) != EFI_SUCCESS) {
		fmt(why, why_cap, "TCP cannot be set up (status 0x%llx)",
		    (unsigned long long)st);
		return -1;
	}
	if (ip->router.Addr[0])
		c->tcp->Routes(c->tcp, FALSE, &zero, &zero,
			       (EFI_IPv4_ADDRESS *)&ip->router);
	if (BS->CreateEvent(0, 0, 0, 0, &c->ev) != EFI_SUCCESS) {
		c->ev = 0;
		fmt(why, why_cap, "no event for the connection");
		return -1;
	}
	arm(c, &tok.CompletionToken);
	st = outcome(c, &tok.CompletionToken, c->tcp->Connect(c->tcp, &tok));
	if (st != EFI_SUCCESS) {
		fmt(why, why_cap, "%s", st == EFI_TIMEOUT
		    ? "no connection (timeout): is the server up and the "
		      "address right?"
		    : st == EFI_CONNECTION_REFUSED
		    ? "connection refused: nothing listens on that port"
		    : "no connection");
		return -1;
	}
	return 0;
}

static int send_bytes(struct conn *c, const void *data, UINTN len,
		      char *why, UINTN why_cap)
{
	const UINT8 *p = data;

	while (len > 0) {
		UINT32 n = len > CHUNK_BYTES ? CHUNK_BYTES : (UINT32)len;
		EFI_TCP4_TRANSMIT_DATA tx = { TRUE, FALSE, n, 1,
					      { { n, (void *)p } } };
		EFI_TCP4_IO_TOKEN tok;
		EFI_STATUS st;

		arm(c, &tok.CompletionToken);
		tok.Packet.TxData = &tx;
		st = outcome(c, &tok.CompletionToken,
			     c->tcp->Transmit(c->tcp, &tok));
		if (st != EFI_SUCCESS) {
			fmt(why, why_cap, "sending failed (%s)",
			    st == EFI_TIMEOUT ? "timeout" : "connection lost");
			return -1;
		}
		p += n;
		len -= n;
	}
	return 0;
}

/* Reads until the status line is whole: its code, or -1 with why. */
static int read_status(struct conn *c, char *why, UINTN why_cap)
{
	char reply[REPLY_BYTES];
	UINTN got = 0;
	int code = HTTP_STATUS_MORE;

	while (code == HTTP_STATUS_MORE && got < sizeof reply) {
		EFI_TCP4_RECEIVE_DATA rx = { FALSE, (UINT32)(sizeof reply - got),
					     1, { { (UINT32)(sizeof reply - got),
						    reply + got } } };
		EFI_TCP4_IO_TOKEN tok;
		EFI_STATUS st;

		arm(c, &tok.CompletionToken);
		tok.Packet.RxData = &rx;
		st = outcome(c, &tok.CompletionToken,
			     c->tcp->Receive(c->tcp, &tok));
		if (st != EFI_SUCCESS) {
			fmt(why, why_cap, "no HTTP reply (%s)",
			    st == EFI_TIMEOUT ? "timeout"
					      : "the server closed the connection");
			return -1;
		}
		got += rx.DataLength;
		code = http_status(reply, got);
	}
	if (code < 100) {
		fmt(why, why_cap, "the reply is not HTTP");
		return -1;
	}
	return code;
}

static void close_conn(struct conn *c)
{
	if (c->tcp) {
		EFI_TCP4_CLOSE_TOKEN tok;

		/* An abort: the reply is in, nothing is left to say. */
		arm(c, &tok.CompletionToken);
		tok.AbortOnClose = TRUE;
		if (c->ev && c->tcp->Close(c->tcp, &tok) == EFI_SUCCESS)
			wait_token(c, &tok.CompletionToken);
		c->tcp->Configure(c->tcp, 0);
	}
	if (c->child)
		c->sb->DestroyChild(c->sb, c->child);
	if (c->ev)
		BS->CloseEvent(c->ev);
}

static void poll_http(void *http)
{
	((EFI_HTTP_PROTOCOL *)http)->Poll(http);
}

/* The HTTP code of EFI_HTTP_STATUS_CODE index i (UEFI 2.7 section 29.6.4
 * lists them in this order); 0 for one the spec does not list. */
static int http_code_of(EFI_HTTP_STATUS_CODE i)
{
	static const UINT16 codes[] = {
		0, 100, 101, 200, 201, 202, 203, 204, 205, 206, 300, 301,
		302, 303, 304, 305, 307, 400, 401, 402, 403, 404, 405, 406,
		407, 408, 409, 410, 411, 412, 413, 414, 415, 416, 417, 500,
		501, 502, 503, 504, 505, 308,
	};

	return i < sizeof codes / sizeof codes[0] ? codes[i] : 0;
}

/* Waits for an HTTP token; on time out cancels it. */
static EFI_STATUS http_outcome(EFI_HTTP_PROTOCOL *http, EFI_HTTP_TOKEN *tok,
			       EFI_STATUS started, uint64_t deadline_tsc)
{
	if (started != EFI_SUCCESS)
		return started;
	if (wait_event(tok->Event, deadline_tsc, poll_http, http)) {
		http->Cancel(http, tok);
		return EFI_TIMEOUT;
	}
	return tok->Status;
}

/* The PUT through EFI_HTTP_PROTOCOL: 0 kept, -1 refused (an HTTP status),
 * -2 no answer (why),
 * 1 when the firmware has none or it will not take the request (an
 * http:// URL where the firmware allows only https, say): use TCP. */
static int put_http_protocol(const struct http_url *u, const char *name,
			     const void *data, UINTN len, const struct ipv4 *ip,
			     uint64_t deadline_tsc, char *why, UINTN why_cap)
{
	EFI_SERVICE_BINDING *sb = find_binding(&http_sb_guid);
	EFI_HTTP_PROTOCOL *http = 0;
	EFI_HANDLE child = 0;
	EFI_HTTPv4_ACCESS_POINT ap;
	EFI_HTTP_CONFIG_DATA cfg;
	EFI_HTTP_REQUEST_DATA req;
	EFI_HTTP_RESPONSE_DATA resp = { 0 };
	EFI_HTTP_MESSAGE msg;
	EFI_HTTP_TOKEN tok = { 0, EFI_NOT_READY, &msg };
	EFI_HTTP_HEADER hdr[3];
	char url[300], host[24], length[24], ipt[16];
	CHAR16 wurl[300];
	EFI_STATUS st;
	int ret = 1, code;
	UINTN i;

	if (!sb || sb->CreateChild(sb, &child) != EFI_SUCCESS)
		return 1;
	if (BS->HandleProtocol(child, &http_guid, (void **)&http) !=
	    EFI_SUCCESS || BS->CreateEvent(0, 0, 0, 0, &tok.Event) !=
	    EFI_SUCCESS)
		goto out;
	ZeroMem(&ap, sizeof ap);
	ap.LocalAddress = ip->station;
	ap.LocalSubnet = ip->mask;
	cfg.HttpVersion = HttpVersion11;
	cfg.TimeOutMillisec = 20000;
	cfg.LocalAddressIsIPv6 = FALSE;
	cfg.AccessPoint.IPv4Node = &ap;
	if (http->Configure(http, &cfg) != EFI_SUCCESS)
		goto out;
	net_ip_text(ipt, sizeof ipt, u->ip);
	fmt(host, sizeof host, "%s:%u", ipt, u->port);
	fmt(url, sizeof url, "http://%s%s%s", host, u->path, name);
	for (i = 0; url[i] && i + 1 < sizeof wurl / sizeof wurl[0]; i++)
		wurl[i] = (CHAR16)url[i];
	wurl[i] = 0;
	fmt(length, sizeof length, "%llu", (unsigned long long)len);
	hdr[0] = (EFI_HTTP_HEADER){ (CHAR8 *)"Host", (CHAR8 *)host };
	hdr[1] = (EFI_HTTP_HEADER){ (CHAR8 *)"Content-Type",
				    (CHAR8 *)http_content_type(name) };
	hdr[2] = (EFI_HTTP_HEADER){ (CHAR8 *)"Content-Length",
				    (CHAR8 *)length };
	req = (EFI_HTTP_REQUEST_DATA){ HttpMethodPut, wurl };
	msg = (EFI_HTTP_MESSAGE){ { .Request = &req }, 3, hdr, len,
				  (void *)data };
	st = http_outcome(http, &tok, http->Request(http, &tok), deadline_tsc);
	/* Refused before anything was sent (EFI_ACCESS_DENIED: the firmware
	 * allows no plain http; EFI_UNSUPPORTED): TCP may still do it. */
	if (st == EFI_ACCESS_DENIED || st == EFI_UNSUPPORTED)
		goto out;
	ret = -2;
	if (st != EFI_SUCCESS) {
		fmt(why, why_cap, "the firmware's HTTP could not send (%s)",
		    st == EFI_TIMEOUT ? "timeout" : "no connection?");
		goto out;
	}
	msg = (EFI_HTTP_MESSAGE){ { .Response = &resp }, 0, 0, 0, 0 };
	tok.Status = EFI_NOT_READY;
	st = http_outcome(http, &tok, http->Response(http, &tok), deadline_tsc);
	if (msg.Headers)
		BS->FreePool(msg.Headers);
	if (st != EFI_SUCCESS && st != EFI_HTTP_ERROR) {
		fmt(why, why_cap, "no HTTP reply (%s)",
		    st == EFI_TIMEOUT ? "timeout" : "connection lost");
		goto out;
	}
	if (resp.StatusCode >= EFI_HTTP_STATUS_200_OK &&
	    resp.StatusCode <= EFI_HTTP_STATUS_206_PARTIAL) {
		ret = 0;
		goto out;
	}
	ret = -1;
	code = http_code_of(resp.StatusCode);
	if (code)
		fmt(why, why_cap, "the server answered HTTP %d (2xx means "
		    "kept)", code);
	else
		fmt(why, why_cap, "the server answered with an HTTP status "
		    "the firmware does not name (not 2xx: not kept)");
out:
	if (http)
		http->Configure(http, 0);
	if (tok.Event)
		BS->CloseEvent(tok.Event);
	sb->DestroyChild(sb, child);
	return ret;
}

int http_address(char *why, UINTN why_cap)
{
	if (!addr.state) {
		if (!boot_source()->network)
			connect_nics();
		addr.state = find_ipv4(&addr.ip, &addr.nic, addr.why,
				       sizeof addr.why) ? -1 : 1;
	}
	if (addr.state < 0)
		fmt(why, why_cap, "%s", addr.why);
	return addr.state > 0 ? 0 : -1;
}

int http_address_mac(UINT8 *mac, int *mac_len)
{
	return addr.state > 0 && addr.nic ? net_mac_of(addr.nic, mac, mac_len)
					  : -1;
}

/* Once a run: which way the PUTs go. */
static void say_path(const char *text)
{
	static int said;

	if (!said++)
		out("upload: HTTP %s\n", text);
}

int http_put(const struct http_url *u, const char *name, const void *data,
	     UINTN len, UINT64 timeout_ms, char *why, UINTN why_cap)
{
	struct conn c;
	struct ipv4 ip;
	char head[HEAD_BYTES];
	UINTN head_len;
	int code = -1;

	ZeroMem(&c, sizeof c);
	head_len = http_put_head(head, sizeof head, u, name, len);
	if (!head_len) {
		fmt(why, why_cap, "the request for %s is too long", name);
		return -1;
	}
	if (http_address(why, why_cap))
		return -1;
	ip = addr.ip;
	/* The deadline starts with the address bound: the DHCP before it
	 * is bounded by the firmware (about a minute). */
	c.deadline_tsc = ticks_read() + timeout_ms * (plat_tsc_hz() / 1000);
	if (!test_hook_on(TEST_HOOK_NO_HTTP_PROTOCOL)) {
		int via = put_http_protocol(u, name, data, len, &ip,
					    c.deadline_tsc, why, why_cap);
		if (via <= 0) {
			say_path("through the firmware's EFI_HTTP_PROTOCOL");
			return via;
		}
	}
	say_path("over TCP (EFI_TCP4): the firmware has no "
		 "EFI_HTTP_PROTOCOL that takes the request");
	if (open_conn(&c, u, &ip, why, why_cap) == 0 &&
	    send_bytes(&c, head, head_len, why, why_cap) == 0 &&
	    send_bytes(&c, data, len, why, why_cap) == 0)
		code = read_status(&c, why, why_cap);
	close_conn(&c);
	if (code >= 200 && code < 300)
		return 0;
	if (code > 0)
		fmt(why, why_cap, "the server answered HTTP %d (2xx means "
		    "kept): %s", code, code == 409
		    ? "the file is there already"
		    : code >= 500 && code != 501
		    ? "it failed to store the file (a full disk?)"
		    : "does it take PUT into that folder?");
	return code > 0 ? -1 : -2;
}
