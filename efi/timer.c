/* The TSC frequency: from CPUID 15h, else calibrated against the ACPI PM
 * timer, the HPET or the firmware's Stall() (docs/design.md §5, key `timer`). */
#include "baremem_efi.h"
#include "arch/arch.h"
#include "arch/x86_64/x86.h"

#define PMTIMER_HZ 3579545ull		/* ACPI spec, 4.8.3.3 */
#define CALIBRATE_NS 100000000ull	/* 100 ms: the first try */
#define CALIBRATE_MAX_NS 1600000000ull	/* 1.6 s: the longest */
#define BOUND_PPM 1000.0		/* 0.1 %: what a calibration must reach */

struct fadt_tail {	/* the FADT fields used here, by offset */
	UINT32 pm_tmr_blk;	/* offset 76 */
	UINT32 flags;		/* offset 112 */
	UINT8 x_pm_tmr_space;	/* offset 208: GAS address space id */
	UINT64 x_pm_tmr_addr;	/* offset 212 */
};

static UINT32 rd32(const void *base, UINTN off)
{
	const UINT8 *p = (const UINT8 *)base + off;
	return (UINT32)p[0] | (UINT32)p[1] << 8 | (UINT32)p[2] << 16 |
	       (UINT32)p[3] << 24;
}

static UINT64 rd64(const void *base, UINTN off)
{
	return (UINT64)rd32(base, off) | (UINT64)rd32(base, off + 4) << 32;
}

/* CPUID 15h: TSC = crystal * EBX / EAX when the crystal is given (SDM
 * vol 3B, 18.7.3). Without the crystal 16h's base MHz is only nominal,
 * so calibration is preferred over it. */
static UINT64 tsc_from_cpuid(void)
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
	len = rd32(fadt, 4);
	if (len >= 220 && fadt[208] == 1)	/* X_PM_TMR_BLK, system I/O */
		port = rd64(fadt, 212);
	if (!port && len >= 80)
		port = rd32(fadt, 76);
	if (!port || port > 0xffff)
		return 0;
	*mask = (len >= 116 && (rd32(fadt, 112) & (1u << 8))) ? 0xffffffffu
							     : 0xffffffu;
	return (UINT16)port;
}

/* One calibration: TSC ticks between two edges of a reference counter
 * `ticks` (or a few more) apart. An edge is known to lie between the start
 * of the read before the one that saw it and the end of the one that saw
 * it; the TSC stamp is the middle of that window and the error half its
 * width, at each end. So the bound covers slow reads (a PM timer read is
 * about 1 us on real chipsets, several of its ticks) as well as the
 * tick. Returns the TSC ticks; *ref_ticks the reference ticks between the
 * edges, *err_ticks the bound on the TSC side. */
static UINT64 calibrate(UINT64 (*read_ref)(void *), void *ctx, UINT64 mask,
			UINT64 ticks, UINT64 *ref_ticks, UINT64 *err_ticks)
{
	UINT64 r0, r, ta, tb, prev, s_lo, s_hi, e_lo, e_hi, elapsed, flags;

	flags = irq_save();
	prev = ticks_read();
	r0 = read_ref(ctx);
	for (;;) {
		ta = ticks_read();
		r = read_ref(ctx);
		tb = ticks_read();
		if (r != r0)
			break;
		prev = ta;
	}
	s_lo = prev;
	s_hi = tb;
	r0 = r;
	prev = ta;
	for (;;) {
		ta = ticks_read();
		r = read_ref(ctx);
		tb = ticks_read();
		elapsed = (r - r0) & mask;
		if (elapsed >= ticks)
			break;
		prev = ta;
	}
	e_lo = prev;
	e_hi = tb;
	irq_restore(flags);
	*ref_ticks = elapsed;
	*err_ticks = ((s_hi - s_lo) + (e_hi - e_lo)) / 2 + 1;
	return (e_lo + e_hi) / 2 - (s_lo + s_hi) / 2;
}

/* Calibrates over longer intervals until the bound is under BOUND_PPM
 * (or the longest interval is spent). ref_hz: the reference's rate. */
static UINT64 calibrate_bounded(UINT64 (*read_ref)(void *), void *ctx,
				UINT64 mask, double ref_hz, double *ppm)
{
	UINT64 ref, err, tsc = 0;

	for (UINT64 ns = CALIBRATE_NS; ns <= CALIBRATE_MAX_NS; ns *= 4) {
		UINT64 want = (UINT64)(ref_hz * (double)ns / 1e9);
		/* a counter that wraps within the interval cannot time it */
		if (want >= mask / 2)
			break;
		tsc = calibrate(read_ref, ctx, mask, want, &ref, &err);
		*ppm = tsc ? 1e6 * (double)err / (double)tsc : -1;
		if (tsc && *ppm < BOUND_PPM)
			break;
	}
	return tsc && ref ? (UINT64)((double)tsc * ref_hz / (double)ref) : 0;
}

static UINT64 read_pm(void *ctx)
{
	return port_in32((UINT16)(UINTN)ctx);
}

static UINT64 tsc_from_pmtimer(double *ppm)
{
	UINT32 mask = 0;
	UINT16 port = pmtimer_port(&mask);

	if (!port)
		return 0;
	return calibrate_bounded(read_pm, (void *)(UINTN)port, mask,
				 (double)PMTIMER_HZ, ppm);
}

struct hpet {
	volatile UINT64 *regs;
};

static UINT64 read_hpet(void *ctx)
{
	return ((struct hpet *)ctx)->regs[0xf0 / 8];
}

/* The HPET from its ACPI table: period in fs in capabilities[63:32],
 * main counter at 0xF0, enable bit 0 of the configuration at 0x10. */
static UINT64 tsc_from_hpet(double *ppm)
{
	const UINT8 *t = acpi_find_table("HPET");
	struct hpet h;
	UINT64 cap, period_fs, cfg, tsc, mask;

	if (!t || rd32(t, 4) < 56 || t[40] != 0)	/* GAS in memory */
		return 0;
	h.regs = (volatile UINT64 *)(UINTN)rd64(t, 44);
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
	tsc = calibrate_bounded(read_hpet, &h, mask, 1e15 / (double)period_fs,
				ppm);
	if (!(cfg & 1))
		h.regs[0x10 / 8] = cfg;
	return tsc;
}

/* Stall() promises "at least" the time asked (UEFI spec, 7.5) and
 * nothing about how much more: two lengths, differenced, cancel the
 * call's fixed overhead, but no bound can be given. */
static UINT64 tsc_from_stall(void)
{
	UINT64 t0, t1, t2;

	t0 = ticks_read();
	BS->Stall(CALIBRATE_NS / 10000);
	t1 = ticks_read();
	BS->Stall(CALIBRATE_NS / 10000 + CALIBRATE_NS / 1000);
	t2 = ticks_read();
	return ((t2 - t1) - (t1 - t0)) * (1000000000u / CALIBRATE_NS);
}

void timer_calibrate(struct run_results *res)
{
	enum bm_timer want = res->config.timer;
	double ppm = -1;
	UINT64 hz = 0;

	if (want == BM_TIMER_AUTO || want == BM_TIMER_CPUID) {
		hz = tsc_from_cpuid();
		res->tsc_source = "cpuid";
		if (!hz && want == BM_TIMER_CPUID)
			msgs_add(&res->warnings, "timer=cpuid: CPUID leaf 15h "
				 "gives no TSC frequency; calibrating instead");
	}
	if (!hz && want != BM_TIMER_HPET && want != BM_TIMER_STALL) {
		hz = tsc_from_pmtimer(&ppm);
		res->tsc_source = "pmtimer";
		if (!hz && want == BM_TIMER_PMTIMER)
			msgs_add(&res->warnings, "timer=pmtimer: no ACPI PM "
				 "timer on this machine; trying the HPET");
	}
	if (!hz && want != BM_TIMER_STALL) {
		hz = tsc_from_hpet(&ppm);
		res->tsc_source = "hpet";
		if (!hz && want == BM_TIMER_HPET)
			msgs_add(&res->warnings, "timer=hpet: no usable HPET; "
				 "using the firmware's Stall()");
	}
	if (!hz) {
		hz = tsc_from_stall();
		ppm = -1;
		res->tsc_source = "stall";
		msgs_add(&res->warnings, "TSC rate from the firmware's Stall(), "
			 "which states no accuracy: no error bound, ns may be "
			 "off by more than 0.1 %%");
	} else if (ppm >= BOUND_PPM) {
		msgs_add(&res->warnings, "TSC calibration against the %s is "
			 "only good to %.0f ppm (wanted < %.0f)",
			 res->tsc_source, ppm, BOUND_PPM);
	}
	res->tsc_hz = hz;
	res->tsc_error_ppm = ppm;
}
