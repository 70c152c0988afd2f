/* The load generator of the loaded-latency test: a read kernel with an
 * injected delay, so the bandwidth it draws can be dialled down from
 * the most it can pull to almost nothing. */
#ifndef BAREMEM_LOADGEN_H
#define BAREMEM_LOADGEN_H

#include <stdint.h>

/* Bytes read between two delays: four cache lines. */
#define LOADGEN_BLOCK_BYTES 256u

/* One pass over src[0..bytes): reads each 256-byte block with sixteen
 * 16-byte loads, then spins `delay` iterations of a one-cycle dependent
 * loop (dec/jnz) before the next block; delay 0 is a plain read.
 * bytes is a multiple of 256 (others are rounded down), src 16-byte
 * aligned. Returns the sum, modulo 2^64, of every 64-bit word read, so
 * no load can be dropped. */
uint64_t loadgen_read(const void *src, uint64_t bytes, uint64_t delay);

#endif
