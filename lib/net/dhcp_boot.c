/* The boot server and boot file out of a DHCPv4 packet (RFC 2131 fields,
 * RFC 2132 options), as PXE clients read them. */
#include "net/dhcp_boot.h"

#include "util/str.h"

/* RFC 2131 section 2: offsets in the BOOTP header. */
#define OFF_SIADDR 20
#define OFF_FILE 108
#define FILE_FIELD_BYTES 128
#define OFF_MAGIC 236
#define OFF_OPTIONS 240
#define DHCP_MAGIC 0x63825363u

#define OPT_PAD 0
#define OPT_ROUTER 3
#define OPT_OVERLOAD 52
#define OPT_SERVER_ID 54
#define OPT_BOOTFILE 67
#define OPT_END 255

/* Copies a name of n bytes, printable ASCII only, stopping at a NUL. */
static void copy_name(char *dst, const uint8_t *src, size_t n)
{
	size_t i = 0;

	for (; i < n && i + 1 < DHCP_BOOT_FILE_BYTES && src[i]; i++)
		dst[i] = src[i] >= 0x20 && src[i] < 0x7f ? (char)src[i] : '?';
	dst[i] = 0;
}

int dhcp_boot_parse(const uint8_t *pkt, size_t len, struct dhcp_boot *b)
{
	const uint8_t *server_id = 0, *bootfile = 0;
	size_t bootfile_len = 0, i = OFF_OPTIONS;
	int overload = 0;
	uint32_t magic;

	mem_set(b, 0, sizeof *b);
	if (len < OFF_OPTIONS)
		return -1;
	magic = (uint32_t)pkt[OFF_MAGIC] << 24 | (uint32_t)pkt[OFF_MAGIC + 1]
		<< 16 | (uint32_t)pkt[OFF_MAGIC + 2] << 8 | pkt[OFF_MAGIC + 3];
	if (magic != DHCP_MAGIC)
		return -1;
	while (i < len && pkt[i] != OPT_END) {
		uint8_t code = pkt[i], n;

		if (code == OPT_PAD) {
			i++;
			continue;
		}
		if (i + 2 > len || i + 2 + pkt[i + 1] > len)
			break;	/* a cut option: what came before stands */
		n = pkt[i + 1];
		if (code == OPT_SERVER_ID && n == 4)
			server_id = pkt + i + 2;
		else if (code == OPT_BOOTFILE && n > 0) {
			bootfile = pkt + i + 2;
			bootfile_len = n;
		} else if (code == OPT_ROUTER && n >= 4) {
			mem_copy(b->router, pkt + i + 2, 4);
		} else if (code == OPT_OVERLOAD && n == 1)
			overload = pkt[i + 2];
		i += 2u + n;
	}
	mem_copy(b->server, pkt + OFF_SIADDR, 4);
	if (!(b->server[0] | b->server[1] | b->server[2] | b->server[3]) &&
	    server_id)
		mem_copy(b->server, server_id, 4);
	if (bootfile)
		copy_name(b->file, bootfile, bootfile_len);
	else if (!(overload & 1))	/* bit 0: the file field holds options */
		copy_name(b->file, pkt + OFF_FILE, FILE_FIELD_BYTES);
	return (b->server[0] | b->server[1] | b->server[2] | b->server[3])
		       ? 0 : -1;
}

int dhcp_boot_relative(char *out, size_t cap, const char *boot_file,
		       const char *rel)
{
	size_t dir = 0, n = str_len(rel);

	for (size_t i = 0; boot_file[i]; i++)
		if (boot_file[i] == '/')
			dir = i + 1;
	if (dir + n + 1 > cap)
		return -1;
	mem_copy(out, boot_file, dir);
	mem_copy(out + dir, rel, n);
	out[dir + n] = 0;
	return 0;
}

int dhcp_boot_is_url(const char *boot_file)
{
	for (size_t i = 0; boot_file[i]; i++) {
		if (boot_file[i] == '/')
			return 0;	/* a folder before any scheme */
		if (boot_file[i] == ':' && i > 0 && boot_file[i + 1] == '/' &&
		    boot_file[i + 2] == '/')
			return 1;
	}
	return 0;
}
