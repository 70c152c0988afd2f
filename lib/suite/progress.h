/* The progress line of a test: what runs now and an estimate of what is
 * left, from the time the finished steps took. It goes to the screen
 * only (plat_progress), never to the run's text log. */
#ifndef BAREMEM_PROGRESS_H
#define BAREMEM_PROGRESS_H

#include <stddef.h>
#include <stdint.h>

struct progress {
	uint64_t t0;		/* TSC when the first step started */
	int done, total;
};

void progress_begin(struct progress *p, int total);
/* Shows "<what> (k of n, ~T left)" for the step that starts now (k =
 * steps done + 1); what is printf-style. */
void progress_step(struct progress *p, const char *f, ...)
	__attribute__((format(printf, 2, 3)));
/* The step shown last has finished. */
void progress_done(struct progress *p);

/* "k of n, ~T left" where T = the mean time of the done steps times the
 * steps left (including the one starting), or "k of n" while nothing is
 * done; T is "<1 s", "~N s" below two minutes, else "~N min". */
size_t progress_text(char *buf, size_t cap, int done, int total,
		     double elapsed_s);

#endif
