/* baremem's own identity map on AArch64: every RAM and MMIO range of the
 * firmware's memory map at its own address, 1 GiB blocks over wholly-RAM
 * gigabytes (lib/arch/aarch64/pagetable_arm.c), 2 MiB or 4 KiB leaves
 * over a buffer that asked for them (the page-size sweep), loaded into
 * TTBR0 only inside a window with interrupts masked: the firmware
 * changes page attributes through the tables it finds live, and would
 * write into baremem's. */
#include "arm_efi.h"
#include "sysreg.h"
#include "arch/aarch64/pagetable_arm.h"
#include "util/fmt.h"
#include "util/out.h"

#define TCR_TG0_SHIFT 14
#define SCTLR_WXN (1ull << 19)
#define TTBR_ASID_MASK 0xffff000000000000ull

static struct pt_arm_el el;
static struct pt_arm_regime regime;
static struct pt_format format;
static struct pt_range *map_ranges;	/* from the memory map */
static struct page_tables tables = {
	.f = &format,
	.max_page_all = PT_1G,	/* the 4 KiB granule's level-1 blocks */
};
static uint64_t new_tcr, ttbr_asid;

static void arm_swap_clean(void);

static enum pt_arm_use use_of(UINT32 type)
{
	if (memmap_is_ram(type))
		return PT_ARM_USE_RAM;
	if (type == EfiMemoryMappedIO || type == EfiMemoryMappedIOPortSpace)
		return PT_ARM_USE_MMIO;
	return PT_ARM_USE_OTHER;
}

/* The memory map's ranges (lib/arch/aarch64/pagetable_arm.c,
 * pt_arm_map_ranges: write-back RAM Normal, MMIO Device, carve-outs
 * unmapped) into map_ranges. */
static int ranges_of_map(uint64_t *ram_top)
{
	struct memmap m;
	struct pt_arm_desc *d;
	int n, cap;

	if (memmap_read(&m) != 0)
		return -1;
	n = (int)MEMMAP_COUNT(&m);
	cap = 2 * n + 16;
	d = plat_alloc(sizeof(*d) * (size_t)n);
	map_ranges = plat_alloc(sizeof(*map_ranges) * (size_t)cap);
	if (!d || !map_ranges) {
		plat_free(d);
		memmap_free(&m);
		return -1;
	}
	for (int i = 0; i < n; i++) {
		const EFI_MEMORY_DESCRIPTOR *e = MEMMAP_AT(&m, i);

		d[i] = (struct pt_arm_desc){
			.base = e->PhysicalStart,
			.bytes = e->NumberOfPages * 4096,
			.use = use_of(e->Type),
			.attr_wb = !!(e->Attribute & EFI_MEMORY_WB),
		};
	}
	memmap_free(&m);
	tables.map_count = pt_arm_map_ranges(d, n, map_ranges, cap, ram_top);
	tables.map = map_ranges;
	plat_free(d);
	return tables.map_count < 0 ? -1 : 0;
}

/* The regime's registers (pt_arm_el_of: EL1's, or EL2's with or
 * without VHE) and what the tables need of them. */
static int read_regime(struct run_results *res, uint64_t *tcr,
		       uint64_t *ttbr)
{
	int at = arm_el();
	uint64_t mair;
	int normal, device;

	if (pt_arm_el_of(at, at == 2 ? read_hcr_el2() : 0, &el) != 0) {
		msgs_add(&res->errors, "cannot build page tables: the app "
			 "runs at EL%d, not EL1 or EL2", at);
		return -1;
	}
	mair = el.regs == PT_ARM_REGS_EL2 ? read_mair_el2() : read_mair_el1();
	*tcr = el.regs == PT_ARM_REGS_EL2 ? read_tcr_el2() : read_tcr_el1();
	*ttbr = el.regs == PT_ARM_REGS_EL2 ? read_ttbr0_el2() : read_ttbr0_el1();
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
	if ((el.regs == PT_ARM_REGS_EL2 ? read_sctlr_el2() : read_sctlr_el1()) &
	    SCTLR_WXN) {
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
		.el2_alone = el.el2_alone,
		.t0sz = pt_arm_t0sz(*tcr),
	};
	tables.levels = pt_arm_levels(regime.t0sz);
	if (!tables.levels) {
		msgs_add(&res->errors, "cannot build page tables: the firmware's "
			 "T0SZ %u is outside 16..33", regime.t0sz);
		return -1;
	}
	return 0;
}

int arm_paging_init(struct run_results *res)
{
	uint64_t tcr, ttbr, ram_top = 0, limit;
	char a[16];

	if (read_regime(res, &tcr, &ttbr) != 0)
		return -1;
	if (ranges_of_map(&ram_top) != 0) {
		msgs_add(&res->errors, "cannot build page tables: memory map "
			 "unreadable or out of memory");
		return -1;
	}
	pt_arm_format(&format, &regime);
	ttbr_asid = ttbr & TTBR_ASID_MASK;
	if (page_tables_build(&tables) != 0) {
		msgs_add(&res->errors, "cannot build page tables: no memory "
			 "for them, or they outgrew their count");
		return -1;
	}
	arm_swap_clean();
	limit = 1ull << (64 - regime.t0sz);
	if (ram_top > limit)
		msgs_add(&res->warnings, "RAM above %llu GiB is not mapped: the "
			 "firmware's T0SZ %u maps no more; buffers stay below",
			 (unsigned long long)(limit >> 30), regime.t0sz);
	new_tcr = pt_arm_tcr(tcr, regime.el2_alone);
	res->mapped_bytes = ram_top < limit ? ram_top : limit;
	/* 1 GiB blocks: the 4 KiB granule always has them at level 1. */
	res->page_bytes = res->config.page_bytes < PT_1G ? res->config.page_bytes
							 : PT_1G;
	out("paging: baremem's identity map, %d levels from TTBR0 (T0SZ %u) "
	    "at %s, RAM up to %s, 1 GiB blocks where a gigabyte is all RAM\n",
	    tables.levels, regime.t0sz, el.name,
	    fmt_size(a, sizeof a, res->mapped_bytes));
	return 0;
}

/* efi/memory.c's view of the tables: the leaf over addr when it maps
 * write-back RAM (AttrIndx the regime's Normal write-back index), else 0. */
uint64_t paging_leaf_bytes(uint64_t addr)
{
	uint64_t entry = 0, leaf;

	if (!tables.root)
		return 0;
	leaf = pt_walk_with(&format, &tables.arena, tables.root, tables.levels,
			    addr, 0, &entry);
	if (!leaf || ((entry >> PTA_ATTR_SHIFT) & 7) != regime.normal_index)
		return 0;
	return leaf;
}

/* A buffer asked for smaller pages than the tables give there (the
 * page-size sweep, page=2M or 4K): its range gets leaves no larger than
 * max_page, and the tables are built again. */
int paging_limit(uint64_t base, uint64_t bytes, uint64_t max_page)
{
	return page_tables_limit(&tables, base, bytes, max_page);
}

void paging_unlimit(uint64_t base)
{
	page_tables_unlimit(&tables, base);
}

/* AArch64 has no MTRRs: a range's memory type is the one its
 * descriptor allows (and the tables give it, pt_arm_class). */
int paging_type_pieces(const EFI_MEMORY_DESCRIPTOR *d,
		       struct paging_piece *out)
{
	out[0] = (struct paging_piece){ d->PhysicalStart,
					d->NumberOfPages * 4096,
					!!(d->Attribute & EFI_MEMORY_WB) };
	return 1;
}

int paging_tables_kept(void)
{
	return tables.kept;
}

/* TTBR0 and TCR swapped with the MMU off: the firmware's tables and
 * these map the same addresses with leaves of other sizes (its 2 MiB and
 * 4 KiB, these 1 GiB) and other attributes, and a TLB holding entries
 * of both for one address may raise a TLB conflict abort (Arm ARM D8.16,
 * "TLB conflict aborts": break-before-make). The code runs from the
 * very range TTBR0 maps, so it cannot break the mapping first; it turns
 * stage 1 off instead, as edk2 does to replace a live entry
 * (ArmReplaceLiveTranslationEntry): DSB ISHST so every earlier store,
 * the tables' among them, is done; SCTLR.M 0 and ISB; TCR and TTBR0;
 * ISB; TLBI of the regime (VMALLE1 at EL1; ALLE2 at EL2, which with VHE
 * covers EL2&0); DSB ISH so it is complete; ISB; SCTLR back and ISB. In
 * between, only system registers: with the MMU off a data access would
 * be Device and miss what the caches hold, and the routine is cleaned
 * to the point of coherency at start (arm_swap_clean) so its own
 * fetches read it right. The same routine puts the firmware's values
 * back, with the same TLBI. x0 TTBR0, x1 TCR. */
#define SWAP_ROUTINE(n) \
	"arm_swap_el" #n ":\n" \
	"	dsb ishst\n" \
	"	mrs x2, sctlr_el" #n "\n" \
	"	bic x3, x2, #1\n" \
	"	msr sctlr_el" #n ", x3\n" \
	"	isb\n" \
	"	msr tcr_el" #n ", x1\n" \
	"	msr ttbr0_el" #n ", x0\n" \
	"	isb\n" \
	"	" SWAP_TLBI_EL##n "\n" \
	"	dsb ish\n" \
	"	isb\n" \
	"	msr sctlr_el" #n ", x2\n" \
	"	isb\n" \
	"	ret\n"
#define SWAP_TLBI_EL1 "tlbi vmalle1"
#define SWAP_TLBI_EL2 "tlbi alle2"

__asm__(".pushsection .text.arm_swap, \"ax\", %progbits\n"
	".balign 64\n"
	".hidden arm_swap_start\n.hidden arm_swap_end\n"
	".hidden arm_swap_el1\n.hidden arm_swap_el2\n"
	"arm_swap_start:\n"
	SWAP_ROUTINE(1)
	SWAP_ROUTINE(2)
	"arm_swap_end:\n"
	".popsection\n");

#define HIDDEN __attribute__((visibility("hidden")))
extern HIDDEN char arm_swap_start[], arm_swap_end[];
HIDDEN void arm_swap_el1(uint64_t ttbr, uint64_t tcr);
HIDDEN void arm_swap_el2(uint64_t ttbr, uint64_t tcr);

/* DC CVAC over the swap routines, a data line (CTR_EL0.DminLine) at a
 * time, then DSB: memory holds them as the caches do. */
static void arm_swap_clean(void)
{
	uint64_t line = 4ull << ((read_ctr_el0() >> 16) & 15);
	uintptr_t a = (uintptr_t)arm_swap_start & ~(uintptr_t)(line - 1);

	for (; a < (uintptr_t)arm_swap_end; a += line)
		__asm__ volatile("dc cvac, %0" : : "r"(a) : "memory");
	__asm__ volatile("dsb ish" ::: "memory");
}

static void load_tables(uint64_t ttbr, uint64_t tcr)
{
	if (el.regs == PT_ARM_REGS_EL2)
		arm_swap_el2(ttbr, tcr);
	else
		arm_swap_el1(ttbr, tcr);
}

/* fault_arm.c's vector table goes in before baremem's tables and comes
 * out after them, so an exception anywhere in between lands there,
 * which resumes here with the firmware's tables still to restore. */
int arm_window_run(int cpu, void (*fn)(void *), void *arg)
{
	/* In memory: fault_ctx_save returns twice, and what lives in a
	 * register across it may not survive the second return. */
	volatile uint64_t daif = read_daif(), ttbr, tcr;
	int at_el2 = el.regs == PT_ARM_REGS_EL2;
	struct fault_guard g;
	struct fault_ctx *ctx;
	int faulted;

	write_daif(DAIF_ALL);
	__asm__ volatile("isb" ::: "memory");
	ttbr = at_el2 ? read_ttbr0_el2() : read_ttbr0_el1();
	tcr = at_el2 ? read_tcr_el2() : read_tcr_el1();
	ctx = fault_arm(cpu, &g);
	if (!ctx || fault_ctx_save(ctx) == 0) {
		fault_serror_unmask(&g);
		load_tables(tables.root | ttbr_asid, new_tcr);
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
	page_tables_free(&tables);
	plat_free(map_ranges);
	map_ranges = 0;
}
