/* An AArch64 cpu's caches from its ID registers: CLIDR_EL1 (which
 * levels exist and their kinds), CCSIDR_EL1 per level and kind as
 * CSSELR_EL1 selects it (geometry, in the 32-bit layout or FEAT_CCIDX's
 * 64-bit one) and CTR_EL0 (the smallest line, what DC instructions step
 * by). Pure decoding: the caller reads the registers on the cpu. */
#ifndef BAREMEM_CACHE_ID_H
#define BAREMEM_CACHE_ID_H

#include <stdint.h>

#define ARM_CACHE_LEVELS 7	/* CLIDR_EL1 describes levels 1..7 */

struct arm_cache {
	int level;		/* 1.. */
	char type;		/* 'D' data, 'I' instruction, 'U' unified */
	uint32_t line_bytes;	/* 0: not known */
	uint32_t ways, sets;	/* 0: not known */
	uint64_t bytes;		/* 0: not known */
	/* Cpus that share it (from PPTT); 0 when the source cannot say
	 * (the ID registers describe one cpu's view only) */
	int shared_by;
	uint32_t pptt_offset;	/* the PPTT structure, 0 for ID registers */
	/* "ccsidr", "pptt", "part", "linux": lib/hw/cpuinfo.h's
	 * cpu_cache.source */
	const char *source;
};

/* CLIDR_EL1's Ctype<level> (level 1..7): 0 none, 1 instruction only,
 * 2 data only, 3 separate instruction and data, 4 unified; -1 for a
 * level out of range. */
int arm_clidr_ctype(uint64_t clidr, int level);

/* One CCSIDR_EL1 value's geometry into c (level and type untouched).
 * ccidx: the cpu has FEAT_CCIDX (ID_AA64MMFR2_EL1.CCIDX != 0), so the
 * register is the 64-bit layout (associativity 23:3, sets 55:32) instead
 * of the 32-bit one (12:3, 27:13). */
void arm_ccsidr_decode(uint64_t ccsidr, int ccidx, struct arm_cache *c);

/* Every cache CLIDR lists, level by level up to the first level without
 * one, data before instruction; ccsidr[level - 1][ind] is CCSIDR_EL1 read
 * with CSSELR_EL1 = (level - 1) << 1 | ind (ind 1: the instruction
 * cache). Returns how many were written to out (at most max). */
int arm_caches_from_ids(uint64_t clidr, const uint64_t ccsidr[][2], int ccidx,
			struct arm_cache *out, int max);

/* CTR_EL0's smallest data and instruction cache lines in bytes
 * (DminLine 19:16, IminLine 3:0, log2 of words). */
uint32_t arm_ctr_dline_bytes(uint64_t ctr);
uint32_t arm_ctr_iline_bytes(uint64_t ctr);

/* Of `more` (PPTT's caches of a cpu), the ones at a level above every
 * level in `ids` (what CLIDR shows): system-level caches outside the
 * cpu's own hierarchy, such as a mesh's system-level cache. Copies them
 * to out (at most max); returns how many. */
int arm_caches_beyond(const struct arm_cache *ids, int n,
		      const struct arm_cache *more, int m,
		      struct arm_cache *out, int max);

/* One cpu's caches from both its sources, nearest level first: each
 * cache CLIDR lists (ids), taking size, geometry and sharers from the
 * PPTT's cache of the same level and kind where that one gives a size
 * (the architecture does not promise CCSIDR_EL1's geometry is the real
 * cache's: Arm ARM DDI 0487, CCSIDR_EL1's description), the registers'
 * otherwise; then the PPTT's caches above every level CLIDR shows
 * (arm_caches_beyond: a system-level cache). A cache with no size from
 * either is left out; one with no line takes dline_bytes (CTR_EL0's).
 * Returns how many were written to out (at most max). */
int arm_caches_merge(const struct arm_cache *ids, int n,
		     const struct arm_cache *pptt, int m, uint32_t dline_bytes,
		     struct arm_cache *out, int max);

#endif
