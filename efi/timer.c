/* The tick counter's rate: as the cpu states it, else calibrated against
 * the ACPI PM timer, the HPET or the firmware's Stall() (docs/design.md
 * §5, key `timer`). The architecture's sources (x86: CPUID 15h, the PM
 * timer's port, interrupts masked while calibrating) are in
 * efi/x86_64/timer_x86.c. */
#include "baremem_efi.h"
#include "arch/arch.h"
#include "hw/calib.h"

/* The tries' lengths, order and bound: lib/hw/calib.h. */
#define CALIBRATE_NS CALIB_SHORT_NS	/* Stall()'s own two lengths */
#define BOUND_PPM CALIB_BOUND_PPM

UINT32 timer_le32(const void *base, UINTN off)
{
	const UINT8 *p = (const UINT8 *)base + off;
	return (UINT32)p[0] | (UINT32)p[1] << 8 | (UINT32)p[2] << 16 |
	       (UINT32)p[3] << 24;
}

UINT64 timer_le64(const void *base, UINTN off)
{
	return (UINT64)timer_le32(base, off) |
	       (UINT64)timer_le32(base, off + 4) << 32;
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

	flags = timer_irq_off();
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
	timer_irq_restore(flags);
	*ref_ticks = elapsed;
	*err_ticks = ((s_hi - s_lo) + (e_hi - e_lo)) / 2 + 1;
	return (e_lo + e_hi) / 2 - (s_lo + s_hi) / 2;
}

/* A reference counter as lib/hw/calib.h's tries see it. */
struct reference {
	UINT64 (*read)(void *);
	void *ctx;
	UINT64 mask;
};

static int try_reference(void *ctx, uint64_t ref_ticks,
			 struct calib_reading *out)
{
	struct reference *r = ctx;

	out->ticks = calibrate(r->read, r->ctx, r->mask, ref_ticks,
			       &out->ref_ticks, &out->err_ticks);
	return out->ticks && out->ref_ticks ? 0 : -1;
}

/* Calibrates in lib/hw/calib.h's tries until one is under BOUND_PPM
 * (or the longest interval is spent). ref_hz: the reference's rate. */
UINT64 timer_calibrate_against(UINT64 (*read_ref)(void *), void *ctx,
			       UINT64 mask, double ref_hz, double *ppm)
{
	struct reference r = { read_ref, ctx, mask };
	int tries;

	return calib_run(try_reference, &r, ref_hz, mask, ppm, &tries);
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
		hz = timer_stated_hz();
		res->tsc_source = "cpuid";
		if (!hz && want == BM_TIMER_CPUID)
			msgs_add(&res->warnings, "timer=cpuid: CPUID leaf 15h "
				 "gives no TSC frequency; calibrating instead");
	}
	if (!hz && want != BM_TIMER_HPET && want != BM_TIMER_STALL) {
		hz = timer_hz_from_pmtimer(&ppm);
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
