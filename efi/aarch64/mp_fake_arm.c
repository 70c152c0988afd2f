/* The AArch64 test image's stand-in for firmware MP services (hook
 * mp-services-fake): an EFI_MP_SERVICES_PROTOCOL installed before the
 * app looks for one, so a QEMU boot (AAVMF has none) takes the app's MP
 * services path (mp_services_arm.c) end to end on real AArch64 code. It
 * works as edk2's ArmPkg/Drivers/ArmPsciMpServicesDxe does: the MADT's
 * cpus are its processors (ProcessorId the MPIDR as MPIDR_EL1 reads,
 * RES1 bit 31 set), StartupThisAP starts the cpu on the procedure by
 * PSCI CPU_ON (psci_arm.c), and a periodic timer event signals the
 * caller's event once the procedure returned and PSCI reports the cpu
 * off. Only non-blocking calls, the app's only kind; a timeout is not
 * enforced (a cpu that never returns is never signalled). Built only
 * with BAREMEM_TEST_HOOKS. */
#ifdef BAREMEM_TEST_HOOKS
#include "arm_efi.h"
#include "mp_services.h"
#include "sysreg.h"
#include "util/out.h"

/* Arm ARM D17.2.101: MPIDR_EL1 bit 31 is RES1. */
#define MPIDR_RES1 (1ull << 31)
/* How often the timer checks a call: 1 ms, in 100 ns units. */
#define POLL_100NS 10000

static const struct arm_machine *fake_machine;

struct fake_call {
	EFI_AP_PROCEDURE proc;
	VOID *arg;
	struct arm_cpu_call *cpu;
	EFI_EVENT caller;	/* signalled once the cpu is off again */
	EFI_EVENT timer;
	int signalled;
};

static EFI_STATUS EFIAPI fake_count(EFI_MP_SERVICES_PROTOCOL *this,
				    UINTN *total, UINTN *enabled)
{
	*total = (UINTN)fake_machine->madt->count;
	*enabled = (UINTN)fake_machine->madt->enabled;
	return EFI_SUCCESS;
}

static EFI_STATUS EFIAPI fake_info(EFI_MP_SERVICES_PROTOCOL *this, UINTN i,
				   EFI_PROCESSOR_INFORMATION *info)
{
	const struct madt_gicc *madt = fake_machine->madt;

	if (i >= (UINTN)madt->count)
		return EFI_NOT_FOUND;
	info->ProcessorId = madt->cpu[i].mpidr | MPIDR_RES1;
	info->StatusFlag = PROCESSOR_HEALTH_STATUS_BIT |
		(madt->cpu[i].enabled ? PROCESSOR_ENABLED_BIT : 0) |
		(madt->cpu[i].mpidr == fake_machine->mpidr
			 ? PROCESSOR_AS_BSP_BIT : 0);
	return EFI_SUCCESS;
}

static void fake_run(void *p)
{
	struct fake_call *c = p;

	c->proc(c->arg);
}

/* The timer's callback: once the procedure returned and PSCI reports
 * the cpu off (arm_cpu_wait, given a second), the caller's event. */
static VOID EFIAPI fake_poll(EFI_EVENT timer, VOID *p)
{
	struct fake_call *c = p;
	char why[120];

	if (c->signalled || !arm_cpu_done(c->cpu))
		return;
	c->signalled = 1;
	BS->SetTimer(c->timer, TimerCancel, 0);
	if (arm_cpu_wait(c->cpu, read_cntvct_el0() + read_cntfrq_el0(), why,
			 sizeof why) != 0)
		out("test image: fake MP services: %s\n", why);
	BS->SignalEvent(c->caller);
}

static EFI_STATUS EFIAPI fake_this_ap(EFI_MP_SERVICES_PROTOCOL *this,
				      EFI_AP_PROCEDURE proc, UINTN number,
				      EFI_EVENT event, UINTN timeout_us,
				      VOID *arg, BOOLEAN *finished)
{
	struct fake_call *c;
	char why[120];

	if (!event)
		return EFI_UNSUPPORTED;
	if (number >= (UINTN)fake_machine->madt->count ||
	    fake_machine->madt->cpu[number].mpidr == fake_machine->mpidr)
		return EFI_INVALID_PARAMETER;
	c = plat_alloc(sizeof *c);
	if (!c)
		return EFI_OUT_OF_RESOURCES;
	*c = (struct fake_call){ proc, arg, 0, event, 0, 0 };
	if (BS->CreateEvent(EVT_TIMER | EVT_NOTIFY_SIGNAL, TPL_CALLBACK,
			    fake_poll, c, &c->timer) != EFI_SUCCESS) {
		plat_free(c);
		return EFI_OUT_OF_RESOURCES;
	}
	c->cpu = arm_cpu_start(fake_machine->madt->cpu[number].mpidr,
			       fake_run, c, why, sizeof why);
	if (!c->cpu) {
		out("test image: fake MP services: %s\n", why);
		BS->CloseEvent(c->timer);
		plat_free(c);
		return EFI_DEVICE_ERROR;
	}
	/* kept: the timer's callback and the cpu use it */
	BS->SetTimer(c->timer, TimerPeriodic, POLL_100NS);
	return EFI_SUCCESS;
}

static EFI_MP_SERVICES_PROTOCOL fake_mps = {
	.GetNumberOfProcessors = fake_count,
	.GetProcessorInfo = fake_info,
	.StartupThisAP = fake_this_ap,
};

void test_hook_mp_services_arm(const struct arm_machine *m)
{
	EFI_GUID guid = EFI_MP_SERVICES_PROTOCOL_GUID;
	EFI_HANDLE handle = 0;

	if (!test_hook_on(TEST_HOOK_MP_SERVICES_FAKE) || !m->madt)
		return;
	fake_machine = m;
	if (arm_psci_init(m) < 0 ||
	    BS->InstallProtocolInterface(&handle, &guid, EFI_NATIVE_INTERFACE,
					 &fake_mps) != EFI_SUCCESS)
		out("test image: the fake MP services could not be installed\n");
	else
		out("test image: fake EFI_MP_SERVICES_PROTOCOL installed "
		    "(over PSCI)\n");
}
#endif
