/* One MSR read or written on many cpus at once, each on itself (MSRs are
 * per core or per thread), through the MP windows of mp.c. Only for an
 * MSR plat_msr_probe (msr.c) accepted: the probe ran on the boot cpu
 * only, and a #GP on an AP is caught by the window (fault.c) only at the
 * price of dropping that AP from the run. */
#include "../baremem_efi.h"
#include "arch/x86_64/x86.h"
#include "platform.h"

#define MSR_TIMEOUT_US 1000000u

struct msr_job {
	uint32_t msr;
	int write;
	uint64_t val;
};

static void msr_window(void *arg)
{
	struct msr_job *j = arg;

	if (j->write)
		wrmsr(j->msr, j->val);
	else
		j->val = rdmsr(j->msr);
}

int plat_msr_on_cpus(const int *cpus, int n, uint32_t msr, uint64_t *vals,
		     int write, int *ok)
{
	struct msr_job *jobs;
	void **args;
	int done;

	if (n <= 0)
		return 0;
	jobs = plat_alloc(sizeof(*jobs) * (size_t)n);
	args = plat_alloc(sizeof(*args) * (size_t)n);
	if (!jobs || !args) {
		if (jobs)
			plat_free(jobs);
		if (args)
			plat_free(args);
		for (int i = 0; i < n; i++)
			ok[i] = 0;
		return 0;
	}
	for (int i = 0; i < n; i++) {
		jobs[i] = (struct msr_job){ msr, write, write ? vals[i] : 0 };
		args[i] = &jobs[i];
	}
	done = plat_run_on_cpus(cpus, n, msr_window, args, MSR_TIMEOUT_US, ok);
	if (!write)
		for (int i = 0; i < n; i++)
			if (ok[i])
				vals[i] = jobs[i].val;
	plat_free(args);
	/* A cpu that did not answer may still run its window later: its
	 * job stays allocated. */
	if (done == n)
		plat_free(jobs);
	return done;
}
