/* Every core: logical processors from EFI_MP_SERVICES_PROTOCOL, and
 * running measurement windows on them. APs run only baremem's own code
 * (no boot services) with interrupts off, as the PI spec requires.
 *
 * Launch: a window with several APs starts them all with one
 * non-blocking StartupAllAPs (one broadcast wake-up on edk2, where
 * StartupThisAP costs an INIT-SIPI-SIPI of ~10 ms per AP: launch.h);
 * each AP finds its share by its APIC id and the others return at once.
 * One AP alone gets a blocking StartupThisAP. Firmware that refuses
 * non-blocking calls (EFI_UNSUPPORTED: the PI spec allows it after
 * ReadyToBoot, which precedes every boot option) gets blocking calls,
 * the boot cpu waiting inside them (cpus_drop_bsp leaves it out). */
#include "../baremem_efi.h"
#include "arch/arch.h"
#include "hw/cputable.h"
#include "suite/launch.h"
#include "../mp_services.h"
#include "util/out.h"
#include "platform.h"

/* How long the BSP keeps polling past an AP's own timeout before it
 * gives the AP up (firmware signals timeouts from a timer callback). */
#define GRACE_US 2000000u
/* How long to retry an AP the firmware still reports busy. */
#define NOT_READY_MS 2000
/* The launch probe's procedure returns at once: this is plenty, plus
 * the skew of all APs. */
#define PROBE_TIMEOUT_US 1000000u

static EFI_MP_SERVICES_PROTOCOL *mp;
static struct run_results *mp_res;	/* where a lost cpu is reported */
/* baremem cpu number -> MP services processor number, the number every
 * call to the firmware takes (the identity until cpus are renumbered). */
static UINTN mp_number[BM_MAX_CPUS];
static int cpu_count;	/* plat_cpu_count(), kept at hand */
static int loose_cpu = -1;	/* the first cpu lost loose (give_up) */
static int bsp_cpu;
/* How APs are started (launch_probe, set_blocking). */
static int aps_blocking;	/* non-blocking calls are refused */
static int all_by_apic;		/* every usable AP finds its slot by its
				 * APIC id: one StartupAllAPs a window */

/* One AP's call: lives in pool memory that is never freed when the AP
 * did not answer, since it may still write `done` later. */
struct ap_call {
	plat_window_fn fn;
	void *arg;
	uint64_t timeout_us;
	int cpu;
	int faulted;		/* the window ended in a fault (fault.c) */
	volatile int done;
	volatile int claimed;	/* an AP took it (StartupAllAPs) */
	int launched;		/* the firmware has it (non-blocking) */
	EFI_EVENT event;	/* its own StartupThisAP's, or 0 */
	BOOLEAN finished;
};

static void EFIAPI ap_entry(VOID *p)
{
	struct ap_call *c = p;

	cpu_enable_avx();
	c->faulted = window_run(c->cpu, c->fn, c->arg) != 0;
	__atomic_store_n(&c->done, 1, __ATOMIC_RELEASE);
}

/* One StartupAllAPs for a window: every AP runs ap_entry_all, takes the
 * slot holding its APIC id, if any, and runs that call; an AP with no
 * slot returns at once. */
struct all_call {
	int n;
	uint32_t *apic_ids;	/* [n] */
	struct ap_call **calls;	/* [n]: 0 where no AP works */
};

static void EFIAPI ap_entry_all(VOID *p)
{
	struct all_call *a = p;
	int slot = launch_slot(a->apic_ids, a->n, cpu_hw_id());
	struct ap_call *c = slot >= 0 ? a->calls[slot] : 0;

	if (c && !__atomic_exchange_n(&c->claimed, 1, __ATOMIC_ACQ_REL))
		ap_entry(c);
}

/* The firmware calls, each with the MP services' processor number.
 * Test hook mp-blocking-only refuses the non-blocking ones as firmware
 * may after ReadyToBoot (PI spec, StartupAllAPs/StartupThisAP:
 * EFI_UNSUPPORTED). No FailedCpuList: the calls' own flags say which
 * AP did what. */
static EFI_STATUS fw_startup_this(int cpu, EFI_AP_PROCEDURE proc, void *arg,
				  EFI_EVENT event, uint64_t timeout_us,
				  BOOLEAN *finished)
{
	if (event && test_hook_on(TEST_HOOK_MP_BLOCKING_ONLY))
		return EFI_UNSUPPORTED;
	timeout_us = test_hook_fw_timeout(cpu, timeout_us, !event);
	return mp->StartupThisAP(mp, proc, mp_number[cpu], event,
				 (UINTN)timeout_us, arg, finished);
}

static EFI_STATUS fw_startup_all(EFI_AP_PROCEDURE proc, void *arg,
				 EFI_EVENT event, uint64_t timeout_us)
{
	if (event && test_hook_on(TEST_HOOK_MP_BLOCKING_ONLY))
		return EFI_UNSUPPORTED;
	return mp->StartupAllAPs(mp, proc, FALSE, event, (UINTN)timeout_us,
				 arg, 0);
}

/* Microseconds since TSC t0 (the TSC is calibrated before mp_init);
 * counted_us when it is not. */
static uint64_t since_us(uint64_t t0, uint64_t counted_us)
{
	uint64_t mhz = plat_tsc_hz() / 1000000u;

	return mhz ? (ticks_read() - t0) / mhz : counted_us;
}

/* Between looks at something the firmware changes from its timer
 * callback (an event it signals, an AP it marks idle after
 * EFI_NOT_READY): the next interrupt, where the TSC's rate is known to
 * time the bound (since_us); else Stall(us), which the bound counts. */
static void idle_a_tick(UINTN us)
{
	if (plat_tsc_hz())
		cpu_wait_interrupt();
	else
		BS->Stall(us);
}

/* Waits for the firmware to signal event, at most timeout_us: 1 when it
 * did (the event is closed), 0 when not (it stays with the firmware). */
static int wait_event(EFI_EVENT event, uint64_t timeout_us)
{
	uint64_t t0 = ticks_read();

	for (uint64_t us = 0; since_us(t0, us) <= timeout_us; us += 1000) {
		if (BS->CheckEvent(event) == EFI_SUCCESS) {
			BS->CloseEvent(event);
			return 1;
		}
		idle_a_tick(1000);
	}
	return 0;
}

/* Non-blocking calls are refused (at the probe, or later): from now on
 * APs get blocking calls. Said once. */
static void set_blocking(const char *when)
{
	if (aps_blocking)
		return;
	aps_blocking = 1;
	if (mp_res)
		msgs_add(&mp_res->warnings, "the firmware refuses "
			 "non-blocking MP calls%s (EFI_UNSUPPORTED, as the PI "
			 "spec allows after ReadyToBoot): APs are started with "
			 "blocking calls, the boot cpu waiting in them", when);
}

/* The launch probe's record: which slot each AP found by its APIC id. */
struct probe {
	int n;
	uint32_t *apic_ids;	/* [n]: by cpu number */
	uint32_t *seen;		/* [n]: APs that took the slot */
};

static void EFIAPI probe_entry(VOID *p)
{
	struct probe *pr = p;
	int slot = launch_slot(pr->apic_ids, pr->n, cpu_hw_id());

	/* an AP past BM_MAX_CPUS has no slot, and needs none */
	if (slot >= 0)
		__atomic_add_fetch(&pr->seen[slot], 1, __ATOMIC_RELAXED);
}

/* Once, before any window: one StartupAllAPs of a procedure that only
 * finds its slot. Says whether the firmware takes non-blocking calls,
 * and whether each usable AP finds its own slot, and only it, by its
 * APIC id, which one StartupAllAPs a window needs; if not, APs are
 * started one by one, with a warning. */
static void launch_probe(struct run_results *res)
{
	uint64_t timeout_us = launch_timeout_us(PROBE_TIMEOUT_US, cpu_count);
	struct probe *pr = plat_alloc(sizeof *pr);
	EFI_EVENT event = 0;
	EFI_STATUS st = EFI_UNSUPPORTED;
	int aps = 0, bad = 0, signalled = 1;

	for (int i = 0; i < cpu_count; i++)
		aps += cputable_at(i)->usable && i != bsp_cpu;
	if (!pr || aps == 0)
		return;
	pr->n = cpu_count;
	pr->apic_ids = plat_alloc(sizeof(uint32_t) * (size_t)cpu_count);
	pr->seen = plat_alloc(sizeof(uint32_t) * (size_t)cpu_count);
	if (!pr->apic_ids || !pr->seen)
		return;
	for (int i = 0; i < cpu_count; i++)
		pr->apic_ids[i] = cputable_at(i)->apic_id;
	if (BS->CreateEvent(0, 0, 0, 0, &event) == EFI_SUCCESS)
		st = fw_startup_all(probe_entry, pr, event, timeout_us);
	if (st == EFI_SUCCESS) {
		signalled = wait_event(event, timeout_us + GRACE_US);
	} else {
		if (event)
			BS->CloseEvent(event);
		if (st == EFI_UNSUPPORTED)
			set_blocking("");
		st = fw_startup_all(probe_entry, pr, 0, timeout_us);
	}
	for (int i = 0; i < cpu_count; i++)
		bad += i != bsp_cpu && cputable_at(i)->usable &&
		       __atomic_load_n(&pr->seen[i], __ATOMIC_ACQUIRE) != 1;
	all_by_apic = signalled && st == EFI_SUCCESS && !bad;
	if (!all_by_apic)
		msgs_add(&res->warnings, "APs are started one by one (~10 ms "
			 "each on edk2), not by one StartupAllAPs: %s",
			 !signalled || st != EFI_SUCCESS
				 ? "the firmware's StartupAllAPs failed"
				 : "an AP's APIC id (CPUID) is not the one the "
				   "firmware reports");
	if (!signalled)		/* an AP may still write it */
		return;
	plat_free(pr->apic_ids);
	plat_free(pr->seen);
	plat_free(pr);
}

static int single_cpu(void)
{
	struct plat_cpu me = {
		.apic_id = cpu_hw_id(),
		.bsp = 1,
		.usable = 1,
	};

	if (cputable_set(&me, 1, 0) != 0)
		return -1;
	cpu_count = 1;
	bsp_cpu = 0;
	return 0;
}

int mp_init(struct run_results *res)
{
	EFI_GUID guid = EFI_MP_SERVICES_PROTOCOL_GUID;
	UINTN total = 0, enabled = 0;
	struct plat_cpu *raw;
	int *order;

	mp_res = res;
	if (test_hook_on(TEST_HOOK_NO_MP) ||
	    BS->LocateProtocol(&guid, 0, (void **)&mp) != EFI_SUCCESS || !mp ||
	    mp->GetNumberOfProcessors(mp, &total, &enabled) != EFI_SUCCESS ||
	    total == 0) {
		mp = 0;
		if (single_cpu() != 0)
			return -1;
		msgs_add(&res->warnings, "firmware has no MP services: "
			 "measuring on the boot cpu only");
		return fault_init(cpu_count);
	}
	if (total > BM_MAX_CPUS) {
		msgs_add(&res->warnings, "%u logical processors: only the "
			 "first %d are used", (unsigned)total, BM_MAX_CPUS);
		total = BM_MAX_CPUS;
	}
	raw = plat_alloc(sizeof(*raw) * (size_t)total);
	order = plat_alloc(sizeof(*order) * (size_t)total);
	if (!raw || !order) {
		plat_free(raw);
		plat_free(order);
		return -1;
	}
	for (UINTN i = 0; i < total; i++) {
		EFI_PROCESSOR_INFORMATION info = { 0 };
		struct plat_cpu *c = &raw[i];

		*c = (struct plat_cpu){ .platform_cpu = (int)i };
		if (mp->GetProcessorInfo(mp, i, &info) != EFI_SUCCESS)
			continue;
		c->apic_id = (uint32_t)info.ProcessorId;
		c->package = (int)info.Location.Package;
		c->core = (int)info.Location.Core;
		c->thread = (int)info.Location.Thread;
		c->bsp = !!(info.StatusFlag & PROCESSOR_AS_BSP_BIT);
		c->usable = (info.StatusFlag & PROCESSOR_ENABLED_BIT) &&
			    (info.StatusFlag & PROCESSOR_HEALTH_STATUS_BIT);
	}
	/* baremem's numbers (lib/hw/cpuorder.h): siblings after all cores. */
	if (cputable_set(raw, (int)total, order) != 0) {
		plat_free(raw);
		plat_free(order);
		return -1;
	}
	for (int k = 0; k < (int)total; k++)
		mp_number[k] = (UINTN)order[k];
	plat_free(raw);
	plat_free(order);
	cpu_count = (int)total;
	bsp_cpu = cputable_bsp() < 0 ? 0 : cputable_bsp();
	launch_probe(res);
	return fault_init(cpu_count);
}

int mp_bsp(void)
{
	return bsp_cpu;
}

int mp_loose_cpu(void)
{
	return loose_cpu;
}

/* A fault on the boot cpu abandons the run (main.c reports it); returns
 * only when there is no run to abandon. */
void plat_run_window(plat_window_fn fn, void *arg)
{
	if (window_run(bsp_cpu, test_hook_bsp_window(fn, 0), arg) != 0)
		fault_abort_run();
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
	unsigned apic = cputable_at(cpu)->apic_id;

	if (!cputable_at(cpu)->usable)
		return;
	cputable_at(cpu)->usable = 0;
	if (why == LOST_LOOSE) {
		memory_hold_all();
		if (loose_cpu < 0)
			loose_cpu = cpu;
	}
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
static EFI_STATUS start_ap(int cpu, struct ap_call *c, EFI_EVENT event)
{
	EFI_STATUS st;

	uint64_t t0 = ticks_read();

	for (uint64_t us = 0;; us += 1000) {
		st = fw_startup_this(cpu, ap_entry, c, event, c->timeout_us,
				     event ? &c->finished : 0);
		if (st != EFI_NOT_READY ||
		    since_us(t0, us) >= NOT_READY_MS * 1000ull)
			return st;
		idle_a_tick(1000);
	}
}

/* What became of cpu's call c once the firmware is done with it: it
 * came back, or the firmware stopped it (timeout), or, loose, it never
 * said. 1 when the window ran to the end. c is freed unless its AP may
 * still write it. */
static int settle(int cpu, struct ap_call *c, int loose)
{
	int done = __atomic_load_n(&c->done, __ATOMIC_ACQUIRE);

	if (done && !loose) {
		int faulted = c->faulted;
		plat_free(c);
		if (!faulted)
			return 1;
		ap_faulted(cpu);
		return 0;
	}
	give_up(cpu, loose ? LOST_LOOSE : LOST_TIMEOUT, c->timeout_us,
		EFI_TIMEOUT);
	memory_abandon(c);
	return 0;
}

/* c alone on cpu, blocking (the boot cpu waits in the firmware). */
static int run_blocking_one(int cpu, struct ap_call *c)
{
	EFI_STATUS st = start_ap(cpu, c, 0);

	if (st == EFI_SUCCESS && c->done)
		return settle(cpu, c, 0);
	/* A blocking call returns only once the firmware has the AP back
	 * (EFI_TIMEOUT: it stopped the procedure), so what the AP was given
	 * may be freed; the call block is leaked all the same. */
	give_up(cpu, st == EFI_TIMEOUT || st == EFI_SUCCESS ? LOST_TIMEOUT
		     : LOST_START, c->timeout_us, st);
	memory_abandon(c);
	return 0;
}

static struct ap_call *new_call(int cpu, plat_window_fn fn, void *arg,
				uint64_t timeout_us)
{
	struct ap_call *c = mp ? plat_alloc(sizeof *c) : 0;

	if (!c)
		return 0;
	c->fn = fn;
	c->arg = arg;
	c->cpu = cpu;
	c->timeout_us = timeout_us;
	test_hook_ap_call(cpu, &c->fn, &c->timeout_us);
	return c;
}

/* One AP alone: a blocking call, no event to track. */
static int run_one_ap(int cpu, plat_window_fn fn, void *arg,
		      uint64_t timeout_us)
{
	struct ap_call *c = new_call(cpu, fn, arg,
				     launch_timeout_us(timeout_us, 1));
	int ok = c ? run_blocking_one(cpu, c) : 0;

	if (fault_stop_pending())	/* its #MC or NMI ends the run */
		fault_abort_run();
	return ok;
}

/* A cpu listed twice gets one call: the second would find it busy. */
static int listed_before(const int *cpus, int i)
{
	for (int j = 0; j < i; j++)
		if (cpus[j] == cpus[i])
			return 1;
	return 0;
}

/* One window: calls[i] is cpus[i]'s while it is unsettled. */
struct window {
	const int *cpus;
	int n;
	struct ap_call **calls;
	int *ok;
	int completed;
	int waiting;		/* launched and unsettled */
	int loose;		/* a call the firmware never gave back */
	struct all_call all;	/* its StartupAllAPs, when all.n */
	EFI_EVENT all_event;	/* non-blocking StartupAllAPs' */
	uint64_t all_timeout_us;
};

static void settle_slot(struct window *w, int i, int loose)
{
	w->ok[i] = settle(w->cpus[i], w->calls[i], loose);
	w->completed += w->ok[i];
	w->loose |= loose;
	w->calls[i] = 0;
}

/* The window's calls not yet launched, in one StartupAllAPs (blocking
 * when event is 0); the firmware's status. Needs all_by_apic. */
static EFI_STATUS start_all(struct window *w, EFI_EVENT event)
{
	struct all_call *a = &w->all;
	EFI_STATUS st;

	if (!a->apic_ids)
		a->apic_ids = plat_alloc(sizeof(uint32_t) * (size_t)w->n);
	if (!a->calls)
		a->calls = plat_alloc(sizeof(void *) * (size_t)w->n);
	if (!a->apic_ids || !a->calls)
		return EFI_OUT_OF_RESOURCES;
	w->all_timeout_us = 0;
	for (int i = 0; i < w->n; i++) {
		struct ap_call *c = w->calls[i];
		/* a slot with nothing to run holds no APIC id (all ones is
		 * the x2APIC broadcast id, no cpu's own) */
		a->apic_ids[i] = UINT32_MAX;
		a->calls[i] = 0;
		if (!c || c->launched)
			continue;
		a->apic_ids[i] = cputable_at(w->cpus[i])->apic_id;
		a->calls[i] = c;
		if (c->timeout_us > w->all_timeout_us)
			w->all_timeout_us = c->timeout_us;
	}
	a->n = w->n;
	for (uint64_t us = 0, t0 = ticks_read();; us += 1000) {
		st = fw_startup_all(ap_entry_all, a, event, w->all_timeout_us);
		if (st != EFI_NOT_READY ||
		    since_us(t0, us) >= NOT_READY_MS * 1000ull)
			break;
		idle_a_tick(1000);
	}
	if (st != EFI_SUCCESS && st != EFI_TIMEOUT)
		a->n = 0;	/* no AP ran: the calls are still to launch */
	/* StartupAllAPs needs every enabled AP idle (edk2:
	 * StartupAllCPUsWorker), which one the firmware never gave back
	 * is not: start them one by one from now on. */
	if (st == EFI_NOT_READY && all_by_apic) {
		all_by_apic = 0;
		if (mp_res)
			msgs_add(&mp_res->warnings, "StartupAllAPs still finds "
				 "an AP busy after %d ms: APs are started one "
				 "by one from now on", NOT_READY_MS);
	}
	return st;
}

/* After the window's StartupAllAPs came back (or was stopped): an AP
 * that claimed its call is settled; a call no AP claimed (its APIC id
 * was not found after all) stays to be launched on its own. */
static void settle_all(struct window *w)
{
	for (int i = 0; i < w->n; i++)
		if (w->all.calls && w->all.calls[i] && w->calls[i] &&
		    __atomic_load_n(&w->calls[i]->claimed, __ATOMIC_ACQUIRE))
			settle_slot(w, i, 0);
		else if (w->calls[i])
			w->calls[i]->launched = 0;
}

/* Launches the window's APs without blocking: one StartupAllAPs when
 * several run and each finds its slot (and no test hook gave one its
 * own timeout), else a StartupThisAP each. A cpu the firmware will not
 * start is dropped; a refusal of non-blocking calls leaves the rest
 * unlaunched (set_blocking). */
static void launch_async(struct window *w, int aps, int own_timeouts)
{
	EFI_STATUS st;

	if (aps >= 2 && all_by_apic && !own_timeouts &&
	    BS->CreateEvent(0, 0, 0, 0, &w->all_event) == EFI_SUCCESS) {
		st = start_all(w, w->all_event);
		if (st == EFI_SUCCESS) {
			for (int i = 0; i < w->n; i++)
				if (w->calls[i]) {
					w->calls[i]->launched = 1;
					w->waiting++;
				}
			return;
		}
		BS->CloseEvent(w->all_event);
		w->all_event = 0;
		if (st == EFI_UNSUPPORTED) {
			set_blocking(" from the middle of the run on");
			return;
		}
	}
	for (int i = 0; i < w->n && !aps_blocking; i++) {
		struct ap_call *c = w->calls[i];

		if (!c)
			continue;
		if (BS->CreateEvent(0, 0, 0, 0, &c->event) != EFI_SUCCESS) {
			plat_free(c);
			w->calls[i] = 0;
			continue;
		}
		st = start_ap(w->cpus[i], c, c->event);
		if (st == EFI_SUCCESS) {
			c->launched = 1;
			w->waiting++;
			continue;
		}
		BS->CloseEvent(c->event);
		c->event = 0;
		if (st == EFI_UNSUPPORTED) {
			set_blocking(" from the middle of the run on");
			break;
		}
		give_up(w->cpus[i], LOST_START, c->timeout_us, st);
		plat_free(c);
		w->calls[i] = 0;
	}
}

/* Waits for the launched calls. Polls with interrupts on: the firmware
 * signals each event from its timer callback once the AP(s) finished or
 * timed out, so between looks the boot cpu halts until the next
 * interrupt (the firmware's own idle: edk2's CpuSleep) instead of
 * spinning in Stall(): a signal can come no sooner, and a spinning boot
 * cpu costs a core (a host thread under an emulator) while an AP
 * measures. The firmware's timer tick always comes: UEFI events need
 * it, and the app calls MP services at TPL_APPLICATION, interrupts on.
 * An event is closed only after it was signalled (the firmware holds it
 * until then); a call never signalled is given up loose, its memory
 * leaked. */
static void wait_async(struct window *w)
{
	uint64_t t0 = ticks_read();

	for (uint64_t us = 0; w->waiting > 0; us += 100) {
		uint64_t waited_us = since_us(t0, us);

		if (w->all_event) {
			int over = waited_us > w->all_timeout_us + GRACE_US;
			if (!over && BS->CheckEvent(w->all_event) != EFI_SUCCESS)
				goto next;
			if (over) {
				for (int i = 0; i < w->n; i++)
					if (w->calls[i] && w->calls[i]->launched)
						settle_slot(w, i, !w->calls[i]->done);
				/* the firmware still has the call */
				all_by_apic = 0;
				w->loose = 1;
			} else {
				BS->CloseEvent(w->all_event);
				settle_all(w);
			}
			w->all_event = 0;
			w->waiting = 0;
			break;
		}
		for (int i = 0; i < w->n; i++) {
			struct ap_call *c = w->calls[i];
			int over;

			if (!c || !c->launched)
				continue;
			over = waited_us > c->timeout_us + GRACE_US;
			if (!over && BS->CheckEvent(c->event) != EFI_SUCCESS)
				continue;
			if (!over)
				BS->CloseEvent(c->event);
			settle_slot(w, i, over);
			w->waiting--;
		}
next:
		if (w->waiting)
			idle_a_tick(100);
	}
}

/* The calls still unlaunched, with blocking calls: one StartupAllAPs
 * when several are left and each finds its slot, then a StartupThisAP
 * each for the rest (they run one after another). */
static void run_blocking(struct window *w)
{
	int left = 0;

	for (int i = 0; i < w->n; i++)
		left += w->calls[i] != 0;
	if (left >= 2 && all_by_apic && !w->all.n) {
		EFI_STATUS st = start_all(w, 0);
		if (st == EFI_SUCCESS || st == EFI_TIMEOUT)
			settle_all(w);
	}
	for (int i = 0; i < w->n; i++)
		if (w->calls[i]) {
			w->ok[i] = run_blocking_one(w->cpus[i], w->calls[i]);
			w->completed += w->ok[i];
			w->calls[i] = 0;
		}
}

int plat_run_on_cpus(const int *cpus, int n, plat_window_fn fn, void **args,
		     uint64_t timeout_us, int *ok)
{
	struct window w = { .cpus = cpus, .n = n, .ok = ok };
	int bsp_slot = -1, aps = 0, own_timeouts = 0, bsp_faulted = 0;

	for (int i = 0; i < n; i++)
		ok[i] = 0;
	if (n == 1 && cpus[0] != bsp_cpu) {
		if (cpus[0] >= 0 && cpus[0] < cpu_count &&
		    cputable_at(cpus[0])->usable)
			ok[0] = run_one_ap(cpus[0], fn, args[0], timeout_us);
		return ok[0];
	}
	w.calls = plat_alloc(sizeof(*w.calls) * (size_t)n);
	if (!w.calls)
		return 0;
	for (int pass = 0; pass < 2; pass++) {
		for (int i = 0; i < n; i++) {
			int cpu = cpus[i];
			uint64_t t;

			if (cpu < 0 || cpu >= cpu_count ||
			    !cputable_at(cpu)->usable || listed_before(cpus, i))
				continue;
			if (cpu == bsp_cpu) {
				bsp_slot = i;
				continue;
			}
			if (pass == 0) {
				aps++;
				continue;
			}
			/* the first AP started waits for the last */
			t = launch_timeout_us(timeout_us, aps);
			w.calls[i] = new_call(cpu, fn, args[i], t);
			own_timeouts |= w.calls[i] && w.calls[i]->timeout_us != t;
		}
	}
	if (!aps_blocking)
		launch_async(&w, aps, own_timeouts);
	/* The boot cpu's share runs while the APs run theirs, or, when they
	 * must be started with blocking calls, before them. A fault of it
	 * waits for the APs launched (they use the run's buffers) before it
	 * abandons the run. */
	if (bsp_slot >= 0) {
		bsp_faulted = window_run(bsp_cpu,
					 test_hook_bsp_window(fn, w.waiting > 0),
					 args[bsp_slot]) != 0;
		ok[bsp_slot] = !bsp_faulted;
		w.completed += !bsp_faulted;
	}
	wait_async(&w);
	if (bsp_faulted) {
		for (int i = 0; i < n; i++)
			plat_free(w.calls[i]);
	} else {
		run_blocking(&w);
	}
	if (w.loose) {
		memory_abandon(w.all.apic_ids);
		memory_abandon(w.all.calls);
	} else {
		plat_free(w.all.apic_ids);
		plat_free(w.all.calls);
	}
	plat_free(w.calls);
	/* The boot cpu's fault, or an AP's #MC or NMI, ends the run. */
	if (bsp_faulted || fault_stop_pending())
		fault_abort_run();
	return w.completed;
}

/* See platform.h: the boot cpu waits inside blocking calls. */
int plat_bsp_runs_with_aps(void)
{
	return !aps_blocking;
}
