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

/// Copies rectangles of an image to the window: window pixel (x, y) gets the image's (x + dx, y + dy).
/// The image must not be written until the next `segue_x11_sync`.
void segue_x11_put(segue_x11_presenter *presenter, const segue_x11_image *image, const segue_plan_rect *rects,
                   int count, int dx, int dy);

/// Fills rectangles of the window, each with its colour (an `x8r8g8b8` pixel).
void segue_x11_fill(segue_x11_presenter *presenter, const segue_plan_rect *rects, int count);

/// Sends what was asked and waits until the server has done it (its images may then be written again).
void segue_x11_sync(segue_x11_presenter *presenter);

#endif
