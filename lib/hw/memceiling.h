/* The DIMMs' bandwidth ceiling (SMBIOS type 17): each populated DIMM's
 * configured MT/s x data width in bytes, summed per node and for the
 * machine, and the warnings a population earns. A ceiling, not a
 * prediction: it holds only with one DIMM per channel, since two DIMMs
 * on one channel share its bus and the sum then counts that bus twice. */
#ifndef BAREMEM_MEMCEILING_H
#define BAREMEM_MEMCEILING_H

#include <stdbool.h>

#include "hw/numa.h"
#include "hw/smbios.h"

#define MEMC_MAX_WARNINGS 8
#define MEMC_WARNING_BYTES 160

struct memc_node {
	int node;		/* index into numa_topo.domain */
	int dimms;
	double gb_per_s;	/* < 0: some DIMM without speed or width */
};

struct mem_ceiling {
	int dimms;		/* populated DIMMs counted */
	double gb_per_s;	/* machine; < 0: unknown (no DIMM, or one
				 * without a speed or data width) */
	/* Per node, where type 20 places every DIMM in one SRAT node;
	 * 0 nodes: the machine only. */
	int node_count;
	struct memc_node nodes[NUMA_MAX_NODES];
	int warning_count;
	char warnings[MEMC_MAX_WARNINGS][MEMC_WARNING_BYTES];
};

/* One DIMM's transfer rate: the configured speed, else the rated one;
 * doubled, with *from_mhz set, where the firmware plainly gave the clock
 * in MHz (below the memory type's slowest MT/s, twice it within the
 * rating). 0 when neither speed is known. */
uint32_t memc_dimm_mts(const struct smbios_dimm *d, bool *from_mhz);

/* One DIMM's peak: MT/s x data width in bytes, in GB/s (10^9 bytes);
 * the configured speed, else the rated one (still a bound: a DIMM never
 * runs above its rating). < 0 when neither speed or the width is known. */
double memc_dimm_gb_per_s(const struct smbios_dimm *d);

/* The SRAT node every type 20 range of dimm i falls in; -1 when it has
 * none, or ranges in different nodes, or t is 0 / has no nodes. */
int memc_dimm_node(const struct smbios_info *sm, int i,
		   const struct numa_topo *t);

/* Fills *out from sm (0: nothing) and t (0: no SRAT). More DIMMs than
 * sm kept (SMBIOS_MAX_DIMMS): the ceiling unknown, never a partial sum;
 * type 20 maps dropped (SMBIOS_MAX_MAPS): no node placed; each said in
 * the first warnings. Warnings, one per
 * finding, per node where DIMMs are placed, else for the machine:
 * DIMMs of different size, speed or part; a DIMM configured below its
 * rated speed; an odd number of DIMMs where the board has empty slots. */
void mem_ceiling_compute(const struct smbios_info *sm,
			 const struct numa_topo *t, struct mem_ceiling *out);

#endif
