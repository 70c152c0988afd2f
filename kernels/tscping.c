/* TSC exchange between two cpus (see tscping.h). seq carries the TSC
 * values written before it, so it is stored with release and loaded with
 * acquire: plain MOVs on x86, which keeps stores and loads in order
 * (TSO), and STLR/LDAR on AArch64, whose weak order would let the other
 * cpu see the new seq before the values (a stale value gives a wrong
 * bound). No locked or read-modify-write instruction: it would only add
 * its own cost to the transfer the bound is made of. */
#include "tscping.h"

#include "arch/arch.h"
#include "spin.h"

#define SPIN_CHECK 255u	/* spins between two clock checks */

/* Spins until *seq == want; 0, or -1 when timeout_ticks passed first. */
static int wait_seq(volatile uint64_t *seq, uint64_t want,
		    uint64_t timeout_ticks)
{
	struct spin_wait w = { 0, 0 };

	while (__atomic_load_n(seq, __ATOMIC_ACQUIRE) != want)
		if (spin_expired(&w, SPIN_CHECK, timeout_ticks))
			return -1;
	return 0;
}

/* Whether the reference goes on after m.exchanges, `elapsed` ticks in. */
static int more(const struct tscping_limits *lim, int exchanges,
		uint64_t elapsed)
{
	return exchanges < lim->max_exchanges && elapsed < lim->cap_ticks &&
	       (exchanges < lim->min_exchanges || elapsed < lim->budget_ticks);
}

struct tscping_minima tscping_lead(struct tscping_line *l,
				   const struct tscping_limits *lim)
{
	struct tscping_minima m = { INT64_MAX, INT64_MAX, 0 };
	uint64_t seq = 1, first;

	while (!l->ready)
		if (ticks_read() > lim->ready_by_tsc)
			goto stop;
	first = ticks_read();
	while (more(lim, m.exchanges, ticks_read() - first)) {
		uint64_t sent = ticks_begin(), seen;
		int64_t there, back;

		l->sent_tsc = sent;
		__atomic_store_n(&l->seq, seq, __ATOMIC_RELEASE);
		if (wait_seq(&l->seq, seq + 1, lim->answer_ticks))
			break;
		seen = ticks_begin();
		there = (int64_t)(l->seen_tsc - sent);
		back = (int64_t)(seen - l->sent_tsc);
		if (there < m.there)
			m.there = there;
		if (back < m.back)
			m.back = back;
		m.exchanges++;
		seq += 2;
	}
stop:
	__atomic_store_n(&l->seq, TSCPING_STOP, __ATOMIC_RELEASE);
	return m;
}

int64_t tscping_follow(struct tscping_line *l, uint64_t timeout_ticks)
{
	uint64_t last = 0;
	int64_t answered = 0;
	struct spin_wait w = { 0, 0 };

	l->ready = 1;
	for (;;) {
		uint64_t v = __atomic_load_n(&l->seq, __ATOMIC_ACQUIRE);

		if (v == TSCPING_STOP)
			return answered;
		if (v != last && (v & 1)) {
			uint64_t seen = ticks_begin();
			l->seen_tsc = seen;
			l->sent_tsc = ticks_begin();
			__atomic_store_n(&l->seq, v + 1, __ATOMIC_RELEASE);
			last = v;
			answered++;
			w = (struct spin_wait){ 0, 0 };
			continue;
		}
		if (spin_expired(&w, SPIN_CHECK, timeout_ticks))
			return -1;
	}
}
