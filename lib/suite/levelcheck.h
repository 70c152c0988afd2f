/* The sweep's cache levels checked against its measured curve
 * (suite/curve.h): each point's measured level recorded, and a warning
 * where the curve and CPUID disagree, with the size measured and the
 * likely causes. */
#ifndef BAREMEM_LEVELCHECK_H
#define BAREMEM_LEVELCHECK_H

#include "results/results.h"
#include "results/run_env.h"

/* Checks the summary's sweep (set's first cpu's, on its largest
 * pages, prefetchers not off) when it holds points from mine->lat->p[first]
 * on (the sweep just run): sets level_measured on its points, prints a
 * line per level the curve disagrees on and adds its warning to
 * mine->warnings. */
void levelcheck_run(const struct run_env *env, const struct cpu_set *set,
		    struct test_out *mine, int first);

#endif
