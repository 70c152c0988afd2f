/* Core types and their caches, read on every cpu (see coretypes.h). */
#include "suite/coretypes.h"

#include "arch/arch.h"
#include "suite/cpus.h"
#include "util/fmt.h"
#include "util/out.h"
#include "util/str.h"
#include "platform.h"

/* CPUID of every cpu takes microseconds; a cpu that takes longer than
 * this is stuck. */
#define READ_TIMEOUT_US 10000000u

/* One cpu's read; cpu first, as cpuid_here's ctx. */
struct type_job {
	int cpu;
	cpuid_fn fn;
	struct cpu_info info;
};

static void read_window(void *arg)
{
	struct type_job *j = arg;

	if (j->fn)
		cpuinfo_decode(&j->info, j->fn, j);
	else
		cpuinfo_read(&j->info);
}

static int same_caches(const struct cpu_info *a, const struct cpu_info *b)
{
	if (a->cache_count != b->cache_count)
		return 0;
	for (int k = 0; k < a->cache_count; k++) {
		const struct cpu_cache *x = &a->caches[k], *y = &b->caches[k];
		if (x->level != y->level || !str_eq(x->type, y->type) ||
		    x->size_bytes != y->size_bytes ||
		    x->shared_by != y->shared_by || x->ways != y->ways)
			return 0;
	}
	return 1;
}

/* One group: the same core type (CPUID 1Ah) and the same caches. Meteor
 * Lake's SoC tile E-cores report the compute tile's E-core type but have
 * no L3, so the type alone would size them by an L3 they lack. */
static int same_type(const struct cpu_info *a, const struct cpu_info *b)
{
	return (a->core_type == b->core_type ||
		(a->core_type && b->core_type &&
		 str_eq(a->core_type, b->core_type))) &&
	       same_caches(a, b);
}

/* The type of info in res->core_types, added when new; the boot cpu's
 * type when there is no room left. */
static int type_index(struct run_results *res, const struct cpu_info *info)
{
	for (int t = 0; t < res->core_type_count; t++)
		if (same_type(&res->core_types[t], info))
			return t;
	if (res->core_type_count == CORE_TYPES_MAX)
		return 0;
	res->core_types[res->core_type_count] = *info;
	return res->core_type_count++;
}

static void print_type(const struct run_results *res, int t)
{
	const struct cpu_info *ci = &res->core_types[t];
	char line[200], a[16];
	size_t n;
	int cpus = 0;

	for (int i = 0; i < res->cpu_count && i < BM_MAX_CPUS; i++)
		cpus += res->cpu_type[i] == t && res->cpus[i].usable;
	n = fmt(line, sizeof line, "core type %s: %d cpu%s,",
		ci->core_type ? ci->core_type : "unknown", cpus,
		cpus == 1 ? "" : "s");
	for (int l = 1; l <= 3; l++) {
		const struct cpu_cache *c = cpuinfo_cache(ci, l);
		if (c)
			n += fmt(line + n, sizeof line - n, " L%d %s (shared "
				 "by %d)", l, fmt_size(a, sizeof a,
						       c->size_bytes),
				 c->shared_by);
	}
	out("%s\n", line);
}

int coretypes_read(struct run_results *res, struct test_outcome *o)
{
	int n = 0, *list, *ok, boot;
	struct type_job *jobs;
	void **args;

	res->core_type_count = 0;
	if (!res->cpu.f.hybrid || res->cpu_count < 1)
		return 0;
	list = plat_alloc(sizeof(int) * (size_t)res->cpu_count);
	ok = plat_alloc(sizeof(int) * (size_t)res->cpu_count);
	args = plat_alloc(sizeof(void *) * (size_t)res->cpu_count);
	jobs = plat_alloc(sizeof(*jobs) * (size_t)res->cpu_count);
	if (!list || !ok || !args || !jobs) {
		msgs_add(&res->warnings, "hybrid cpu: no memory to read every "
			 "cpu's caches; every cpu is sized with the boot "
			 "cpu's");
		goto out;
	}
	for (int i = 0; i < res->cpu_count && i < BM_MAX_CPUS; i++) {
		if (!res->cpus[i].usable)
			continue;
		jobs[n] = (struct type_job){ .cpu = i, .fn = res->cpuid_here };
		args[n] = &jobs[n];
		list[n++] = i;
	}
	plat_run_on_cpus(list, n, read_window, args, READ_TIMEOUT_US, ok);
	/* The boot cpu's type first: res->cpu is that type's. */
	boot = type_index(res, &res->cpu);
	for (int i = 0; i < res->cpu_count && i < BM_MAX_CPUS; i++)
		res->cpu_type[i] = (unsigned char)boot;
	for (int k = 0; k < n; k++) {
		if (!ok[k]) {
			cpus_lost(&res->warnings, o, list[k],
				  "reading its caches");
			continue;
		}
		res->cpu_type[list[k]] = (unsigned char)type_index(res,
								  &jobs[k].info);
	}
	for (int t = 0; t < res->core_type_count; t++)
		print_type(res, t);
out:
	plat_free(list);
	plat_free(ok);
	plat_free(args);
	plat_free(jobs);
	return res->core_type_count;
}

/* The other selected cpus' classes of service (arch_cache_class_reg,
 * x86's IA32_PQR_ASSOC, read on each, where the boot cpu's came from
 * the MSRs): a cpu in another class
 * may have another share of the L3, which is not read; a warning says
 * so. */
static void other_classes(struct run_results *res)
{
	const struct l3alloc *a = &res->l3alloc;
	int n = res->selected_count, other = 0, first = -1;
	uint32_t reg = arch_cache_class_reg();
	uint64_t *vals;
	int *ok;

	if (!a->source || !str_eq(a->source, "msr") || a->cos < 0 || n < 2 ||
	    !reg || plat_msr_probe(reg) != 0)
		return;
	vals = plat_alloc(sizeof(*vals) * (size_t)n);
	ok = plat_alloc(sizeof(*ok) * (size_t)n);
	if (vals && ok) {
		plat_msr_on_cpus(res->selected, n, reg, vals, 0, ok);
		for (int k = 0; k < n; k++)
			if (ok[k] && arch_cache_class_of(vals[k]) != a->cos) {
				other++;
				first = first < 0 ? res->selected[k] : first;
			}
	}
	plat_free(vals);
	plat_free(ok);
	if (other)
		msgs_add(&res->warnings, "L3 partition: %d cpu%s (cpu %d "
			 "first) run in another class of service than the "
			 "boot cpu's %d: their share of the L3 was not read, "
			 "and the run sizes their L3 as the boot cpu's", other,
			 other == 1 ? "" : "s", first, a->cos);
}

int coretypes_partition(struct run_results *res)
{
	struct l3alloc *a = &res->l3alloc;
	char was[16], now[16];
	int done;

	other_classes(res);
	if (!a->state || !str_eq(a->state, "partitioned"))
		return 0;
	done = l3alloc_apply(a, &res->cpu);
	for (int t = 0; t < res->core_type_count; t++)
		done |= l3alloc_apply(a, &res->core_types[t]);
	res->l3alloc.applied = done;
	if (done)
		msgs_add(&res->warnings, "L3 partition: the boot cpu's class "
			 "of service %d may fill %d of the L3's %d ways (mask "
			 "%#llx%s): the run sizes the L3 as %s, not CPUID's %s",
			 a->cos, a->ways_allowed, a->ways_total,
			 (unsigned long long)a->mask,
			 a->cdp ? ", its data mask" : "",
			 fmt_size(now, sizeof now, a->effective_bytes),
			 fmt_size(was, sizeof was, a->cpuid_bytes));
	return done;
}

int coretypes_plan(const struct run_env *env, const struct cpu_set *set,
		   uint64_t dram_bytes, struct levels_plan *out)
{
	int n = set->count, r = -1;
	struct levels_cpu *cpus = plat_alloc(sizeof(*cpus) *
					     (size_t)(n > 0 ? n : 1));
	int *scratch = plat_alloc(sizeof(int) * LEVELS_SCRATCH_INTS(n));
	struct levels_input in = {
		.types = env->core_type_count ? env->core_types : env->cpu,
		.type_count = env->core_type_count ? env->core_type_count : 1,
		.cpus = cpus, .cpu_count = n, .dram_bytes = dram_bytes };

	if (cpus && scratch) {
		for (int i = 0; i < n; i++) {
			int cpu = set->cpu[i];
			const struct plat_cpu *p = &env->cpus[cpu];
			cpus[i] = (struct levels_cpu){
				.apic_id = p->apic_id, .package = p->package,
				.core = p->core, .thread = p->thread,
				.type = run_env_type(env, cpu) };
		}
		r = levels_make(&in, scratch, out);
	}
	plat_free(cpus);
	plat_free(scratch);
	return r;
}
