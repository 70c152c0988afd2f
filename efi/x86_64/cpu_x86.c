/* x86 answers to efi/'s questions about the calling cpu: its APIC id
 * for mp_x86.c, the SRAT's cpus for numa.c, and the test images' machine
 * faults (test_hooks_x86.c). */
#include "../baremem_efi.h"
#include "arch/arch.h"
#include "arch/x86_64/x86.h"

/* The x2APIC id of CPUID leaf 0Bh in EDX when the cpu has that leaf (it
 * equals the xAPIC id below 256), else the initial APIC id of leaf 01h,
 * EBX[31:24] (SDM vol 2A, CPUID). */
uint32_t cpu_hw_id(void)
{
	if (cpuid(0, 0).eax >= 0xb && cpuid(0xb, 0).ebx != 0)
		return cpuid(0xb, 0).edx;
	return cpuid(1, 0).ebx >> 24;
}

/* x86's SRAT cpus are its APIC and x2APIC entries, which
 * numa_parse_srat reads itself. */
void numa_arch_cpus(struct numa_topo *t, const void *srat, UINTN len)
{
	(void)t;
	(void)srat;
	(void)len;
}

/* An IDT of limit 0, then an invalid opcode. The #UD's gate is past the
 * limit (#GP), so is the #GP's (#DF), so is the #DF's: a triple fault,
 * on which the cpu resets the machine. */
void cpu_crash_unhandled(void)
{
	static const struct __attribute__((packed)) {
		uint16_t limit;
		uint64_t base;
	} no_idt = { 0, 0 };

	__asm__ volatile("cli\n\tlidt %0\n\tud2" : : "m"(no_idt) : "memory");
	for (;;)
		cpu_relax();
}

/* CR4.MCE, bit 6. */
int cpu_machine_check_enabled(void)
{
	return (int)(read_cr4() >> 6 & 1);
}

/* MCG_STATUS, #GP-safe. */
int cpu_machine_check_status(UINT64 *v)
{
	return msr_read_documented(MSR_MCG_STATUS, v);
}
