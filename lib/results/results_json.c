/* Serializes a run into the results file and the variable summary. Every
 * string from the machine (brand, firmware, SMBIOS) is untrusted and goes
 * through the JSON writer's escaping. */
#include "results/results_json.h"


#include "arch/arch.h"
#include "config/config.h"
#include "util/fmt.h"
#include "util/json.h"
#include "util/str.h"
#include "hw/memceiling.h"
#include "hw/smbios.h"

static void write_msgs(struct json_writer *w, const char *key,
		       const struct msgs *m)
{
	json_array_begin(w, key);
	for (int i = 0; i < m->count; i++)
		json_string(w, 0, m->text[i]);
	json_array_end(w);
}

/* A register or address as the hardware gives it: 0x and hex digits
 * (a JSON number would lose the low bits past 2^53). */
static void json_hex(struct json_writer *w, const char *key, uint64_t v)
{
	char hex[24];

	fmt(hex, sizeof hex, "0x%llx", (unsigned long long)v);
	json_string(w, key, hex);
}

/* faults[]: each exception caught in a measurement window, in the
 * words of lib/hw/fault.h's record; only in a run that took one. */
static void write_faults(struct json_writer *w, const struct run_results *res)
{
	int n = res->fault_count < FAULTS_KEPT ? res->fault_count : FAULTS_KEPT;

	if (!res->fault_count)
		return;
	json_array_begin(w, "faults");
	for (int i = 0; i < n; i++) {
		const struct fault_record *f = &res->faults[i];

		json_object_begin(w, 0);
		json_i64(w, "cpu", f->cpu);
		json_string(w, "class", f->class_name ? f->class_name : "");
		json_i64(w, "code", f->code);
		json_hex(w, "pc", f->pc);
		if (f->has_syndrome)
			json_hex(w, "syndrome", f->syndrome);
		else
			json_null(w, "syndrome");
		if (f->address_valid)
			json_hex(w, "address", f->address);
		else
			json_null(w, "address");
		if (f->detail[0])
			json_string(w, "detail", f->detail);
		else
			json_null(w, "detail");
		json_bool(w, "ends_run", f->ends_run);
		json_object_begin(w, "registers");
		for (int r = 0; r < f->reg_count; r++)
			json_hex(w, f->reg_name[r], f->reg[r]);
		json_object_end(w);
		json_object_end(w);
	}
	json_array_end(w);
}

static void write_config(struct json_writer *w, const struct bm_config *c)
{
	char val[512];

	json_object_begin(w, "config");
	for (int k = 0; k < BM_KEY_COUNT; k++) {
		const char *v = config_value_text(c, (enum bm_key)k, val,
						  sizeof val);
		json_string(w, config_key_name((enum bm_key)k),
			    v[0] ? v : "profile");
	}
	json_object_end(w);
}

static int arch_is_aarch64(const struct run_results *res)
{
	return res->arch && str_eq(res->arch, "aarch64");
}

static void write_cpu(struct json_writer *w, const struct run_results *res)
{
	const struct cpu_info *ci = &res->cpu;

	json_object_begin(w, "cpu");
	json_string(w, "arch", res->arch ? res->arch : "x86_64");
	json_string(w, "vendor", ci->vendor);
	json_string(w, "brand", ci->brand);
	json_u64(w, "family", (uint64_t)ci->family);
	json_u64(w, "model", (uint64_t)ci->model);
	json_u64(w, "stepping", (uint64_t)ci->stepping);
	if (res->microcode_known) {
		char mc[24];
		fmt(mc, sizeof mc, "0x%llx", (unsigned long long)res->microcode);
		json_string(w, "microcode", mc);
	} else {
		json_null(w, "microcode");
	}
	json_u64(w, "logical_processors", (uint64_t)res->cpu_count);
	json_array_begin(w, "processors");
	for (int i = 0; i < res->cpu_count; i++) {
		const struct plat_cpu *p = &res->cpus[i];
		json_object_begin(w, 0);
		json_u64(w, "cpu", (uint64_t)p->cpu);
		json_u64(w, "platform_cpu", (uint64_t)p->platform_cpu);
		json_u64(w, "apic_id", p->apic_id);
		json_u64(w, "package", (uint64_t)p->package);
		json_u64(w, "core", (uint64_t)p->core);
		json_u64(w, "thread", (uint64_t)p->thread);
		if (p->cluster)
			json_u64(w, "cluster", (uint64_t)p->cluster - 1);
		else
			json_null(w, "cluster");
		json_bool(w, "bsp", p->bsp);
		json_bool(w, "usable", p->usable);
		if (res->sve_known && res->sve_cpu_bytes &&
		    res->sve_cpu_bytes[i])
			json_u64(w, "sve_vector_bytes", res->sve_cpu_bytes[i]);
		else if (res->sve_known)
			json_null(w, "sve_vector_bytes");
		if (coretypes_info(res, i)->core_type)
			json_string(w, "core_type",
				    coretypes_info(res, i)->core_type);
		else
			json_null(w, "core_type");
		json_object_end(w);
	}
	json_array_end(w);
	json_object_begin(w, "features");
	json_bool(w, "sse2", ci->x86.sse2);
	json_bool(w, "avx", ci->x86.avx);
	json_bool(w, "avx2", ci->x86.avx2);
	json_bool(w, "avx2_used", res->avx2_usable);
	json_bool(w, "avx512f", ci->x86.avx512f);
	json_bool(w, "avx512_used", res->bw.avx512_used);
	json_bool(w, "page_1g", ci->f.big_pages);
	json_bool(w, "invariant_tsc", ci->f.invariant_ticks);
	json_bool(w, "aperf_mperf", ci->f.core_clock);
	json_bool(w, "rdtscp", ci->x86.rdtscp);
	json_bool(w, "hypervisor", ci->f.hypervisor);
	json_bool(w, "hybrid", ci->f.hybrid);
	json_bool(w, "tsc_adjust", ci->x86.tsc_adjust);
	json_string(w, "core_cycles", res->core_cycles_source
		    ? res->core_cycles_source
		    : ci->f.core_clock && res->msr_ok ? "aperf-mperf" : "none");
	if (res->sve_known) {
		json_bool(w, "sve_used", res->sve_bytes != 0);
		if (res->sve_bytes)
			json_u64(w, "sve_vector_bytes", res->sve_bytes);
		else
			json_null(w, "sve_vector_bytes");
		if (res->sve_why)
			json_string(w, "sve_note", res->sve_why);
	}
	json_object_end(w);
	json_object_begin(w, "frequency");
	json_string(w, "boost", res->freq.boost ? res->freq.boost : "unknown");
	json_string(w, "hwp", res->freq.hwp ? res->freq.hwp : "unknown");
	json_string(w, "source", res->freq.source ? res->freq.source : "none");
	json_object_end(w);
	if (ci->core_type)
		json_string(w, "core_type", ci->core_type);
	json_object_end(w);
}

/* machine.memory's ceiling (hw/memceiling.h): null where SMBIOS gives
 * no speed (or no DIMMs); per node where type 20 and the SRAT place
 * every DIMM, else an empty list. */
static void write_ceiling(struct json_writer *w, const struct mem_ceiling *c)
{
	if (c && c->gb_per_s >= 0)
		json_double(w, "ceiling_gb_per_s", c->gb_per_s, 1);
	else
		json_null(w, "ceiling_gb_per_s");
	json_string(w, "ceiling_basis", "sum over populated DIMMs of "
		    "configured MT/s x data width; holds with one DIMM per "
		    "channel");
	json_array_begin(w, "ceiling_nodes");
	for (int i = 0; c && i < c->node_count; i++) {
		json_object_begin(w, 0);
		json_u64(w, "node", (uint64_t)c->nodes[i].node);
		json_u64(w, "dimms", (uint64_t)c->nodes[i].dimms);
		if (c->nodes[i].gb_per_s >= 0)
			json_double(w, "gb_per_s", c->nodes[i].gb_per_s, 1);
		else
			json_null(w, "gb_per_s");
		json_object_end(w);
	}
	json_array_end(w);
}

static void write_memory(struct json_writer *w, const struct run_results *res)
{
	const struct smbios_info *sm = res->smbios;

	json_object_begin(w, "memory");
	json_u64(w, "total_bytes", res->memory_total_bytes);
	json_array_begin(w, "dimms");
	for (int i = 0; sm && i < sm->dimm_count; i++) {
		const struct smbios_dimm *d = &sm->dimms[i];
		json_object_begin(w, 0);
		json_string(w, "locator", d->locator);
		json_string(w, "bank", d->bank_locator);
		if (d->size_bytes)
			json_u64(w, "size_bytes", d->size_bytes);
		else
			json_null(w, "size_bytes");	/* populated, unknown */
		json_string(w, "type", d->type);
		json_string(w, "form_factor", d->form_factor);
		if (d->speed_mts)
			json_u64(w, "speed_mts", d->speed_mts);
		else
			json_null(w, "speed_mts");
		if (d->configured_speed_mts)
			json_u64(w, "configured_speed_mts",
				 d->configured_speed_mts);
		else
			json_null(w, "configured_speed_mts");
		if (d->data_width_bits)
			json_u64(w, "data_width_bits", d->data_width_bits);
		else
			json_null(w, "data_width_bits");
		json_string(w, "manufacturer", d->manufacturer);
		json_string(w, "part_number", d->part_number);
		json_object_end(w);
	}
	json_array_end(w);
	write_ceiling(w, res->ceiling);
	json_object_end(w);
}

/* machine.tsc's skew fields (lib/suite/tsccheck.c): null when not
 * measured, with the reason. */
static void write_tsc_skew(struct json_writer *w, const struct run_results *res)
{
	const struct tsc_skew_summary *s = &res->tsc_skew;
	int known = res->tsc_cpus > 1 && !res->tsc_skew_why;

	json_measured(w, "skew_ns_max", known ? s->max_ns : -1, 1);
	json_measured(w, "skew_bound_ns", known ? s->bound_ns : -1, 1);
	json_double(w, "skew_warn_ns", TSC_SKEW_WARN_NS, 0);
	if (res->tsc_skew_why)
		json_string(w, "skew_note", res->tsc_skew_why);
	if (res->tsc_cpus < 1) {
		if (!res->tsc_skew_why)
			json_string(w, "skew_note", "not checked: the run "
				    "stopped before its tests");
		return;
	}
	json_array_begin(w, "skew");
	for (int i = 0; i < res->tsc_cpus; i++) {
		const struct tsc_cpu *c = &res->tsc[i];
		json_object_begin(w, 0);
		json_u64(w, "cpu", (uint64_t)c->cpu);
		json_bool(w, "reference", c->reference);
		if (c->reference || c->est.known)	/* signed */
			json_double(w, "offset_ns", c->est.offset_ns, 1);
		else
			json_null(w, "offset_ns");
		json_measured(w, "bound_ns", c->reference ? 0
			      : c->est.known ? c->est.bound_ns : -1, 1);
		json_u64(w, "exchanges", (uint64_t)c->exchanges);
		if (c->adjust_known)
			json_i64(w, "tsc_adjust", c->adjust);
		else
			json_null(w, "tsc_adjust");
		json_object_end(w);
	}
	json_array_end(w);
}

/* The L3 size CPUID lists where the run sized the L3 by a partition's
 * share (lib/suite/coretypes.c, coretypes_partition); 0 otherwise. */
static uint64_t l3_cpuid_bytes(const struct run_results *res)
{
	return res->l3alloc.applied ? res->l3alloc.cpuid_bytes : 0;
}

/* machine.caches, or a core type's: what CPUID lists (l3_cpuid_bytes:
 * the L3's, where the run sized it by a partition's share; 0: none). */
static void write_caches(struct json_writer *w, const struct cpu_info *ci,
			 uint64_t l3_cpuid_bytes)
{
	json_array_begin(w, "caches");
	for (int i = 0; i < ci->cache_count; i++) {
		const struct cpu_cache *c = &ci->caches[i];
		json_object_begin(w, 0);
		json_u64(w, "level", (uint64_t)c->level);
		json_string(w, "type", c->type);
		json_u64(w, "size_bytes", c->level == 3 && l3_cpuid_bytes
						  ? l3_cpuid_bytes
						  : c->size_bytes);
		json_u64(w, "line_bytes", (uint64_t)c->line_bytes);
		json_u64(w, "ways", (uint64_t)c->ways);
		json_u64(w, "shared_by", (uint64_t)c->shared_by);
		json_string(w, "source", cpuinfo_cache_source(c));
		json_object_end(w);
	}
	json_array_end(w);
}

/* machine.core_types: each core type's caches and its cpus (one type,
 * the boot cpu's, where the part has one). */
static void write_core_types(struct json_writer *w,
			     const struct run_results *res)
{
	int types = res->core_type_count ? res->core_type_count : 1;

	json_array_begin(w, "core_types");
	for (int t = 0; t < types; t++) {
		const struct cpu_info *ci = res->core_type_count
						    ? &res->core_types[t]
						    : &res->cpu;
		json_object_begin(w, 0);
		if (ci->core_type)
			json_string(w, "core_type", ci->core_type);
		else
			json_null(w, "core_type");
		json_array_begin(w, "cpus");
		for (int i = 0; i < res->cpu_count; i++)
			if (coretypes_of(res, i) == t)
				json_u64(w, 0, (uint64_t)i);
		json_array_end(w);
		write_caches(w, ci, l3_cpuid_bytes(res));
		json_object_end(w);
	}
	json_array_end(w);
}

/* machine.l3_allocation (lib/hw/l3alloc.h): the boot cpu's class of
 * service, the ways its mask allows and the size the run sized the L3
 * by; the figures null where not read (the class also under resctrl,
 * which does not give it). */
static void write_l3_allocation(struct json_writer *w, const struct l3alloc *a)
{
	int read = a->state && a->source && !str_eq(a->source, "none");
	char mask[24];

	json_object_begin(w, "l3_allocation");
	json_string(w, "state", a->state ? a->state : "unknown");
	json_string(w, "source", a->source ? a->source : "none");
	if (read) {
		fmt(mask, sizeof mask, "%#llx", (unsigned long long)a->mask);
		if (a->cos >= 0)
			json_u64(w, "class_of_service", (uint64_t)a->cos);
		else
			json_null(w, "class_of_service");
		json_bool(w, "cdp", a->cdp);
		json_string(w, "mask", mask);
		json_u64(w, "ways_allowed", (uint64_t)a->ways_allowed);
		json_u64(w, "ways_total", (uint64_t)a->ways_total);
		json_u64(w, "effective_bytes", a->effective_bytes);
	} else {
		json_null(w, "class_of_service");
		json_null(w, "cdp");
		json_null(w, "mask");
		json_null(w, "ways_allowed");
		json_null(w, "ways_total");
		json_null(w, "effective_bytes");
	}
	if (a->cpuid_bytes)
		json_u64(w, "cpuid_bytes", a->cpuid_bytes);
	else
		json_null(w, "cpuid_bytes");
	if (read && a->bw_eighths >= 0)
		json_double(w, "bandwidth_limit_gb_per_s",
			    (double)a->bw_eighths / 8, 3);
	else
		json_null(w, "bandwidth_limit_gb_per_s");
	json_string(w, "why", a->why);
	json_object_end(w);
}

static void write_machine(struct json_writer *w, const struct run_results *res)
{
	const struct smbios_info *sm = res->smbios;

	json_object_begin(w, "machine");
	write_cpu(w, res);
	json_object_begin(w, "tsc");
	json_u64(w, "hz", res->tsc_hz);
	json_string(w, "source", res->tsc_source);
	json_measured(w, "error_ppm", res->tsc_error_ppm, 1);
	json_string(w, "region_end", arch_is_aarch64(res) ? "dsb-isb-cntvct"
		    : res->cpu.ticks_end_way == TICKS_END_ORDERED ? "rdtscp"
		    : "mfence-lfence-rdtsc");
	if (res->tsc_hz)
		json_double(w, "resolution_ns", 1e9 / (double)res->tsc_hz, 3);
	else
		json_null(w, "resolution_ns");
	json_u64(w, "sample_ticks_min", SAMPLE_TICKS_MIN);
	write_tsc_skew(w, res);
	json_object_end(w);
	write_caches(w, &res->cpu, l3_cpuid_bytes(res));
	write_core_types(w, res);
	write_l3_allocation(w, &res->l3alloc);
	write_memory(w, res);
	json_object_begin(w, "system");
	json_string(w, "manufacturer", sm ? sm->system_manufacturer : "");
	json_string(w, "product", sm ? sm->system_product : "");
	json_object_end(w);
	json_object_begin(w, "firmware");
	json_string(w, "vendor", res->firmware_vendor);
	json_string(w, "version", res->firmware_version);
	if (sm) {
		json_string(w, "bios_vendor", sm->bios_vendor);
		json_string(w, "bios_version", sm->bios_version);
		json_string(w, "bios_date", sm->bios_date);
	}
	json_object_end(w);
	json_object_end(w);
}

/* Percentiles, overhead and the histogram's non-empty span of bins. */
static void write_dist(struct json_writer *w, const struct lat_point *p)
{
	int lo = 0, hi = HIST_BINS - 1;

	json_double(w, "ns_p50", p->ns_p50, 3);
	json_double(w, "ns_p90", p->ns_p90, 3);
	json_double(w, "ns_p99", p->ns_p99, 3);
	json_double(w, "ns_p999", p->ns_p999, 3);
	json_u64(w, "dist_segments", (uint64_t)p->dist_segments);
	json_u64(w, "dist_hops", (uint64_t)p->dist_hops);
	json_double(w, "dist_overhead_ns", p->dist_overhead_ns, 3);
	while (lo < hi && !p->hist.count[lo])
		lo++;
	while (hi > lo && !p->hist.count[hi])
		hi--;
	json_object_begin(w, "hist");
	json_array_begin(w, "edges_ns");
	for (int k = lo; k <= hi + 1; k++)
		json_double(w, 0, hist_edge_ns(k), 3);
	json_array_end(w);
	json_array_begin(w, "counts");
	for (int k = lo; k <= hi; k++)
		json_u64(w, 0, p->hist.count[k]);
	json_array_end(w);
	json_u64(w, "under", p->hist.under);
	json_u64(w, "over", p->hist.over);
	json_object_end(w);
}

void results_json_latency(struct json_writer *w, const struct run_results *res)
{
	json_array_begin(w, "latency");
	for (int i = 0; i < res->lat.count; i++) {
		const struct lat_point *p = &res->lat.p[i];
		json_object_begin(w, 0);
		json_u64(w, "cpu", (uint64_t)p->cpu);
		json_u64(w, "size_bytes", p->size_bytes);
		if (p->level)
			json_string(w, "level", p->level);
		if (p->level_measured)
			json_string(w, "level_measured", p->level_measured);
		json_u64(w, "page_bytes", p->page_bytes);
		if (p->buffer_node >= 0)
			json_u64(w, "buffer_node", (uint64_t)p->buffer_node);
		else
			json_null(w, "buffer_node");
		json_u64(w, "hops", p->hops);
		json_u64(w, "repeats", (uint64_t)p->repeats);
		json_double(w, "ns_min", p->ns_min, 3);
		json_double(w, "ns_median", p->ns_median, 3);
		json_double(w, "ns_max", p->ns_max, 3);
		json_double(w, "tsc_cycles_median", p->tsc_cycles_median, 2);
		json_measured(w, "core_cycles_median", p->core_cycles_median, 2);
		json_u64(w, "retaken", (uint64_t)p->retaken);
		json_u64(w, "noisy", (uint64_t)p->noisy);
		json_double(w, "spread", p->spread, 3);
		json_u64(w, "whole_retakes", (uint64_t)p->whole_retakes);
		json_bool(w, "disturbed", p->disturbed);
		if (p->smi >= 0)
			json_u64(w, "smi", (uint64_t)p->smi);
		else
			json_null(w, "smi");
		if (p->dist_segments)
			write_dist(w, p);
		if (p->prefetch)
			json_string(w, "prefetch",
				    p->prefetch == BM_PF_OFF ? "off" : "on");
		json_object_end(w);
	}
	json_array_end(w);
}

static void write_cpu_list(struct json_writer *w, const struct run_results *res,
			   int cpus)
{
	json_array_begin(w, "cpu_list");
	for (int i = 0; i < cpus && i < res->selected_count; i++)
		json_u64(w, 0, (uint64_t)res->selected[i]);
	json_array_end(w);
}

void results_json_bandwidth(struct json_writer *w,
			    const struct run_results *res)
{
	json_array_begin(w, "bandwidth");
	for (int i = 0; i < res->bw.count; i++) {
		const struct bw_point *p = &res->bw.p[i];
		json_object_begin(w, 0);
		json_string(w, "kernel", p->kernel);
		json_string(w, "level", p->level);
		json_bool(w, "scaling", p->scaling);
		json_u64(w, "cpus", (uint64_t)p->cpus);
		write_cpu_list(w, res, p->cpus);
		results_json_buffer_nodes(w, p->buffer_nodes, p->cpus);
		json_u64(w, "size_bytes", p->size_bytes);
		json_u64(w, "bytes", p->bytes);
		json_u64(w, "repeats", (uint64_t)p->repeats);
		json_double(w, "gb_per_s_min", p->gb_min, 2);
		json_double(w, "gb_per_s_median", p->gb_median, 2);
		json_double(w, "gb_per_s_max", p->gb_max, 2);
		if (p->smi >= 0)
			json_u64(w, "smi", (uint64_t)p->smi);
		else
			json_null(w, "smi");
		json_u64(w, "retaken", (uint64_t)p->retaken);
		if (p->prefetch)
			json_string(w, "prefetch",
				    p->prefetch == BM_PF_OFF ? "off" : "on");
		json_string(w, "stores",
			    p->nontemporal ? "non-temporal" : "cached");
		if (p->stores_compared) {
			json_object_begin(w, "stores_compared");
			json_double(w, "cached", p->cached_gb_median, 2);
			json_double(w, "non-temporal", p->nontemporal_gb_median,
				    2);
			json_object_end(w);
		}
		if (p->fallback_cpus)
			json_u64(w, "fallback_cpus", (uint64_t)p->fallback_cpus);
		if (p->page_bytes)
			json_u64(w, "page_bytes", p->page_bytes);
		/* 0 is no clock (a point made elsewhere, zeroed): null */
		json_measured(w, "clock_ghz", p->clock_ghz > 0 ? p->clock_ghz
							      : -1, 2);
		json_measured(w, "clock_ghz_min", p->clock_ghz_min > 0
						  ? p->clock_ghz_min : -1, 2);
		if (p->settle_ms > 0) {
			json_object_begin(w, "settle");
			json_double(w, "ms", p->settle_ms, 1);
			if (p->settle_back < 0)
				json_null(w, "clock_back");
			else
				json_bool(w, "clock_back", p->settle_back);
			json_object_end(w);
		}
		json_object_end(w);
	}
	json_array_end(w);
}

void results_json_prefetch(struct json_writer *w,
			   const struct run_results *res)
{
	char hex[24];

	if (!res->prefetch.state)
		return;
	json_object_begin(w, "prefetch");
	json_string(w, "asked", res->config.prefetch == BM_PREFETCH_BOTH
				       ? "both" : "off");
	json_string(w, "state", res->prefetch.state);
	if (res->prefetch.control) {
		json_string(w, "control", res->prefetch.control);
		json_string(w, "switched", res->prefetch.switched);
		json_u64(w, "off_bits", res->prefetch.off_bits);
		fmt(hex, sizeof hex, "0x%llx",
		    (unsigned long long)res->prefetch.original);
		json_string(w, "original", hex);
		json_u64(w, "cpus", (uint64_t)res->prefetch.cpus);
		json_u64(w, "restore_failed",
			 (uint64_t)res->prefetch.restore_failed);
	} else {
		json_null(w, "control");
	}
	if (res->prefetch.why[0])
		json_string(w, "why", res->prefetch.why);
	json_object_end(w);
}

/* Each test's keys, in the registry's order (res->tests), the prefetch
 * object after the last of the rows prefetch=off|both repeats: the
 * conditions they were measured under. */
static void write_tests(struct json_writer *w, const struct run_results *res)
{
	for (int i = 0; i < res->test_count; i++) {
		const struct test_row *t = &res->tests[i];

		if (t->json)
			t->json(w, res);
		if (t->under_prefetch && (i + 1 == res->test_count ||
					  !res->tests[i + 1].under_prefetch))
			results_json_prefetch(w, res);
	}
}

size_t results_json(const struct run_results *res, const struct summary *sum,
		    enum run_status status, char *buf, size_t cap)
{
	struct json_writer w;

	json_init(&w, buf, cap, 1);
	json_object_begin(&w, 0);
	json_string(&w, "schema", "baremem-results/1");
	json_object_begin(&w, "tool");
	json_string(&w, "name", "baremem");
	json_string(&w, "version", BAREMEM_VERSION);
	json_object_end(&w);
	json_string(&w, "status", results_status_name(status));
	write_msgs(&w, "errors", &res->errors);
	write_msgs(&w, "warnings", &res->warnings);
	write_faults(&w, res);
	json_string(&w, "platform", res->platform);
	json_object_begin(&w, "run");
	json_u64(&w, "number", (uint64_t)res->run_number);
	if (res->started[0])
		json_string(&w, "started", res->started);
	else
		json_null(&w, "started");
	json_double(&w, "duration_s", res->duration_s, 1);
	if (res->boot)
		json_string(&w, "boot", res->boot);
	json_object_end(&w);
	write_config(&w, &res->config);
	write_machine(&w, res);
	json_object_begin(&w, "paging");
	if (res->page_bytes)
		json_u64(&w, "page_bytes", res->page_bytes);
	else
		json_null(&w, "page_bytes");	/* nothing was mapped */
	json_u64(&w, "mapped_bytes", res->mapped_bytes);
	if (res->tom2_read > 0) {
		json_object_begin(&w, "amd_tom2");
		json_bool(&w, "mtrr_tom2_en", res->tom2_en);
		json_bool(&w, "force_wb", res->tom2_force_wb);
		json_u64(&w, "tom2_bytes", res->tom2_bytes);
		json_bool(&w, "applied", res->tom2_applied);
		json_object_end(&w);
	} else if (res->tom2_read < 0) {
		json_null(&w, "amd_tom2");
	}
	json_object_end(&w);
	write_tests(&w, res);
	results_json_summary(&w, results_summary_cpu(res), sum);
	json_object_end(&w);
	if (json_finish(&w) != 0)
		return 0;
	return w.len;
}
