/* A bounded retry: how many attempts at most, and a total time no
 * attempt may start past, so a dead server costs a known time, never a
 * hang. */
#ifndef BAREMEM_RETRY_H
#define BAREMEM_RETRY_H

#include <stdint.h>

struct retry_policy {
	int max_attempts;	/* >= 1 */
	uint64_t total_ms;	/* every attempt and pause of one file */
	uint64_t pause_ms;	/* between attempts */
};

/* 1 when attempt number done + 1 may start: fewer than max_attempts were
 * made, and elapsed_ms (since the first began) + the pause + the longest
 * attempt so far still fit in total_ms. */
int retry_may_start(const struct retry_policy *p, int done,
		    uint64_t elapsed_ms, uint64_t longest_ms);

#endif
