/* The corpus of real machines (tests/data/machines, format in its
 * README.md): loads a machine file into what the code under test takes: a
 * cpuid_fn replaying each logical cpu's recorded leaves, each cpu's
 * package/core/thread from its x2APIC id and the topology leaves' shift
 * widths, and the SRAT and SLIT bytes. Host-side test code (libc). */
#ifndef BAREMEM_TESTS_CORPUS_H
#define BAREMEM_TESTS_CORPUS_H

#include <stddef.h>
#include <stdint.h>

#include "hw/cpuinfo.h"

#define CORPUS_MAX_CPUS 512
#define CORPUS_MAX_LEAVES 64	/* recorded leaf/subleaf pairs a cpu */
#define CORPUS_MAX_REPORTED 6
#define CORPUS_MAX_MACHINES 64
#define CORPUS_NAME_MAX 64
#define CORPUS_MAX_RAM 16	/* "ram" lines */

struct corpus_leaf {
	uint32_t leaf, sub;
	struct cpuid_regs r;
};

struct corpus_cpu {
	uint32_t x2apic;
	int leaf_count;
	struct corpus_leaf leaf[CORPUS_MAX_LEAVES];
	/* corpus_topology's decoding of x2apic */
	int package, core, thread;
};

/* The source's own decoded sizes (a "# reported" line), KiB; -1: none,
 * CORPUS_UNREPORTED: the source gives no figure ("?"). */
#define CORPUS_UNREPORTED (-2L)
struct corpus_reported {
	/* "general", "performance", "efficiency", or a variant of one named
	 * "<what>-<core type>" ("low-power-efficiency": Meteor Lake's SoC
	 * tile E-cores, the compute tile's core type without its L3) */
	char purpose[24];
	long logical;		/* the logical cpus the line describes */
	long l1d_kib, l1i_kib, l2_kib, l3_kib;
};

struct corpus_machine {
	char name[CORPUS_NAME_MAX];
	int cpu_count;
	struct corpus_cpu *cpu;		/* [cpu_count], the file's order */
	int reported_count;
	struct corpus_reported reported[CORPUS_MAX_REPORTED];
	uint8_t *srat, *slit;		/* 0 when the machine has none */
	size_t srat_len, slit_len;
	int built_srat;			/* the file says its SRAT is BUILT */
	/* The memory map's RAM spans ("ram" lines), where the SRAT flags
	 * its ranges hot-pluggable and only the map says what is there. */
	int ram_count;
	struct {
		uint64_t base, bytes;
	} ram[CORPUS_MAX_RAM];
};

/* Loads path into m. 0, or -1 with a message naming the file and line in
 * err. corpus_free releases m either way. */
int corpus_load(const char *path, struct corpus_machine *m, char *err,
		size_t err_len);
void corpus_free(struct corpus_machine *m);

/* A cpuid_fn over one recorded cpu: ctx is a struct corpus_replay. A leaf
 * the cpu does not list is the first cpu's; one no cpu lists reads zeros. */
struct corpus_replay {
	const struct corpus_machine *m;
	int cpu;
};
struct cpuid_regs corpus_cpuid(void *ctx, uint32_t leaf, uint32_t sub);

/* Fills every cpu's package, core and thread from its x2APIC id: the
 * shift widths of leaf 1Fh, else 0Bh (SDM vol 2A, CPUID leaf 0BH/1FH),
 * else AMD's 8000_001Eh threads per core and 8000_0008h ECX ApicIdSize
 * (APM vol 3). -1 when the leaves give no widths. */
int corpus_topology(struct corpus_machine *m);

/* The machine files (*.txt) of dir, sorted, as full paths in
 * paths[0..return). -1 when dir cannot be read. */
int corpus_list(const char *dir, char paths[][256], int cap);

#endif
