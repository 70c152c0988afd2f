/* The latency sweep on one cpu. */
#ifndef BAREMEM_LATENCY_H
#define BAREMEM_LATENCY_H

#include "hw/numa.h"
#include "suite/dramfloor.h"
#include "results/results.h"
#include "results/run_env.h"

/* Chases every size of the configuration's sweep on the first selected
 * cpu, over a buffer in that cpu's node where it has room (in profile
 * full, on every selected cpu, the same buffer), prints the table and
 * appends the points to mine->lat; on set's cpus with env's inputs. nothing:
 * nothing could be measured (the reason is in mine->errors). */
struct test_outcome latency_sweep(const struct run_env *env,
				  const struct cpu_set *set,
				  struct test_out *mine);

/* Each selected cpu alone chases a DRAM-sized buffer in its own node
 * (the nearest with room when that is full; anywhere when the nodes are
 * unknown): the per-core idle DRAM latency, with the spread and outliers
 * among cpus at the same distance from their buffer. */
struct test_outcome latency_per_cpu(const struct run_env *env,
				    const struct cpu_set *set,
				    struct test_out *mine);

/* tests=latency: the sweep, then per cpu where more than one is
 * selected; nothing: the sweep measured nothing. */
struct test_outcome latency_run(const struct run_env *env,
				const struct cpu_set *set,
				struct test_out *mine);

/* Where the per-cpu DRAM chase puts cpu's buffer: cpu chases the buffer
 * nodebuf gives *rep, the first usable cpu of set in cpu's node, asked
 * in *rep's node (so in cpu's own); returns that node, -1 when t names
 * no nodes (one buffer for all, anywhere), -2 when cpu is not usable
 * (or its node has no usable selected cpu). latency_per_cpu places
 * every buffer by it. */
int latency_buffer_node(const struct cpu_set *set, const struct numa_topo *t,
			int cpu, int *rep);

/* The per-cpu DRAM points mine->lat->p[first..count): prints their
 * spread and warns of each more than 5 % from the median of the points at the
 * same distance (distance[i] for point first + i: SLIT units, -1 not
 * known) and of the same core type (env's). */
void latency_judge_spread(const struct run_env *env, struct test_out *mine,
			  int first, uint64_t size, const int *distance);

/* The DRAM working-set size: a power of two well above the last-level
 * cache (64 MiB at least in profile quick, 256 MiB otherwise). */
uint64_t latency_dram_bytes(const struct run_env *env,
			    const struct cpu_set *set);

/* The DRAM floor (suite/dramfloor.h), under the name the scan and the
 * loaded latency call it by. */
static inline uint64_t latency_dram_floor_bytes(const struct run_env *env,
						const struct cpu_set *set)
{
	return dramfloor_bytes(env, set);
}

/* The median ns per load of the chain from start (nodes long) chased on
 * cpu with the sweep's rules but the caller's warm pass and sample
 * length: warm hops (at most nodes) untimed, then `repeat` samples of
 * about sample_ns each, slow outliers retaken; appends nothing to a series.
 * *chased: the hops chased in all (warm pass, calibration, samples and
 * retakes; more than nodes: the cycle came round, and the later hops
 * met lines chased before). < 0 when the cpu did not finish or memory
 * ran out (*chased then 0). */
double latency_chase_ns(const struct run_env *env, int cpu, void *start,
			uint64_t nodes, uint64_t warm, uint64_t sample_ns,
			uint64_t *chased);

/* The most samples latency_chase_ns times under c's `repeat`: each
 * sample and two rounds of retakes, plus one for the calibration's
 * trials (together under half a sample). */
uint64_t latency_chase_samples_max(const struct bm_config *c);

#endif
