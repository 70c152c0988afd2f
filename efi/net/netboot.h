/* The firmware side of network boot (docs/design.md §4c): how the app was loaded,
 * the PXE session it came in on (config and TFTP upload), HTTP PUT over
 * the firmware's TCP, and the upload policy. */
#ifndef BAREMEM_NETBOOT_H
#define BAREMEM_NETBOOT_H

#include "../baremem_efi.h"
#include "config/config_binding.h"
#include "net/dhcp_boot.h"

#define NET_MAC_MAX 32

struct boot_source {
	int network;			/* 1: loaded over the network */
	EFI_HANDLE device;		/* the loaded image's device */
	EFI_PXE_BASE_CODE *pxe;		/* the session it came in on, or 0 */
	struct dhcp_boot server;	/* its boot server and boot file */
	int have_server;
	UINT8 mac[NET_MAC_MAX];		/* the boot NIC's address */
	int mac_len;			/* 0: unknown */
	EFI_HANDLE dev;			/* the loaded image's device */
	int http_boot;			/* 1: UEFI HTTP Boot, from url */
	char url[256];			/* the URL the app was loaded from */
	UINT8 station[4], mask[4];	/* HTTP Boot's address; 0: none */
};

/* boot_source.c: finds out how the image was loaded, says so on the
 * console, sets res->boot. boot_source() is what it found (all zero
 * before). */
void boot_source_find(EFI_HANDLE image, struct run_results *res);
const struct boot_source *boot_source(void);
/* The hardware address of the NIC under handle h's device path: 0, or -1
 * when h has no network device below it. */
int net_mac_of(EFI_HANDLE h, UINT8 *mac, int *mac_len);
/* The first network interface's address (a disk boot uploading over
 * HTTP names its files by it): 0, or -1 when the firmware lists none. */
int net_first_mac(UINT8 *mac, int *mac_len);
/* "10.77.0.1" */
void net_ip_text(char *out, UINTN cap, const UINT8 ip[4]);

/* Larger than the default 512 so a results file of a few MiB is a few
 * thousand round trips, not ten thousand; fits a 1500-byte MTU (1500 -
 * 20 IP - 8 UDP - 4 TFTP header). Servers that refuse the blksize option
 * get 512 (RFC 2348). */
#define TFTP_BLOCK_BYTES 1468

/* pxe.c: TFTP reads through the PXE base code on the boot NIC, from the
 * boot server. Names are paths on the server ("baremem/baremem.cfg").
 * Bounded by the firmware's TFTP timeout and retries (edk2: 4 s, 6
 * tries). 0, -1 when the server has no such file (or refused it without
 * saying why: OVMF does not pass the reason on), -2 another failure (why
 * filled in). */
int pxe_read_file(const struct boot_source *b, const char *name, char *buf,
		  UINTN cap, UINTN *len, char *why, UINTN why_cap);
/* A failed TFTP transfer of name with boot server b in words: st the
 * firmware's status; code and text the server's error packet (RFC 1350
 * code, its message), code -1 when none came. */
void tftp_why(const struct boot_source *b, EFI_STATUS st, const char *name,
	      int code, const char *text, char *why, UINTN why_cap);
/* An error packet's message as printable ASCII, at most cap - 1 bytes. */
void tftp_error_text(char *out, UINTN cap, const UINT8 *msg, UINTN len);

/* tftp_write.c: writes data as name on the boot server through an MTFTP4
 * instance of the app's own on the boot NIC (not the PXE base code's
 * Mtftp, see there), bounded like a read. 0; -1 refused by the server (an
 * error packet), why naming its own reason; -2 no answer from it (why). */
int tftp_write_file(const struct boot_source *b, const char *name,
		    const void *data, UINTN len, char *why, UINTN why_cap);

/* http_put.c: the IPv4 address uploads go from, once a run: the PXE
 * session's, or a DHCP lease of its own, asked on each NIC with a PXE
 * base code in the firmware's order until one answers (each bounded by
 * the firmware, about a minute without an answer; no NIC is tried past
 * HTTP_DHCP_ALL_MS). Its NIC sends the PUTs, and the console names it.
 * 0, or -1 with why (the same on every call). http_address_mac: that
 * NIC's hardware address, 0 or -1 when unknown. */
int http_address(char *why, UINTN why_cap);
int http_address_mac(UINT8 *mac, int *mac_len);

/* config_verify.c: network configs signed with the certificate built
 * into the app (make netboot CONFIG_CERT=...). config_signed_build: 1
 * when the app carries one, and then a network config counts only with
 * its detached PKCS#7 signature (NAME.p7s) verified by the firmware's
 * EFI_PKCS7_VERIFY_PROTOCOL. config_verify says why when it is not. */
enum config_sig {
	CONFIG_SIG_VALID,
	CONFIG_SIG_INVALID,	/* altered, another signer, unreadable */
	CONFIG_SIG_NO_VERIFIER,	/* the firmware has no PKCS#7 verifier */
};
int config_signed_build(void);
enum config_sig config_verify(const void *cfg, UINTN cfg_len, const void *p7s,
			      UINTN p7s_len, char *why, UINTN cap);

/* config_serial_var.c: the serials this machine accepted, per signed
 * config name, in the variable BarememConfigSerial. load: 0 (none yet is
 * an empty list), -1 with why when it cannot be read (s then empty).
 * store: 0, or -1 with why. */
int config_serials_load(struct config_serials *s, char *why, UINTN why_cap);
int config_serials_store(const struct config_serials *s, char *why,
			 UINTN why_cap);

/* http_get.c: GET url (the whole URL) through the boot NIC's
 * EFI_HTTP_PROTOCOL into buf: 0 with *len, -1 when the server has no
 * such file (404), -2 another failure (why filled in). timeout_ms bounds
 * the whole exchange. */
int http_get(const struct boot_source *b, const char *url, char *buf,
	     UINTN cap, UINTN *len, UINT64 timeout_ms, char *why,
	     UINTN why_cap);

/* http_put.c: PUT data as u's path + name over EFI_TCP4 (HTTP/1.1,
 * Content-Length, status line checked: 2xx is kept). 0; -1 with why when
 * the server answered with another status (or the request cannot be
 * made); -2 with why when no answer came (naming what the firmware lacks
 * when it has no TCP). timeout_ms bounds
 * the whole exchange once the address is bound (http_address). */
int http_put(const struct http_url *u, const char *name, const void *data,
	     UINTN len, UINT64 timeout_ms, char *why, UINTN why_cap);

/* upload.c: the run's results off the machine, after the file step of
 * the report, in this order: the HTML report, the console text, then the
 * results JSON LAST, so that it records what became of the other two
 * (docs/design.md §4c, docs/netboot.md "What a refusal leaves").
 * upload_begin: the target, the address (HTTP: DHCP first) and the names;
 * 1 when files go, else 0 (a reason, if any, in res->errors, *status
 * partial). upload_html, upload_text: a file the server does not keep
 * after bounded retries is an error and makes *status partial; after one
 * was given up on, the text is not tried (a warning). upload_json_where:
 * where the JSON will be named, for the done line the text ends with.
 * upload_json: the JSON; 1 when the server kept it (res->file then names
 * it, when empty), else 0 with its refusal the run's error and *status
 * partial. */
int upload_begin(struct run_results *res, enum run_status *status);
void upload_html(struct run_results *res, enum run_status *status);
void upload_text(struct run_results *res, enum run_status *status,
		 const char *text, size_t len);
void upload_json_where(const struct run_results *res, enum run_status status,
		       char *where, UINTN where_cap);
int upload_json(struct run_results *res, enum run_status *status);

#endif
