/* The progress line (see progress.h). */
#include "suite/progress.h"

#include <stdarg.h>

#include "arch/arch.h"
#include "util/fmt.h"
#include "platform.h"

size_t progress_text(char *buf, size_t cap, int done, int total,
		     double elapsed_s)
{
	size_t n = fmt(buf, cap, "%d of %d", done + 1, total);
	double left;

	if (done <= 0 || done >= total || elapsed_s < 0)
		return n;
	left = elapsed_s / done * (total - done);
	if (left < 1)
		return n + fmt(buf + n, cap > n ? cap - n : 0, ", <1 s left");
	if (left < 120)
		return n + fmt(buf + n, cap > n ? cap - n : 0, ", ~%d s left",
			       (int)(left + 0.5));
	return n + fmt(buf + n, cap > n ? cap - n : 0, ", ~%d min left",
		       (int)(left / 60 + 0.5));
}

void progress_begin(struct progress *p, int total)
{
	p->t0 = ticks_read();
	p->done = 0;
	p->total = total;
}

void progress_step(struct progress *p, const char *f, ...)
{
	char line[160], tail[48];
	uint64_t hz = plat_tsc_hz();
	double elapsed = hz ? (double)(ticks_read() - p->t0) / (double)hz : -1;
	size_t n;
	va_list ap;

	va_start(ap, f);
	n = fmt_v(line, sizeof line, f, ap);
	va_end(ap);
	progress_text(tail, sizeof tail, p->done, p->total, elapsed);
	if (n < sizeof line)
		fmt(line + n, sizeof line - n, " (%s)", tail);
	plat_progress(line);
}

void progress_done(struct progress *p)
{
	p->done++;
}
