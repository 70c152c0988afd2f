/* baremem's own identity map on AArch64: every RAM and MMIO range of the
 * firmware's memory map at its own address, 1 GiB blocks over wholly-RAM
 * gigabytes (lib/arch/aarch64/pagetable_arm.c), loaded into TTBR0 only
 * inside a window with interrupts masked: the firmware changes page
 * attributes through the tables it finds live, and would write into
 * baremem's. */
#include "arm_efi.h"
#include "sysreg.h"
#include "arch/aarch64/pagetable_arm.h"
#include "util/fmt.h"
#include "util/out.h"

#define TCR_TG0_SHIFT 14
#define SCTLR_WXN (1ull << 19)
#define TTBR_ASID_MASK 0xffff000000000000ull

static struct pt_arm_regime regime;
static struct pt_format format;
static struct pt_arena arena;
static UINTN arena_pages;
static uint64_t root, levels;
static uint64_t new_ttbr, new_tcr;
static int el2;

/* RAM (write-back where the firmware says it may be) and MMIO; the
 * rest (reserved carve-outs, unusable, persistent memory) unmapped, so a
 * gigabyte holding any of it gets no 1 GiB block. */
static int class_of(const EFI_MEMORY_DESCRIPTOR *d)
{
	if (memmap_is_ram(d->Type))
		return d->Attribute & EFI_MEMORY_WB ? PT_CLASS_WB : PT_CLASS_UC;
	if (d->Type == EfiMemoryMappedIO ||
	    d->Type == EfiMemoryMappedIOPortSpace)
		return PT_CLASS_UC;
	return 0;
}

static int ranges_of_map(struct pt_range **out, uint64_t *ram_top)
{
	struct memmap m;
	struct pt_range *r;
	int n, count = 0, cap;

	if (memmap_read(&m) != 0)
		return -1;
	n = (int)(m.bytes / m.desc_bytes);
	cap = 2 * n + 16;
	r = plat_alloc(sizeof(*r) * (size_t)cap);
	if (!r) {
		memmap_free(&m);
		return -1;
	}
	*ram_top = 0;
	for (int i = 0; i < n; i++) {
		const EFI_MEMORY_DESCRIPTOR *d = MEMMAP_AT(&m, i);
		int cls = class_of(d);
		uint64_t end = d->PhysicalStart + d->NumberOfPages * 4096;

		if (!cls)
			continue;
		r[count++] = (struct pt_range){ d->PhysicalStart,
						d->NumberOfPages * 4096,
						(uint8_t)cls, PT_1G };
		if (cls == PT_CLASS_WB && end > *ram_top)
			*ram_top = end;
	}
	memmap_free(&m);
	count = pt_ranges_normalize(r, count, cap);
	if (count < 0) {
		plat_free(r);
		return -1;
	}
	*out = r;
	return count;
}

/* The regime's registers: EL2's (TCR_EL2 and the rest, which at EL2 with
 * VHE are also what the _EL1 names reach) or EL1's. */
static int read_regime(struct run_results *res, uint64_t *tcr,
		       uint64_t *ttbr)
{
	uint64_t mair;
	int normal, device;

	el2 = arm_el() == 2;
	mair = el2 ? read_mair_el2() : read_mair_el1();
	*tcr = el2 ? read_tcr_el2() : read_tcr_el1();
	*ttbr = el2 ? read_ttbr0_el2() : read_ttbr0_el1();
	normal = pt_arm_mair_index(mair, MAIR_NORMAL_WB);
	device = pt_arm_mair_index(mair, MAIR_DEVICE_NGNRNE);
	if (normal < 0 || device < 0) {
		msgs_add(&res->errors, "cannot build page tables: the firmware's "
			 "MAIR (0x%016llx) has no Normal write-back or no "
			 "Device-nGnRnE attribute", (unsigned long long)mair);
		return -1;
	}
	/* WXN makes every writable page execute-never: the app's code is in
	 * RAM mapped read-write, and would fault inside the window. */
	if ((el2 ? read_sctlr_el2() : read_sctlr_el1()) & SCTLR_WXN) {
		msgs_add(&res->errors, "cannot build page tables: the firmware "
			 "runs with SCTLR.WXN set (writable memory never "
			 "executable), and the tables map RAM read-write");
		return -1;
	}
	if ((*tcr >> TCR_TG0_SHIFT) & 3) {
		msgs_add(&res->errors, "cannot build page tables: the firmware "
			 "runs TTBR0 with a granule other than 4 KiB (TCR TG0 "
			 "%llu)", (unsigned long long)((*tcr >> TCR_TG0_SHIFT) & 3));
		return -1;
	}
	regime = (struct pt_arm_regime){
		.normal_index = (uint8_t)normal,
		.device_index = (uint8_t)device,
		.el2_alone = arm_el2_alone(),
		.t0sz = pt_arm_t0sz(*tcr),
	};
	levels = (uint64_t)pt_arm_levels(regime.t0sz);
	if (!levels) {
		msgs_add(&res->errors, "cannot build page tables: the firmware's "
			 "T0SZ %u is outside 16..33", regime.t0sz);
		return -1;
	}
	return 0;
}

int arm_paging_init(struct run_results *res)
{
	struct pt_range *r = 0;
	uint64_t tcr, ttbr, ram_top, need, limit;
	EFI_PHYSICAL_ADDRESS addr;
	char a[16];
	int n;

	if (read_regime(res, &tcr, &ttbr) != 0)
		return -1;
	n = ranges_of_map(&r, &ram_top);
	if (n < 0) {
		msgs_add(&res->errors, "cannot build page tables: memory map "
			 "unreadable or out of memory");
		return -1;
	}
	pt_arm_format(&format, &regime);
	need = (pt_bytes_needed_with(&format, r, n, PT_1G, (int)levels) +
		4095) / 4096;
	if (BS->AllocatePages(AllocateAnyPages, EfiLoaderData, need, &addr) !=
	    EFI_SUCCESS) {
		plat_free(r);
		msgs_add(&res->errors, "cannot build page tables: no memory "
			 "for %llu pages of tables", (unsigned long long)need);
		return -1;
	}
	arena = (struct pt_arena){ .host = (uint8_t *)(uintptr_t)addr,
				   .phys = addr, .bytes = need * 4096 };
	arena_pages = need;
	if (pt_build_with(&format, r, n, PT_1G, (int)levels, &arena, &root)) {
		plat_free(r);
		arm_paging_fini();
		msgs_add(&res->errors, "cannot build page tables: the tables "
			 "outgrew their count");
		return -1;
	}
	plat_free(r);
	limit = 1ull << (64 - regime.t0sz);
	if (ram_top > limit)
		msgs_add(&res->warnings, "RAM above %llu GiB is not mapped: the "
			 "firmware's T0SZ %u maps no more; buffers stay below",
			 (unsigned long long)(limit >> 30), regime.t0sz);
	new_ttbr = root | (ttbr & TTBR_ASID_MASK);
	new_tcr = pt_arm_tcr(tcr, regime.el2_alone);
	res->mapped_bytes = ram_top < limit ? ram_top : limit;
	out("paging: baremem's identity map, %d levels from TTBR0 (T0SZ %u), "
	    "RAM up to %s, 1 GiB blocks where a gigabyte is all RAM\n",
	    (int)levels, regime.t0sz, fmt_size(a, sizeof a, res->mapped_bytes));
	return 0;
}

/* efi/memory.c's view of the tables: the leaf over addr when it maps
 * write-back RAM (AttrIndx the regime's Normal write-back index), else 0. */
uint64_t paging_leaf_bytes(uint64_t addr)
{
	uint64_t entry = 0, leaf;

	if (!root)
		return 0;
	leaf = pt_walk_with(&format, &arena, root, (int)levels, addr, 0, &entry);
	if (!leaf || ((entry >> PTA_ATTR_SHIFT) & 7) != regime.normal_index)
		return 0;
	return leaf;
}

/* These tables are built once, with the largest leaves the memory map
 * allows: a buffer cannot have smaller pages than they give it (the
 * page-size sweep is x86's for now), and efi/memory.c then takes none. */
int paging_limit(uint64_t base, uint64_t bytes, uint64_t max_page)
{
	(void)base;
	(void)bytes;
	(void)max_page;
	return -1;
}

void paging_unlimit(uint64_t base)
{
	(void)base;
}

/* TTBR0 and TCR swapped with the architecture's sequence: DSB so the
 * walker sees the tables written, ISB so the new values are in use, then
 * every TLB entry of the regime dropped (the firmware's tables map the
 * same addresses, some with other attributes) and DSB, ISB before the
 * next access. At EL2 (either kind) TLBI ALLE2; at EL1 VMALLE1. */
static inline void load_tables(uint64_t ttbr, uint64_t tcr)
{
	if (el2)
		__asm__ volatile("dsb ish\n\t"
				 "msr tcr_el2, %1\n\t"
				 "msr ttbr0_el2, %0\n\t"
				 "isb\n\t"
				 "tlbi alle2\n\t"
				 "dsb ish\n\t"
				 "isb" : : "r"(ttbr), "r"(tcr) : "memory");
	else
		__asm__ volatile("dsb ish\n\t"
				 "msr tcr_el1, %1\n\t"
				 "msr ttbr0_el1, %0\n\t"
				 "isb\n\t"
				 "tlbi vmalle1\n\t"
				 "dsb ish\n\t"
				 "isb" : : "r"(ttbr), "r"(tcr) : "memory");
}

/* fault_arm.c's vector table goes in before baremem's tables and comes
 * out after them, so an exception anywhere in between lands there,
 * which resumes here with the firmware's tables still to restore. */
int arm_window_run(int cpu, void (*fn)(void *), void *arg)
{
	/* In memory: fault_ctx_save returns twice, and what lives in a
	 * register across it may not survive the second return. */
	volatile uint64_t daif = read_daif(), ttbr, tcr;
	struct fault_guard g;
	struct fault_ctx *ctx;
	int faulted;

	write_daif(DAIF_ALL);
	__asm__ volatile("isb" ::: "memory");
	ttbr = el2 ? read_ttbr0_el2() : read_ttbr0_el1();
	tcr = el2 ? read_tcr_el2() : read_tcr_el1();
	ctx = fault_arm(cpu, &g);
	if (!ctx || fault_ctx_save(ctx) == 0) {
		fault_serror_unmask(&g);
		load_tables(new_ttbr, new_tcr);
		fn(arg);
	}
	load_tables(ttbr, tcr);
	faulted = fault_disarm(&g);
	write_daif(daif);
	__asm__ volatile("isb" ::: "memory");
	return faulted ? -1 : 0;
}

void arm_paging_fini(void)
{
	if (arena_pages)
		BS->FreePages(arena.phys, arena_pages);
	arena_pages = 0;
	root = 0;
}
