/* The AArch64 load generator (kernels/aarch64/loadgen.c) against a C
 * sum of the same words: sizes of whole 256-byte blocks and sizes that
 * must be rounded down to them, with and without a delay, every block
 * holding distinct words so a skipped or repeated load changes the sum.
 * Run under qemu-aarch64. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "bw_check.h"
#include "loadgen.h"

int main(void)
{
	static const uint64_t sizes[] = { 0, 16, 255, 256, 257, 512, 768,
					  4096 + 128, 65536 };
	static const uint64_t delays[] = { 0, 1, 7 };
	uint64_t *buf = aligned_alloc(64, 65536 + 256);
	char what[80];

	for (uint64_t i = 0; i < (65536 + 256) / 8; i++)
		buf[i] = i * 0x9e3779b97f4a7c15ull + (i >> 3);
	for (unsigned s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
		for (unsigned d = 0; d < sizeof delays / sizeof delays[0]; d++) {
			uint64_t whole = sizes[s] & ~(uint64_t)255, want = 0;

			for (uint64_t i = 0; i < whole / 8; i++)
				want += buf[i];
			snprintf(what, sizeof what, "loadgen_read %llu bytes, "
				 "delay %llu", (unsigned long long)sizes[s],
				 (unsigned long long)delays[d]);
			bw_check_result(loadgen_read(buf, sizes[s],
						     delays[d]) == want, what);
		}
	free(buf);
	return bw_check_finish();
}
