/* Every core: logical processors from EFI_MP_SERVICES_PROTOCOL, and
 * running measurement windows on them. APs run only baremem's own code
 * (no boot services) with interrupts off, as the PI spec requires. */
#include "baremem_efi.h"
#include "cpu.h"
#include "mp_services.h"
#include "out.h"
#include "platform.h"

/* How long the BSP keeps polling past an AP's own timeout before it
 * gives the AP up (firmware signals timeouts from a timer callback). */
#define GRACE_US 2000000u
/* How long to retry an AP the firmware still reports busy. */
#define NOT_READY_MS 2000

static EFI_MP_SERVICES_PROTOCOL *mp;
static struct run_results *mp_res;	/* where a lost cpu is reported */
static struct plat_cpu *cpu_table;
static int cpu_count;
static int bsp_cpu;

/* One AP's call: lives in pool memory that is never freed when the AP
 * did not answer, since it may still write `done` later. */
struct ap_call {
	plat_window_fn fn;
	void *arg;
	uint64_t timeout_us;
	int cpu;
	int faulted;		/* the window ended in a fault (fault.c) */
	volatile int done;
	EFI_EVENT event;
	BOOLEAN finished;
};

static void EFIAPI ap_entry(VOID *p)
{
	struct ap_call *c = p;

	cpu_enable_avx();
	c->faulted = window_run(c->cpu, c->fn, c->arg) != 0;
	__atomic_store_n(&c->done, 1, __ATOMIC_RELEASE);
}

static void single_cpu(void)
{
	cpu_count = 1;
	cpu_table[0] = (struct plat_cpu){
		.cpu = 0,
		.apic_id = cpuid(1, 0).ebx >> 24,
		.bsp = 1,
		.usable = 1,
	};
	bsp_cpu = 0;
}

int mp_init(struct run_results *res)
{
	EFI_GUID guid = EFI_MP_SERVICES_PROTOCOL_GUID;
	UINTN total = 0, enabled = 0;

	mp_res = res;
	cpu_table = plat_alloc(sizeof(*cpu_table) * BM_MAX_CPUS);
	if (!cpu_table)
		return -1;
	if (test_hook_on(TEST_HOOK_NO_MP) ||
	    BS->LocateProtocol(&guid, 0, (void **)&mp) != EFI_SUCCESS || !mp ||
	    mp->GetNumberOfProcessors(mp, &total, &enabled) != EFI_SUCCESS ||
	    total == 0) {
		mp = 0;
		single_cpu();
		msgs_add(&res->warnings, "firmware has no MP services: "
			 "measuring on the boot cpu only");
		return fault_init(cpu_count);
	}
	if (total > BM_MAX_CPUS) {
		msgs_add(&res->warnings, "%u logical processors: only the "
			 "first %d are used", (unsigned)total, BM_MAX_CPUS);
		total = BM_MAX_CPUS;
	}
	for (UINTN i = 0; i < total; i++) {
		EFI_PROCESSOR_INFORMATION info = { 0 };
		struct plat_cpu *c = &cpu_table[i];

		*c = (struct plat_cpu){ .cpu = (int)i };
		if (mp->GetProcessorInfo(mp, i, &info) != EFI_SUCCESS)
			continue;
		c->apic_id = (uint32_t)info.ProcessorId;
		c->package = (int)info.Location.Package;
		c->core = (int)info.Location.Core;
		c->thread = (int)info.Location.Thread;
		c->bsp = !!(info.StatusFlag & PROCESSOR_AS_BSP_BIT);
		c->usable = (info.StatusFlag & PROCESSOR_ENABLED_BIT) &&
			    (info.StatusFlag & PROCESSOR_HEALTH_STATUS_BIT);
		if (c->bsp)
			bsp_cpu = (int)i;
	}
	cpu_count = (int)total;
	return fault_init(cpu_count);
}

int mp_bsp(void)
{
	return bsp_cpu;
}

/* A fault on the boot cpu abandons the run (main.c reports it); returns
 * only when there is no run to abandon. */
void plat_run_window(plat_window_fn fn, void *arg)
{
	if (window_run(bsp_cpu, test_hook_bsp_window(fn, 0), arg) != 0)
		fault_abort_run();
}

int plat_cpu_count(void)
{
	return cpu_count;
}

int plat_cpu_info(int cpu, struct plat_cpu *out)
{
	if (cpu < 0 || cpu >= cpu_count)
		return -1;
	*out = cpu_table[cpu];
	return 0;
}

/* Why a cpu is dropped; the suite says which results that cost. */
enum lost {
	LOST_START,	/* the firmware would not start it */
	LOST_TIMEOUT,	/* timed out; the firmware stopped it (PI spec) */
	LOST_LOOSE,	/* never came back, and the firmware never said so */
	LOST_FAULT,	/* its window faulted; fault_report said so */
};

/* The cpu gets no more work, and the run is partial (an error, once per
 * cpu). A cpu that may still run baremem's code keeps all memory held. */
static void give_up(int cpu, enum lost why, uint64_t timeout_us,
		    EFI_STATUS st)
{
	unsigned long long s = (timeout_us + 999999) / 1000000;
	struct msgs *errs = mp_res ? &mp_res->errors : 0;
	unsigned apic = cpu_table[cpu].apic_id;

	if (!cpu_table[cpu].usable)
		return;
	cpu_table[cpu].usable = 0;
	if (why == LOST_LOOSE)
		memory_hold_all();
	if (!errs || why == LOST_FAULT)
		return;
	if (why == LOST_START)
		msgs_add(errs, "cpu %d (APIC id %u) could not be started "
			 "(firmware status 0x%llx): dropped, no more work goes "
			 "to it", cpu, apic, (unsigned long long)st);
	else if (why == LOST_TIMEOUT)
		msgs_add(errs, "cpu %d (APIC id %u) did not answer within %llu "
			 "s: dropped, no more work goes to it", cpu, apic, s);
	else
		msgs_add(errs, "cpu %d (APIC id %u) did not answer within %llu "
			 "s and the firmware never reported it stopped: "
			 "dropped; all memory it may write stays allocated",
			 cpu, apic, s);
}

/* An AP whose window faulted came back to the firmware (fault.c resumed
 * it): said here, on the boot cpu, and not used again. */
static void ap_faulted(int cpu)
{
	if (mp_res && fault_report(mp_res, cpu))
		out("baremem: cpu %d is dropped from the run\n", cpu);
	give_up(cpu, LOST_FAULT, 0, EFI_SUCCESS);
}

/* StartupThisAP, retried while the firmware still books the AP's last
 * procedure (EFI_NOT_READY until its timer callback has marked the AP
 * idle). event 0: blocking, returns when the AP is done or timed out. */
static EFI_STATUS start_ap(int cpu, struct ap_call *c, EFI_EVENT event,
			   uint64_t timeout_us)
{
	EFI_STATUS st;

	for (int ms = 0;; ms++) {
		st = mp->StartupThisAP(mp, ap_entry, (UINTN)cpu, event,
				       timeout_us, c, event ? &c->finished : 0);
		if (st != EFI_NOT_READY || ms >= NOT_READY_MS)
			return st;
		BS->Stall(1000);
	}
}

/* One AP alone: a blocking call, no event to track. */
static int run_one_ap(int cpu, plat_window_fn fn, void *arg,
		      uint64_t timeout_us)
{
	struct ap_call *c = plat_alloc(sizeof *c);
	EFI_STATUS st;

	if (!c || !mp)
		return 0;
	c->fn = fn;
	c->arg = arg;
	c->cpu = cpu;
	test_hook_ap_call(cpu, &c->fn, &timeout_us);
	st = start_ap(cpu, c, 0, timeout_us);
	if (st == EFI_SUCCESS && c->done && c->faulted) {
		plat_free(c);
		ap_faulted(cpu);
		return 0;
	}
	if (st == EFI_SUCCESS && c->done) {
		plat_free(c);
		return 1;
	}
	/* A blocking call returns only once the firmware has the AP back
	 * (EFI_TIMEOUT: it stopped the procedure), so what the AP was given
	 * may be freed; the call block is leaked all the same. */
	give_up(cpu, st == EFI_TIMEOUT || st == EFI_SUCCESS ? LOST_TIMEOUT
		     : LOST_START, timeout_us, st);
	memory_abandon(c);
	return 0;
}

/* A cpu listed twice gets one call: the second would find it busy. */
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
	struct ap_call **calls;
	int completed = 0, bsp_slot = -1, waiting = 0, bsp_faulted = 0;
	EFI_STATUS st;

	for (int i = 0; i < n; i++)
		ok[i] = 0;
	if (n == 1 && cpus[0] != bsp_cpu) {
		if (cpus[0] >= 0 && cpus[0] < cpu_count &&
		    cpu_table[cpus[0]].usable)
			ok[0] = run_one_ap(cpus[0], fn, args[0], timeout_us);
		return ok[0];
	}
	calls = plat_alloc(sizeof(*calls) * (size_t)n);
	if (!calls)
		return 0;
	for (int i = 0; i < n; i++) {
		int cpu = cpus[i];
		struct ap_call *c;

		if (cpu < 0 || cpu >= cpu_count || !cpu_table[cpu].usable ||
		    listed_before(cpus, i))
			continue;
		if (cpu == bsp_cpu) {
			bsp_slot = i;
			continue;
		}
		c = plat_alloc(sizeof *c);
		if (!c || !mp)
			continue;
		c->fn = fn;
		c->arg = args[i];
		c->timeout_us = timeout_us;
		c->cpu = cpu;
		test_hook_ap_call(cpu, &c->fn, &c->timeout_us);
		if (BS->CreateEvent(0, 0, 0, 0, &c->event) != EFI_SUCCESS) {
			plat_free(c);
			continue;
		}
		st = start_ap(cpu, c, c->event, c->timeout_us);
		if (st != EFI_SUCCESS) {
			BS->CloseEvent(c->event);
			give_up(cpu, LOST_START, c->timeout_us, st);
			plat_free(c);
			continue;
		}
		calls[i] = c;
		waiting++;
	}
	/* A fault of the boot cpu's own waits for the APs (they use the
	 * run's buffers) before it abandons the run. */
	if (bsp_slot >= 0) {
		bsp_faulted = window_run(bsp_cpu,
					 test_hook_bsp_window(fn, waiting > 0),
					 args[bsp_slot]) != 0;
		ok[bsp_slot] = !bsp_faulted;
		completed += !bsp_faulted;
	}
	/* Poll with interrupts on: the firmware signals each event from its
	 * timer callback once the AP finished or timed out. An event is
	 * closed only after it was signalled (the firmware holds it until
	 * then); an AP that never signals is given up, its call leaked. */
	for (uint64_t waited_us = 0; waiting > 0; waited_us += 100) {
		for (int i = 0; i < n; i++) {
			struct ap_call *c = calls[i];
			int done, over;

			if (!c)
				continue;
			over = waited_us > c->timeout_us + GRACE_US;
			if (!over && BS->CheckEvent(c->event) != EFI_SUCCESS)
				continue;
			done = __atomic_load_n(&c->done, __ATOMIC_ACQUIRE);
			ok[i] = done && !over && !c->faulted;
			completed += ok[i];
			if (!over)
				BS->CloseEvent(c->event);
			if (done && !over && c->faulted)
				ap_faulted(cpus[i]);
			else if (!ok[i])
				give_up(cpus[i], over ? LOST_LOOSE : LOST_TIMEOUT,
					c->timeout_us, EFI_TIMEOUT);
			if (!over && done)
				plat_free(c);
			else
				memory_abandon(c);
			calls[i] = 0;
			waiting--;
		}
		if (waiting)
			BS->Stall(100);
	}
	plat_free(calls);
	if (bsp_faulted)
		fault_abort_run();
	return completed;
}
