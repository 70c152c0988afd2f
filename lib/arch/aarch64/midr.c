/* MIDR_EL1 decoding and the parts baremem names (midr.h). Part numbers
 * are the ones each maker publishes in its TRM's MIDR_EL1 description
 * (also listed in Linux's arch/arm64/include/asm/cputype.h); cache
 * sizes from the same TRMs ("L1 data cache: 64KB", "L2: 512KB or 1MB,
 * configured by the licensee") and, for Ampere and Fujitsu, their
 * product briefs and the A64FX microarchitecture manual. */
#include "arch/aarch64/midr.h"

#define KiB 1024u
#define MiB (1024u * 1024u)

static const struct arm_part parts[] = {
	/* Arm Ltd. cores: L2 size is chosen by the licensee */
	{ 0x41, 0xd08, "Cortex-A72", 32 * KiB, 48 * KiB, 0, 1, 0,
	  "NXP LX2160A, AWS Graviton (first), Raspberry Pi 4" },
	{ 0x41, 0xd0b, "Cortex-A76", 64 * KiB, 64 * KiB, 0, 1, 0, 0 },
	/* Altra and Altra Max: 32 MB and 16 MB of SLC (Ampere's product
	 * briefs); Graviton2: 32 MB (AWS) */
	{ 0x41, 0xd0c, "Neoverse N1", 64 * KiB, 64 * KiB, 0, 1, 32 * MiB,
	  "Ampere Altra and Altra Max, AWS Graviton2" },
	/* Graviton3: 32 MB of L3 on its mesh (AWS) */
	{ 0x41, 0xd40, "Neoverse V1", 64 * KiB, 64 * KiB, 0, 1, 32 * MiB,
	  "AWS Graviton3" },
	{ 0x41, 0xd49, "Neoverse N2", 64 * KiB, 64 * KiB, 0, 1, 0, 0 },
	/* Grace: 117 MB of L3 on its Scalable Coherency Fabric (NVIDIA,
	 * Hot Chips 34), taken as MiB to stay on the large side;
	 * Graviton4: 36 MB */
	{ 0x41, 0xd4f, "Neoverse V2", 64 * KiB, 64 * KiB, 0, 1, 117 * MiB,
	  "NVIDIA Grace, AWS Graviton4" },
	{ 0x41, 0xd84, "Neoverse V3", 64 * KiB, 64 * KiB, 0, 1, 0, 0 },
	{ 0x41, 0xd8e, "Neoverse N3", 64 * KiB, 64 * KiB, 0, 1, 0, 0 },
	/* Ampere's own cores: 64 KiB L1D and a private 2 MiB L2; AmpereOne
	 * has 64 MB of SLC (Ampere's product brief) */
	{ 0xc0, 0xac3, "Ampere-1", 64 * KiB, 0, 2 * MiB, 1, 64 * MiB,
	  "AmpereOne" },
	{ 0xc0, 0xac4, "Ampere-1A", 64 * KiB, 0, 2 * MiB, 1, 64 * MiB,
	  "AmpereOne (2nd generation)" },
	/* A64FX: 8 MiB of L2 shared by each CMG's 12 compute cores
	 * (and its assistant core), the last level before HBM2 */
	{ 0x46, 0x001, "A64FX", 64 * KiB, 64 * KiB, 8 * MiB, 12, 0,
	  "Fujitsu FX1000, FX700" },
};

static const struct {
	uint8_t id;
	const char *name;
} makers[] = {
	{ 0x41, "Arm" }, { 0x42, "Broadcom" }, { 0x43, "Cavium" },
	{ 0x46, "Fujitsu" }, { 0x48, "HiSilicon" }, { 0x4e, "NVIDIA" },
	{ 0x50, "Applied Micro" }, { 0x51, "Qualcomm" }, { 0x61, "Apple" },
	{ 0x6d, "Microsoft" }, { 0xc0, "Ampere" },
};

struct arm_midr arm_midr_decode(uint64_t midr)
{
	return (struct arm_midr){
		.implementer = (uint8_t)(midr >> 24),
		.variant = (uint8_t)(midr >> 20 & 15),
		.architecture = (uint8_t)(midr >> 16 & 15),
		.part = (uint16_t)(midr >> 4 & 0xfff),
		.revision = (uint8_t)(midr & 15),
	};
}

const struct arm_part *arm_part_of_midr(uint64_t midr)
{
	struct arm_midr m = arm_midr_decode(midr);

	for (unsigned i = 0; i < sizeof parts / sizeof parts[0]; i++)
		if (parts[i].implementer == m.implementer &&
		    parts[i].part == m.part)
			return &parts[i];
	return 0;
}

const char *arm_implementer_name(uint8_t implementer)
{
	for (unsigned i = 0; i < sizeof makers / sizeof makers[0]; i++)
		if (makers[i].id == implementer)
			return makers[i].name;
	return "unknown";
}
