/* TFTP through the PXE base code the app was booted with (UEFI spec,
 * EFI_PXE_BASE_CODE_PROTOCOL.Mtftp): files on the boot server, read for
 * the config and written for the results. */
#include "netboot.h"
#include "util/fmt.h"

/* Larger than the default 512 so a results file of a few MiB is a few
 * thousand round trips, not ten thousand; fits a 1500-byte MTU (1500 -
 * 20 IP - 8 UDP - 4 TFTP header). Servers that refuse the blksize option
 * get 512 (RFC 2348). */
#define TFTP_BLOCK_BYTES 1468


static void server_ip(const struct boot_source *b, EFI_IP_ADDRESS *ip)
{
	ZeroMem(ip, sizeof *ip);
	CopyMem(&ip->v4, b->server.server, 4);
}

/* A failed Mtftp call in words: the server's own TFTP error text where
 * it sent one. */
static void tftp_why(const struct boot_source *b, EFI_STATUS st,
		     const char *name, char *why, UINTN why_cap)
{
	EFI_PXE_BASE_CODE_MODE *m = b->pxe->Mode;
	char ip[16], text[64];
	UINTN i = 0;

	net_ip_text(ip, sizeof ip, b->server.server);
	if (st == EFI_TFTP_ERROR && m->TftpErrorReceived) {
		for (; i + 1 < sizeof text && m->TftpError.ErrorString[i]; i++)
			text[i] = m->TftpError.ErrorString[i] >= 0x20 &&
				  m->TftpError.ErrorString[i] < 0x7f
					  ? m->TftpError.ErrorString[i] : '?';
		text[i] = 0;
		fmt(why, why_cap, "TFTP server %s refused %s: error %u '%s'",
		    ip, name, m->TftpError.ErrorCode, text);
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
	tftp_why(b, st, name, why, why_cap);
	return -2;
}

int pxe_write_file(const struct boot_source *b, const char *name,
		   const void *data, UINTN len, char *why, UINTN why_cap)
{
	EFI_IP_ADDRESS ip;
	UINT64 size = len;
	UINTN block = TFTP_BLOCK_BYTES;
	EFI_STATUS st;

	server_ip(b, &ip);
	st = b->pxe->Mtftp(b->pxe, EFI_PXE_BASE_CODE_TFTP_WRITE_FILE,
			   (void *)data, FALSE, &size, &block, &ip,
			   (UINT8 *)name, 0, FALSE);
	if (st == EFI_SUCCESS)
		return 0;
	tftp_why(b, st, name, why, why_cap);
	return -1;
}
