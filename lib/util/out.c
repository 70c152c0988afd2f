/* Console output for lib/: formats into a bounded line buffer and hands
 * it to the platform. */
#include <stdarg.h>

#include "util/fmt.h"
#include "util/out.h"
#include "platform.h"

void out(const char *f, ...)
{
	char line[512];
	va_list ap;

	va_start(ap, f);
	fmt_v(line, sizeof line, f, ap);
	va_end(ap);
	plat_print(line);
}

void out_progress(const char *f, ...)
{
	char line[160];
	va_list ap;

	va_start(ap, f);
	fmt_v(line, sizeof line, f, ap);
	va_end(ap);
	plat_progress(line);
}
