/* Bounded retries for uploads. */
#include "net/retry.h"

int retry_may_start(const struct retry_policy *p, int done,
		    uint64_t elapsed_ms, uint64_t longest_ms)
{
	if (done == 0)
		return 1;
	if (done >= p->max_attempts)
		return 0;
	/* An attempt as slow as the slowest so far must end in time too. */
	return elapsed_ms + p->pause_ms + longest_ms <= p->total_ms;
}
