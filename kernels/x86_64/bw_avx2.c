/* AVX2 bandwidth kernels: read, write, non-temporal write and copy with
 * 256-bit accesses (this file alone is built with -mavx2), and the
 * read/write mixes and triad at that width. The loops themselves are
 * kernels/x86_64/bw_asm.h's, shared by every width; this file says why they
 * have their shape and gives the 256-bit mnemonics.
 *
 * The loops are inline asm so the timed instructions are exactly these:
 * - One iteration moves a 256-byte block (four cache lines) with eight
 *   32-byte accesses at fixed displacements from one base register, then
 *   add/cmp/jb. Loop overhead is two fused uops per eight accesses, and
 *   eight independent accesses are in flight, more than the two or three
 *   loads or stores a core issues per cycle. read differs: it reads four
 *   streams at once, 512 bytes an iteration (see there).
 * - Sizes that are not a multiple of the iteration finish with a tail
 *   loop of single 32-byte accesses (at most fifteen per pass, so its
 *   overhead does not matter).
 * - The repeat loop is inside the same asm statement, so the compiler
 *   never touches the ymm registers between passes and the accumulators
 *   never leave registers.
 * - Every function ends in vzeroupper: dirty upper halves of the ymm
 *   registers would make the caller's SSE code pay the AVX-to-SSE
 *   transition penalty. (GCC adds one of its own before ret; ours does
 *   not depend on that, and a second costs a cycle outside the loop.)
 * Alignment and size requirements are in bw.h. */
#define BW_V "ymm"
#define BW_W "32"
#define BW_WN 32
#define BW_LOAD "vmovdqa"
#define BW_STORE_CACHED "vmovdqa"
#define BW_ADDQ(m, r) "vpaddq " m ", " r ", " r
#define BW_MULPD(m, s, r) "vmulpd " m ", " s ", " r
#define BW_ADDPD(m, r) "vaddpd " m ", " r ", " r
#define BW_ZERO(r) "vpxor " r ", " r ", " r
#define BW_SPLAT "vmovq %[pattern], %%xmm0\n\tvpbroadcastq %%xmm0, %%ymm0\n\t"
#define BW_SPLAT4 "vpbroadcastq %[s], %%ymm4\n\t"
#define BW_NARROW BW_FOLD_YMM0
#define BW_END "vzeroupper"
#include "bw_asm.h"

/* read: four streams. The buffer's first 4q bytes (q = bytes / 512 *
 * 128) are read as four quarters side by side, 128 bytes of each per
 * iteration, one pointer a quarter: sixteen loads, then four adds and
 * cmp/jb. One sequential stream leaves a core short of its peak: its
 * prefetchers keep too few lines in flight for one stream (on a Zen 3
 * guest, four streams read a 256M buffer about a tenth faster than one
 * and a 16M one, in the L3, about half again as fast), and a core's peak read rate is what this kernel is for; STREAM's
 * Add and Triad read two streams for the same reason. Every byte is
 * still read once a pass. The last bytes (fewer than 512) go through a
 * tail loop of single 32-byte loads.
 * Each of the eight accumulators (ymm0..ymm7) takes two loads an
 * iteration, so no add waits for more than its own load and one earlier
 * add: the loop runs at the load ports' rate. vpaddq with a memory
 * operand is one fused uop (load + add); base+displacement addressing
 * keeps it fused. The accumulators are folded into one 64-bit sum at
 * the end, which makes every load live. */
BW_READ_FN(bw_read_avx2)

/* write and ntwrite: eight 32-byte stores of ymm0 (the pattern) per
 * block. `store` is vmovdqa (through the caches) or vmovntdq (around
 * them, into write-combining buffers); `fence` is empty or sfence, which
 * ntwrite needs because non-temporal stores are weakly ordered and may
 * still sit in the write-combining buffers when the loop ends: the fence
 * makes them globally visible before the caller reads the clock or the
 * data. p starts at dst and ends one past the last byte written. */
BW_STORE_FN(bw_write_avx2, "vmovdqa", "")
BW_STORE_FN(bw_ntwrite_avx2, "vmovntdq", "sfence\n\t")

/* copy and ntcopy: the block's eight loads (ymm0..ymm7) issue before its
 * eight stores, so four lines of src are requested together. src and dst
 * get a pointer each: stores with base+displacement addressing can use
 * the simple store-address port on Intel cores (an indexed store would
 * take a load port instead); the second add costs one uop per sixteen
 * accesses. `store` and `fence` as for write: ntcopy's vmovntdq writes
 * dst around the caches, so the destination line is never read for
 * ownership first (a cached store reads it, then writes it back: three
 * transfers for the two a copy counts). ntcopy also asks for src 1 KiB
 * ahead of its loads, a prefetcht0 a line (bw_asm.h's BW_PREFETCH_AHEAD
 * gives what that was measured to gain, at every width). */
BW_COPY_FN(bw_copy_avx2, "vmovdqa", "", "")
BW_COPY_FN(bw_ntcopy_avx2, "vmovntdq", "sfence\n\t",
	   BW_PREFETCH_AHEAD)

/* mix31, mix21 and triad (bw_asm.h) with 256-bit accesses. triad
 * multiplies then adds (vmulpd, vaddpd) instead of one vfmadd: FMA is a
 * CPUID flag of its own that AVX2 does not imply, and two floating-point
 * ops per 32 bytes are far below any core's rate, so the loop stays
 * bound by its loads and stores either way. */
BW_STREAMS_FNS(avx2)
