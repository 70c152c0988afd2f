/* Per-cpu measurement buffers, each in its cpu's own NUMA node:
 * the all-cpu bandwidth points and the loaded-latency loaders give every
 * cpu its own buffer, and on a machine with several nodes a buffer in
 * another node measures the link between the sockets, not the cpu's
 * memory. One platform buffer per node, sliced into that node's cpus'
 * slots, so a node's cpus share its 1G pages and its memory is asked for
 * once. */
#ifndef BAREMEM_NODEBUF_H
#define BAREMEM_NODEBUF_H

#include <stdint.h>

#include "hw/numa.h"
#include "platform.h"
#include "results/results.h"

/* A few per node at most: a node short of room for all its cpus at once
 * gives what it can in halves, the rest go elsewhere. */
#define NODEBUF_MAX_BUFFERS (NUMA_MAX_NODES + 4)

struct nodebuf {
	int count;		/* cpus with a slot */
	int *cpu;		/* [count]: the cpu each slot is for */
	uint8_t **base;		/* [count]: its slot, slot_bytes long */
	int *node;		/* [count]: the node the slot is in, as
				 * plat_buffer_node found it; -1: unknown */
	int *own;		/* [count]: the cpu's own node; -1: unknown */
	uint64_t slot_bytes;	/* a multiple of 4 KiB */
	uint64_t page_bytes;	/* the smallest page size mapping a slot */
	int topology_known;	/* the platform named the nodes */
	/* Slots whose pages plat_buffer_node found elsewhere than asked
	 * (node[] says where they are; -1 when in several nodes), and
	 * slots it could not look at (node[] is what was asked). */
	int moved, unchecked;
	int nbufs;
	struct plat_buffer buf[NODEBUF_MAX_BUFFERS];
};

/* Gives each of cpus[0..n) a slot of at least slot_bytes, on pages of
 * page_bytes (the page key's size): in its own node
 * when that node has room, else in the nearest node that has (SLIT
 * distance), else anywhere. Every buffer stays within what
 * plat_buffer_max_bytes allows at the time. Returns 0 when every cpu got
 * a slot, -1 when not (nothing is kept; nothing is warned: the caller
 * may try a smaller size). */
int nodebuf_alloc(uint64_t page_bytes, const int *cpus, int n,
		  uint64_t slot_bytes, struct nodebuf *nb);

/* Warns about what nodebuf_alloc had to do, `what` naming the test: the
 * topology unknown (once per run), cpus whose slot is not in their own
 * node (named), pages not where they were asked, or not checked. */
void nodebuf_warn(struct msgs *warnings, const struct nodebuf *nb,
		  const char *what);

/* cpu's slot (and *node, the node it is in, -1: unknown); 0 when cpu
 * has none. */
uint8_t *nodebuf_slot(const struct nodebuf *nb, int cpu, int *node);

/* The nodes of cpus[0..n)'s slots, in that order, in a new pool array
 * (kept with the results: a point's buffer_nodes); 0 when out of pool
 * memory or a cpu has no slot. */
int *nodebuf_nodes_of(const struct nodebuf *nb, const int *cpus, int n);

void nodebuf_free(struct nodebuf *nb);

#endif
