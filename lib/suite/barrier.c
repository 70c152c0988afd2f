/* The TSC start line (see barrier.h). Relies on the TSCs of all cpus
 * being synchronized, as they are with an invariant TSC on one board. */
#include "suite/barrier.h"

#include "hw/x86.h"

void barrier_init(struct barrier *b, uint32_t n, uint64_t timeout_ticks,
		  uint64_t lead_ticks)
{
	*b = (struct barrier){ .n = n, .timeout_ticks = timeout_ticks,
			       .lead_ticks = lead_ticks };
}

uint64_t barrier_wait(struct barrier *b)
{
	uint64_t start = tsc_read(), go;

	if (__atomic_add_fetch(&b->arrived, 1, __ATOMIC_ACQ_REL) == b->n)
		__atomic_store_n(&b->go_tsc, tsc_read() + b->lead_ticks,
				 __ATOMIC_RELEASE);
	while (!(go = __atomic_load_n(&b->go_tsc, __ATOMIC_ACQUIRE))) {
		if (__atomic_load_n(&b->aborted, __ATOMIC_ACQUIRE))
			return 0;
		if (tsc_read() - start > b->timeout_ticks) {
			__atomic_store_n(&b->aborted, 1, __ATOMIC_RELEASE);
			return 0;
		}
		cpu_pause();
	}
	if (__atomic_load_n(&b->aborted, __ATOMIC_ACQUIRE))
		return 0;
	while (tsc_read() < go)
		cpu_pause();
	return go;
}
