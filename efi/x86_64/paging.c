/* baremem's own identity map: built from the firmware memory map with
 * lib/hw/pagetable.c, loaded into CR3 only inside a measurement window
 * (interrupts off, no firmware calls), the firmware's CR3 put back after. */
#include "../baremem_efi.h"
#include "arch/x86_64/x86.h"
#include "arch/x86_64/memclass.h"
#include "arch/x86_64/mtrr.h"
#include "arch/x86_64/pagetable_x86.h"
#include "platform.h"

static struct pt_range *map_ranges;	/* from the memory map */
static struct page_tables tables = {
	.f = &pt_x86_format,
	.levels = 4,
	.max_page_all = PT_1G,
};

static struct mtrr_state mtrr;
static int use_mtrr;

/* AMD and Hygon (family 0Fh on) may make RAM above 4 GiB write-back
 * through SYSCFG and TOM2 rather than variable MTRRs (lib/arch/x86_64/mtrr.h,
 * mtrr_set_amd_tom2; APM vol 2, 7.9.1). */

static void amd_tom2_read(struct run_results *res)
{
	const char *v = res->cpu.vendor;
	uint64_t syscfg = 0, tom2 = 0;

	if (res->cpu.family < 0xf ||
	    (CompareMem(v, "AuthenticAMD", 12) && CompareMem(v, "HygonGenuine", 12)))
		return;
	if (msr_read_documented(MSR_AMD_SYSCFG, &syscfg) != 0 ||
	    msr_read_documented(MSR_AMD_TOM2, &tom2) != 0) {
		res->tom2_read = -1;
		msgs_add(&res->warnings, "AMD SYSCFG/TOM2 unreadable: memory "
			 "above 4 GiB typed by the MTRRs alone (it may look "
			 "uncached and be left out)");
		return;
	}
	res->tom2_read = 1;
	res->tom2_en = !!(syscfg & AMD_SYSCFG_MTRR_TOM2_EN);
	res->tom2_force_wb = !!(syscfg & AMD_SYSCFG_TOM2_FORCE_WB);
	res->tom2_bytes = tom2 & AMD_TOM2_ADDR_MASK;
	mtrr_amd_tom2_text(syscfg, tom2, res->tom2_note, sizeof res->tom2_note);
	res->tom2_applied = mtrr_set_amd_tom2(&mtrr, syscfg, tom2);
}

/* Reads the MTRRs (SDM vol 4: IA32_MTRRCAP 0xFE, IA32_MTRR_DEF_TYPE
 * 0x2FF, PHYSBASE/PHYSMASK from 0x200, fixed ranges 0x250..0x26F),
 * all architectural when CPUID.1:EDX.MTRR is set. */
static void mtrr_read(struct run_results *res)
{
	static const uint32_t fixed_msr[11] = {
		MSR_MTRR_FIX64K_00000, MSR_MTRR_FIX16K_80000,
		MSR_MTRR_FIX16K_A0000, MSR_MTRR_FIX4K_C0000,
		MSR_MTRR_FIX4K_C0000 + 1, MSR_MTRR_FIX4K_C0000 + 2,
		MSR_MTRR_FIX4K_C0000 + 3, MSR_MTRR_FIX4K_C0000 + 4,
		MSR_MTRR_FIX4K_C0000 + 5, MSR_MTRR_FIX4K_C0000 + 6,
		MSR_MTRR_FIX4K_C0000 + 7 };
	uint64_t var[2 * MTRR_MAX_VAR], fixed[11], cap, def;
	int n;

	if (!res->cpu.x86.mtrr)
		return;
	cap = rdmsr(MSR_MTRR_CAP);
	def = rdmsr(MSR_MTRR_DEF_TYPE);
	n = (int)(cap & 0xff);
	if (n > MTRR_MAX_VAR)
		n = MTRR_MAX_VAR;
	for (int i = 0; i < n; i++) {
		var[2 * i] = rdmsr(MSR_MTRR_PHYSBASE0 + 2 * (uint32_t)i);
		var[2 * i + 1] = rdmsr(MSR_MTRR_PHYSBASE0 + 1 +
				       2 * (uint32_t)i);
	}
	for (int i = 0; i < 11; i++)
		fixed[i] = (cap >> 8) & 1 ? rdmsr(fixed_msr[i]) : 0;
	mtrr_decode(&mtrr, cap, def, var, n, fixed, res->cpu.phys_addr_bits);
	amd_tom2_read(res);
	if (mtrr.noncontiguous) {
		msgs_add(&res->warnings, "MTRRs use non-contiguous masks: "
			 "memory types taken from the firmware's memory map");
		return;
	}
	if (!mtrr.enabled)
		msgs_add(&res->warnings, "MTRRs are disabled: all memory is "
			 "uncached, every number will be slow");
	use_mtrr = 1;
}

int paging_type_pieces(const EFI_MEMORY_DESCRIPTOR *d,
		       struct paging_piece *out)
{
	struct mtrr_piece p[PAGING_MAX_PIECES];
	uint64_t bytes = d->NumberOfPages * 4096;
	int k = use_mtrr ? mtrr_split(&mtrr, d->PhysicalStart, bytes, p,
				      PAGING_MAX_PIECES)
			 : -1;

	if (k < 0) {
		p[0] = (struct mtrr_piece){
			d->PhysicalStart, bytes,
			use_mtrr ? mtrr_range_type(&mtrr, d->PhysicalStart, bytes)
				 : MTRR_WB };
		k = 1;
	}
	for (int i = 0; i < k; i++)
		out[i] = (struct paging_piece){ p[i].base, p[i].bytes,
						p[i].type == MTRR_WB };
	return k;
}

/* d's ranges for the tables, into out (0: only counted): RAM cut where
 * its MTRR type changes (lib/arch/x86_64/mtrr.c, mtrr_split), so the WB part of
 * a range the MTRRs cover only partly keeps the class a large page may
 * span, and each piece's class from the firmware's word on it
 * (memclass_of, lib/arch/x86_64/memclass.h: only RAM that is WB throughout gets
 * that class; reserved ranges never share a large page with RAM). */
static int descriptor_ranges(const EFI_MEMORY_DESCRIPTOR *d,
			     struct pt_range *out)
{
	enum mem_kind kind = memmap_is_ram(d->Type) ? MEM_KIND_RAM
			     : d->Type == EfiReservedMemoryType ? MEM_KIND_RESERVED
								 : MEM_KIND_OTHER;
	struct mtrr_piece p[PAGING_MAX_PIECES];
	uint64_t bytes = d->NumberOfPages * 4096;
	int n = -1;

	if (use_mtrr && kind == MEM_KIND_RAM)
		n = mtrr_split(&mtrr, d->PhysicalStart, bytes, p,
			       PAGING_MAX_PIECES);
	if (n < 0) {
		p[0] = (struct mtrr_piece){ d->PhysicalStart, bytes, 0 };
		n = 1;
	}
	for (int i = 0; out && i < n; i++)
		out[i] = (struct pt_range){
			.base = p[i].base,
			.bytes = p[i].bytes,
			.cls = (uint8_t)memclass_of(
				kind, !!(d->Attribute & EFI_MEMORY_WB),
				use_mtrr ? &mtrr : 0, p[i].base, p[i].bytes),
			.max_page = PT_1G,
		};
	return n;
}

int paging_init(struct run_results *res)
{
	struct memmap m;
	uint64_t mapped = 0;
	int high_warned = 0;

	if (!res->cpu.f.big_pages) {
		tables.max_page_all = PT_2M;
		msgs_add(&res->warnings, "CPU has no 1 GiB pages; measurement "
			 "buffers use 2M pages");
	}
	tables.levels = (read_cr4() & CR4_LA57) ? 5 : 4;
	mtrr_read(res);
	if (memmap_read(&m))
		return -1;
	tables.map_count = 0;
	for (UINTN i = 0; i < MEMMAP_COUNT(&m); i++)
		tables.map_count += descriptor_ranges(MEMMAP_AT(&m, i), 0);
	map_ranges = plat_alloc(sizeof(*map_ranges) *
				(size_t)tables.map_count);
	tables.map = map_ranges;
	if (!map_ranges) {
		memmap_free(&m);
		return -1;
	}
	for (int i = 0, k = 0; i < (int)MEMMAP_COUNT(&m); i++) {
		EFI_MEMORY_DESCRIPTOR *d = MEMMAP_AT(&m, i);
		uint64_t end = d->PhysicalStart + d->NumberOfPages * 4096;

		/* 4-level paging cannot identity-map at or above 2^47 (not
		 * canonical); the builder leaves it out: say so. */
		if (end > pt_identity_limit(tables.levels) && !high_warned) {
			msgs_add(&res->warnings, "memory above %llu TiB is not "
				 "mapped (%d-level paging)",
				 (unsigned long long)(pt_identity_limit(tables.levels) >> 40),
				 tables.levels);
			high_warned = 1;
		}
		k += descriptor_ranges(d, map_ranges + k);
		mapped += d->NumberOfPages * 4096;
	}
	memmap_free(&m);
	res->mapped_bytes = mapped;
	res->page_bytes = tables.max_page_all < res->config.page_bytes
				  ? tables.max_page_all : res->config.page_bytes;
	return page_tables_build(&tables);
}

uint64_t paging_leaf_bytes(uint64_t addr)
{
	uint64_t flags = 0, leaf;

	if (!tables.root)
		return 0;
	leaf = pt_lookup(&tables.arena, tables.root, tables.levels, addr, 0,
			 &flags);
	/* Only write-back memory is fit for a measurement buffer. */
	return (flags & (PT_PCD | PT_PWT)) ? 0 : leaf;
}

int paging_limit(uint64_t base, uint64_t bytes, uint64_t max_page)
{
	return page_tables_limit(&tables, base, bytes, max_page);
}

void paging_unlimit(uint64_t base)
{
	page_tables_unlimit(&tables, base);
}

int paging_tables_kept(void)
{
	return tables.kept;
}

void paging_fini(void)
{
	page_tables_free(&tables);
	plat_free(map_ranges);
	map_ranges = 0;
}

/* The measurement window on the calling cpu. Global TLB entries survive
 * a CR3 load, so CR4.PGE is toggled to drop the firmware's too. baremem's
 * IDT is loaded before the page tables and left after them, so a fault
 * anywhere in between lands in fault.c, which resumes here with the
 * firmware's CR3 still to restore. */
int window_run(int cpu, void (*fn)(void *), void *arg)
{
	uint64_t flags, fw_cr3, cr4;
	struct fault_guard g;
	struct fault_ctx *ctx;
	int faulted;

	flags = irq_save();
	fw_cr3 = read_cr3();
	cr4 = read_cr4();
	ctx = fault_arm(cpu, &g);
	if (!ctx || fault_ctx_save(ctx) == 0) {
		if (tables.root) {
			write_cr3(tables.root);
			if (cr4 & CR4_PGE) {
				write_cr4(cr4 & ~CR4_PGE);
				write_cr4(cr4);
			}
		}
		fn(arg);
	}
	if (tables.root)
		write_cr3(fw_cr3);
	faulted = fault_disarm(&g);
	irq_restore(flags);
	return faulted ? -1 : 0;
}
