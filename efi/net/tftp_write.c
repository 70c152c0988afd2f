/* TFTP write of a results file to the boot server through an MTFTP4
 * instance of the app's own on the boot NIC, not through the PXE base
 * code's Mtftp(). edk2's PxeBcMtftp4WriteFile (NetworkPkg/UefiPxeBcDxe/
 * PxeBcMtftp.c, still so in edk2-stable202211, Debian's OVMF) leaves its
 * stack token's Context unset, and the CheckPacket it installs, called
 * when the server answers with a TFTP ERROR packet, takes that stack
 * garbage as its private data: it writes the error there and calls the
 * callback pointer it reads from it. A refused write thus scribbles on
 * memory and may jump anywhere: a #UD at RIP 0xB0000 on the retry after
 * a refused JSON (reported), a #GP at a garbage RIP on the retry after a
 * refused HTML report (seen here, test_netboot_refused); and the
 * server's reason never reaches PxeBc's Mode. Here every field of the token is ours, and our
 * CheckPacket keeps the server's error code and text. */
#include "netboot.h"
#include "efi_mtftp4.h"
#include "results/upload_parts.h"
#include "util/fmt.h"

static EFI_GUID mtftp4_sb_guid = EFI_MTFTP4_SERVICE_BINDING_PROTOCOL_GUID;
static EFI_GUID mtftp4_guid = EFI_MTFTP4_PROTOCOL_GUID;

/* edk2 PxeBc's own TFTP bounds (PXEBC_MTFTP_TIMEOUT, _RETRIES): a gone
 * server costs the same as a config read from it. */
#define TFTP_TIMEOUT_S 4
#define TFTP_TRIES 6
#define TFTP_SERVER_PORT 69

/* What the server said when it refused: code -1 while nothing came. */
struct refusal {
	int code;
	char text[64];
};

static UINT16 net16(UINT16 v)
{
	return (UINT16)((v >> 8) | (v << 8));
}

/* Called by MTFTP4 for OACK and ERROR packets only (UEFI 2.7 30.3);
 * EFI_SUCCESS lets the transfer go on, or end with EFI_TFTP_ERROR. */
static EFI_STATUS EFIAPI keep_error(EFI_MTFTP4_PROTOCOL *This,
				    EFI_MTFTP4_TOKEN *tok, UINT16 len,
				    EFI_MTFTP4_PACKET *p)
{
	struct refusal *r = tok->Context;

	(void)This;
	if (r && p && len >= 4 &&
	    net16(p->OpCode) == EFI_MTFTP4_OPCODE_ERROR) {
		r->code = net16(p->Error.ErrorCode);
		tftp_error_text(r->text, sizeof r->text, p->Error.ErrorMessage,
				(UINTN)len - 4);
	}
	return EFI_SUCCESS;
}

/* The MTFTP4 service binding of the NIC under the boot device (edk2
 * installs it on the NIC's handle, the PXE base code on a child of it),
 * or 0. */
static EFI_SERVICE_BINDING *nic_mtftp4(const struct boot_source *b)
{
	EFI_DEVICE_PATH *dp = b->device ? DevicePathFromHandle(b->device) : 0;
	EFI_HANDLE nic = 0;
	EFI_SERVICE_BINDING *sb = 0;

	if (!dp || BS->LocateDevicePath(&mtftp4_sb_guid, &dp, &nic) !=
	    EFI_SUCCESS || !nic ||
	    BS->HandleProtocol(nic, &mtftp4_sb_guid, (void **)&sb) !=
	    EFI_SUCCESS)
		return 0;
	return sb;
}

/* Only where the boot NIC has no MTFTP4 service: then the PXE base code
 * is not edk2's (whose PxeBc is built on MTFTP4), and its own Mtftp is
 * the one way to the server. */
static EFI_STATUS write_by_pxe(const struct boot_source *b, const char *name,
			       const void *data, UINTN len)
{
	EFI_IP_ADDRESS ip;
	UINT64 size = len;
	UINTN block = TFTP_BLOCK_BYTES;

	ZeroMem(&ip, sizeof ip);
	CopyMem(&ip.v4, b->server.server, 4);
	return b->pxe->Mtftp(b->pxe, EFI_PXE_BASE_CODE_TFTP_WRITE_FILE,
			     (void *)data, FALSE, &size, &block, &ip,
			     (UINT8 *)name, 0, FALSE);
}

static EFI_STATUS write_by_mtftp4(const struct boot_source *b,
				  EFI_SERVICE_BINDING *sb, const char *name,
				  const void *data, UINTN len,
				  struct refusal *r)
{
	EFI_PXE_BASE_CODE_MODE *m = b->pxe->Mode;
	EFI_HANDLE child = 0;
	EFI_MTFTP4_PROTOCOL *tftp = 0;
	EFI_MTFTP4_CONFIG_DATA cfg;
	EFI_MTFTP4_OPTION opt;
	EFI_MTFTP4_TOKEN tok;
	struct dhcp_boot ack;
	char blksize[8];
	EFI_STATUS st;

	if ((st = sb->CreateChild(sb, &child)) != EFI_SUCCESS)
		return st;
	st = BS->HandleProtocol(child, &mtftp4_guid, (void **)&tftp);
	if (st == EFI_SUCCESS && !tftp)
		st = EFI_UNSUPPORTED;
	if (st == EFI_SUCCESS) {
		/* The PXE session's address, mask and router: the same
		 * settings PxeBc gives its own MTFTP4 child. */
		ZeroMem(&cfg, sizeof cfg);
		cfg.UseDefaultSetting = FALSE;
		CopyMem(&cfg.StationIp, &m->StationIp.v4, 4);
		CopyMem(&cfg.SubnetMask, &m->SubnetMask.v4, 4);
		if (m->DhcpAckReceived &&
		    dhcp_boot_parse(m->DhcpAck.Raw, sizeof m->DhcpAck.Raw,
				    &ack) == 0)
			CopyMem(&cfg.GatewayIp, ack.router, 4);
		CopyMem(&cfg.ServerIp, b->server.server, 4);
		cfg.InitialServerPort = TFTP_SERVER_PORT;
		cfg.TryCount = TFTP_TRIES;
		cfg.TimeoutValue = TFTP_TIMEOUT_S;
		if (test_hook_on(TEST_HOOK_TFTP_FAST)) {
			cfg.TryCount = 1;
			cfg.TimeoutValue = 1;
		}
		st = tftp->Configure(tftp, &cfg);
	}
	if (st == EFI_SUCCESS) {
		fmt(blksize, sizeof blksize, "%u", TFTP_BLOCK_BYTES);
		opt.OptionStr = (UINT8 *)"blksize";
		opt.ValueStr = (UINT8 *)blksize;
		/* Every field set: Event 0 makes WriteFile wait (it polls
		 * itself) until the transfer ends, so nothing of this
		 * frame is used after it returns. */
		ZeroMem(&tok, sizeof tok);
		tok.Filename = (UINT8 *)name;
		tok.OptionCount = 1;
		tok.OptionList = &opt;
		tok.BufferSize = len;
		tok.Buffer = (void *)data;
		tok.Context = r;
		tok.CheckPacket = keep_error;
		st = tftp->WriteFile(tftp, &tok);
		tftp->Configure(tftp, 0);
	}
	sb->DestroyChild(sb, child);
	return st;
}

int tftp_write_file(const struct boot_source *b, const char *name,
		    const void *data, UINTN len, char *why, UINTN why_cap)
{
	EFI_SERVICE_BINDING *sb = nic_mtftp4(b);
	struct refusal r = { -1, "" };
	EFI_STATUS st;

	/* Past 65535 blocks edk2 wraps the block number and sends the file
	 * again, forever (upload_parts.h): upload.c sends such a file in
	 * parts, and nothing larger may reach the firmware. */
	if (len > (UINTN)UPLOAD_TFTP_MAX_BLOCKS * UPLOAD_TFTP_MIN_BLOCK_BYTES -
		  1) {
		fmt(why, why_cap, "%s is %llu bytes, more than one TFTP write "
		    "can carry", name, (unsigned long long)len);
		return -1;
	}
	st = sb ? write_by_mtftp4(b, sb, name, data, len, &r)
		: write_by_pxe(b, name, data, len);
	if (st == EFI_SUCCESS)
		return 0;
	tftp_why(b, st, name, r.code, r.text, why, why_cap);
	/* A refusal in the server's words, or no answer at all. */
	return r.code >= 0 || st == EFI_TFTP_ERROR ? -1 : -2;
}
