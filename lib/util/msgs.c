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
	if (fmt_v(m->text[m->count], MSG_BYTES, f, ap) >= MSG_BYTES) {
		/* cut: say so with "...", and end on no blank (a console
		 * log drops trailing blanks, the JSON would keep them) */
		char *t = m->text[m->count];
		size_t e = MSG_BYTES - 4;

		while (e > 0 && t[e - 1] == ' ')
			e--;
		t[e] = t[e + 1] = t[e + 2] = '.';
		t[e + 3] = 0;
	}
	va_end(ap);
	m->count++;
}
