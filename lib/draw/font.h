/* The charts' bitmap font (font.c): one glyph per printable ASCII byte. */
#ifndef BAREMEM_FONT_H
#define BAREMEM_FONT_H

#include <stdint.h>

#define FONT_FIRST 0x20		/* ' ' */
#define FONT_GLYPHS 95		/* ' '..'~' */
#define FONT_COLS 5		/* ink columns of a glyph */
#define FONT_ROWS 8		/* ink rows, descenders included */
#define FONT_CELL_W 6		/* a character's advance, unscaled */
#define FONT_CELL_H 10		/* a line's height, unscaled */

extern const uint8_t font_glyphs[FONT_GLYPHS][FONT_ROWS];

#endif
