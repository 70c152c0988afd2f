/* A skipped case says why, in the one form tests/run-unit accepts: a
 * line "SKIP: <code>: <text>" before cmocka's skip(). The runner checks
 * the code against the host (tests/skip-reason: no-avx512f, no-avx2,
 * not-built, no-file) and counts a skip without a reason, or with one
 * that is false here, as a failure. Include after <cmocka.h>. */
#ifndef BAREMEM_TEST_SKIP_REASON_H
#define BAREMEM_TEST_SKIP_REASON_H

#include "bw.h"

/* Skips the running case for `code`, the text formatted from fmt. */
static inline void __attribute__((format(printf, 2, 3), noreturn))
skip_because(const char *code, const char *fmt, ...)
{
	va_list ap;

	print_message("SKIP: %s: ", code);
	va_start(ap, fmt);
	vprint_message(fmt, ap);
	va_end(ap);
	print_message("\n");
	skip();
	__builtin_unreachable();
}

/* The skip code for a cpu that cannot run `isa`'s kernels: each names
 * the /proc/cpuinfo flag it lacks. SSE2 is in every x86-64, so its code
 * is unknown to the runner and such a skip fails. */
static inline const char *isa_skip_code(enum bw_isa isa)
{
	return isa == BW_AVX512 ? "no-avx512f" :
	       isa == BW_AVX2 ? "no-avx2" : "no-sse2";
}

#endif
