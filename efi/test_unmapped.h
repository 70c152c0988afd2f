/* The test image's fault-bsp and fault-ap accesses, on both
 * architectures (efi/x86_64/test_hooks_x86.c, efi/aarch64/test_hooks_arm.c): an
 * address no identity map of baremem's holds (canonical, just under
 * 2^47: far above the RAM and MMIO of any QEMU machine a test boots),
 * so the access is an x86 #PF with CR2 = TEST_HOOK_UNMAPPED, or an
 * AArch64 translation fault with FAR = TEST_HOOK_UNMAPPED
 * (tests/qemu/test_fault_* and test_aarch64_fault check it, and that
 * the pc is inside these functions). */
#ifndef BAREMEM_TEST_UNMAPPED_H
#define BAREMEM_TEST_UNMAPPED_H

#include <stdint.h>

#define TEST_HOOK_UNMAPPED 0x7ffffffff000ull

static void read_unmapped(void *arg)
{
	(void)arg;
	(void)*(volatile uint64_t *)TEST_HOOK_UNMAPPED;
}

static void write_unmapped(void *arg)
{
	(void)arg;
	*(volatile uint64_t *)TEST_HOOK_UNMAPPED = 1;
}

#endif
