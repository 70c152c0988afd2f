/* The HTTP/1.1 PUT the app sends when the firmware has TCP but no HTTP
 * protocol: the request head, and the reply's status line. */
#ifndef BAREMEM_HTTP_H
#define BAREMEM_HTTP_H

#include <stddef.h>
#include <stdint.h>

#include "net/url.h"

/* The head of `PUT <url path><name>` with Host, Content-Length,
 * Content-Type (from name's extension) and Connection: close. Returns its
 * length, 0 when it does not fit in cap. */
size_t http_put_head(char *buf, size_t cap, const struct http_url *u,
		     const char *name, uint64_t body_bytes);

/* The Content-Type of a results file by its name: .json is JSON, the
 * rest (the console text) UTF-8 text. */
const char *http_content_type(const char *name);

/* The status code of a reply's first line ("HTTP/1.x NNN reason\r\n"):
 * 100..599, HTTP_STATUS_MORE when the line is not complete in
 * buf[0..len) yet, HTTP_STATUS_BAD when it is not an HTTP status line. */
#define HTTP_STATUS_MORE 0
#define HTTP_STATUS_BAD (-1)
int http_status(const char *buf, size_t len);

#endif
