/* A bounded list of human-readable messages (errors, warnings). */
#ifndef BAREMEM_MSGS_H
#define BAREMEM_MSGS_H

#include <stddef.h>

#define MSGS_MAX 32
#define MSG_BYTES 200

struct msgs {
	int count;		/* messages kept (at most MSGS_MAX) */
	int dropped;		/* messages that did not fit */
	char text[MSGS_MAX][MSG_BYTES];
};

/* Appends a printf-style message (see fmt.h); cuts text longer than
 * MSG_BYTES - 1 to end in "..." (no blank before it), and counts rather
 * than stores messages past MSGS_MAX. */
void msgs_add(struct msgs *m, const char *f, ...)
	__attribute__((format(printf, 2, 3)));

#endif
