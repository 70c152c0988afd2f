/* upload=http://host[:port]/path/ parsed into an IPv4 address, a port and
 * a path prefix; everything else refused with the reason. */
#include "net/url.h"

#include "util/str.h"

static int starts_with_ci(const char *s, size_t len, const char *word)
{
	size_t n = str_len(word);

	return len >= n && str_ieq(s, n, word);
}

/* A dotted quad, each part 0..255 without leading zeros beyond one
 * digit (010 could be read as octal by other tools: refused). */
static int parse_ipv4(const char *s, size_t len, uint8_t ip[4])
{
	size_t i = 0;

	for (int part = 0; part < 4; part++) {
		unsigned v = 0;
		size_t digits = 0;

		if (part && (i >= len || s[i++] != '.'))
			return -1;
		while (i < len && s[i] >= '0' && s[i] <= '9' && digits < 4) {
			v = v * 10 + (unsigned)(s[i++] - '0');
			digits++;
		}
		if (digits == 0 || digits > 3 || v > 255 ||
		    (digits > 1 && s[i - digits] == '0'))
			return -1;
		ip[part] = (uint8_t)v;
	}
	return i == len ? 0 : -1;
}

/* Printable ASCII but blanks and the characters RFC 3986 does not allow
 * in a path as written ('?' and '#' would end it). */
static int is_path_char(char ch)
{
	const char *bad = "?#\"<>\\^`{|}";

	if (ch <= 0x20 || ch >= 0x7f)
		return 0;
	for (; *bad; bad++)
		if (ch == *bad)
			return 0;
	return 1;
}

const char *url_parse(const char *s, size_t len, struct http_url *u)
{
	size_t i, host_end, host_start;
	uint32_t port = 80;

	if (starts_with_ci(s, len, "https://"))
		return "https is not supported (no TLS in the app): use "
		       "http://";
	if (!starts_with_ci(s, len, "http://"))
		return "an upload URL starts with http://";
	host_start = i = 7;
	if (i < len && s[i] == '[')
		return "IPv6 addresses are not supported: give the server's "
		       "IPv4 address";
	while (i < len && s[i] != ':' && s[i] != '/')
		i++;
	host_end = i;
	if (host_end == host_start)
		return "no host after http://";
	for (size_t k = host_start; k < host_end; k++)
		if (s[k] == '@')
			return "user names in URLs are not supported";
	if (parse_ipv4(s + host_start, host_end - host_start, u->ip))
		return "the host must be an IPv4 address like 10.0.0.5 (no "
		       "DNS in the app)";
	if (i < len && s[i] == ':') {
		size_t digits = 0;

		port = 0;
		for (i++; i < len && s[i] >= '0' && s[i] <= '9'; i++) {
			if (++digits > 5)
				break;
			port = port * 10 + (uint32_t)(s[i] - '0');
		}
		if (digits == 0 || digits > 5 || port == 0 || port > 65535)
			return "the port must be a number from 1 to 65535";
	}
	if (i >= len || s[i] != '/')
		return "a path ending in / must follow the host";
	if (len - i >= URL_PATH_BYTES)
		return "the path is too long (at most 159 bytes)";
	for (size_t k = i; k < len; k++)
		if (!is_path_char(s[k]))
			return "the path holds a character a URL cannot carry "
			       "as written (blank, control, ?, #, quote, ...)";
	if (s[len - 1] != '/')
		return "the path must end in / (the folder the files go in)";
	u->port = (uint16_t)port;
	mem_copy(u->path, s + i, len - i);
	u->path[len - i] = 0;
	return 0;
}
