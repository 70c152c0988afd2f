/* TFTP reads through the PXE base code the app was booted with (UEFI
 * spec, EFI_PXE_BASE_CODE_PROTOCOL.Mtftp): the config files on the boot
 * server; and a failed transfer in words, for reads and writes (the
 * results are written by tftp_write.c, not through the PXE base code). */
#include "netboot.h"
#include "util/fmt.h"


static void server_ip(const struct boot_source *b, EFI_IP_ADDRESS *ip)
{
	ZeroMem(ip, sizeof *ip);
	CopyMem(&ip->v4, b->server.server, 4);
}

/* The server's TFTP error code in words, with the fix on the server
 * (RFC 1350 codes; tftpd-hpa sends code 0 with the system's text for a
 * failed write, "No space left on device" among them). */
static const char *tftp_hint(int code)
{
	switch (code) {
	case 1:
		return " (no baremem/results/ folder in the TFTP root?)";
	case 2:
		return " (may the TFTP server's user create files in "
		       "baremem/results/?)";
	case 3:
		return " (the server's disk is full)";
	case 6:
		return " (a file of that name is already there)";
	}
	return "";
}

void tftp_why(const struct boot_source *b, EFI_STATUS st, const char *name,
	      int code, const char *text, char *why, UINTN why_cap)
{
	char ip[16];

	net_ip_text(ip, sizeof ip, b->server.server);
	if (st == EFI_TFTP_ERROR && code >= 0) {
		fmt(why, why_cap, "TFTP server %s refused %s: error %d '%s'%s",
		    ip, name, code, text, tftp_hint(code));
	} else if (st == EFI_TFTP_ERROR) {
		fmt(why, why_cap, "TFTP server %s refused %s (the firmware "
		    "does not say why: a missing folder, no write access, "
		    "the file exists, or a full disk)", ip, name);
	} else if (st == EFI_TIMEOUT) {
		fmt(why, why_cap, "TFTP server %s did not answer for %s "
		    "(timeout)", ip, name);
	} else if (st == EFI_PORT_UNREACHABLE) {
		fmt(why, why_cap, "TFTP server %s is not running (port 69 "
		    "unreachable) for %s", ip, name);
	} else if (st == EFI_HOST_UNREACHABLE || st == EFI_NETWORK_UNREACHABLE ||
		   st == EFI_PROTOCOL_UNREACHABLE) {
		fmt(why, why_cap, "TFTP server %s is unreachable for %s", ip,
		    name);
	} else if (st == EFI_ICMP_ERROR) {
		fmt(why, why_cap, "TFTP server %s unreachable for %s (ICMP "
		    "error: no TFTP server running there?)", ip, name);
	} else if (st == EFI_UNSUPPORTED) {
		fmt(why, why_cap, "the PXE base code here cannot do that for "
		    "%s (iPXE's, which the app gets when chain-loaded by "
		    "iPXE, only reads files)", name);
	} else if (st == EFI_BUFFER_TOO_SMALL) {
		fmt(why, why_cap, "%s on TFTP server %s is too large", name,
		    ip);
	} else {
		fmt(why, why_cap, "TFTP with server %s failed for %s "
		    "(status 0x%llx)", ip, name, (unsigned long long)st);
	}
}

/* The text of an error packet, printable ASCII only (it goes to the
 * console and the JSON), at most cap - 1 bytes. */
void tftp_error_text(char *out, UINTN cap, const UINT8 *msg, UINTN len)
{
	UINTN i = 0;

	for (; i + 1 < cap && i < len && msg[i]; i++)
		out[i] = msg[i] >= 0x20 && msg[i] < 0x7f ? (char)msg[i] : '?';
	out[i] = 0;
}

int pxe_read_file(const struct boot_source *b, const char *name, char *buf,
		  UINTN cap, UINTN *len, char *why, UINTN why_cap)
{
	EFI_IP_ADDRESS ip;
	UINT64 size = cap;
	UINTN block = TFTP_BLOCK_BYTES;
	EFI_STATUS st;

	server_ip(b, &ip);
	/* iPXE's PXE base code (an image it chain-loaded) reads the file
	 * but leaves the size as given, the buffer's: from a zeroed buffer
	 * the file ends at its last non-zero byte then (a text file). */
	ZeroMem(buf, cap);
	st = b->pxe->Mtftp(b->pxe, EFI_PXE_BASE_CODE_TFTP_READ_FILE, buf,
			   FALSE, &size, &block, &ip, (UINT8 *)name, 0, FALSE);
	if (st == EFI_SUCCESS) {
		if (size == cap)
			while (size > 0 && buf[size - 1] == 0)
				size--;
		*len = (UINTN)size;
		return 0;
	}
	/* TFTP error 1: file not found (RFC 1350). OVMF's PXE base code
	 * (checked here) returns EFI_TFTP_ERROR without recording the
	 * server's error packet in its Mode: that counts as missing too. */
	if (st == EFI_TFTP_ERROR && (!b->pxe->Mode->TftpErrorReceived ||
				     b->pxe->Mode->TftpError.ErrorCode == 1))
		return -1;
	if (st == EFI_TFTP_ERROR) {
		char text[64];
		EFI_PXE_BASE_CODE_TFTP_ERROR *e = &b->pxe->Mode->TftpError;

		tftp_error_text(text, sizeof text, (UINT8 *)e->ErrorString,
				sizeof e->ErrorString);
		tftp_why(b, st, name, e->ErrorCode, text, why, why_cap);
	} else {
		tftp_why(b, st, name, -1, "", why, why_cap);
	}
	return -2;
}
