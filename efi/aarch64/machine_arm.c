/* The AArch64 machine as the boot cpu and the ACPI tables describe it:
 * the part (MIDR_EL1), the exception level, the caches (CLIDR_EL1,
 * CCSIDR_EL1, CTR_EL0), the generic timer's rate (CNTFRQ_EL0), the cpus
 * (MADT GICC) and how to start them (the FADT's PSCI conduit). */
#include "arm_efi.h"
#include "sysreg.h"
#include "arch/aarch64/cpu_desc.h"
#include "arch/aarch64/midr.h"
#include "hw/acpi_table.h"
#include "arch/arch.h"
#include "hw/cputable.h"
#include "util/fmt.h"
#include "util/out.h"
#include "util/str.h"
#include "platform.h"

#define ID_CCIDX_SHIFT 20	/* ID_AA64MMFR2_EL1.CCIDX, 23:20 */

static uint64_t run_timer_hz;

/* platform.h's tick rate: the ticks are CNTVCT_EL0's (lib/arch/arch.h). */
uint64_t plat_tsc_hz(void)
{
	return run_timer_hz;
}

static uint64_t ccsidr_of(int level, int ind)
{
	write_csselr_el1((uint64_t)(level - 1) << 1 | (uint64_t)ind);
	__asm__ volatile("isb");
	return read_ccsidr_el1();
}

static void read_caches(struct arm_machine *m)
{
	uint64_t ccsidr[ARM_CACHE_LEVELS][2] = { { 0 } };
	uint64_t clidr = read_clidr_el1();
	int ccidx = (read_id_aa64mmfr2_el1() >> ID_CCIDX_SHIFT) & 0xf;

	for (int level = 1; level <= ARM_CACHE_LEVELS; level++) {
		int t = arm_clidr_ctype(clidr, level);

		if (t <= 0)
			break;
		if (t != 1)
			ccsidr[level - 1][0] = ccsidr_of(level, 0);
		if (t == 1 || t == 3)
			ccsidr[level - 1][1] = ccsidr_of(level, 1);
	}
	m->cache_count = arm_caches_from_ids(clidr, ccsidr, ccidx != 0,
					     m->caches, ARM_CACHES_MAX);
	m->dline_bytes = arm_ctr_dline_bytes(read_ctr_el0());
}

/* The run's cpu description, as results.json's machine.cpu gives it:
 * lib/arch/aarch64/cpu_desc.c's, as the Linux runner makes it. */
static void fill_cpu(struct run_results *res, const struct arm_machine *m)
{
	struct cpu_info *ci = &res->cpu;
	int n = 0;

	arm_cpu_describe(ci, m->midr);
	for (int i = 0; i < m->cache_count && n < CPU_MAX_CACHES; i++)
		ci->caches[n++] = arm_cpu_cache(&m->caches[i]);
	ci->cache_count = n;
}

static void print_caches(const struct arm_machine *m)
{
	char line[256], size[16];
	size_t at = 0;

	line[0] = 0;
	for (int i = 0; i < m->cache_count; i++) {
		const struct arm_cache *c = &m->caches[i];

		at += fmt(line + at, sizeof line - at, "%sL%d%s %s %u-way",
			  i ? ", " : "", c->level,
			  c->type == 'U' ? "" : c->type == 'D' ? "d" : "i",
			  fmt_size(size, sizeof size, c->bytes), c->ways);
		if (at >= sizeof line)
			break;
	}
	out("caches (CLIDR/CCSIDR): %s; lines %u B (CTR_EL0)\n",
	    m->cache_count ? line : "none described", m->dline_bytes);
}

static void read_cpus(struct run_results *res, struct arm_machine *m)
{
	const uint8_t *madt = acpi_find_table("APIC");
	char list[160];
	size_t at = 0;

	m->madt = plat_alloc(sizeof *m->madt);
	if (!m->madt) {
		msgs_add(&res->warnings, "out of memory for the MADT's cpus");
		return;
	}
	if (!madt) {
		msgs_add(&res->warnings, "no ACPI MADT: the boot cpu alone is "
			 "known");
		plat_free(m->madt);
		m->madt = 0;
		return;
	}
	madt_gicc_parse(madt, acpi_rd32(madt + 4), m->madt);
	if (m->madt->problem)
		msgs_add(&res->warnings, "ACPI MADT: %s", m->madt->problem);
	list[0] = 0;
	for (int i = 0; i < m->madt->count && at < sizeof list; i++)
		at += fmt(list + at, sizeof list - at, "%s%llx%s",
			  i ? " " : "",
			  (unsigned long long)m->madt->cpu[i].mpidr,
			  m->madt->cpu[i].enabled ? "" : "(off)");
	out("cpus (MADT GICC): %d enabled of %d, MPIDR %s%s\n",
	    m->madt->enabled, m->madt->count, list,
	    at >= sizeof list ? " ..." : "");
}

/* MPIDR_EL1's affinity levels in 32 bits (Aff3, Aff2, Aff1, Aff0), the
 * cpu's hardware id where x86 gives its APIC id. */
static uint32_t mpidr_id(uint64_t mpidr)
{
	return (uint32_t)((mpidr >> 8 & 0xff000000u) | (mpidr & 0xffffffu));
}

/* The run's cpus: the MADT's enabled GICCs in baremem's order (by
 * package from the PPTT where it has one, then table order), the boot
 * cpu among them. */
static void list_cpus(struct run_results *res, struct arm_machine *m)
{
	const uint8_t *t = acpi_find_table("PPTT");
	struct pptt *pptt = t ? plat_alloc(sizeof *pptt) : 0;
	struct plat_cpu *raw = plat_alloc(sizeof(*raw) * MADT_GICC_MAX);
	int n = 0, own = 0;
	uint32_t boot = mpidr_id(m->mpidr);

	if (!raw || !m->madt)
		goto out;
	if (pptt && pptt_parse(t, acpi_rd32(t + 4), pptt) <= 0) {
		plat_free(pptt);
		pptt = 0;
	}
	for (int i = 0; i < m->madt->count; i++) {
		const struct madt_gicc_cpu *c = &m->madt->cpu[i];
		int pkg = pptt ? pptt_package_of_uid(pptt, c->uid) : -1;

		if (!c->enabled)
			continue;
		raw[n] = (struct plat_cpu){
			.platform_cpu = i,
			.apic_id = mpidr_id(c->mpidr),
			.package = pkg < 0 ? 0 : pkg,
			.core = n,
			.bsp = mpidr_id(c->mpidr) == boot,
			.usable = 1,
		};
		own |= raw[n].bsp;
		n++;
	}
	if (!own) {
		msgs_add(&res->warnings, "the boot cpu (MPIDR 0x%llx) is not "
			 "among the MADT's enabled cpus: the others are not "
			 "started", (unsigned long long)m->mpidr);
		goto out;
	}
	if (cputable_set(raw, n, 0) != 0)
		goto out;
	res->cpus = plat_alloc(sizeof(*res->cpus) * (size_t)n);
	res->selected = plat_alloc(sizeof(int) * (size_t)n);
	if (!res->cpus || !res->selected)
		goto out;
	for (int k = 0; k < n; k++) {
		plat_cpu_info(k, &res->cpus[k]);
		res->selected[k] = k;
		if (res->cpus[k].bsp)
			res->bsp_cpu = k;
	}
	res->cpu_count = n;
	res->selected_count = n;
out:
	plat_free(pptt);
	plat_free(raw);
}

static void read_psci(struct run_results *res, struct arm_machine *m)
{
	const uint8_t *facp = acpi_find_table("FACP");

	if (!facp) {
		m->fadt = (struct fadt_arm){ .problem = "no ACPI FADT" };
		msgs_add(&res->warnings, "no ACPI FADT: PSCI conduit unknown, "
			 "the other cpus are not started");
		return;
	}
	if (fadt_arm_parse(facp, acpi_rd32(facp + 4), &m->fadt) != 0 ||
	    m->fadt.conduit == PSCI_NONE)
		msgs_add(&res->warnings, "no PSCI by the FADT (%s): the other "
			 "cpus are not started", m->fadt.problem
			 ? m->fadt.problem : "not PSCI compliant");
	else if (m->fadt.problem)
		msgs_add(&res->warnings, "ACPI FADT: %s", m->fadt.problem);
	out("psci: %s (FADT %u.%u, ARM boot flags 0x%x)\n",
	    psci_conduit_name(m->fadt.conduit), m->fadt.major, m->fadt.minor,
	    m->fadt.boot_flags);
}

void arm_machine_read(struct run_results *res, struct arm_machine *m)
{
	const struct arm_part *part;

	*m = (struct arm_machine){ 0 };
	m->el = arm_el();
	m->vhe = m->el == 2 && (read_hcr_el2() & HCR_E2H);
	m->midr = read_midr_el1();
	m->mpidr = read_mpidr_el1();
	m->timer_hz = read_cntfrq_el0();
	read_caches(m);
	fill_cpu(res, m);
	part = arm_part_of_midr(m->midr);
	out("cpu: %s %s (MIDR_EL1 0x%08llx%s%s), at EL%d%s\n",
	    res->cpu.vendor, res->cpu.brand, (unsigned long long)m->midr,
	    part && part->seen_in ? ", in " : "",
	    part && part->seen_in ? part->seen_in : "", m->el,
	    m->el == 2 ? (m->vhe ? " with VHE" : " without VHE") : "");
	print_caches(m);
	if (m->timer_hz) {
		out("timer: CNTFRQ_EL0 %.3f MHz (%.1f ns a tick)\n",
		    (double)m->timer_hz / 1e6, 1e9 / (double)m->timer_hz);
		res->tsc_hz = m->timer_hz;
		run_timer_hz = m->timer_hz;
		/* the rate the firmware set, not a calibration: no bound */
		res->tsc_source = "generic-timer";
		res->tsc_error_ppm = -1;
	} else {
		msgs_add(&res->errors, "CNTFRQ_EL0 reads 0: the firmware did "
			 "not set the generic timer's rate; nothing is timed");
	}
	read_cpus(res, m);
	list_cpus(res, m);
	read_psci(res, m);
}
