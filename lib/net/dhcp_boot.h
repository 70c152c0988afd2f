/* Where a PXE boot came from, read out of the DHCPv4 packet the firmware
 * kept (its DHCP ACK, proxy offer or PXE reply): the TFTP server and the
 * boot file name, and files named relative to the boot file's folder. */
#ifndef BAREMEM_DHCP_BOOT_H
#define BAREMEM_DHCP_BOOT_H

#include <stddef.h>
#include <stdint.h>

#define DHCP_BOOT_FILE_BYTES 128

struct dhcp_boot {
	uint8_t server[4];		/* 0.0.0.0: none in the packet */
	char file[DHCP_BOOT_FILE_BYTES];	/* "": none */
	uint8_t router[4];		/* option 3's first; 0.0.0.0: none */
};

/* Reads pkt[0..len) (a BOOTP/DHCPv4 packet from the op field on).
 * Server: siaddr, else option 54 (server identifier); file: option 67,
 * else the file field unless option 52 overloads it; router: option 3.
 * Returns 0 when the
 * packet is DHCPv4 (magic cookie) and names a server, else -1. */
int dhcp_boot_parse(const uint8_t *pkt, size_t len, struct dhcp_boot *b);

/* out = the folder of boot_file (up to its last '/', kept) + rel:
 * ("pxe/baremem.efi", "baremem/baremem.cfg") -> "pxe/baremem/baremem.cfg".
 * Returns 0, -1 when out is too small. */
int dhcp_boot_relative(char *out, size_t cap, const char *boot_file,
		       const char *rel);

/* 1 when the boot file is a URL ("http://host/boot.ipxe": given to
 * iPXE, which then fetches files beside it over that scheme), else 0. */
int dhcp_boot_is_url(const char *boot_file);

#endif
