/* baremem-linux's x86-64 part (linux_platform.h's linux_arch_machine):
 * the TSC calibrated against CLOCK_MONOTONIC_RAW, the vector state the
 * kernel enabled (XCR0), L3 partitions from resctrl, the microcode
 * revision. */
#include <stdio.h>
#include <string.h>

#include "bw.h"
#include "linux_platform.h"

/* resctrl's L3 share of the cpu baremem numbers 0 (l3alloc.c). */
void l3alloc_linux(struct run_results *res);

/* The microcode revision the kernel reports (x86 /proc/cpuinfo,
 * "microcode\t: 0xf0"): the first cpu's line. */
static void read_microcode(struct run_results *res)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[256];
	unsigned long long v;

	if (!f)
		return;
	while (fgets(line, sizeof line, f)) {
		char *colon = strchr(line, ':');
		if (strncmp(line, "microcode", 9) || !colon)
			continue;
		if (sscanf(colon + 1, " %llx", &v) == 1) {
			res->microcode = v;
			res->microcode_known = 1;
		}
		break;
	}
	fclose(f);
}

void linux_arch_machine(struct run_results *res)
{
	read_microcode(res);
	l3alloc_linux(res);
	res->tsc_hz = linux_tsc_calibrate(&res->tsc_error_ppm);
	res->tsc_source = "os";
	/* Linux enables the AVX state itself when the CPU has it. */
	res->avx2_usable = res->cpu.x86.avx2 && res->cpu.x86.osxsave;
	res->isa_widest = isa_usable_here();	/* XCR0 as the kernel set it */
}

const char *linux_arch_timer_note(void)
{
	return "the TSC is always calibrated against CLOCK_MONOTONIC_RAW";
}

/* Nothing beyond run_print_machine's lines on x86. */
void linux_arch_print(const struct run_results *res)
{
	(void)res;
}
