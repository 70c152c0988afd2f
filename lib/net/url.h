/* upload=http://host[:port]/path/: the URL taken apart and checked when
 * the config is read, so a bad one is a config error with its line. */
#ifndef BAREMEM_URL_H
#define BAREMEM_URL_H

#include <stddef.h>
#include <stdint.h>

#define URL_PATH_BYTES 160

struct http_url {
	uint8_t ip[4];			/* the host: an IPv4 literal */
	uint16_t port;			/* 1..65535, 80 when not given */
	char path[URL_PATH_BYTES];	/* "/", or "/a/b/": ends in '/' */
};

/* Parses s[0..len). Returns 0, or a message saying what is wrong and
 * what would be right (static text). Only http:// with an IPv4 literal:
 * the firmware side has no DNS resolver, no TLS, and uploads over IPv4. */
const char *url_parse(const char *s, size_t len, struct http_url *u);

#endif
