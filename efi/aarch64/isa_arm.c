/* FP/SIMD and SVE for the AArch64 app's bandwidth kernels on every cpu
 * (kernels/bw.h's isa_usable_here; the kernels and their table are
 * kernels/aarch64/, the same objects' sources as the Linux runner's).
 *
 * UEFI hands the app FP/SIMD enabled; SVE firmware leaves trapped
 * (CPACR_EL1.ZEN at EL1; CPTR_EL2.TZ at EL2, or its ZEN with
 * HCR_EL2.E2H) and its vector length is ZCR_ELx's. So each cpu, the
 * boot cpu at start and each cpu PSCI starts before its work, untraps
 * FP/SIMD and SVE for its own level and sets ZCR_ELx.LEN to its largest
 * (the cpu takes the longest length it implements); the cpus PSCI starts
 * also take the boot cpu's trap register (psci_arm.c). Then every cpu
 * reads its length back (CNTB): SVE kernels run only where all agree, as
 * a figure from cpus of unlike vectors would mix unlike work; a
 * disagreement is a warning and NEON measures. The boot cpu's firmware
 * values go back at the end. isa= naming no sve leaves SVE's state
 * untouched: on a firmware whose EL3 traps SVE (Arm trusted firmware
 * without ENABLE_SVE_FOR_NS), the first SVE access would end the app,
 * and isa=neon is the way round it (docs/method.md). */
#include "arm_efi.h"
#include "sysreg.h"
#include "arch/aarch64/sve_access.h"
#include "aarch64/bw_arm.h"
#include "hw/cputable.h"
#include "util/fmt.h"
#include "util/out.h"

#define CHECK_TIMEOUT_US 10000000u	/* a cpu that takes longer is stuck */

static int sve_wanted;	/* isa=auto, or a list naming sve */
static int sve_agreed;	/* every cpu read back the same length */
static enum arm_trap_reg trap_reg;
static struct {
	int saved;
	uint64_t trap, zcr;
} fw;

static uint64_t trap_read(void)
{
	return trap_reg == ARM_TRAP_CPACR_EL1 ? read_cpacr_el1()
					      : read_cptr_el2();
}

static void trap_write(uint64_t v)
{
	if (trap_reg == ARM_TRAP_CPACR_EL1)
		write_cpacr_el1(v);
	else
		write_cptr_el2(v);
	__asm__ volatile("isb" ::: "memory");
}

static uint64_t zcr_read(void)
{
	return arm_el() == 2 ? read_zcr_el2() : read_zcr_el1();
}

static void zcr_write(uint64_t v)
{
	if (arm_el() == 2)
		write_zcr_el2(v);
	else
		write_zcr_el1(v);
	__asm__ volatile("isb" ::: "memory");
}

static int sve_here(void)
{
	return sve_wanted && arm_sve_implemented(read_id_aa64pfr0_el1());
}

void arm_cpu_setup_here(void)
{
	int sve = sve_here();

	trap_write(arm_trap_untrapped(trap_read(), trap_reg, sve));
	if (sve)
		zcr_write(arm_zcr_longest(zcr_read()));
	arm_pmu_enable_here();
}

static int sve_usable_here(void)
{
	return sve_here() && arm_trap_allows_sve(trap_read(), trap_reg);
}

enum bw_isa isa_usable_here(void)
{
	return sve_agreed && sve_usable_here() ? BW_SVE : BW_NEON;
}

void arm_cpu_setup_boot(struct run_results *res)
{
	unsigned mask = res->config.isa_mask;

	trap_reg = arm_trap_reg_of(arm_el(), arm_el() == 2 &&
				   (read_hcr_el2() & HCR_E2H) != 0);
	sve_wanted = !mask || (mask & (1u << BM_ISA_SVE));
	fw.trap = trap_read();
	/* ZCR_ELx itself traps while SVE does: read once untrapped */
	trap_write(arm_trap_untrapped(fw.trap, trap_reg, sve_here()));
	if (sve_here())
		fw.zcr = zcr_read();
	fw.saved = 1;
	arm_pmu_init(res);
	arm_cpu_setup_here();
}

void arm_cpu_setup_restore(void)
{
	if (!fw.saved)
		return;
	arm_pmu_restore();
	if (sve_here())
		zcr_write(fw.zcr);
	trap_write(fw.trap);
	sve_agreed = 0;
}

/* Inside each cpu's window: its vector length, 0 without SVE. */
static void vl_probe(void *arg)
{
	*(uint32_t *)arg = sve_usable_here() ? (uint32_t)bw_sve_vector_bytes()
					     : 0;
}

int arm_setup_call;

/* Every usable cpu's length into res->sve_cpu_bytes; how many. */
static int read_lengths(struct run_results *res, uint32_t *vl)
{
	int n = res->cpu_count, k = 0;
	int *cpus = plat_alloc(sizeof(int) * (size_t)n);
	int *ok = plat_alloc(sizeof(int) * (size_t)n);
	void **args = plat_alloc(sizeof(void *) * (size_t)n);

	if (cpus && ok && args) {
		for (int c = 0; c < n; c++)
			if (cputable_at(c) && cputable_at(c)->usable) {
				cpus[k] = c;
				args[k++] = &vl[c];
			}
		arm_setup_call = 1;
		plat_run_on_cpus(cpus, k, vl_probe, args, CHECK_TIMEOUT_US,
				 ok);
		arm_setup_call = 0;
	}
	plat_free(cpus);
	plat_free(ok);
	plat_free(args);
	return k;
}

void arm_sve_check(struct run_results *res)
{
	static char why[160];
	int n = res->cpu_count, m = 0, odd;
	uint32_t *vl = n > 0 ? plat_alloc(sizeof(uint32_t) * (size_t)n) : 0;
	uint32_t *live = n > 0 ? plat_alloc(sizeof(uint32_t) * (size_t)n) : 0;
	int *who = n > 0 ? plat_alloc(sizeof(int) * (size_t)n) : 0;
	uint32_t common;

	res->sve_known = 1;
	res->isa_widest = BW_NEON;
	if (!sve_wanted) {
		res->sve_why = "isa= names no sve: SVE left as the firmware "
			       "set it";
		goto out;
	}
	if (!arm_sve_implemented(read_id_aa64pfr0_el1())) {
		res->sve_why = "the cpu has no SVE (ID_AA64PFR0_EL1.SVE is 0)";
		goto out;
	}
	if (!vl || !live || !who) {
		res->sve_why = "out of memory to check every cpu's vector "
			       "length";
		msgs_add(&res->warnings, "sve: %s: neon kernels", res->sve_why);
		goto out;
	}
	for (int c = 0; c < n; c++)
		vl[c] = 0;
	read_lengths(res, vl);
	res->sve_cpu_bytes = vl;
	/* the cpus still usable: one that did not answer is dropped */
	for (int c = 0; c < n; c++)
		if (cputable_at(c) && cputable_at(c)->usable) {
			who[m] = c;
			live[m++] = vl[c];
		}
	common = arm_sve_vl_agree(live, m, &odd);
	if (!common) {
		fmt(why, sizeof why, "the cpus' SVE vector lengths differ "
		    "(cpu %d: %u bytes, cpu %d: %u), or one has no SVE "
		    "enabled", who[0], (unsigned)live[0],
		    odd >= 0 ? who[odd] : 0, odd >= 0 ? (unsigned)live[odd] : 0);
		res->sve_why = why;
		msgs_add(&res->warnings, "sve: %s: SVE not used, neon kernels",
			 why);
		goto out;
	}
	sve_agreed = 1;
	res->sve_bytes = common;
	res->isa_widest = BW_SVE;
	out("sve: %u-byte vectors (%u bits) on all %d cpus (ZCR_EL%d.LEN "
	    "at its largest, read back with CNTB)\n", (unsigned)common,
	    8 * (unsigned)common, m, arm_el());
out:
	if (!res->sve_bytes && res->sve_why)
		out("sve: %s: neon kernels\n", res->sve_why);
	if (vl != res->sve_cpu_bytes)
		plat_free(vl);
	plat_free(live);
	plat_free(who);
}
