/* The parts of platform.h the AArch64 app answers with "not here": the
 * architecture has no MSRs (the prefetcher controls behind
 * plat_msr_probe are x86's), and tests=scan's view of memory (the
 * memory map cut by the x86 MTRRs in efi/scan_memory.c) has no AArch64
 * counterpart yet: the scan says so and measures nothing. */
#include "arm_efi.h"
#include "hw/cpuinfo.h"
#include "util/str.h"

int plat_msr_probe(uint32_t msr)
{
	(void)msr;
	return -1;
}

int plat_msr_on_cpus(const int *cpus, int n, uint32_t msr, uint64_t *vals,
		     int write, int *ok)
{
	(void)cpus;
	(void)msr;
	(void)vals;
	(void)write;
	for (int i = 0; i < n; i++)
		ok[i] = 0;
	return 0;
}

int plat_memory_spans(struct scan_span *out, int max)
{
	(void)out;
	(void)max;
	return -1;
}

int plat_buffer_alloc_at(uint64_t base, uint64_t bytes, uint64_t page_bytes,
			 struct plat_buffer *out)
{
	(void)base;
	(void)bytes;
	(void)page_bytes;
	(void)out;
	return -1;
}

int plat_scan_pin(uint64_t page_bytes, struct plat_buffer *out,
		  struct plat_pin *info, char *note, size_t note_len)
{
	(void)page_bytes;
	(void)out;
	(void)info;
	str_copy(note, note_len, "tests=scan is not in the AArch64 app yet");
	return -1;
}

/* lib/suite/coretypes.c reads each cpu's description (CPUID) only on a
 * hybrid x86 part (cpu_info.f.hybrid, which machine_arm.c never sets):
 * never reached here; the description stays empty. */
void cpuinfo_decode(struct cpu_info *ci, cpuid_fn fn, void *ctx)
{
	(void)fn;
	(void)ctx;
	*ci = (struct cpu_info){ 0 };
}

void cpuinfo_read(struct cpu_info *ci)
{
	*ci = (struct cpu_info){ 0 };
}
