/* The TSC start line (see barrier.h). Relies on the TSCs of all cpus
 * being synchronized, as they are with an invariant TSC on one board;
 * a cpu whose TSC lags far is bounded and named, not waited out. */
#include "suite/barrier.h"

#include "arch/arch.h"
#include "results/results.h"
#include "util/msgs.h"

/* The run's lag record: every start line cut short, whatever barrier it
 * was, so that the suite can name the cpu once (the barriers belong to
 * their tests and are gone by then). Written inside windows: atomics
 * only. first_cpu holds cpu + 1 (0: none yet). */
static struct {
	int first_cpu;
	int others;		/* another cpu lagged too */
	uint32_t count;
	uint64_t worst_ticks;	/* the most a start time was still ahead */
} lag;

void barrier_init(struct barrier *b, uint32_t n, uint64_t timeout_ticks,
		  uint64_t lead_ticks)
{
	*b = (struct barrier){ .n = n, .timeout_ticks = timeout_ticks,
			       .lead_ticks = lead_ticks };
}

static uint64_t now(const struct barrier *b)
{
	return b->clock ? b->clock() : ticks_read();
}

static void lag_record(int cpu, uint64_t ahead_ticks)
{
	int none = 0, first;
	uint64_t worst = __atomic_load_n(&lag.worst_ticks, __ATOMIC_RELAXED);

	__atomic_add_fetch(&lag.count, 1, __ATOMIC_RELAXED);
	if (!__atomic_compare_exchange_n(&lag.first_cpu, &none, cpu + 1, 0,
					 __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
		first = none;
		if (first != cpu + 1)
			__atomic_store_n(&lag.others, 1, __ATOMIC_RELAXED);
	}
	while (ahead_ticks > worst &&
	       !__atomic_compare_exchange_n(&lag.worst_ticks, &worst,
					    ahead_ticks, 0, __ATOMIC_RELAXED,
					    __ATOMIC_RELAXED))
		;
}

uint64_t barrier_wait(struct barrier *b, int cpu)
{
	uint64_t start = now(b), go, seen, t;

	if (__atomic_add_fetch(&b->arrived, 1, __ATOMIC_ACQ_REL) == b->n)
		__atomic_store_n(&b->go_tsc, now(b) + b->lead_ticks,
				 __ATOMIC_RELEASE);
	while (!(go = __atomic_load_n(&b->go_tsc, __ATOMIC_ACQUIRE))) {
		if (__atomic_load_n(&b->aborted, __ATOMIC_ACQUIRE))
			return 0;
		if (now(b) - start > b->timeout_ticks) {
			__atomic_store_n(&b->aborted, 1, __ATOMIC_RELEASE);
			return 0;
		}
		cpu_relax();
	}
	if (__atomic_load_n(&b->aborted, __ATOMIC_ACQUIRE))
		return 0;
	/* The start time was set at most lead_ticks ago on the setter's
	 * TSC; on a TSC in step with it, it is at most lead_ticks away. A
	 * cpu that would wait longer is behind, and waiting it out (up to
	 * the whole lag, unbounded) would not start it with the others
	 * anyway: it leaves once it has waited twice the lead. */
	seen = now(b);
	while ((t = now(b)) < go) {
		if (t - seen > 2 * b->lead_ticks) {
			__atomic_add_fetch(&b->lagged, 1, __ATOMIC_RELAXED);
			lag_record(cpu, go - t);
			return t ? t : 1;
		}
		cpu_relax();
	}
	return go;
}

int barrier_lag_report(struct run_results *res)
{
	int first = __atomic_exchange_n(&lag.first_cpu, 0, __ATOMIC_ACQ_REL);
	int others = __atomic_exchange_n(&lag.others, 0, __ATOMIC_RELAXED);
	uint32_t count = __atomic_exchange_n(&lag.count, 0, __ATOMIC_RELAXED);
	uint64_t worst = __atomic_exchange_n(&lag.worst_ticks, 0,
					     __ATOMIC_RELAXED);
	double ms = res->tsc_hz ? (double)worst * 1e3 / (double)res->tsc_hz
				: 0;

	if (!first)
		return 0;
	msgs_add(&res->warnings, "cpu %d's TSC lagged a start line%s: %u "
		 "start line%s left early (the start time still up to %.3f "
		 "ms ahead), so those points began that cpu late; the TSCs "
		 "are not in step", first - 1, others ? " (and other cpus')"
		 : "", count, count == 1 ? "" : "s", ms);
	return 1;
}
