/* Cache-line ping-pong (see pingpong.h). Plain volatile loads and stores
 * are enough on x86 and on AArch64 alike: the line carries nothing but its
 * own value, and every architecture keeps one location's writes in one
 * order for all cpus (coherence), so no barrier, LDAR or STLR is needed
 * (each would add its cost to the transfer; kernels/tscping.c, whose seq
 * carries other values, does need them). No locked instruction, which
 * would measure the atomic, not the transfer. */
#include "pingpong.h"

#include "arch/arch.h"
#include "spin.h"

#define CHECK_EVERY 64u	/* round trips between two deadline checks */
#define SPIN_CHECK 1023u	/* spins between two timeout checks */

uint64_t pingpong_serve(volatile uint64_t *line, uint64_t *next,
			uint64_t deadline_tsc, uint64_t timeout_ticks)
{
	uint64_t v = *next, rounds = 0;

	for (;;) {
		struct spin_wait w = { 0, 0 };

		*line = v;
		while (*line != v + 1)
			if (spin_expired(&w, SPIN_CHECK, timeout_ticks)) {
				*next = v + 2;
				return 0;
			}
		v += 2;
		rounds++;
		if (rounds % CHECK_EVERY == 0 && ticks_read() >= deadline_tsc)
			break;
	}
	*next = v;
	return rounds;
}

int64_t pingpong_answer(volatile uint64_t *line, uint64_t timeout_ticks)
{
	uint64_t last = 0;
	int64_t rounds = 0;
	struct spin_wait w = { 0, 0 };

	for (;;) {
		uint64_t v = *line;

		if (v == PINGPONG_STOP)
			return rounds;
		if (v != last && (v & 1)) {
			*line = v + 1;
			last = v + 1;
			rounds++;
			w = (struct spin_wait){ 0, 0 };
			continue;
		}
		/* The clock is read only after 1024 idle spins, so answering
		 * costs no rdtsc. */
		if (spin_expired(&w, SPIN_CHECK, timeout_ticks))
			return -1;
	}
}
