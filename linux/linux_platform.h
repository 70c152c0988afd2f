/* What linux/main.c needs from linux/platform.c beyond lib/platform.h. */
#ifndef BAREMEM_LINUX_PLATFORM_H
#define BAREMEM_LINUX_PLATFORM_H

#include <stddef.h>
#include <stdint.h>

#include "results/results.h"

int linux_cpus_init(void);
/* baremem's cpu number of the OS's cpu os_cpu, or -1 (lib/hw/cpuorder.h). */
int linux_cpu_of_os(int os_cpu);
uint64_t linux_tsc_calibrate(double *error_ppm);
const char *linux_console_log(size_t *len);

/* l3alloc.c: res->l3alloc from resctrl (lib/hw/l3alloc.h), for the
 * cpu baremem numbers 0. */
void l3alloc_linux(struct run_results *res);

/* report_file.c: the HTML report beside json_path; failures warn. */
void linux_write_html(const struct run_results *res, enum run_status status,
		      const char *json_path);

#endif
