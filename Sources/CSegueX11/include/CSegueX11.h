#ifndef SEGUE_CSEGUEX11_H
#define SEGUE_CSEGUEX11_H
// The X11 presenter of the CPU compositor (X11Presenter.swift holds its documentation): a window's frame
// shown from shared-memory images (MIT-SHM) and X11's core fills, with Xlib kept behind this small C
// interface so that no X11 type reaches Swift.
#include <stdint.h>
#include "CSeguePixels.h"

typedef struct segue_x11_presenter segue_x11_presenter;
typedef struct segue_x11_image segue_x11_image;

/// A presenter for an SDL window (an `SDL_Window *`) shown by SDL's X11 video driver, on an X server with
/// MIT-SHM and a 24- or 32-bit TrueColor or DirectColor visual of 8 bits a channel; NULL otherwise, with the reason in `why`.
segue_x11_presenter *segue_x11_presenter_open(void *sdl_window, char *why, int why_size);

/// Releases the presenter's images and graphics context (not the window or the display: SDL's).
void segue_x11_presenter_close(segue_x11_presenter *presenter);

/// A `width` x `height` image of 32-bit pixels in memory shared with the X server; NULL when the server
/// refuses it (or the memory cannot be had).
segue_x11_image *segue_x11_image_create(segue_x11_presenter *presenter, int width, int height);

/// The image's first pixel, and the bytes from one row to the next.
uint32_t *segue_x11_image_pixels(const segue_x11_image *image);
int segue_x11_image_stride(const segue_x11_image *image);

/// Detaches the image from the server and frees it.
void segue_x11_image_destroy(segue_x11_presenter *presenter, segue_x11_image *image);

/// A rectangle copied from a shared image to the window: window pixel (x, y) gets the image's (x + dx, y + dy).
typedef struct {
    const segue_x11_image *image;
    segue_plan_rect rect;
    int32_t dx, dy;
} segue_x11_copy;

/// Whether the presenter scales cells (`segue_x11_scaled`): the server has RENDER and a picture format for
/// the window's visual, and SEGUE_XRENDER is not 0.
int segue_x11_presenter_scales(const segue_x11_presenter *presenter);

/// Blurred cells scaled up into window rectangles: `width` x `height` pixels at `cells` (`stride` bytes a
/// row), cell (`cellX`, `cellY`) the first; window pixel (x, y) gets pixman's bilinear sample of the cells at
/// ((x + ½)/`factor` − `cellX`, (y + ½)/`factor` − `cellY`), the edge cells extending them (BackdropBlur.swift).
typedef struct {
    const uint32_t *cells;
    int32_t width, height, stride;
    int32_t factor, cellX, cellY;
    const segue_plan_rect *rects;
    int32_t rect_count;
} segue_x11_scaled;

/// Shows a frame: `back` (the back buffer) at `back_rects`, the fills (each with its colour, an `x8r8g8b8`
/// pixel), the copies, then (when the presenter scales) the scaled cells and the over-fills (each colour
/// premultiplied `a8r8g8b8`, laid over with RENDER's `Over`, in order); sends them without waiting or reading.
/// The server tells when it has read the images: it writes a new value into a pixel of ours after the last of
/// them (a 1x1 MIT-SHM pixmap, where the server has those and writes them into our memory, on x86; unless
/// SEGUE_X11_MARKER=0), else it sends an MIT-SHM completion event after the last copy. Until
/// `segue_x11_begin_frame` has seen it, no image may be written. The cells are copied into the requests.
void segue_x11_present(segue_x11_presenter *presenter, const segue_x11_image *back, const segue_plan_rect *back_rects,
                       int back_count, const segue_plan_rect *fills, int fill_count, const segue_x11_copy *copies,
                       int copy_count, const segue_x11_scaled *scaled, int scaled_count, const segue_plan_rect *over_fills,
                       int over_count);

/// The start of a frame, before SDL reads its events: reads what the server sent, and makes sure it has read
/// the images of the last present (from the pixel it wrote or its completion event, or else by waiting for it:
/// `XSync`), so they may be written. Returns 1 when X events wait for SDL's event pump, 0 when none does.
int segue_x11_begin_frame(segue_x11_presenter *presenter);

/// Waits until the server has done everything asked (its images may then be written or freed).
void segue_x11_sync(segue_x11_presenter *presenter);

#endif
