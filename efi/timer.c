/* The TSC frequency: from CPUID 15h, else calibrated against the ACPI PM
 * timer, the HPET or the firmware's Stall() (DESIGN §5, key `timer`). */
#include "baremem_efi.h"
#include "cpu.h"

#define PMTIMER_HZ 3579545ull		/* ACPI spec, 4.8.3.3 */
#define CALIBRATE_NS 100000000ull	/* 100 ms per calibration */

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

static UINT32 inl(UINT16 port)
{
	UINT32 v;
	__asm__ volatile("inl %1, %0" : "=a"(v) : "Nd"(port));
	return v;
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

/* Counts TSC ticks over `ticks` of a reference counter read by read_ref,
 * starting and ending on a fresh reference tick so the error is one tick
 * at each end. */
static UINT64 calibrate(UINT64 (*read_ref)(void *), void *ctx, UINT64 mask,
			UINT64 ticks, UINT64 *ref_ticks)
{
	UINT64 r0, r, t0, t1, elapsed = 0, flags;

	__asm__ volatile("pushfq\n\tpop %0\n\tcli" : "=r"(flags) : : "memory");
	r0 = read_ref(ctx);
	while ((r = read_ref(ctx)) == r0)
		;
	t0 = tsc_read();
	r0 = r;
	while (elapsed < ticks) {
		r = read_ref(ctx);
		elapsed = (r - r0) & mask;
	}
	t1 = tsc_read();
	if (flags & (1u << 9))
		__asm__ volatile("sti" : : : "memory");
	*ref_ticks = elapsed;
	return t1 - t0;
}

static UINT64 read_pm(void *ctx)
{
	return inl((UINT16)(UINTN)ctx);
}

static UINT64 tsc_from_pmtimer(double *ppm)
{
	UINT32 mask = 0;
	UINT16 port = pmtimer_port(&mask);
	UINT64 ref, tsc;

	if (!port)
		return 0;
	tsc = calibrate(read_pm, (void *)(UINTN)port, mask,
			PMTIMER_HZ * CALIBRATE_NS / 1000000000u, &ref);
	*ppm = 2e6 / (double)ref;
	return tsc * PMTIMER_HZ / ref;
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
	UINT64 cap, period_fs, cfg, ref, tsc, mask;

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
	tsc = calibrate(read_hpet, &h, mask,
			CALIBRATE_NS * 1000000u / period_fs, &ref);
	if (!(cfg & 1))
		h.regs[0x10 / 8] = cfg;
	*ppm = 2e6 / (double)ref;
	return (UINT64)((double)tsc * 1e15 / ((double)ref * (double)period_fs));
}

static UINT64 tsc_from_stall(void)
{
	UINT64 t0 = tsc_read();

	BS->Stall(CALIBRATE_NS / 1000);
	return (tsc_read() - t0) * (1000000000u / CALIBRATE_NS);
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
	}
	res->tsc_hz = hz;
	res->tsc_error_ppm = ppm;
}
