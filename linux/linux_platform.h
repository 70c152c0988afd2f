/* What linux/main.c needs from linux/platform.c beyond lib/platform.h. */
#ifndef BAREMEM_LINUX_PLATFORM_H
#define BAREMEM_LINUX_PLATFORM_H

#include <stddef.h>
#include <stdint.h>

#include "platform.h"
#include "results/results.h"

int linux_cpus_init(void);
/* path's text into buf (cut to cap - 1 bytes); 0, or -1 when
 * unreadable. */
int linux_read_text(const char *path, char *buf, size_t cap);
/* baremem's cpu number of the OS's cpu os_cpu, or -1 (lib/hw/cpuorder.h). */
int linux_cpu_of_os(int os_cpu);
uint64_t linux_tsc_calibrate(double *error_ppm);
const char *linux_console_log(size_t *len);
/* Bytes mapped from buf->base to the end of its mapping: whole pages of
 * the size that maps it (a policy set on part of a huge page splits it
 * into 4K pages, so mbind takes all of them). */
uint64_t linux_buffer_span(const struct plat_buffer *buf);
/* The page size that maps buf now (after a move between nodes, which
 * may split transparent huge pages); warns as plat_buffer_alloc does. */
uint64_t linux_buffer_recheck_pages(const struct plat_buffer *buf);
/* The i-th warning about pages the kernel gave short of those asked
 * (transparent huge pages that only partly took), into out; 0 past the
 * last. */
int linux_page_notes(char *out, size_t cap, int i);

/* What differs by architecture (linux/x86_64/, linux/aarch64/): once
 * res->cpu is read, the tick rate and its source, the widest ISA the
 * kernel lets this process run, and the machine facts only that
 * architecture has (x86: L3 partitions from resctrl); what is not read
 * on this architecture is a warning. */
void linux_arch_machine(struct run_results *res);
/* How the tick rate is found here, for the warning that timer= is
 * ignored ("the TSC is always calibrated against ..."). */
const char *linux_arch_timer_note(void);
/* The architecture's own lines after the machine's (AArch64: SVE's
 * vector length). */
void linux_arch_print(const struct run_results *res);

/* report_file.c: the HTML report beside json_path; failures warn. */
void linux_write_html(const struct run_results *res, enum run_status status,
		      const char *json_path);

#endif
