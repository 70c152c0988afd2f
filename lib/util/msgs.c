/* Bounded message lists for errors and warnings: fixed storage, so a
 * flood of problems (a garbled config file) cannot exhaust memory. */
#include <stdarg.h>

#include "util/fmt.h"
#include "util/msgs.h"

void msgs_add(struct msgs *m, const char *f, ...)
{
	va_list ap;

	if (!m)
		return;
	if (m->count < 0 || m->count >= MSGS_MAX) {
		m->dropped++;
		return;
	}
	va_start(ap, f);
	fmt_v(m->text[m->count], MSG_BYTES, f, ap);
	va_end(ap);
	m->count++;
}
