/* The frequency state where nothing could be read (see freqstate.h):
 * every architecture and platform starts from it. */
#include "hw/freqstate.h"

void freq_state_unknown(struct freq_state *fs)
{
	*fs = (struct freq_state){ "unknown", "unknown", "none" };
}
