/* platform.h's cpus on AArch64: each cpu of a plat_run_on_cpus call
 * started on its share, inside its own window (baremem's tables,
 * interrupts masked), by the firmware's MP services where it has usable
 * ones (mp_services_arm.c), else by PSCI CPU_ON (psci_arm.c); the boot
 * cpu runs its own share meanwhile, then each is waited for until the
 * call's timeout. A cpu that does not finish in time, or that PSCI never
 * reports off, is named, gets no more work, and from then on nothing is
 * freed (it may still write any buffer, job or table), as efi/x86_64/mp_x86.c does
 * on x86. Each window runs under baremem's vectors (fault_arm.c): a
 * cpu whose window faulted is named with its fault and dropped; a fault
 * on the boot cpu, or a hardware error on any, abandons the run once
 * the call is over. */
#include "arm_efi.h"
#include "sysreg.h"
#include "hw/cputable.h"
#include "util/out.h"

static const struct arm_machine *machine;
static struct run_results *mp_res;
static int psci_ok;
static int mps_ok;	/* the firmware's MP services start the cpus */
/* baremem cpu -> the MP services' processor number (-1: none) */
static long long mps_number[BM_MAX_CPUS];
/* How long past a call's timeout the boot cpu waits for the firmware to
 * signal it before it gives the cpu up as loose: efi/x86_64/mp_x86.c's grace on
 * x86. */
#define MPS_GRACE_US 2000000u
static int loose_cpu = -1;

int arm_loose_cpu(void)
{
	return loose_cpu;
}

/* Every cpu but the boot cpu dropped, for the reason given. */
static void boot_cpu_alone(struct run_results *res, const char *why)
{
	for (int k = 0; k < plat_cpu_count(); k++)
		if (k != res->bsp_cpu && cputable_at(k))
			cputable_at(k)->usable = 0;
	msgs_add(&res->warnings, "only the boot cpu is measured: %s", why);
}

static uint64_t mpidr_of(int cpu)
{
	return machine->madt->cpu[cputable_at(cpu)->platform_cpu].mpidr;
}

/* The firmware's MP services where they name the cpus and take a call:
 * 1, and a cpu they do not name is left out (a warning). */
static int mps_choose(struct run_results *res)
{
	uint64_t mpidr[BM_MAX_CPUS];
	int n = plat_cpu_count();

	for (int k = 0; k < n; k++)
		mpidr[k] = mpidr_of(k);
	if (!arm_mps_init(res, mpidr, n, res->bsp_cpu, mps_number))
		return 0;
	out("mp: the firmware's EFI_MP_SERVICES_PROTOCOL starts the other "
	    "cpus\n");
	for (int k = 0; k < n; k++)
		if (k != res->bsp_cpu && mps_number[k] < 0 &&
		    cputable_at(k)->usable) {
			cputable_at(k)->usable = 0;
			msgs_add(&res->warnings, "cpu %d (MPIDR 0x%llx) is "
				 "not an enabled processor of the firmware's MP "
				 "services: left out", k,
				 (unsigned long long)mpidr[k]);
		}
	return 1;
}

void arm_mp_init(struct run_results *res, const struct arm_machine *m)
{
	machine = m;
	mp_res = res;
	if (fault_init(plat_cpu_count()) != 0)
		msgs_add(&res->warnings, "no fault vectors (out of memory, or "
			 "the table misaligned): a fault in a measurement goes "
			 "to the firmware's handler");
	if (plat_cpu_count() <= 1)
		return;
	if (m->madt)
		test_hook_mp_services_arm(m);
	if (!m->madt)
		boot_cpu_alone(res, "no MADT names the other cpus");
	else if (mps_choose(res))
		mps_ok = 1;
	else if (arm_psci_init(m) < 0)
		boot_cpu_alone(res, "the firmware has no PSCI to start them");
	else
		psci_ok = 1;
}

/* A fault on the boot cpu abandons the run (main.c reports it). */
void plat_run_window(plat_window_fn fn, void *arg)
{
	if (arm_window_run(mp_res->bsp_cpu, test_hook_bsp_window(fn, 0),
			   arg) != 0)
		fault_abort_run();
}

/* One cpu's share, as it runs there (this memory it may still read
 * when lost: never freed then). */
struct ap_share {
	plat_window_fn fn;
	void *arg;
	struct arm_cpu_call *call;	/* PSCI's, or */
	struct arm_mps_call *mcall;	/* the MP services' */
	uint64_t timeout_us;	/* the call's, or the test image's */
	int cpu;
	int faulted;		/* its window faulted: fault_take says how */
};

static void ap_work(void *p)
{
	struct ap_share *s = p;

	arm_cpu_setup_here();	/* SVE's length, the cycle counter */
	s->faulted = arm_window_run(s->cpu, s->fn, s->arg) != 0;
}

/* The cpu gets no more work and the run is partial (an error); one that
 * may still run baremem's code holds all memory from now on. */
static void give_up(int cpu, int loose, const char *why)
{
	cputable_at(cpu)->usable = 0;
	if (loose) {
		memory_hold_all();
		if (loose_cpu < 0)
			loose_cpu = cpu;
	}
	msgs_add(&mp_res->errors, "cpu %d (MPIDR 0x%llx): %s: dropped, no "
		 "more work goes to it", cpu,
		 (unsigned long long)mpidr_of(cpu), why);
}

/* Whether the generic timer has passed *deadline (arm_mps_wait's
 * clock). */
static int past_deadline(void *deadline)
{
	return (int64_t)(read_cntvct_el0() - *(uint64_t *)deadline) > 0;
}

/* A cpu whose window faulted came back (fault_arm.c resumed it, then
 * PSCI turned it off): said here, on the boot cpu, and not used again. */
static void ap_faulted(int cpu)
{
	if (fault_report(mp_res, cpu))
		out("baremem: cpu %d is dropped from the run\n", cpu);
	cputable_at(cpu)->usable = 0;
}

static int listed_before(const int *cpus, int i)
{
	for (int j = 0; j < i; j++)
		if (cpus[j] == cpus[i])
			return 1;
	return 0;
}

int plat_run_on_cpus(const int *cpus, int n, plat_window_fn fn, void **args,
		     uint64_t timeout_us, int *ok)
{
	struct ap_share **share = plat_alloc(sizeof(*share) * (size_t)n);
	uint64_t hz = read_cntfrq_el0(), t0, deadline;
	/* The firmware signals a call's end from a timer callback: the
	 * boot cpu waits this long past the call's timeout for it. */
	uint64_t grace = (uint64_t)((double)MPS_GRACE_US * 1e-6 * (double)hz);
	int bsp_slot = -1, completed = 0, bsp_faulted = 0, lost;
	char why[160];

	for (int i = 0; i < n; i++)
		ok[i] = 0;
	if (!share)
		return 0;
	for (int i = 0; i < n; i++) {
		int cpu = cpus[i];

		if (cpu < 0 || cpu >= plat_cpu_count() ||
		    !cputable_at(cpu)->usable || listed_before(cpus, i))
			continue;
		if (cpu == mp_res->bsp_cpu) {
			bsp_slot = i;
			continue;
		}
		if (!(psci_ok || mps_ok) ||
		    !(share[i] = plat_alloc(sizeof **share)))
			continue;
		*share[i] = (struct ap_share){ fn, args[i], 0, 0, timeout_us,
					       cpu, 0 };
		test_hook_ap_call(cpu, &share[i]->fn, &share[i]->timeout_us);
		if (mps_ok)
			share[i]->mcall = arm_mps_start(
				(UINTN)mps_number[cpu], ap_work, share[i],
				share[i]->timeout_us, why, sizeof why);
		else
			share[i]->call = arm_cpu_start(mpidr_of(cpu), ap_work,
						       share[i], why,
						       sizeof why);
		if (!share[i]->call && !share[i]->mcall) {
			give_up(cpu, 0, why);
			plat_free(share[i]);
			share[i] = 0;
		}
	}
	/* Deadlines count from the last start: the boot cpu's share and
	 * the other cpus' run at once. */
	t0 = read_cntvct_el0();
	if (bsp_slot >= 0) {
		int shared = 0;

		for (int i = 0; i < n; i++)
			shared |= share[i] != 0;
		bsp_faulted = arm_window_run(cpus[bsp_slot],
					     test_hook_bsp_window(fn, shared),
					     args[bsp_slot]) != 0;
		ok[bsp_slot] = !bsp_faulted;
		completed += !bsp_faulted;
	}
	for (int i = 0; i < n; i++) {
		if (!share[i])
			continue;
		deadline = t0 + (uint64_t)((double)share[i]->timeout_us * 1e-6 *
					   (double)hz);
		if (share[i]->mcall) {
			deadline += grace;
			lost = arm_mps_wait(share[i]->mcall, past_deadline,
					    &deadline, why, sizeof why);
		} else {
			lost = arm_cpu_wait(share[i]->call, deadline, why,
					    sizeof why);
		}
		if (lost) {
			give_up(cpus[i], lost == -2, why);
			continue;	/* kept: it may still read it */
		}
		if (share[i]->faulted) {
			ap_faulted(cpus[i]);
		} else {
			ok[i] = 1;
			completed++;
		}
		plat_free(share[i]);
	}
	plat_free(share);
	/* The boot cpu's fault is reported by main.c; the others' are. */
	if (bsp_faulted || fault_stop_pending())
		fault_abort_run();
	return completed;
}

/* The boot cpu runs its share while the others run theirs. */
int plat_bsp_runs_with_aps(void)
{
	return 1;
}
