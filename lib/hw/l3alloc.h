/* What the running cpu may fill of the L3: cache allocation (Intel RDT
 * CAT, SDM vol 3B 18.19; AMD PQoS, "AMD64 Technology Platform Quality of
 * Service Extensions") gives each class of service a capacity bitmask of
 * the L3's ways, and a cpu fills only the ways of its class. Firmware or
 * a hypervisor may set one; then the cache this cpu gets is the mask's
 * share of the size CPUID lists, and a latency sweep sized by CPUID puts
 * DRAM points under the "L3" label. AMD's L3 memory bandwidth limit
 * (CPUID 8000_0020h) is read beside it. Pure decoding: CPUID through a
 * cpuid_fn, MSRs through a reader (efi/ gives the #GP-safe one).
 * l3alloc_caps_decode and l3alloc_read, which name x86's leaves and
 * registers, are lib/arch/x86_64/l3alloc_x86.c's. */
#ifndef BAREMEM_L3ALLOC_H
#define BAREMEM_L3ALLOC_H

#include <stdint.h>

#include "hw/cpuinfo.h"
#include "hw/freqstate.h"

/* CPUID's side: leaves 7, 10h and 8000_0020h. */
struct l3alloc_caps {
	int l3_cat;		/* 7:EBX[15] PQE and 10h.0:EBX[1] L3 allocation */
	int cbm_bits;		/* 10h.1:EAX[4:0] + 1: the mask's width */
	uint32_t shareable;	/* 10h.1:EBX: ways other agents also use */
	int cdp;		/* 10h.1:ECX[2]: code/data masks possible */
	int cos_max;		/* 10h.1:EDX[15:0] */
	int amd_bw;		/* 8000_0020h.0:EBX[1] L3 bandwidth limits */
	int bw_bits;		/* 8000_0020h.1:EAX: the limit's width */
	int bw_cos_max;		/* 8000_0020h.1:EDX */
};

/* Decodes the caps (all 0 where the leaves say nothing). */
void l3alloc_caps_decode(struct l3alloc_caps *c, cpuid_fn fn, void *ctx);

struct l3alloc {
	/* "absent": the cpu has no L3 allocation (or no L3); "full": its
	 * class may fill every way; "partitioned": fewer; "unknown": the
	 * MSRs could not be read here (why says so). */
	const char *state;
	const char *source;	/* "msr", "resctrl" (Linux) or "none" */
	int cos;		/* the class of service (-1: not read) */
	int cdp;		/* CDP on: the data mask is class 2n's */
	uint64_t mask;		/* the class's (data) capacity bitmask */
	int ways_allowed;	/* bits set in mask, within cbm_bits */
	int ways_total;		/* cbm_bits */
	uint64_t cpuid_bytes;	/* the L3 CPUID lists */
	uint64_t effective_bytes;	/* cpuid_bytes x allowed / total */
	/* AMD: the class's L3 memory bandwidth limit in 1/8 GB/s; -1:
	 * unlimited or not read */
	int64_t bw_eighths;
	int applied;		/* the run sizes its L3 by effective_bytes */
	char why[120];
};

/* Reads the calling cpu's class and its mask with rd, given ci (its
 * caps and L3). Every MSR it reads is one the caps vouch for. */
void l3alloc_read(const struct cpu_info *ci, const struct l3alloc_caps *caps,
		  freq_msr_fn rd, void *ctx, struct l3alloc *out);

/* The result's start from ci's L3 and the caps: "absent" (why says
 * what is missing) until a reader fills it in. */
void l3alloc_start(const struct cpu_info *ci,
		   const struct l3alloc_caps *caps, struct l3alloc *out);
/* The bits set in v below bit `bits`: the ways a mask allows. */
int l3alloc_ways(uint64_t v, int bits);

/* Nothing readable (no MSR access): "unknown" with why, or "absent"
 * where the caps show no L3 allocation. */
void l3alloc_unread(const struct cpu_info *ci,
		    const struct l3alloc_caps *caps, const char *why,
		    struct l3alloc *out);

/* Linux resctrl's word on it: schemata, the text of the task's group's
 * schemata file (a line "L3:0=7ff;1=7ff", or "L3DATA:..." where CDP is
 * on), domain the cpu's L3 id (its cache/index3/id) and cbm_mask the
 * text of info/L3/cbm_mask (or L3DATA's), the mask of every way. Fills
 * out as l3alloc_read does, source "resctrl", the class not known (-1).
 * -1 (out "unknown", why saying what was missing) when the text gives no
 * mask for domain. */
int l3alloc_from_schemata(const struct cpu_info *ci,
			  const struct l3alloc_caps *caps,
			  const char *schemata, int domain,
			  const char *cbm_mask, struct l3alloc *out);

/* Where a is partitioned, sets the L3 of ci (the size the plan sizes
 * by) to a's effective size; 1 when it did. The CPUID size stays in
 * a->cpuid_bytes. */
int l3alloc_apply(const struct l3alloc *a, struct cpu_info *ci);

#endif
