/* x86's timer sources for efi/timer.c, in the order `timer=auto` tries
 * them: the rate CPUID 15h states for the TSC, the ACPI PM timer (an I/O
 * port), the HPET (memory-mapped, from its ACPI table); and masking
 * interrupts around a calibration (docs/design.md §5, key `timer`). */
#include "../baremem_efi.h"
#include "arch/x86_64/x86.h"

#define PMTIMER_HZ 3579545ull		/* ACPI spec, 4.8.3.3 */

/* CPUID 15h: TSC = crystal * EBX / EAX when the crystal is given (SDM
 * vol 3B, 18.7.3). Without the crystal 16h's base MHz is only nominal,
 * so calibration is preferred over it. */
static UINT64 stated_hz(double *ppm)
{
	struct cpuid_regs r;

	(void)ppm;	/* a stated rate has no bound: left at -1 */
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

static UINT64 pmtimer_hz(double *ppm)
{
	UINT32 mask = 0;
	UINT16 port = pmtimer_port(&mask);

	if (!port)
		return 0;
	return timer_calibrate_against(read_pm, (void *)(UINTN)port, mask,
				       (double)PMTIMER_HZ, ppm);
}

struct hpet {
	volatile UINT64 *regs;
};

static UINT64 read_hpet(void *ctx)
{
	return ((struct hpet *)ctx)->regs[0xf0 / 8];
}

/* The HPET from its ACPI table (IA-PC HPET specification, 1.0a: the
 * table is x86's): period in fs in capabilities[63:32], main counter at
 * 0xF0, enable bit 0 of the configuration at 0x10. */
static UINT64 hpet_hz(double *ppm)
{
	const UINT8 *t = acpi_find_table("HPET");
	struct hpet h;
	UINT64 cap, period_fs, cfg, tsc, mask;

	if (!t || timer_le32(t, 4) < 56 || t[40] != 0)	/* GAS in memory */
		return 0;
	h.regs = (volatile UINT64 *)(UINTN)timer_le64(t, 44);
	if (!h.regs)
		return 0;
	cap = h.regs[0];
	period_fs = cap >> 32;
	if (period_fs == 0 || period_fs > 100000000u)	/* spec: <= 100 ns */
		return 0;
	mask = (cap & (1u << 13)) ? ~0ull : 0xffffffffull;
	cfg = h.regs[0x10 / 8];
	if (!(cfg & 1))
		h.regs[0x10 / 8] = cfg | 1;
	tsc = timer_calibrate_against(read_hpet, &h, mask,
				      1e15 / (double)period_fs, ppm);
	if (!(cfg & 1))
		h.regs[0x10 / 8] = cfg;
	return tsc;
}

const struct timer_source timer_sources[] = {
	{ BM_TIMER_CPUID, "cpuid", stated_hz, "timer=cpuid: CPUID leaf 15h "
	  "gives no TSC frequency; calibrating instead" },
	{ BM_TIMER_PMTIMER, "pmtimer", pmtimer_hz, "timer=pmtimer: no ACPI "
	  "PM timer on this machine; trying the HPET" },
	{ BM_TIMER_HPET, "hpet", hpet_hz, "timer=hpet: no usable HPET; using "
	  "the firmware's Stall()" },
};
const int timer_source_count =
	(int)(sizeof timer_sources / sizeof timer_sources[0]);

UINT64 timer_irq_off(void)
{
	return irq_save();
}

void timer_irq_restore(UINT64 flags)
{
	irq_restore(flags);
}
