/* The TSC skew kernel: a reference cpu and a partner pass their TSC
 * readings back and forth over one cache line, so that the difference
 * between the two cpus' TSCs can be bounded by the transfer time
 * (lib/suite/tscskew.h turns the minima into an offset and a bound). */
#ifndef BAREMEM_TSCPING_H
#define BAREMEM_TSCPING_H

#include <stdint.h>

/* The line two cpus share. seq is written last by whoever sends, with
 * release, and read with acquire before the rest, so a reader that sees
 * a new seq sees the TSC values written with it (on AArch64 too). */
struct tscping_line {
	volatile uint64_t seq;		/* odd: reference sent; even: partner */
	volatile uint64_t sent_tsc;	/* the sender's TSC just before seq */
	volatile uint64_t seen_tsc;	/* partner: its TSC on seeing the
					 * reference's message */
	volatile uint64_t ready;	/* partner is in its window */
};

/* The value of seq that tells the partner to stop. */
#define TSCPING_STOP (~(uint64_t)0)

/* What the reference saw: the smallest (partner seen - reference sent)
 * and (reference seen - partner sent) over the exchanges, in ticks of
 * the two TSCs (signed: a skew larger than the transfer makes one
 * negative). Each is an upper bound of one transfer plus (or minus) the
 * partner's offset, and the minimum is the tightest. */
struct tscping_minima {
	int64_t there, back;
	int exchanges;		/* completed; 0: none, the minima mean nothing */
};

/* How long the reference keeps at it. */
struct tscping_limits {
	uint64_t ready_by_tsc;	/* the partner must be ready by then */
	uint64_t budget_ticks;	/* exchanges stop after this much time ... */
	int min_exchanges;	/* ... once there are this many, */
	int max_exchanges;	/* or at this many, */
	uint64_t cap_ticks;	/* or after this much time regardless */
	uint64_t answer_ticks;	/* one exchange unanswered this long: stop */
};

/*
 * Reference: waits for the partner's ready until its TSC passes
 * lim->ready_by_tsc, then runs exchanges within lim's limits (time
 * counted from the first). Always ends by writing TSCPING_STOP. Returns
 * the minima (exchanges 0 when the partner never came or never
 * answered). The minimum count matters where the partner's cpu is
 * shared (a vCPU, a loaded Linux host): a first exchange that waited
 * for the scheduler must not use up the whole budget alone.
 *
 * Partner: says ready and answers each odd seq with an even one, until
 * TSCPING_STOP (returns the exchanges answered) or nothing comes for
 * timeout_ticks (returns -1).
 *
 * Both sides take the TSC with LFENCE before RDTSC (ticks_begin,
 * lib/arch/x86_64/cpu.h): on the receiving side the reading is then after
 * the load that saw the message, and on the sending side it is before the
 * store, so every difference is at least the real transfer plus the offset,
 * never less.
 */
struct tscping_minima tscping_lead(struct tscping_line *l,
				   const struct tscping_limits *lim);
int64_t tscping_follow(struct tscping_line *l, uint64_t timeout_ticks);

#endif
