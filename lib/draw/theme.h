/* The charts' colours (0x00RRGGBB, fb.h) and spacing: light text on a
 * dark blue ground, one bright colour per curve or kernel. */
#ifndef BAREMEM_THEME_H
#define BAREMEM_THEME_H

#include <stdint.h>

#define THEME_BG	0x0b1320u	/* the screen */
#define THEME_PANEL	0x111d30u	/* behind each chart */
#define THEME_GRID	0x22344du	/* grid lines */
#define THEME_AXIS	0xb8c4d4u	/* axes and ticks */
#define THEME_TEXT	0xe8eef5u
#define THEME_DIM	0x8a9ab0u	/* secondary text */
#define THEME_BAR	0x1b3a5cu	/* header and footer bars */
#define THEME_LEVEL	0x6b7f99u	/* cache boundaries */
#define THEME_BAD	0xff6b6bu	/* errors */

/* Curves and kernels, in order; the first is also the colour the QEMU
 * test looks for (tests/qemu/test_screen). */
#define THEME_SERIES_COUNT 6
static inline uint32_t theme_series(int i)
{
	static const uint32_t colours[THEME_SERIES_COUNT] = {
		0xffb000u,	/* amber */
		0x33c7f0u,	/* cyan */
		0xf7508au,	/* pink */
		0x7ee08fu,	/* green */
		0xb08cffu,	/* violet */
		0xf0f0a0u,	/* pale yellow */
	};

	return colours[(i < 0 ? -i : i) % THEME_SERIES_COUNT];
}

#endif
