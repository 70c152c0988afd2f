/* HTTP PUT of a results file (DESIGN §4c). Not written yet: every call
 * fails with a message that says so, and the run records it. */
#include "netboot.h"
#include "util/fmt.h"

int http_put(const struct http_url *u, const char *name, const void *data,
	     UINTN len, UINT64 timeout_ms, char *why, UINTN why_cap)
{
	(void)u;
	(void)name;
	(void)data;
	(void)len;
	(void)timeout_ms;
	fmt(why, why_cap, "HTTP upload is not in this build yet");
	return -1;
}
