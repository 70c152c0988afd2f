/* The DIMMs' ceiling and the population's warnings (memceiling.h). */
#include "hw/memceiling.h"

#include <stdarg.h>
#include <stdbool.h>

#include "util/fmt.h"
#include "util/str.h"

/* The slowest transfer rate JEDEC defines for a memory type (SMBIOS
 * type 17's Memory Type byte), 0 where not judged. */
static uint32_t slowest_mts(uint8_t type_code)
{
	switch (type_code) {
	case 0x18: return 800;	/* DDR3 */
	case 0x1a: return 1600;	/* DDR4 */
	case 0x22: return 3200;	/* DDR5 */
	default: return 0;
	}
}

uint32_t memc_dimm_mts(const struct smbios_dimm *d, bool *from_mhz)
{
	uint32_t mts = d->configured_speed_mts ? d->configured_speed_mts
					       : d->speed_mts,
		 slowest = slowest_mts(d->type_code);

	/* Some firmware (early AM4 AGESA: DDR4 "configured 1200 MT/s"
	 * beside "2400 MT/s" rated) gives the clock in MHz, half the
	 * transfer rate; below the type's slowest rate it can be nothing
	 * else. */
	*from_mhz = slowest && mts && mts < slowest && 2 * mts >= slowest &&
		    (!d->speed_mts || 2 * mts <= d->speed_mts);
	return *from_mhz ? 2 * mts : mts;
}

double memc_dimm_gb_per_s(const struct smbios_dimm *d)
{
	bool from_mhz;
	uint32_t mts = memc_dimm_mts(d, &from_mhz);

	if (!mts || !d->data_width_bits)
		return -1;
	return (double)mts * 1e6 * (d->data_width_bits / 8.0) / 1e9;
}

int memc_dimm_node(const struct smbios_info *sm, int i,
		   const struct numa_topo *t)
{
	int node = -1;

	if (!sm || !t || t->node_count <= 0 || i < 0 || i >= sm->dimm_count)
		return -1;
	for (int k = 0; k < sm->map_count; k++) {
		const struct smbios_map *m = &sm->maps[k];
		int n;

		if (m->device_handle != sm->dimms[i].handle)
			continue;
		/* The range's first and last byte: a range split between
		 * nodes is no one node's. */
		n = numa_node_of_addr(t, m->start);
		if (n < 0 || numa_node_of_addr(t, m->end - 1) != n ||
		    (node >= 0 && n != node))
			return -1;
		node = n;
	}
	return node;
}

static void warn(struct mem_ceiling *out, const char *f, ...)
	__attribute__((format(printf, 2, 3)));

static void warn(struct mem_ceiling *out, const char *f, ...)
{
	va_list ap;
	size_t len = 0;

	if (out->warning_count >= MEMC_MAX_WARNINGS)
		return;
	va_start(ap, f);
	fmt_append_v(out->warnings[out->warning_count], MEMC_WARNING_BYTES,
		     &len, f, ap);
	va_end(ap);
	out->warning_count++;
}

static const char *name_of(const struct smbios_dimm *d)
{
	return d->locator[0] ? d->locator : "(no locator)";
}

/* 1 when a part number names a part: firmware that has none writes a
 * template instead ("Array1_PartNumber0", "Not Specified", "Unknown"),
 * different on each slot of identical DIMMs, which is no finding. */
static bool part_told(const char *p)
{
	static const char *const blank[] = { "partnum", "not specified",
					     "unknown", "to be filled" };

	if (!p[0])
		return false;
	for (unsigned b = 0; b < sizeof blank / sizeof blank[0]; b++) {
		size_t n = str_len(blank[b]);

		for (const char *q = p; str_nlen(q, n) == n; q++)
			if (str_ieq(q, n, blank[b]))
				return false;
	}
	return true;
}

/* The group's first DIMM against each other one: the first difference in
 * size, configured speed or part (where both name one), said once
 * each. where is "node 1" or
 * "the machine". */
static void mixed(const struct smbios_info *sm, const int *idx, int n,
		  const char *where, struct mem_ceiling *out)
{
	const struct smbios_dimm *a = &sm->dimms[idx[0]];
	bool size = false, speed = false, part = false, mhz;

	for (int j = 1; j < n; j++) {
		const struct smbios_dimm *b = &sm->dimms[idx[j]];

		if (!size && a->size_bytes != b->size_bytes) {
			size = true;
			warn(out, "%s: DIMMs of different size: %s %llu MiB, "
			     "%s %llu MiB", where, name_of(a),
			     (unsigned long long)(a->size_bytes >> 20),
			     name_of(b),
			     (unsigned long long)(b->size_bytes >> 20));
		}
		if (!speed && memc_dimm_mts(a, &mhz) != memc_dimm_mts(b, &mhz)) {
			speed = true;
			warn(out, "%s: DIMMs at different speeds: %s %u MT/s, "
			     "%s %u MT/s", where, name_of(a),
			     (unsigned)memc_dimm_mts(a, &mhz), name_of(b),
			     (unsigned)memc_dimm_mts(b, &mhz));
		}
		if (!part && part_told(a->part_number) &&
		    part_told(b->part_number) &&
		    !str_eq(a->part_number, b->part_number)) {
			part = true;
			warn(out, "%s: DIMMs of different parts: %s \"%s\", "
			     "%s \"%s\"", where, name_of(a), a->part_number,
			     name_of(b), b->part_number);
		}
	}
}

/* The warnings of one group of DIMMs (a node's, or the machine's). */
static void group_warnings(const struct smbios_info *sm, const int *idx,
			   int n, const char *where, struct mem_ceiling *out)
{
	if (n <= 0)
		return;
	mixed(sm, idx, n, where, out);
	if (n % 2 && sm->empty_slots > 0)
		warn(out, "%s: %d DIMM%s with %d empty slot%s on the board: "
		     "an odd count leaves channels unequal or empty", where,
		     n, n == 1 ? "" : "s", sm->empty_slots,
		     sm->empty_slots == 1 ? "" : "s");
}

/* The DIMMs after i with i's speeds and type (the same speed warnings),
 * or -1 when one before i has them (i's were said with that one's). */
static int like_after(const struct smbios_info *sm, int i)
{
	const struct smbios_dimm *d = &sm->dimms[i];
	int n = 0;

	for (int k = 0; k < sm->dimm_count; k++) {
		const struct smbios_dimm *e = &sm->dimms[k];

		if (k == i || e->speed_mts != d->speed_mts ||
		    e->configured_speed_mts != d->configured_speed_mts ||
		    e->type_code != d->type_code)
			continue;
		if (k < i)
			return -1;
		n++;
	}
	return n;
}

/* " and 11 more" for n more DIMMs alike, "" for none. */
static const char *and_more(int n)
{
	static char buf[32];

	buf[0] = 0;
	if (n > 0)
		fmt(buf, sizeof buf, " and %d more", n);
	return buf;
}

void mem_ceiling_compute(const struct smbios_info *sm,
			 const struct numa_topo *t, struct mem_ceiling *out)
{
	int node_of[SMBIOS_MAX_DIMMS];
	int idx[SMBIOS_MAX_DIMMS];
	bool placed = true;
	char where[32];

	*out = (struct mem_ceiling){ .gb_per_s = -1 };
	if (!sm || sm->dimm_count <= 0)
		return;
	out->dimms = sm->dimm_count;
	out->gb_per_s = 0;
	/* Said first, so no other warning crowds them out. */
	if (sm->dimms_dropped > 0) {
		warn(out, "%d populated DIMMs past the first %d were not "
		     "kept: the ceiling is unknown, not a sum over %d",
		     sm->dimms_dropped, SMBIOS_MAX_DIMMS, sm->dimm_count);
		placed = false;
	}
	if (sm->maps_dropped > 0) {
		warn(out, "%d SMBIOS type 20 maps past the first %d were "
		     "not kept: no DIMM is placed in a node",
		     sm->maps_dropped, SMBIOS_MAX_MAPS);
		placed = false;
	}
	for (int i = 0; i < sm->dimm_count; i++) {
		const struct smbios_dimm *d = &sm->dimms[i];
		double g = memc_dimm_gb_per_s(d);
		bool mhz;

		/* A sum without one DIMM would be no ceiling. */
		if (g < 0 || out->gb_per_s < 0)
			out->gb_per_s = -1;
		else
			out->gb_per_s += g;
		uint32_t mts = memc_dimm_mts(d, &mhz);
		int more = like_after(sm, i);

		/* Said once for the DIMMs alike (a node of 24 derated
		 * DIMMs is one warning, not 24 crowding out the rest). */
		if (more < 0)
			;
		else if (mhz)
			warn(out, "%s%s: configured speed %u is below %s's "
			     "slowest, %u MT/s: the firmware gave MHz (taken "
			     "as %u MT/s)", name_of(d), and_more(more),
			     (unsigned)(mts / 2), d->type,
			     (unsigned)slowest_mts(d->type_code),
			     (unsigned)mts);
		if (more >= 0 && d->configured_speed_mts && d->speed_mts &&
		    mts < d->speed_mts)
			warn(out, "%s%s %s at %u MT/s, below %s rated %u MT/s",
			     name_of(d), and_more(more), more ? "run" : "runs",
			     (unsigned)mts, more ? "their" : "its",
			     (unsigned)d->speed_mts);
		node_of[i] = memc_dimm_node(sm, i, t);
		if (node_of[i] < 0)
			placed = false;
	}
	if (sm->dimms_dropped > 0)
		out->gb_per_s = -1;
	if (!placed) {
		for (int i = 0; i < sm->dimm_count; i++)
			idx[i] = i;
		group_warnings(sm, idx, sm->dimm_count, "the machine", out);
		return;
	}
	for (int nd = 0; nd < t->node_count && nd < NUMA_MAX_NODES; nd++) {
		struct memc_node *mn = &out->nodes[out->node_count];
		int n = 0;

		*mn = (struct memc_node){ .node = nd, .gb_per_s = 0 };
		for (int i = 0; i < sm->dimm_count; i++) {
			double g;

			if (node_of[i] != nd)
				continue;
			idx[n++] = i;
			g = memc_dimm_gb_per_s(&sm->dimms[i]);
			mn->gb_per_s = g < 0 || mn->gb_per_s < 0
					       ? -1 : mn->gb_per_s + g;
		}
		if (!n)
			continue;	/* a node without DIMMs: none listed */
		mn->dimms = n;
		out->node_count++;
		fmt(where, sizeof where, "node %d", nd);
		group_warnings(sm, idx, n, where, out);
	}
}
