/* The tick counter's rate: from the first of the architecture's sources
 * that gives one (x86: as CPUID states it, else calibrated against the
 * ACPI PM timer or the HPET), else the firmware's Stall() (docs/design.md
 * §5, key `timer`). What is the architecture's (its sources, interrupts
 * masked while calibrating) is in efi/x86_64/timer_x86.c; the
 * calibration against a reference counter and its tries (lib/hw/calib.c)
 * are every architecture's. */
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
	int i = 0;

	/* `timer` names where to start in the architecture's list; auto
	 * starts at its head, stall past its end. */
	if (want != BM_TIMER_AUTO)
		while (i < timer_source_count && timer_sources[i].key != want)
			i++;
	for (; !hz && i < timer_source_count; i++) {
		const struct timer_source *s = &timer_sources[i];

		ppm = -1;
		hz = s->hz(&ppm);
		res->tsc_source = s->name;
		if (!hz && s->key == want)
			msgs_add(&res->warnings, "%s", s->missing);
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
