/* The AArch64 machine as the boot cpu and the ACPI tables describe it:
 * the part (MIDR_EL1), the exception level, the caches (CLIDR_EL1,
 * CCSIDR_EL1, CTR_EL0, with the PPTT's sizes, sharers and system-level
 * caches, and the part's documentation where both give less), the
 * generic timer's rate (CNTFRQ_EL0), the cpus (MADT GICC) and where they
 * sit (PPTT), their NUMA nodes (SRAT GICC affinity, for efi/numa.c), the
 * firmware and SMBIOS (efi/machine.c, as on x86) and how to start the
 * cpus (the FADT's PSCI conduit). */
#include "arm_efi.h"
#include "sysreg.h"
#include "arch/aarch64/cpu_desc.h"
#include "arch/aarch64/midr.h"
#include "arch/aarch64/srat_gicc.h"
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

/* The boot cpu's caches from CLIDR_EL1/CCSIDR_EL1/CTR_EL0 into ids;
 * how many. */
static int read_id_caches(struct arm_machine *m, struct arm_cache *ids,
			  int max)
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
	m->dline_bytes = arm_ctr_dline_bytes(read_ctr_el0());
	return arm_caches_from_ids(clidr, ccsidr, ccidx != 0, ids, max);
}

/* The boot cpu's ACPI processor UID (the MADT's GICC with its MPIDR);
 * -1 when no MADT lists it. */
static int64_t boot_uid(const struct arm_machine *m)
{
	for (int i = 0; m->madt && i < m->madt->count; i++)
		if (madt_mpidr_word(m->madt->cpu[i].mpidr) ==
		    madt_mpidr_word(m->mpidr))
			return m->madt->cpu[i].uid;
	return -1;
}

/* The boot cpu's caches: the ID registers' and the PPTT's merged
 * (lib/arch/aarch64/cache_id.c), into m and the run's description with
 * what the part's documentation adds (a warning when it adds any). */
static void read_caches(struct run_results *res, struct arm_machine *m)
{
	struct arm_cache ids[ARM_CACHES_MAX], pp[ARM_CACHES_MAX];
	int n = read_id_caches(m, ids, ARM_CACHES_MAX), k = 0, added;
	int64_t uid = boot_uid(m);

	if (m->pptt && uid >= 0)
		k = pptt_cpu_caches(m->pptt, (uint32_t)uid, pp,
				    ARM_CACHES_MAX);
	m->cache_count = arm_caches_merge(ids, n, pp, k, m->dline_bytes,
					  m->caches, ARM_CACHES_MAX);
	added = arm_cpu_caches(&res->cpu, m->midr, m->caches, m->cache_count,
			       m->dline_bytes,
			       m->madt ? m->madt->enabled : 1);
	if (added) {
		char list[96], size[16];
		size_t at = 0;

		list[0] = 0;
		for (int i = 0; i < res->cpu.cache_count; i++) {
			const struct cpu_cache *c = &res->cpu.caches[i];
			if (str_eq(cpuinfo_cache_source(c), "part") &&
			    at < sizeof list)
				at += fmt(list + at, sizeof list - at,
					  "%sL%d %s", at ? ", " : "", c->level,
					  fmt_size(size, sizeof size,
						   c->size_bytes));
		}
		msgs_add(&res->warnings, "caches: neither CLIDR nor the PPTT "
			 "lists %s: taken from the part's documentation (a "
			 "system-level cache as the largest documented for "
			 "chips with this core); the latency curve checks it",
			 list);
	}
}

static void print_caches(const struct cpu_info *ci,
			 const struct arm_machine *m)
{
	char line[256], size[16], from[48];
	size_t at = 0;
	int pptt = 0, part = 0;

	line[0] = 0;
	for (int i = 0; i < ci->cache_count; i++) {
		const struct cpu_cache *c = &ci->caches[i];

		pptt |= str_eq(cpuinfo_cache_source(c), "pptt");
		part |= str_eq(cpuinfo_cache_source(c), "part");
		at += fmt(line + at, sizeof line - at, "%sL%d%s %s",
			  i ? ", " : "", c->level,
			  c->type[0] == 'u' ? "" : c->type[0] == 'd' ? "d" : "i",
			  fmt_size(size, sizeof size, c->size_bytes));
		if (c->ways && at < sizeof line)
			at += fmt(line + at, sizeof line - at, " %d-way",
				  c->ways);
		if (c->shared_by > 1 && at < sizeof line)
			at += fmt(line + at, sizeof line - at, " shared");
		if (at >= sizeof line)
			break;
	}
	fmt(from, sizeof from, "CLIDR/CCSIDR%s%s", pptt ? ", PPTT" : "",
	    part ? ", the part's documentation" : "");
	out("caches (%s): %s; lines %u B (CTR_EL0)\n", from,
	    ci->cache_count ? line : "none described", m->dline_bytes);
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

/* The PPTT parsed into m->pptt; 0 (and a warning where it is broken)
 * when there is none to use. */
static void read_pptt(struct run_results *res, struct arm_machine *m)
{
	const uint8_t *t = acpi_find_table("PPTT");

	if (!t)
		return;
	m->pptt = plat_alloc(sizeof *m->pptt);
	if (!m->pptt) {
		msgs_add(&res->warnings, "out of memory for the PPTT: caches "
			 "from CLIDR alone, every cpu a core of its own");
		return;
	}
	if (pptt_parse(t, acpi_rd32(t + 4), m->pptt) <= 0) {
		msgs_add(&res->warnings, "ACPI PPTT unusable (%s): caches "
			 "from CLIDR alone, every cpu a core of its own",
			 m->pptt->problem ? m->pptt->problem : "no cpus");
		plat_free(m->pptt);
		m->pptt = 0;
	} else if (m->pptt->problem) {
		msgs_add(&res->warnings, "ACPI PPTT: %s", m->pptt->problem);
	}
}

/* The rank of node `key` among keys[0..n) in first-seen order, added
 * when new: cores and clusters numbered 0, 1, ... in the MADT's order. */
static int rank_of(int *keys, int *n, int key)
{
	for (int i = 0; i < *n; i++)
		if (keys[i] == key)
			return i;
	keys[*n] = key;
	return (*n)++;
}

/* Where the MADT's cpu c sits: package, core, cluster and its thread
 * rank among the cpus listed before it on the same core, from the PPTT
 * (lib/arch/aarch64/pptt.c); without one, every cpu a core of its own
 * in package 0. keys: 2 x MADT_GICC_MAX ints of ranks so far. */
static void place(const struct pptt *pptt, const struct madt_gicc_cpu *c,
		  struct plat_cpu *raw, int n, int *keys, int *counts)
{
	int pkg, core, cluster;

	raw[n].core = n;
	if (!pptt || pptt_place_of_uid(pptt, c->uid, &core, &cluster) != 0)
		return;
	pkg = pptt_package_of_uid(pptt, c->uid);
	raw[n].package = pkg < 0 ? 0 : pkg;
	raw[n].core = rank_of(keys, &counts[0], core);
	if (cluster >= 0)
		raw[n].cluster = 1 + rank_of(keys + MADT_GICC_MAX, &counts[1],
					     cluster);
	for (int k = 0; k < n; k++)
		raw[n].thread += raw[k].package == raw[n].package &&
				 raw[k].core == raw[n].core;
}

/* The run's cpus: the MADT's enabled GICCs in baremem's order (by
 * package and core from the PPTT where it has them, then table order),
 * the boot cpu among them. */
static void list_cpus(struct run_results *res, struct arm_machine *m)
{
	struct plat_cpu *raw = plat_alloc(sizeof(*raw) * MADT_GICC_MAX);
	int *keys = plat_alloc(sizeof(int) * 2 * MADT_GICC_MAX);
	int n = 0, own = 0, counts[2] = { 0, 0 };
	uint32_t boot = madt_mpidr_word(m->mpidr);

	if (!raw || !keys || !m->madt)
		goto out;
	for (int i = 0; i < m->madt->count; i++) {
		const struct madt_gicc_cpu *c = &m->madt->cpu[i];

		if (!c->enabled)
			continue;
		raw[n] = (struct plat_cpu){
			.platform_cpu = i,
			.apic_id = madt_mpidr_word(c->mpidr),
			.bsp = madt_mpidr_word(c->mpidr) == boot,
			.usable = 1,
		};
		place(m->pptt, c, raw, n, keys, counts);
		own |= raw[n].bsp;
		n++;
	}
	if (!own) {
		msgs_add(&res->warnings, "the boot cpu (MPIDR 0x%llx) is not "
			 "among the MADT's enabled cpus: the others are not "
			 "started", (unsigned long long)m->mpidr);
		goto out;
	}
	if (m->pptt)
		out("topology (PPTT): %d package%s, %d cluster%s, %d core%s, "
		    "%d cpus\n", pptt_package_count(m->pptt),
		    pptt_package_count(m->pptt) == 1 ? "" : "s", counts[1],
		    counts[1] == 1 ? "" : "s", counts[0],
		    counts[0] == 1 ? "" : "s", n);
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
	plat_free(keys);
	plat_free(raw);
}

/* The machine efi/numa.c's SRAT cpus are matched against
 * (arm_machine_read's m, which outlives the run). */
static const struct arm_machine *numa_machine;

/* efi/numa.c's architecture step: the SRAT's GICC affinity entries, each
 * cpu named by its MPIDR word through the MADT, as the run's cpus are. */
void numa_arch_cpus(struct numa_topo *t, const void *srat, UINTN len)
{
	struct srat_gicc *g;

	if (!numa_machine || !numa_machine->madt)
		return;
	g = plat_alloc(sizeof *g);
	if (!g) {
		if (!t->problem)
			t->problem = "out of memory for the SRAT's cpus";
		return;
	}
	srat_gicc_parse(srat, len, t, g);
	if (g->problem && !t->problem)
		t->problem = g->problem;
	srat_gicc_to_topo(g, numa_machine->madt, t);
	plat_free(g);
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
	numa_machine = m;
	m->el = arm_el();
	m->vhe = m->el == 2 && (read_hcr_el2() & HCR_E2H);
	m->midr = read_midr_el1();
	m->mpidr = read_mpidr_el1();
	m->timer_hz = read_cntfrq_el0();
	/* firmware, memory size, start time, SMBIOS (DIMMs, the ceiling) */
	machine_read(res);
	arm_cpu_describe(&res->cpu, m->midr);
	part = arm_part_of_midr(m->midr);
	out("cpu: %s %s (MIDR_EL1 0x%08llx%s%s), at EL%d%s\n",
	    res->cpu.vendor, res->cpu.brand, (unsigned long long)m->midr,
	    part && part->seen_in ? ", in " : "",
	    part && part->seen_in ? part->seen_in : "", m->el,
	    m->el == 2 ? (m->vhe ? " with VHE" : " without VHE") : "");
	read_cpus(res, m);
	read_pptt(res, m);
	read_caches(res, m);
	print_caches(&res->cpu, m);
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
	list_cpus(res, m);
	read_psci(res, m);
}
