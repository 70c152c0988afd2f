/* Console output for lib/: printf-style lines through the platform. */
#ifndef BAREMEM_OUT_H
#define BAREMEM_OUT_H

/* Formats (see fmt.h) and prints; a trailing newline is the caller's. */
void out(const char *f, ...) __attribute__((format(printf, 1, 2)));
/* The transient progress line (overwritten by the next one). */
void out_progress(const char *f, ...) __attribute__((format(printf, 1, 2)));

#endif
