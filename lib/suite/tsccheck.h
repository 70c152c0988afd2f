/* TSC agreement across the selected cpus, checked once a run before the
 * tests: each cpu's TSC against the reference cpu's (the first
 * selected, the boot cpu where it runs with the APs) by a short exchange
 * of timestamps (kernels/tscping.h, lib/hw/tscskew.h), and on Intel each
 * cpu's IA32_TSC_ADJUST, the offset firmware or an OS wrote into it. */
#ifndef BAREMEM_TSCCHECK_H
#define BAREMEM_TSCCHECK_H

#include "results/results.h"

/* Fills res->tsc, res->tsc_skew and res->tsc_skew_why, prints the
 * console's "tsc skew:" line and warns where the TSCs disagree. A cpu
 * that does not finish is lost (cpus_lost, into *o) like in any test. */
void tsccheck_run(struct run_results *res, struct test_outcome *o);

#endif
