/* The other cpus through the firmware's EFI_MP_SERVICES_PROTOCOL, on
 * AArch64 firmware that has one (NVIDIA Grace; some Ampere Altra boards;
 * edk2's ArmPkg/Drivers/ArmPsciMpServicesDxe): mp_arm.c's dispatcher
 * uses it in place of its own PSCI CPU_ON (psci_arm.c), since the
 * firmware then owns the cpus. Each cpu's share is one non-blocking
 * StartupThisAP with an event of its own; the dispatcher polls it
 * (arm_mps_poll) against the same deadlines as the PSCI path.
 * The processors are matched to the MADT's cpus by ProcessorId, which
 * ArmPsciMpServicesDxe fills with the cpu's MPIDR affinity fields
 * (Aff3 in bits 32-39, Aff2-Aff0 in bits 0-23, as MPIDR_EL1 has them). */
#include "arm_efi.h"
#include "mp_services.h"
#include "util/fmt.h"

/* MPIDR_EL1's affinity fields (Arm ARM D17.2.101): Aff3 39:32,
 * Aff2 23:16, Aff1 15:8, Aff0 7:0. */
#define MPIDR_AFFINITY_MASK 0xff00ffffffull

static EFI_MP_SERVICES_PROTOCOL *mps;

/* One share handed to the firmware. Never freed while the firmware may
 * still signal its event or the cpu may still run. */
struct arm_mps_call {
	arm_cpu_fn work;
	void *arg;
	EFI_EVENT event;
	volatile int done;	/* set by the cpu once work returned */
};

/* The protocol is not used: 0 for arm_mps_init. */
static int unused(void)
{
	mps = 0;
	return 0;
}

static VOID EFIAPI mps_entry(VOID *p)
{
	struct arm_mps_call *c = p;

	c->work(c->arg);
	__atomic_store_n(&c->done, 1, __ATOMIC_RELEASE);
}

static void probe_work(void *arg)
{
	(void)arg;
}

/* Whether the firmware takes a non-blocking StartupThisAP on processor
 * number: once, before any window, with work that returns at once. 1
 * when it ran, 0 when refused or never came back (why says so). */
static int probe(UINTN number, char *why, size_t why_cap)
{
	struct arm_mps_call *c = arm_mps_start(number, probe_work, 0,
					       1000000u, why, why_cap);

	for (int ms = 0; c && ms < 2000; ms++) {
		enum arm_mps_state st = arm_mps_poll(c);

		if (st == ARM_MPS_DONE) {
			arm_mps_free(c);
			return 1;
		}
		if (st == ARM_MPS_STOPPED)
			break;
		BS->Stall(1000);
	}
	if (c)
		fmt(why, why_cap, "a call that returns at once did not come "
		    "back within 2 s");
	return 0;
}

int arm_mps_init(struct run_results *res, const uint64_t *mpidr, int n,
		 int bsp, long long *number)
{
	EFI_GUID guid = EFI_MP_SERVICES_PROTOCOL_GUID;
	UINTN total = 0, enabled = 0;
	int probe_cpu = -1;
	char why[160];

	mps = 0;
	for (int k = 0; k < n; k++)
		number[k] = -1;
	if (BS->LocateProtocol(&guid, 0, (void **)&mps) != EFI_SUCCESS || !mps)
		return unused();
	if (mps->GetNumberOfProcessors(mps, &total, &enabled) != EFI_SUCCESS ||
	    total == 0) {
		msgs_add(&res->warnings, "the firmware's MP services give no "
			 "processor count: the cpus are started by PSCI");
		return unused();
	}
	for (UINTN i = 0; i < total; i++) {
		EFI_PROCESSOR_INFORMATION info = { 0 };

		if (mps->GetProcessorInfo(mps, i, &info) != EFI_SUCCESS ||
		    !(info.StatusFlag & PROCESSOR_ENABLED_BIT) ||
		    !(info.StatusFlag & PROCESSOR_HEALTH_STATUS_BIT))
			continue;
		for (int k = 0; k < n; k++)
			if (number[k] < 0 &&
			    ((info.ProcessorId ^ mpidr[k]) &
			     MPIDR_AFFINITY_MASK) == 0)
				number[k] = (long long)i;
	}
	for (int k = 0; k < n && probe_cpu < 0; k++)
		if (k != bsp && number[k] >= 0)
			probe_cpu = k;
	if (probe_cpu < 0) {
		msgs_add(&res->warnings, "the firmware's MP services name "
			 "none of the MADT's other cpus: the cpus are started by "
			 "PSCI");
		return unused();
	}
	if (!probe((UINTN)number[probe_cpu], why, sizeof why)) {
		msgs_add(&res->warnings, "the firmware's MP services would not "
			 "run a call on cpu %d (MPIDR 0x%llx): %s; the cpus are "
			 "started by PSCI", probe_cpu,
			 (unsigned long long)mpidr[probe_cpu], why);
		return unused();
	}
	return 1;
}

struct arm_mps_call *arm_mps_start(UINTN number, arm_cpu_fn work, void *arg,
				   uint64_t timeout_us, char *why,
				   size_t why_cap)
{
	struct arm_mps_call *c = plat_alloc(sizeof *c);
	EFI_STATUS st = EFI_OUT_OF_RESOURCES;

	if (!c) {
		fmt(why, why_cap, "out of memory for its call");
		return 0;
	}
	*c = (struct arm_mps_call){ work, arg, 0, 0 };
	if (BS->CreateEvent(0, 0, 0, 0, &c->event) == EFI_SUCCESS) {
		/* The firmware may hold an AP a moment after its last call
		 * (EFI_NOT_READY until its timer marks it idle). */
		for (int ms = 0; ms < 2000; ms++) {
			st = mps->StartupThisAP(mps, mps_entry, number,
						c->event, (UINTN)timeout_us, c,
						0);
			if (st != EFI_NOT_READY)
				break;
			BS->Stall(1000);
		}
		if (st == EFI_SUCCESS)
			return c;
		BS->CloseEvent(c->event);
	}
	fmt(why, why_cap, "the firmware's StartupThisAP refused it (status "
	    "0x%llx%s)", (unsigned long long)st,
	    st == EFI_UNSUPPORTED ? ": no non-blocking calls" : "");
	plat_free(c);
	return 0;
}

enum arm_mps_state arm_mps_poll(struct arm_mps_call *c)
{
	if (c->event && BS->CheckEvent(c->event) == EFI_SUCCESS) {
		/* signalled: the firmware is done with the call */
		BS->CloseEvent(c->event);
		c->event = 0;
	}
	if (c->event)
		return ARM_MPS_RUNNING;
	return __atomic_load_n(&c->done, __ATOMIC_ACQUIRE) ? ARM_MPS_DONE
							   : ARM_MPS_STOPPED;
}

void arm_mps_free(struct arm_mps_call *c)
{
	plat_free(c);
}

int arm_mps_wait(struct arm_mps_call *c, int (*past)(void *), void *clock,
		 char *why, size_t why_cap)
{
	for (;;) {
		enum arm_mps_state st = arm_mps_poll(c);

		if (st == ARM_MPS_DONE) {
			arm_mps_free(c);
			return 0;
		}
		if (st == ARM_MPS_STOPPED) {
			fmt(why, why_cap, "it did not finish in time; the "
			    "firmware's MP services stopped it");
			return -1;
		}
		if (past(clock)) {
			fmt(why, why_cap, "it did not finish in time and the "
			    "firmware's MP services never reported it stopped; "
			    "left running, its memory kept");
			return -2;
		}
		BS->Stall(100);
	}
}
