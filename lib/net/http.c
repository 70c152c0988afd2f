/* The smallest HTTP/1.1 PUT that web servers and object stores take: a
 * request head with the body's length, and a check of the reply's status
 * line (2xx: kept). */
#include "net/http.h"

#include "util/fmt.h"
#include "util/str.h"

const char *http_content_type(const char *name)
{
	size_t n = str_len(name);

	if (n >= 5 && str_ieq(name + n - 5, 5, ".json"))
		return "application/json";
	return "text/plain; charset=utf-8";
}

size_t http_put_head(char *buf, size_t cap, const struct http_url *u,
		     const char *name, uint64_t body_bytes)
{
	char host[24];
	size_t n;

	if (u->port == 80)
		fmt(host, sizeof host, "%u.%u.%u.%u", u->ip[0], u->ip[1],
		    u->ip[2], u->ip[3]);
	else
		fmt(host, sizeof host, "%u.%u.%u.%u:%u", u->ip[0], u->ip[1],
		    u->ip[2], u->ip[3], u->port);
	n = fmt(buf, cap,
		"PUT %s%s HTTP/1.1\r\n"
		"Host: %s\r\n"
		"Content-Type: %s\r\n"
		"Content-Length: %llu\r\n"
		"Connection: close\r\n"
		"User-Agent: baremem\r\n"
		"\r\n",
		u->path, name, host, http_content_type(name),
		(unsigned long long)body_bytes);
	return n + 1 < cap ? n : 0;
}

int http_status(const char *buf, size_t len)
{
	size_t eol = 0;
	int code = 0;

	while (eol < len && buf[eol] != '\n')
		eol++;
	if (eol == len)
		/* A status line longer than this is not one we will see. */
		return len > 512 ? HTTP_STATUS_BAD : HTTP_STATUS_MORE;
	/* "HTTP/1.0 " or "HTTP/1.1 ", three digits, then a blank or the
	 * end of the line (RFC 9112 section 4: the reason may be empty). */
	if (eol < 12 || !str_ieq(buf, 5, "HTTP/") || buf[5] != '1' ||
	    buf[6] != '.' || buf[7] < '0' || buf[7] > '9' || buf[8] != ' ')
		return HTTP_STATUS_BAD;
	for (int i = 9; i < 12; i++) {
		if (buf[i] < '0' || buf[i] > '9')
			return HTTP_STATUS_BAD;
		code = code * 10 + (buf[i] - '0');
	}
	if (buf[12] != ' ' && buf[12] != '\r' && buf[12] != '\n')
		return HTTP_STATUS_BAD;
	if (code < 100 || code > 599)
		return HTTP_STATUS_BAD;
	return code;
}
