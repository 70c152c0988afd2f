/* NUMA on Linux: nodes, their cpus, memory sizes and distances from
 * /sys/devices/system/node, and buffers bound to a node with mbind(2)
 * (raw syscall: no libnuma needed). Physical ranges are the kernel's
 * business here, so a node's range is reported as its size at 0. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "hw/numa.h"
#include "platform.h"
#include "linux_platform.h"

#define NODE_DIR "/sys/devices/system/node"
#define MPOL_BIND 2
#define MPOL_MF_STRICT 1
#define MPOL_MF_MOVE 2
/* Pages plat_buffer_node asks the kernel about: both ends and evenly
 * between, enough to catch a buffer split over nodes, few enough that
 * a check per cpu costs nothing on 512 cpus. */
#define NODE_SAMPLE_PAGES 16

static FILE *open_node_file(int node, const char *name)
{
	char path[128];

	snprintf(path, sizeof path, NODE_DIR "/node%d/%s", node, name);
	return fopen(path, "r");
}

/* A cpulist such as "0-3,8,10-11" into t's cpus for node index idx. */
static void read_cpulist(struct numa_topo *t, int node, int idx)
{
	FILE *f = open_node_file(node, "cpulist");
	char buf[4096], *p;

	if (!f)
		return;
	if (!fgets(buf, sizeof buf, f))
		buf[0] = 0;
	fclose(f);
	for (p = buf; *p && *p != '\n';) {
		char *end;
		long a = strtol(p, &end, 10), b = a;
		if (end == p)
			break;
		p = end;
		if (*p == '-')
			b = strtol(p + 1, &p, 10);
		for (long c = a; c <= b && t->cpu_count < NUMA_MAX_CPUS; c++)
			t->cpu[t->cpu_count++] = (struct numa_cpu){
				.apic_id = (uint32_t)c, .node = idx,
				.cpu = linux_cpu_of_os((int)c) };
		if (*p == ',')
			p++;
	}
}

static uint64_t node_mem_bytes(int node)
{
	FILE *f = open_node_file(node, "meminfo");
	char line[256];
	unsigned long long kb = 0;

	if (!f)
		return 0;
	while (fgets(line, sizeof line, f)) {
		char *m = strstr(line, "MemTotal:");
		if (m && sscanf(m + 9, "%llu", &kb) == 1)
			break;
	}
	fclose(f);
	return (uint64_t)kb * 1024;
}

int plat_numa_topology(struct numa_topo *t)
{
	int ids[NUMA_MAX_NODES];

	memset(t, 0, sizeof *t);
	for (int node = 0; node < 4096 && t->node_count < NUMA_MAX_NODES;
	     node++) {
		FILE *f = open_node_file(node, "cpulist");
		if (!f)
			continue;
		fclose(f);
		ids[t->node_count] = node;
		t->domain[t->node_count] = (uint32_t)node;
		read_cpulist(t, node, t->node_count);
		if (t->range_count < NUMA_MAX_RANGES) {
			uint64_t bytes = node_mem_bytes(node);
			t->range[t->range_count++] = (struct numa_range){
				.bytes = bytes, .ram_bytes = bytes,
				.node = t->node_count };
		}
		t->node_count++;
	}
	if (t->node_count == 0) {
		t->problem = "numa unavailable on linux (no " NODE_DIR ")";
		return 0;
	}
	t->has_slit = 1;
	for (int i = 0; i < t->node_count; i++) {
		FILE *f = open_node_file(ids[i], "distance");
		for (int j = 0; j < t->node_count; j++) {
			int d;
			if (!f || fscanf(f, "%d", &d) != 1 || d < 0 || d > 255)
				t->has_slit = 0;
			else
				t->slit[i][j] = (uint8_t)d;
		}
		if (f)
			fclose(f);
	}
	return t->node_count;
}

int plat_buffer_alloc_node(uint64_t bytes, uint64_t page_bytes,
			   const struct numa_topo *t, int node,
			   struct plat_buffer *out)
{
	unsigned long mask[4096 / (8 * sizeof(unsigned long))] = { 0 };
	uint32_t os_node;

	if (node < 0 || node >= t->node_count)
		return -1;
	if (plat_buffer_alloc(bytes, page_bytes, out))
		return -1;
	if (t->range_count == 0)	/* no topology: one node */
		return 0;
	os_node = t->domain[node];
	mask[os_node / (8 * sizeof(unsigned long))] |=
		1ul << (os_node % (8 * sizeof(unsigned long)));
	/* The buffer is already faulted in (plat_buffer_alloc touches it):
	 * MPOL_MF_MOVE moves its pages to the node, STRICT fails when some
	 * cannot be. The whole mapping, not the buffer's bytes: a policy on
	 * part of a transparent huge page splits it into 4K pages. */
	if (syscall(SYS_mbind, out->base, linux_buffer_span(out),
		    MPOL_BIND, mask, 4096ul, MPOL_MF_MOVE | MPOL_MF_STRICT)) {
		plat_buffer_free(out);
		return -1;
	}
	/* a move may split transparent huge pages: report what is left */
	out->page_bytes = linux_buffer_recheck_pages(out);
	return 0;
}

/* move_pages(2) with no target nodes only reports the node of each page
 * (raw syscall: no libnuma needed). The buffers are faulted in already
 * (plat_buffer_alloc touches them), so every page has one. */
int plat_buffer_node(const void *p, uint64_t bytes, const struct numa_topo *t)
{
	void *pages[NODE_SAMPLE_PAGES];
	int status[NODE_SAMPLE_PAGES], node = -1;
	uintptr_t first = (uintptr_t)p & ~(uintptr_t)4095,
		  last = ((uintptr_t)p + (bytes ? bytes - 1 : 0)) &
			 ~(uintptr_t)4095;
	uint64_t span = (last - first) / 4096 + 1;
	int n = span < NODE_SAMPLE_PAGES ? (int)span : NODE_SAMPLE_PAGES;

	if (t->node_count == 0)
		return -1;
	for (int i = 0; i < n; i++)
		pages[i] = (void *)(first + (n > 1 ? (span - 1) *
						     (uint64_t)i / (uint64_t)(n - 1)
						   : 0) * 4096);
	if (syscall(SYS_move_pages, 0, (unsigned long)n, pages, NULL, status,
		    0) != 0)
		return -1;
	for (int i = 0; i < n; i++) {
		int idx = status[i] < 0 ? -1
			  : numa_node_of_domain(t, (uint32_t)status[i]);
		if (idx < 0)
			return -1;
		if (node >= 0 && idx != node)
			return -2;
		node = idx;
	}
	return node;
}
