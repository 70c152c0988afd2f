/* The screen after the run (screen=chart): the charts of lib/draw drawn
 * through the Graphics Output Protocol in the console's own resolution,
 * paged with keys while after=wait waits. Called once every measurement
 * window has closed and the results are written: drawing never touches
 * the numbers. Without GOP (serial console, headless) the text stays. */
#include "baremem_efi.h"

#include "draw/views.h"
#include "util/out.h"

/* Whole-screen pixel buffers above this are not drawn (a 8K panel is
 * 33 million pixels: 132 MiB twice over from the pool). */
#define SCREEN_MAX_PIXELS (7680ull * 4320ull)

struct screen {
	EFI_GRAPHICS_OUTPUT_PROTOCOL *gop;
	struct fb fb;
	uint32_t *saved;	/* the text console as it was, put back */
};

/* 0, or why not: the text wait then says so. */
static const char *screen_open(struct screen *s)
{
	EFI_GUID guid = EFI_GRAPHICS_OUTPUT_PROTOCOL_GUID;
	EFI_GRAPHICS_OUTPUT_PROTOCOL *gop = 0;
	UINT32 w, h;
	uint64_t bytes;

	if (BS->LocateProtocol(&guid, 0, (void **)&gop) != EFI_SUCCESS ||
	    !gop || !gop->Mode || !gop->Mode->Info)
		return "no graphics output (GOP) to draw on";
	w = gop->Mode->Info->HorizontalResolution;
	h = gop->Mode->Info->VerticalResolution;
	if (w < 320 || h < 200 || (uint64_t)w * h > SCREEN_MAX_PIXELS)
		return "the screen's mode is below 320x200 or above 7680x4320";
	bytes = (uint64_t)w * h * sizeof(uint32_t);
	s->gop = gop;
	s->fb = (struct fb){ .width = (int)w, .height = (int)h,
			     .stride = (int)w };
	s->fb.pixels = plat_alloc(bytes);
	s->saved = plat_alloc(bytes);
	if (!s->fb.pixels) {
		plat_free(s->saved);
		return "out of memory for the screen's picture";
	}
	/* Blt goes through the firmware's own copy for any pixel format
	 * (PixelBltOnly too), so the buffer is always BGR0. */
	if (s->saved && gop->Blt(gop, (EFI_GRAPHICS_OUTPUT_BLT_PIXEL *)s->saved,
				 EfiBltVideoToBltBuffer, 0, 0, 0, 0, w, h,
				 0) != EFI_SUCCESS) {
		plat_free(s->saved);
		s->saved = 0;
	}
	return 0;
}

static void screen_put(struct screen *s, uint32_t *pixels)
{
	s->gop->Blt(s->gop, (EFI_GRAPHICS_OUTPUT_BLT_PIXEL *)pixels,
		    EfiBltBufferToVideo, 0, 0, 0, 0, (UINTN)s->fb.width,
		    (UINTN)s->fb.height, 0);
}

static void screen_close(struct screen *s)
{
	if (s->saved)
		screen_put(s, s->saved);
	else if (ST->ConOut)
		ST->ConOut->ClearScreen(ST->ConOut);
	plat_free(s->saved);
	plat_free(s->fb.pixels);
}

/* The log view's scroll keys move *top within [0, last]; 0 when key
 * is not one of them. */
static int log_scroll(UINT16 scan, int page, int last, int *top)
{
	int t = *top;

	switch (scan) {
	case SCAN_UP: t--; break;
	case SCAN_DOWN: t++; break;
	case SCAN_PAGE_UP: t -= page; break;
	case SCAN_PAGE_DOWN: t += page; break;
	case SCAN_HOME: t = 0; break;
	case SCAN_END: t = last; break;
	default: return 0;
	}
	*top = t < 0 ? 0 : t > last ? last : t;
	return 1;
}

/* Shows the views until q or Esc: any other key pages to the next view;
 * in the log, the arrows, Page Up/Down, Home and End scroll. */
static void screen_page(struct screen *s, const struct run_results *res)
{
	struct draw_input in = { .res = res };
	enum draw_view v = draw_view_first(res);
	int page, last_top;

	in.log = console_log(&in.log_len);
	page = draw_log_page_lines(&s->fb);
	last_top = draw_log_line_count(in.log, in.log_len) - page;
	if (last_top < 0)
		last_top = 0;
	in.log_top = last_top;	/* the log opens at its end */
	ST->ConIn->Reset(ST->ConIn, FALSE);
	for (;;) {
		EFI_INPUT_KEY key;
		UINTN index;

		draw_view(&s->fb, v, &in);
		screen_put(s, s->fb.pixels);
		BS->WaitForEvent(1, &ST->ConIn->WaitForKey, &index);
		if (ST->ConIn->ReadKeyStroke(ST->ConIn, &key) != EFI_SUCCESS)
			continue;
		if (key.ScanCode == SCAN_ESC || key.UnicodeChar == 'q' ||
		    key.UnicodeChar == 'Q')
			return;
		if (v == DRAW_LOG && log_scroll(key.ScanCode, page, last_top,
						&in.log_top))
			continue;
		v = draw_view_next(v, res);
	}
}

void screen_wait_key(struct run_results *res)
{
	struct screen s = { 0 };
	const char *why = "no keyboard (ConIn) to page with";

	if (res->config.screen == BM_SCREEN_CHART && ST->ConIn &&
	    !(why = screen_open(&s))) {
		out("baremem: results drawn on the screen (%dx%d): any key "
		    "pages chart, tables, log; q or Esc to leave\n",
		    s.fb.width, s.fb.height);
		if (ST->ConOut)
			ST->ConOut->EnableCursor(ST->ConOut, FALSE);
		screen_page(&s, res);
		screen_close(&s);
		if (ST->ConOut)
			ST->ConOut->EnableCursor(ST->ConOut, TRUE);
		return;
	}
	if (res->config.screen == BM_SCREEN_CHART)
		out("baremem: %s: results as text only\n", why);
	out("baremem: press any key to leave\n");
	console_wait_key();
}
