/* The L3 share of the cpu baremem-linux starts on, from Linux resctrl
 * (/sys/fs/resctrl): the schemata of this task's group, decoded by
 * lib/hw/l3alloc.c. baremem-linux reads no MSRs; without resctrl the
 * state is unknown where the cpu has L3 allocation. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hw/l3alloc.h"
#include "linux_platform.h"
#include "platform.h"

#define RESCTRL "/sys/fs/resctrl"

/* Whether dir's tasks file lists pid. */
static int lists_task(const char *dir, long pid)
{
	char path[600], line[32];
	FILE *f;
	int found = 0;

	snprintf(path, sizeof path, "%s/tasks", dir);
	if (!(f = fopen(path, "r")))
		return 0;
	while (!found && fgets(line, sizeof line, f))
		found = atol(line) == pid;
	fclose(f);
	return found;
}

/* This task's resctrl group directory into dir: /proc/self/
 * cpu_resctrl_groups where the kernel has it ("res:/name"), else the
 * group whose tasks file lists the pid, else the root group. */
static void task_group(char *dir, size_t cap)
{
	char text[256], *res;
	DIR *d;
	struct dirent *e;

	snprintf(dir, cap, RESCTRL);
	if (linux_read_text("/proc/self/cpu_resctrl_groups", text, sizeof text) == 0 &&
	    (res = strstr(text, "res:/"))) {
		res[strcspn(res, "\n")] = 0;
		if (res[5])
			snprintf(dir, cap, RESCTRL "/%.200s", res + 5);
		return;
	}
	if (!(d = opendir(RESCTRL)))
		return;
	while ((e = readdir(d))) {
		char sub[512];
		if (e->d_name[0] == '.' || !strcmp(e->d_name, "info") ||
		    !strncmp(e->d_name, "mon_", 4))
			continue;
		snprintf(sub, sizeof sub, RESCTRL "/%.200s", e->d_name);
		if (lists_task(sub, (long)getpid())) {
			snprintf(dir, cap, "%s", sub);
			break;
		}
	}
	closedir(d);
}

void l3alloc_linux(struct run_results *res)
{
	struct l3alloc_caps caps;
	struct plat_cpu pc = { .platform_cpu = 0 };
	char dir[512], path[600], schemata[4096], cbm[64], id[32];

	l3alloc_caps_decode(&caps, cpuinfo_cpuid_here, 0);
	if (access(RESCTRL "/schemata", R_OK) != 0) {
		l3alloc_unread(&res->cpu, &caps, "resctrl not mounted "
			       "(/sys/fs/resctrl); baremem-linux reads no "
			       "MSRs", &res->l3alloc);
		return;
	}
	plat_cpu_info(0, &pc);
	task_group(dir, sizeof dir);
	snprintf(path, sizeof path, "%s/schemata", dir);
	if (linux_read_text(path, schemata, sizeof schemata) != 0)
		schemata[0] = 0;
	if (linux_read_text(RESCTRL "/info/L3/cbm_mask", cbm, sizeof cbm) != 0 &&
	    linux_read_text(RESCTRL "/info/L3DATA/cbm_mask", cbm, sizeof cbm) != 0)
		cbm[0] = 0;
	snprintf(path, sizeof path,
		 "/sys/devices/system/cpu/cpu%d/cache/index3/id",
		 pc.platform_cpu);
	if (linux_read_text(path, id, sizeof id) != 0)
		snprintf(id, sizeof id, "-1");
	l3alloc_from_schemata(&res->cpu, &caps, schemata, atoi(id), cbm,
			      &res->l3alloc);
}
