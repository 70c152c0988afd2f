/* The bandwidth plan: each kernel at each cache level and DRAM, one cpu
 * alone and all selected cpus at once, and a read scaling curve. */
#ifndef BAREMEM_BANDWIDTH_H
#define BAREMEM_BANDWIDTH_H

#include "results/results.h"
#include "results/run_env.h"

/* Runs the plan on set's cpus, printing the tables, appending points to
 * mine->bw: the table once per ISA of the isa key (lib/suite/isa_plan.h;
 * auto: the widest env->isa_widest allows), the read/write mixes at DRAM for each,
 * the scaling curve with the widest read. A cpu that cannot run an ISA
 * runs the widest it can for that point, warned (bw_point's
 * fallback_cpus). */
struct test_outcome bandwidth_run(const struct run_env *env,
				  const struct cpu_set *set,
				  struct test_out *mine);

/* The table's all-cpus read, on any cpus and buffer: cpus[0..n) each
 * read their own `size` bytes of buf (slot i at buf + i * size rounded
 * up to 4 KiB; buf_bytes must hold n slots) with the read kernel of the
 * widest ISA (env->isa_widest), `passes` whole passes a sample (0: as
 * many as fill the profile's sample length, sized on cpus[0] alone), a
 * warm pass, then `repeat` samples started on a TSC barrier, each all
 * bytes over the span to the slowest cpu's end (lib/suite/together.h), SMI
 * hits retaken. Returns the median GB/s, or < 0 when a cpu did not
 * finish (lost into *o and warnings, as in the table) or no sample was
 * left (warned, naming `what`). Appends no point anywhere. */
double bandwidth_read_together(const struct run_env *env,
			       struct msgs *warnings, struct test_outcome *o,
			       const int *cpus, int n, uint8_t *buf,
			       uint64_t buf_bytes, uint64_t size, uint64_t passes,
			       const char *what);

/* Scaling curve points for n cpus: every count up to 8, then about 4 per
 * doubling, always ending at n. Returns how many (at most cap). */
int bandwidth_scaling_counts(int n, int *counts, int cap);

#endif
