/* x86's timer sources for efi/timer.c: the rate CPUID 15h states for the
 * TSC, the ACPI PM timer (an I/O port) and masking interrupts around a
 * calibration (docs/design.md §5, key `timer`). */
#include "../baremem_efi.h"
#include "arch/x86_64/x86.h"

#define PMTIMER_HZ 3579545ull		/* ACPI spec, 4.8.3.3 */

/* CPUID 15h: TSC = crystal * EBX / EAX when the crystal is given (SDM
 * vol 3B, 18.7.3). Without the crystal 16h's base MHz is only nominal,
 * so calibration is preferred over it. */
UINT64 timer_stated_hz(void)
{
	struct cpuid_regs r;

	if (cpuid(0, 0).eax < 0x15)
		return 0;
	r = cpuid(0x15, 0);
	if (!r.eax || !r.ebx || !r.ecx)
		return 0;
	return (UINT64)r.ecx * r.ebx / r.eax;
}

/* The PM timer's I/O port from the FADT; 0 when there is none (some
 * recent platforms have none), *mask its counter width. */
static UINT16 pmtimer_port(UINT32 *mask)
{
	const UINT8 *fadt = acpi_find_table("FACP");
	UINT32 len;
	UINT64 port = 0;

	if (!fadt)
		return 0;
	len = timer_le32(fadt, 4);
	if (len >= 220 && fadt[208] == 1)	/* X_PM_TMR_BLK, system I/O */
		port = timer_le64(fadt, 212);
	if (!port && len >= 80)
		port = timer_le32(fadt, 76);
	if (!port || port > 0xffff)
		return 0;
	*mask = (len >= 116 && (timer_le32(fadt, 112) & (1u << 8)))
			? 0xffffffffu : 0xffffffu;
	return (UINT16)port;
}

static UINT64 read_pm(void *ctx)
{
	return port_in32((UINT16)(UINTN)ctx);
}

UINT64 timer_hz_from_pmtimer(double *ppm)
{
	UINT32 mask = 0;
	UINT16 port = pmtimer_port(&mask);

	if (!port)
		return 0;
	return timer_calibrate_against(read_pm, (void *)(UINTN)port, mask,
				       (double)PMTIMER_HZ, ppm);
}

UINT64 timer_irq_off(void)
{
	return irq_save();
}

void timer_irq_restore(UINT64 flags)
{
	irq_restore(flags);
}
