/* The scan's flag rule: a range slower than its node's median, in
 * latency or in read bandwidth, by more than a threshold. Pure. */
#ifndef BAREMEM_SCAN_FLAG_H
#define BAREMEM_SCAN_FLAG_H

#include <stddef.h>

/* 10 %: run to run, a GiB's median moves by a few percent on a quiet
 * machine; a slow DIMM or a degraded channel costs more than that. */
#define SCAN_FLAG_THRESHOLD 0.10
/* Fewer ranges than this in a node give no median worth judging by. */
#define SCAN_FLAG_MIN_RANGES 3
#define SCAN_FLAG_BYTES 240

struct scan_judged {
	int node;		/* -1: unknown (judged among the unknowns) */
	double ns;		/* chase latency, < 0: not measured */
	double gb;		/* read GB/s, < 0: not measured */
	int readers;		/* cpus that read it at once */
	int ns_may_be_cached;	/* its chain is under the DRAM floor */
	char flag[SCAN_FLAG_BYTES];	/* "" or the reason */
};

/* Sets every r[i].flag: the reason when r[i] is slower than the median
 * of its peers by more than threshold (latency above median x (1 +
 * threshold), or bandwidth below median x (1 - threshold)), with their
 * spread (min..max); "" otherwise. Peers are the ranges of its node
 * measured alike: for latency those with the same ns_may_be_cached (a
 * chain the caches may answer is not judged against one they cannot),
 * for bandwidth those read by as many cpus (a range read after a cpu
 * was lost is not judged against the ranges read before). work holds
 * 2n doubles. Returns how many were flagged. */
int scan_flag_all(struct scan_judged *r, int n, double threshold,
		  double *work);

#endif
