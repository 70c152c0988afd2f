/* The core-to-core kernel: two cpus pass one cache line back and forth,
 * each waiting to see the other's write before writing its own. */
#ifndef BAREMEM_PINGPONG_H
#define BAREMEM_PINGPONG_H

#include <stdint.h>

/* The value the server writes to tell the answerer to stop. */
#define PINGPONG_STOP (~(uint64_t)0)

/*
 * Server: writes an odd value v to *line and spins until it reads v + 1
 * (the answerer's write), then writes v + 2, and so on, until the TSC
 * passes deadline_tsc (checked every 64 round trips, so the check costs
 * nothing per round). *next carries v between calls (start it at 1).
 * Returns the round trips done, or 0 when an answer did not come within
 * timeout_ticks. The caller times the call: ticks / rounds is one round
 * trip, two transfers of the line.
 *
 * Answerer: spins until *line changes to an odd value, writes it + 1,
 * until it reads PINGPONG_STOP (returns the rounds answered) or nothing
 * changes for timeout_ticks (returns -1).
 *
 * No `pause` in the spins: it would add its own latency (up to ~140
 * cycles) to every transfer. The spins read the line with a plain load,
 * which is what brings it over from the other core.
 */
uint64_t pingpong_serve(volatile uint64_t *line, uint64_t *next,
			uint64_t deadline_tsc, uint64_t timeout_ticks);
int64_t pingpong_answer(volatile uint64_t *line, uint64_t timeout_ticks);

#endif
