/* Declarations shared by the firmware side (efi/): only efi/ includes
 * efi.h; lib/ sees these services through lib/platform.h. */
#ifndef BAREMEM_EFI_H
#define BAREMEM_EFI_H

#include <efi.h>
#include <efilib.h>

#include "hw/pagetable.h"
#include "platform.h"
#include "results/results.h"
#include "config/test_hooks.h"
#include "util/wall_time.h"

/* console.c: the screen and the run's text log. */
void console_init(void);
const char *console_log(size_t *len);
/* A copy of the log as it would be if tail(ctx) printed now (its lines
 * kept from the screen and dropped from the log after): the console text
 * of a run up to its end, to send before the end is printed. The caller
 * frees it (plat_free); 0 when out of memory. */
char *console_log_with(void (*tail)(void *), void *ctx, size_t *len);
void console_wait_key(void);

/* screen.c: after=wait's wait. With screen=chart and a graphics output,
 * the charts (lib/draw) until q or Esc; else the text and any key. */
void screen_wait_key(struct run_results *res);

/* memmap.c: the firmware memory map. */
struct memmap {
	EFI_MEMORY_DESCRIPTOR *desc;
	UINTN bytes, key, desc_bytes;
	UINT32 version;
};
int memmap_read(struct memmap *m);
/* System RAM in any of its uses (loader, boot/runtime services, free,
 * ACPI), as opposed to MMIO, reserved and unusable ranges. */
int memmap_is_ram(UINT32 type);
void memmap_free(struct memmap *m);
#define MEMMAP_AT(m, i) \
	((EFI_MEMORY_DESCRIPTOR *)((UINT8 *)(m)->desc + (i) * (m)->desc_bytes))
#define MEMMAP_COUNT(m) ((m)->bytes / (m)->desc_bytes)

/* pool.c: plat_alloc's blocks. memory_release_pool frees every block
 * still held: the last call before the app returns (nothing may print
 * after it: the console log is one of them). */
void memory_release_pool(void);
/* Takes a plat_alloc block off that list, never to be freed: an AP that
 * did not answer may still write it. */
void memory_abandon(void *p);
/* From now on nothing is freed (plat_free, buffers, page tables, the
 * final release): a cpu that never came back may write any of it. */
void memory_hold_all(void);
int memory_held(void);

/* memory.c: measurement buffers. memory_release_all frees them all. */
void memory_release_all(void);
/* plat_buffer_alloc inside the physical range [lo, hi) (NUMA nodes). */
int memory_alloc_in(uint64_t bytes, uint64_t page_bytes, uint64_t lo,
		    uint64_t hi, struct plat_buffer *out);
/* A buffer at exactly [base, base + bytes) (4K-aligned), mapped as the
 * tables already map it: out->page_bytes is the smallest leaf over it.
 * -1 when the firmware does not give it or some of it is not WB. */
int memory_alloc_at(uint64_t base, uint64_t bytes, struct plat_buffer *out);

/* page_tables.c: baremem's identity tables, each architecture's
 * entries (format f) over the memory map's ranges (map) and the limits
 * buffers put on their leaves. page_tables_build builds the set afresh
 * (root, arena; the set replaced freed, or kept and counted in kept
 * while memory is held); page_tables_limit gives [base, base + bytes)
 * leaves of at most max_page and builds again, page_tables_unlimit
 * takes that back. 0, or -1 with the set in use unchanged. */
#define PAGE_TABLES_MAX_LIMITS 64
struct page_tables {
	const struct pt_format *f;
	int levels;
	uint64_t max_page_all;
	const struct pt_range *map;
	int map_count;
	struct {
		uint64_t base, bytes, max_page;
	} limits[PAGE_TABLES_MAX_LIMITS];
	struct pt_arena arena;
	uint64_t arena_pages, root;	/* root 0: no set built */
	int kept;
};
int page_tables_build(struct page_tables *t);
int page_tables_limit(struct page_tables *t, uint64_t base, uint64_t bytes,
		      uint64_t max_page);
void page_tables_unlimit(struct page_tables *t, uint64_t base);
void page_tables_free(struct page_tables *t);

/* paging.c: baremem's page tables and the measurement window. */
int paging_init(struct run_results *res);
/* The page size mapping addr when it is write-back memory, else 0. */
uint64_t paging_leaf_bytes(uint64_t addr);
/* Pieces of a memory-map range cut where the MTRR type changes
 * (mtrr_split), at most this many; more: the range is one piece. */
#define PAGING_MAX_PIECES 16
/* A memory-map range (RAM) as pieces of one memory type each, in
 * address order, each write-back or not: on x86 cut where the MTRRs'
 * type changes (efi/x86_64/paging.c; the map's word where the MTRRs are
 * unusable), on AArch64, which has no MTRRs, one piece with the map's
 * own EFI_MEMORY_WB (efi/aarch64/paging_arm.c). Returns the count, at
 * most PAGING_MAX_PIECES. */
struct paging_piece {
	uint64_t base, bytes;
	int wb;
};
int paging_type_pieces(const EFI_MEMORY_DESCRIPTOR *d,
		       struct paging_piece *out);
int paging_limit(uint64_t base, uint64_t bytes, uint64_t max_page);
void paging_unlimit(uint64_t base);
void paging_fini(void);
/* Page-table sets replaced while memory was held (memory_hold_all) and
 * kept, never freed: a lost cpu may still walk any of them. */
int paging_tables_kept(void);

/* paging.c runs the window through window_run: fn(arg) on the calling
 * cpu (cpu: its number, for fault.c), 0 when it ran to the end, -1 when
 * it faulted (fault_take says how). */
int window_run(int cpu, void (*fn)(void *), void *arg);

/* Exceptions inside measurement windows (efi/x86_64/fault.c: baremem's
 * IDT; efi/aarch64/fault_arm.c: its vector table at VBAR_ELx; what a
 * fault does to the run: efi/fault_run.c).
 * fault_init makes the table and a fault slot per cpu. In the window,
 * with interrupts masked, before the page tables: ctx = fault_arm(cpu,
 * &g); if ctx, fault_ctx_save(ctx) returns 0 now and 1 again when fn
 * faults; fault_disarm(&g) puts the firmware's table back and says
 * whether the window faulted. fault_take hands out (once) the record of
 * cpu's last fault (lib/hw/fault.h). */
struct fault_record;
struct fault_ctx;
struct fault_guard {
	void *slot;		/* 0: no table of ours loaded */
};
int fault_init(int cpus);
struct fault_ctx *fault_arm(int cpu, struct fault_guard *g);
int fault_ctx_save(struct fault_ctx *c) __attribute__((returns_twice));
int fault_disarm(struct fault_guard *g);
int fault_take(int cpu, struct fault_record *out);
/* fault_run_guarded runs fn(res), or returns -1 when fault_abort_run
 * (called on the boot cpu, firmware state back, after its window
 * faulted) abandoned it; 0 when fn returned. */
int fault_run_guarded(void (*fn)(struct run_results *),
		      struct run_results *res);
void fault_abort_run(void);
/* Says what cpu's last fault was, on the console and in res->errors
 * (marking the run failed); 0 when it had none. */
int fault_report(struct run_results *res, int cpu);
/* A reported fault that is a hardware error (lib/hw/fault.h ends_run:
 * x86's #MC or NMI, Arm's SError or external abort) ends the run: the
 * call it came in is abandoned once it is over. */
int fault_stop_pending(void);
/* What each architecture's fault file gives efi/fault_run.c (which
 * holds the four above): the context the boot cpu's way out of the
 * suite is saved in (fault_abort_context), and the jump back to it;
 * and, once a fault's line
 * is said, the lines only the architecture has (x86's machine-check
 * banks, the NMI reason), returning the words for a hardware error that
 * ends the run ("machine check", "NMI", "hardware error (SError)"). */
extern struct fault_ctx fault_abort_context;
/* fault_take's rule over an architecture's slot: rec once into out when
 * *faulted, which is cleared (efi/fault_run.c). */
int fault_hand_over(const struct fault_record *rec, int *faulted,
		    struct fault_record *out);
void fault_ctx_resume(struct fault_ctx *c) __attribute__((noreturn));
const char *fault_report_arch(struct run_results *res,
			      const struct fault_record *f);

/* console.c: the step the progress line shows now ("" when none). */
const char *console_progress_text(void);

/* cpu_state.c: CPU state a kernel needs (AVX). */
int cpu_enable_avx(void);

/* msr.c: MSRs that may be missing (SMI count, microcode), probed on the
 * boot cpu under a temporary #GP handler. */
void msr_probe(struct run_results *res);
/* Reads an MSR the vendor documents for this model, #GP-safe where the
 * handler is proven, else only off a hypervisor: 0, or -1 unread. */
int msr_read_documented(UINT32 msr, UINT64 *val);
/* How msr_probe went about it, for the console. */
const char *msr_probe_note(void);

/* machine.c: firmware, memory size, start time. */
void machine_read(struct run_results *res);

/* x86_64/mp_x86.c: logical processors (MP services). mp_bsp: the boot cpu's
 * number. */
int mp_init(struct run_results *res);
int mp_bsp(void);
/* The first cpu that never came back and that the firmware never said
 * it stopped (it may still run baremem's code), or -1. */
int mp_loose_cpu(void);

/* acpi.c: ACPI tables through the firmware's configuration table. */
const void *acpi_find_table(const char sig[4]);

/* timer.c: the tick counter's rate. */
void timer_calibrate(struct run_results *res);
/* A little-endian field of an ACPI table at byte off. */
UINT32 timer_le32(const void *base, UINTN off);
UINT64 timer_le64(const void *base, UINTN off);
/* The rate from a reference counter read_ref(ctx) of ref_hz (its bits
 * in mask), calibrated over longer intervals until the bound is under
 * 0.1 % or the longest is spent; *ppm the bound. 0 when it cannot. */
UINT64 timer_calibrate_against(UINT64 (*read_ref)(void *), void *ctx,
			       UINT64 mask, double ref_hz, double *ppm);

/* The architecture's part (efi/x86_64/timer_x86.c): its sources of the
 * tick counter's rate, in the order timer=auto tries them, and
 * interrupts masked around a calibration. */
struct timer_source {
	enum bm_timer key;	/* the `timer` value that names it */
	const char *name;	/* machine.tsc.source */
	/* The rate, 0 where this machine has no such source; *ppm the
	 * calibration's bound (left at -1 where it states none). */
	UINT64 (*hz)(double *ppm);
	/* The warning when `timer` names it and it gives no rate. */
	const char *missing;
};
extern const struct timer_source timer_sources[];
extern const int timer_source_count;
UINT64 timer_irq_off(void);
void timer_irq_restore(UINT64 flags);
/* cpu_x86.c: the calling cpu's id as MP services report it
 * (ProcessorId); no boot service, APs call it. */
uint32_t cpu_hw_id(void);
/* The SRAT's cpus that numa_parse_srat leaves to the architecture
 * (numa.c calls it before matching cpus by id): none on x86 (its APIC
 * entries are numa_parse_srat's, cpu_x86.c); AArch64's GICC affinity
 * entries, which name a cpu by ACPI processor UID (machine_arm.c, with
 * the MADT's MPIDRs). */
struct numa_topo;
void numa_arch_cpus(struct numa_topo *t, const void *srat, UINTN len);
/* The test images' machine faults (x86_64/test_hooks_x86.c): stop the machine
 * with a fault no handler can take (it resets), whether machine checks
 * are enabled on this cpu (-1: the architecture has none), and the
 * machine-check status register after the run (-1: unreadable). */
void __attribute__((noreturn)) cpu_crash_unhandled(void);
int cpu_machine_check_enabled(void);
int cpu_machine_check_status(UINT64 *v);

/* files.c: the volume the app was loaded from. */
EFI_FILE_HANDLE esp_open_root(EFI_HANDLE image, const char **why);
int esp_read_file(EFI_FILE_HANDLE root, const CHAR16 *path, char *buf,
		  UINTN cap, UINTN *len);

/* results_store.c: \baremem\results on the boot volume. */
EFI_FILE_HANDLE store_open(EFI_FILE_HANDLE root, char *why, UINTN why_cap);
int store_next_run(EFI_FILE_HANDLE dir);
int store_write(EFI_FILE_HANDLE dir, const char *name, const void *data,
		UINTN len, char *why, UINTN why_cap);
/* Replaces name with data, never with less than one whole copy on the
 * volume: the new text is written and read back as NAME.new first, then
 * the old file is deleted and the new one renamed. 0, or -1 with why
 * (the old file is then untouched, unless why names NAME.new as the
 * place the text is in). */
int store_replace(EFI_FILE_HANDLE dir, const char *name, const void *data,
		  UINTN len, char *why, UINTN why_cap);
/* report_store.c: run-NNNN.html beside run-NNNN.json; a failure is a
 * warning in res. */
/* The report in a plat_alloc block grown to fit; 0 with why filled. */
char *report_html_new(struct run_results *res, enum run_status status,
		      size_t *len, char *why, size_t why_cap);
int store_html(EFI_FILE_HANDLE dir, struct run_results *res,
	       enum run_status status, int run);
/* The stick's report again once the upload failed (it was written before
 * the upload): replaced whole or not at all; a failure is said. */
void restamp_html(EFI_FILE_HANDLE dir, struct run_results *res,
		  enum run_status status, int run);

/* var.c: the BarememResult EFI variable. */
int var_write(const char *json, UINTN len, char *why, UINTN why_cap);
/* clock.c: the firmware's clock (GetTime): 0, or -1 when it cannot be
 * read. */
int firmware_clock(struct wall_time *t);

/* baremem's vendor GUID, the EFI variables' (README): BarememResult's
 * and BarememConfigSerial's (efi/net/config_serial_var.c). */
#define BAREMEM_VAR_GUID                                                   \
	{ 0x3809c10d, 0x4ffd, 0x4485,                                      \
	  { 0xb0, 0x80, 0x87, 0x9e, 0xf5, 0xcf, 0x6f, 0x69 } }

/* run_finish.c: how a run ends, for both architectures' mains.
 * run_report files the results (docs/design.md §4's order: the JSON and
 * HTML, the upload, the done line, the console text, the variable) and
 * returns the run's status; run_end_warn adds, before it, the warning of
 * an end that differs from `after` (lib/run_end.h); run_finish does what
 * `after` says, calling release first when nothing may still use
 * baremem's memory; watchdog_off turns the firmware's watchdog off. */
enum run_status run_report(struct run_results *res, EFI_FILE_HANDLE root);
void run_end_warn(struct run_results *res, int loose_cpu, int tables_kept);
void run_finish(struct run_results *res, int loose_cpu, void (*release)(void));
void watchdog_off(struct run_results *res);

/* run_start.c: how a run starts, for both architectures' mains: the
 * results (0: out of memory, said on the console), the banner (arch_tag
 * after the version: "" or " (aarch64)"), the boot source, the ESP's
 * root in *root (0: none; a warning where there should be one), the
 * configuration, the test image's hooks, the watchdog off; *config_ok:
 * the configuration had no error. */
struct run_results *run_start(EFI_HANDLE image, const char *arch_tag,
			      EFI_FILE_HANDLE *root, int *config_ok);

/* config_load.c: the configuration from the file and the command line. */
void config_load(EFI_HANDLE image, EFI_FILE_HANDLE root,
		 struct run_results *res);

/* x86_64/test_hooks_x86.c: hook points of the test image (lib/config/test_hooks.h). In
 * the release build they are constants the compiler removes. */
#ifdef BAREMEM_TEST_HOOKS
void test_hooks_arm(struct run_results *res);
int test_hook_on(enum test_hook h);
/* An AP call about to start on cpu: the hook may put another window in
 * *fn's place and shorten *timeout_us. */
void test_hook_ap_call(int cpu, plat_window_fn *fn, uint64_t *timeout_us);
/* The window the boot cpu runs for fn (fault-bsp); shared: APs run
 * theirs in the same call (fault-bsp-shared). */
plat_window_fn test_hook_bsp_window(plat_window_fn fn, int shared);
/* After the run, before the report (mc-wait: MCG_STATUS read back). */
void test_hook_after_run(void);
/* The timeout the firmware gets for cpu's procedure (ap-lost: 0). */
uint64_t test_hook_fw_timeout(int cpu, uint64_t timeout_us, int blocking);
/* The results JSON as the upload and the console get it (huge-result:
 * a padded copy in json's place, json freed; 0 when out of memory). */
char *test_hook_json(char *json, size_t *len);
#else
static inline char *test_hook_json(char *json, size_t *len)
{
	(void)len;
	return json;
}
static inline void test_hooks_arm(struct run_results *res)
{
	(void)res;
}
static inline int test_hook_on(enum test_hook h)
{
	(void)h;
	return 0;
}
static inline void test_hook_ap_call(int cpu, plat_window_fn *fn,
				     uint64_t *timeout_us)
{
	(void)cpu;
	(void)fn;
	(void)timeout_us;
}
static inline plat_window_fn test_hook_bsp_window(plat_window_fn fn,
						 int shared)
{
	(void)shared;
	return fn;
}
static inline void test_hook_after_run(void)
{
}
static inline uint64_t test_hook_fw_timeout(int cpu, uint64_t timeout_us,
					    int blocking)
{
	(void)cpu;
	(void)blocking;
	return timeout_us;
}
#endif

#endif
