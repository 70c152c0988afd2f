/* The DIMMs' ceiling of the run (ceiling.h). */
#include "suite/ceiling.h"

#include "hw/memceiling.h"
#include "hw/numa.h"
#include "platform.h"
#include "util/out.h"

void ceiling_read(struct run_results *res)
{
	struct mem_ceiling *c;
	struct numa_topo *t;

	if (!res->smbios || res->smbios->dimm_count <= 0)
		return;
	c = plat_alloc(sizeof *c);
	t = plat_alloc(sizeof *t);
	if (!c || !t) {
		plat_free(c);
		plat_free(t);
		msgs_add(&res->warnings, "memory: out of pool memory for "
			 "the DIMMs' ceiling");
		return;
	}
	/* No SRAT (or one node): the machine's ceiling alone. */
	mem_ceiling_compute(res->smbios,
			    plat_numa_topology(t) > 0 ? t : 0, c);
	plat_free(t);
	res->ceiling = c;
	if (c->gb_per_s < 0 && res->smbios->dimms_dropped)
		out("DIMMs' ceiling: unknown (%d DIMMs past the %d kept)\n",
		    res->smbios->dimms_dropped, c->dimms);
	else if (c->gb_per_s < 0)
		out("DIMMs' ceiling: unknown (%d DIMM%s, a speed or data "
		    "width missing in SMBIOS)\n", c->dimms,
		    c->dimms == 1 ? "" : "s");
	else
		out("DIMMs' ceiling: %.1f GB/s (%d DIMM%s, configured MT/s x "
		    "data width; holds with one DIMM per channel)\n",
		    c->gb_per_s, c->dimms, c->dimms == 1 ? "" : "s");
	for (int i = 0; i < c->node_count; i++) {
		if (c->nodes[i].gb_per_s < 0)
			out("  node %d: unknown (%d DIMM%s)\n",
			    c->nodes[i].node, c->nodes[i].dimms,
			    c->nodes[i].dimms == 1 ? "" : "s");
		else
			out("  node %d: %.1f GB/s (%d DIMM%s)\n",
			    c->nodes[i].node, c->nodes[i].gb_per_s,
			    c->nodes[i].dimms, c->nodes[i].dimms == 1 ? "" : "s");
	}
	for (int i = 0; i < c->warning_count; i++)
		msgs_add(&res->warnings, "memory: %s", c->warnings[i]);
}
