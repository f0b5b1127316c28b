#include "CSegueX11.h"
#include <X11/Xlib.h>
#include <X11/Xlibint.h>
#include <X11/Xutil.h>
#include <X11/extensions/XShm.h>
#include <X11/extensions/Xrender.h>
#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/shm.h>

struct segue_x11_presenter {
    Display *display;
    Window window;
    Visual *visual;
    int depth;
    GC gc;
    unsigned long colorMask;
    /// Reused for the rectangles of one fill colour.
    XRectangle *rectangles;
    int rectangleCapacity;
    /// The type of MIT-SHM's completion event, and whether one is awaited (the last present put images).
    int completionType;
    int awaitingCompletion;
    /// RENDER: the window's picture (0 without the extension, or with SEGUE_XRENDER=0), and the pixmap the
    /// blurred cells are put into with its picture (remade when the cells' size changes).
    Picture windowPicture;
    XRenderPictFormat *format;
    Pixmap cellsPixmap;
    Picture cellsPicture;
    int cellsWidth, cellsHeight;
    /// The shared image a frame's cells are put from, each scaled cells' rows below the last's (grown as
    /// needed): no frame's cells travel through the connection, so a present is one write.
    struct segue_x11_image *cellsImage;
    /// Reused for the rectangles of one over-fill colour.
    XRectangle *overRectangles;
    int overCapacity;
    /// The marker (0 without): a 1x1 pixmap in memory shared with the server, its pixel in `markerImage`. A
    /// present that put images ends by filling it with the next `markerValue` instead of asking for a completion
    /// event: the server handles a client's requests in order, so once the pixel holds that value it has read
    /// every image of the frame, which the next frame sees in memory. The completion event was one more packet
    /// a frame to write (the server) and read (the client: a read that carries data costs ~14 us of CPU on this
    /// VM, an empty one ~1.3).
    Pixmap markerPixmap;
    GC markerGC;
    struct segue_x11_image *markerImage;
    uint32_t markerValue;
    /// With the marker: whether the next present that puts images asks for a completion event all the same.
    /// After a round trip (`XSync`), Xlib keeps the reply's request pending until a later packet comes, and each
    /// of its reads of the connection until then costs a second, empty one; the event is that packet.
    int resolvesPending;
};

struct segue_x11_image {
    XImage *image;
    XShmSegmentInfo info;
};

static void open_marker(segue_x11_presenter *p);
static segue_x11_image *image_create(segue_x11_presenter *p, int width, int height, Bool readOnly);

static int attachFailed;
static int trapAttachError(Display *display, XErrorEvent *event) {
    (void)display;
    (void)event;
    attachFailed = 1;
    return 0;
}

segue_x11_presenter *segue_x11_presenter_open(void *sdl_window, char *why, int why_size) {
    SDL_SysWMinfo info;
    SDL_VERSION(&info.version);
    if (!SDL_GetWindowWMInfo((SDL_Window *)sdl_window, &info)) {
        snprintf(why, why_size, "SDL has no window-system information for the window (%s)", SDL_GetError());
        return NULL;
    }
    if (info.subsystem != SDL_SYSWM_X11) {
        snprintf(why, why_size, "the window is not an X11 window");
        return NULL;
    }
    Display *display = info.info.x11.display;
    Window window = info.info.x11.window;
    if (!XShmQueryExtension(display)) {
        snprintf(why, why_size, "the X server has no MIT-SHM extension");
        return NULL;
    }
    XWindowAttributes attributes;
    if (!XGetWindowAttributes(display, window, &attributes)) {
        snprintf(why, why_size, "the window's attributes cannot be read");
        return NULL;
    }
    Visual *v = attributes.visual;
    if ((v->class != TrueColor && v->class != DirectColor) || v->red_mask != 0xFF0000 || v->green_mask != 0xFF00 || v->blue_mask != 0xFF
        || (attributes.depth != 24 && attributes.depth != 32)) {
        snprintf(why, why_size, "the window's visual is not 24- or 32-bit TrueColor or DirectColor with 8 bits a channel "
                 "(class %d, depth %d, masks %lx %lx %lx)", v->class, attributes.depth, v->red_mask, v->green_mask,
                 v->blue_mask);
        return NULL;
    }
    segue_x11_presenter *p = calloc(1, sizeof *p);
    if (!p) {
        snprintf(why, why_size, "out of memory");
        return NULL;
    }
    p->display = display;
    p->window = window;
    p->visual = v;
    p->depth = attributes.depth;
    p->colorMask = attributes.depth == 32 ? 0xFFFFFFFFul : 0xFFFFFFul;
    p->completionType = XShmGetEventBase(display) + ShmCompletion;
    XGCValues values;
    values.graphics_exposures = False;
    p->gc = XCreateGC(display, window, GCGraphicsExposures, &values);
    // One image tried now: a server that cannot attach our memory (a remote one) is found here, not later.
    segue_x11_image *probe = segue_x11_image_create(p, 1, 1);
    if (!probe) {
        XFreeGC(display, p->gc);
        free(p);
        snprintf(why, why_size, "the X server cannot attach shared memory (a remote display?)");
        return NULL;
    }
    segue_x11_image_destroy(p, probe);
    // RENDER, when the server has it and knows the window's visual: else the cells are scaled by the client.
    int eventBase, errorBase;
    const char *render = getenv("SEGUE_XRENDER");
    if (!(render && render[0] == '0') && XRenderQueryExtension(display, &eventBase, &errorBase)) {
        p->format = XRenderFindVisualFormat(display, v);
        if (p->format) p->windowPicture = XRenderCreatePicture(display, window, p->format, 0, NULL);
    }
    open_marker(p);
    return p;
}

int segue_x11_presenter_scales(const segue_x11_presenter *p) { return p->windowPicture != 0; }

/// The marker's pixel as the server last wrote it (read once; what the server read before writing it, it has
/// read: x86's stores are not seen before earlier loads, and the acquire orders our later writes after it).
static uint32_t marker_pixel(const segue_x11_presenter *p) {
    return __atomic_load_n((const uint32_t *)p->markerImage->image->data, __ATOMIC_ACQUIRE) & (uint32_t)p->colorMask;
}

static void fill_marker(segue_x11_presenter *p, uint32_t value) {
    XSetForeground(p->display, p->markerGC, value);
    XFillRectangle(p->display, p->markerPixmap, p->markerGC, 0, 0, 1, 1);
}

static void free_marker(segue_x11_presenter *p) {
    if (p->markerPixmap) XFreePixmap(p->display, p->markerPixmap);
    if (p->markerGC) XFreeGC(p->display, p->markerGC);
    if (p->markerImage) segue_x11_image_destroy(p, p->markerImage);
    p->markerPixmap = 0;
    p->markerGC = 0;
    p->markerImage = NULL;
}

/// Whether the marker may be used: on x86 (elsewhere a store of the server's may be seen before its earlier loads
/// of our images have completed), unless SEGUE_X11_MARKER is 0.
static int marker_allowed(void) {
#if defined(__x86_64__) || defined(__i386__)
    const char *marker = getenv("SEGUE_X11_MARKER");
    return !(marker && marker[0] == '0');
#else
    return 0;
#endif
}

/// Makes the marker when allowed and the server has MIT-SHM pixmaps and writes them where we read them (checked
/// once: a fill, a round trip, the pixel read); else leaves none (the completion events are used).
static void open_marker(segue_x11_presenter *p) {
    int major, minor;
    Bool pixmaps = False;
    if (!marker_allowed() || !XShmQueryVersion(p->display, &major, &minor, &pixmaps) || !pixmaps
        || XShmPixmapFormat(p->display) != ZPixmap) return;
    p->markerImage = image_create(p, 1, 1, False);
    if (!p->markerImage) return;
    XShmSegmentInfo *info = &p->markerImage->info;
    // A server's refusal comes as an X error: trapped, as the attach's.
    XSync(p->display, False);
    attachFailed = 0;
    int (*previous)(Display *, XErrorEvent *) = XSetErrorHandler(trapAttachError);
    p->markerPixmap = XShmCreatePixmap(p->display, p->window, info->shmaddr, info, 1, 1, (unsigned)p->depth);
    XGCValues values;
    values.graphics_exposures = False;
    if (p->markerPixmap) p->markerGC = XCreateGC(p->display, p->markerPixmap, GCGraphicsExposures, &values);
    p->markerValue = 0x5E6E5E;
    if (p->markerGC) fill_marker(p, p->markerValue);
    XSync(p->display, False);
    if (attachFailed || !p->markerPixmap || !p->markerGC || marker_pixel(p) != p->markerValue) {
        free_marker(p);   // still trapped: the pixmap the server refused does not exist
        XSync(p->display, False);
    }
    XSetErrorHandler(previous);
    p->resolvesPending = 1;
}

static void free_cells(segue_x11_presenter *p) {
    if (p->cellsPicture) XRenderFreePicture(p->display, p->cellsPicture);
    if (p->cellsPixmap) XFreePixmap(p->display, p->cellsPixmap);
    p->cellsPicture = 0;
    p->cellsPixmap = 0;
    p->cellsWidth = p->cellsHeight = 0;
}

void segue_x11_presenter_close(segue_x11_presenter *p) {
    if (!p) return;
    free_marker(p);
    free_cells(p);
    if (p->cellsImage) segue_x11_image_destroy(p, p->cellsImage);
    if (p->windowPicture) XRenderFreePicture(p->display, p->windowPicture);
    XSync(p->display, False);
    XFreeGC(p->display, p->gc);
    free(p->rectangles);
    free(p->overRectangles);
    free(p);
}

/// A shared image; `readOnly`: the server may only read it (the images presented), else it may write it too (the
/// marker's pixmap).
static segue_x11_image *image_create(segue_x11_presenter *p, int width, int height, Bool readOnly) {
    segue_x11_image *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->image = XShmCreateImage(p->display, p->visual, (unsigned)p->depth, ZPixmap, NULL, &s->info,
                               (unsigned)width, (unsigned)height);
    if (!s->image || s->image->bits_per_pixel != 32) {
        if (s->image) XDestroyImage(s->image);
        free(s);
        return NULL;
    }
    size_t bytes = (size_t)s->image->bytes_per_line * (size_t)height;
    s->info.shmid = shmget(IPC_PRIVATE, bytes, IPC_CREAT | 0600);
    if (s->info.shmid < 0) {
        XDestroyImage(s->image);
        free(s);
        return NULL;
    }
    s->info.shmaddr = s->image->data = shmat(s->info.shmid, NULL, 0);
    if (s->info.shmaddr == (char *)-1) {
        shmctl(s->info.shmid, IPC_RMID, NULL);
        s->image->data = NULL;
        XDestroyImage(s->image);
        free(s);
        return NULL;
    }
    s->info.readOnly = readOnly;
    XSync(p->display, False);
    attachFailed = 0;
    int (*previous)(Display *, XErrorEvent *) = XSetErrorHandler(trapAttachError);
    XShmAttach(p->display, &s->info);
    XSync(p->display, False);
    XSetErrorHandler(previous);
    p->resolvesPending = 1;
    // Marked for removal now: the segment goes when the last process detaches it, even after a crash.
    shmctl(s->info.shmid, IPC_RMID, NULL);
    if (attachFailed) {
        shmdt(s->info.shmaddr);
        s->image->data = NULL;
        XDestroyImage(s->image);
        free(s);
        return NULL;
    }
    return s;
}

segue_x11_image *segue_x11_image_create(segue_x11_presenter *p, int width, int height) {
    return image_create(p, width, height, True);
}

uint32_t *segue_x11_image_pixels(const segue_x11_image *s) { return (uint32_t *)s->image->data; }

int segue_x11_image_stride(const segue_x11_image *s) { return s->image->bytes_per_line; }

void segue_x11_image_destroy(segue_x11_presenter *p, segue_x11_image *s) {
    if (!s) return;
    XShmDetach(p->display, &s->info);
    segue_x11_sync(p);
    shmdt(s->info.shmaddr);
    s->image->data = NULL;
    XDestroyImage(s->image);
    free(s);
}

/// Calls `issue` for each run of rectangles of one colour in `rects`, in order, with the run's non-empty
/// rectangles as X rectangles in `*buffer` (grown as needed; nothing is issued when it cannot grow): one
/// request a run (a plan lists a band's fills together).
static void each_colour_run(segue_x11_presenter *p, const segue_plan_rect *rects, int count, XRectangle **buffer,
                            int *capacity, void (*issue)(segue_x11_presenter *, uint32_t, const XRectangle *, int)) {
    if (count <= 0) return;
    if (*capacity < count) {
        XRectangle *grown = realloc(*buffer, sizeof(XRectangle) * (size_t)count);
        if (!grown) return;
        *buffer = grown;
        *capacity = count;
    }
    int start = 0;
    while (start < count) {
        uint32_t color = rects[start].color;
        int n = 0, k = start;
        for (; k < count && rects[k].color == color; k++) {
            const segue_plan_rect *r = &rects[k];
            if (r->x0 >= r->x1 || r->y0 >= r->y1) continue;
            (*buffer)[n++] = (XRectangle){(short)r->x0, (short)r->y0, (unsigned short)(r->x1 - r->x0),
                                          (unsigned short)(r->y1 - r->y0)};
        }
        if (n > 0) issue(p, color, *buffer, n);
        start = k;
    }
}

static void fill_run(segue_x11_presenter *p, uint32_t color, const XRectangle *rectangles, int n) {
    XSetForeground(p->display, p->gc, color & p->colorMask);
    XFillRectangles(p->display, p->window, p->gc, (XRectangle *)rectangles, n);
}

static void fill(segue_x11_presenter *p, const segue_plan_rect *rects, int count) {
    each_colour_run(p, rects, count, &p->rectangles, &p->rectangleCapacity, fill_run);
}

static int nonempty(const segue_plan_rect *r) { return r->x0 < r->x1 && r->y0 < r->y1; }

static void put(segue_x11_presenter *p, const segue_x11_image *s, const segue_plan_rect *r, int dx, int dy, int notify) {
    XShmPutImage(p->display, p->window, p->gc, s->image, r->x0 + dx, r->y0 + dy, r->x0, r->y0,
                 (unsigned)(r->x1 - r->x0), (unsigned)(r->y1 - r->y0), notify ? True : False);
}

/// Puts the cells into the cells pixmap through the connection (their data copied into the request).
static int put_cells_through_connection(segue_x11_presenter *p, const segue_x11_scaled *c) {
    XImage image = {0};
    image.width = c->width;
    image.height = c->height;
    image.format = ZPixmap;
    image.data = (char *)c->cells;
    image.byte_order = LSBFirst;
    image.bitmap_unit = 32;
    image.bitmap_bit_order = LSBFirst;
    image.bitmap_pad = 32;
    image.depth = p->depth;
    image.bytes_per_line = c->stride;
    image.bits_per_pixel = 32;
    image.red_mask = 0xFF0000;
    image.green_mask = 0xFF00;
    image.blue_mask = 0xFF;
    if (!XInitImage(&image)) return 0;
    XPutImage(p->display, p->cellsPixmap, p->gc, &image, 0, 0, 0, 0, (unsigned)c->width, (unsigned)c->height);
    return 1;
}

/// Puts the cells into the cells pixmap (made or remade at their size) and sets its picture's map from window
/// pixels to cells; 0 when no pixmap can be had. With `row` ≥ 0, from rows `row`... of the shared cells image
/// (where they are copied first: `row` leaves the rows of the frame's earlier cells, which the server may not
/// have read yet, untouched), asking for the completion event when `notify`; with `row` < 0 (no shared image
/// could be had), through the connection.
static int put_cells(segue_x11_presenter *p, const segue_x11_scaled *c, int row, int notify) {
    if (c->width <= 0 || c->height <= 0 || c->width > 32767 || c->height > 32767) return 0;
    if (p->cellsWidth != c->width || p->cellsHeight != c->height) {
        free_cells(p);
        p->cellsPixmap = XCreatePixmap(p->display, p->window, (unsigned)c->width, (unsigned)c->height, (unsigned)p->depth);
        XRenderPictureAttributes attributes;
        attributes.repeat = RepeatPad;
        p->cellsPicture = XRenderCreatePicture(p->display, p->cellsPixmap, p->format, CPRepeat, &attributes);
        XRenderSetPictureFilter(p->display, p->cellsPicture, FilterBilinear, NULL, 0);
        p->cellsWidth = c->width;
        p->cellsHeight = c->height;
    }
    if (row >= 0) {
        XImage *image = p->cellsImage->image;
        for (int y = 0; y < c->height; y++) {
            memcpy(image->data + (size_t)(row + y) * (size_t)image->bytes_per_line,
                   (const char *)c->cells + (size_t)y * (size_t)c->stride, (size_t)c->width * 4);
        }
        XShmPutImage(p->display, p->cellsPixmap, p->gc, image, 0, row, 0, 0, (unsigned)c->width, (unsigned)c->height,
                     notify ? True : False);
    } else if (!put_cells_through_connection(p, c)) {
        return 0;
    }
    // Pixman's map (BackdropBlur.cellTransform), 16.16 fixed point, as XRender takes it.
    XTransform t = {{{XDoubleToFixed(1) / c->factor, 0, -c->cellX * XDoubleToFixed(1)},
                     {0, XDoubleToFixed(1) / c->factor, -c->cellY * XDoubleToFixed(1)},
                     {0, 0, XDoubleToFixed(1)}}};
    XRenderSetPictureTransform(p->display, p->cellsPicture, &t);
    return 1;
}

/// Makes sure the shared cells image holds `width` x `height` pixels (remade larger when not); 0 when it
/// cannot.
static int reserve_cells_image(segue_x11_presenter *p, int width, int height) {
    if (p->cellsImage && p->cellsImage->image->width >= width && p->cellsImage->image->height >= height) return 1;
    int w = width, h = height;
    if (p->cellsImage) {
        if (p->cellsImage->image->width > w) w = p->cellsImage->image->width;
        if (p->cellsImage->image->height > h) h = p->cellsImage->image->height;
        segue_x11_image_destroy(p, p->cellsImage);
    }
    p->cellsImage = segue_x11_image_create(p, w, h);
    return p->cellsImage != NULL;
}

static void over_fill_run(segue_x11_presenter *p, uint32_t color, const XRectangle *rectangles, int n) {
    // Premultiplied, each 8-bit channel as 16 bits (the server keeps the high byte: the same colour).
    XRenderColor c = {(unsigned short)(((color >> 16) & 0xFF) * 257), (unsigned short)(((color >> 8) & 0xFF) * 257),
                      (unsigned short)((color & 0xFF) * 257), (unsigned short)((color >> 24) * 257)};
    XRenderFillRectangles(p->display, PictOpOver, p->windowPicture, &c, rectangles, n);
}

/// The fills laid over (XRender's `Over`), in order (a run's rectangles do not overlap).
static void over_fill(segue_x11_presenter *p, const segue_plan_rect *rects, int count) {
    each_colour_run(p, rects, count, &p->overRectangles, &p->overCapacity, over_fill_run);
}

/// Sends the requests Xlib holds without reading the connection. `XFlush` reads it after writing (Xlib's
/// flush ends in `_XEventsQueued(QueuedAfterReading)`), a system call that nearly always finds nothing (the
/// server has not handled the frame yet); the next frame's ``segue_x11_begin_frame`` reads the connection anyway,
/// for input and the completion, before anything could use what this read would have found.
static void flush_requests(Display *display) {
    LockDisplay(display);
    _XSend(display, NULL, 0);
    UnlockDisplay(display);
}

void segue_x11_present(segue_x11_presenter *p, const segue_x11_image *back, const segue_plan_rect *back_rects,
                       int back_count, const segue_plan_rect *fills, int fill_count, const segue_x11_copy *copies,
                       int copy_count, const segue_x11_scaled *scaled, int scaled_count, const segue_plan_rect *over_fills,
                       int over_count) {
    // The scaled cells to put, all from one shared image (their rows one below the other).
    int last_scaled = -1, cells_width = 0, cells_height = 0, shared = 0;
    if (p->windowPicture) {
        for (int k = 0; k < scaled_count; k++) {
            const segue_x11_scaled *c = &scaled[k];
            if (c->rect_count <= 0 || c->width <= 0 || c->height <= 0) continue;
            if (c->width > cells_width) cells_width = c->width;
            cells_height += c->height;
            last_scaled = k;
        }
        shared = last_scaled >= 0 && reserve_cells_image(p, cells_width, cells_height);
    }
    // Without the marker, the last put asks for the completion event: the server handles requests in order, so
    // once it has read that image it has read every image of the frame.
    int last_copy = -1, last_back = -1;
    if (!shared) for (int k = copy_count - 1; k >= 0 && last_copy < 0; k--) if (nonempty(&copies[k].rect)) last_copy = k;
    if (!shared && last_copy < 0) {
        for (int k = back_count - 1; k >= 0 && last_back < 0; k--) if (nonempty(&back_rects[k])) last_back = k;
    }
    int notifies = !p->markerPixmap || p->resolvesPending;
    for (int k = 0; k < back_count; k++) {
        if (nonempty(&back_rects[k])) put(p, back, &back_rects[k], 0, 0, notifies && k == last_back);
    }
    fill(p, fills, fill_count);
    for (int k = 0; k < copy_count; k++) {
        if (nonempty(&copies[k].rect)) {
            put(p, copies[k].image, &copies[k].rect, copies[k].dx, copies[k].dy, notifies && k == last_copy);
        }
    }
    // The scaled cells, then the fills over them.
    if (p->windowPicture) {
        int row = 0;
        for (int k = 0; k <= last_scaled; k++) {
            const segue_x11_scaled *c = &scaled[k];
            if (c->rect_count <= 0 || c->width <= 0 || c->height <= 0) continue;
            int put = put_cells(p, c, shared ? row : -1, notifies && k == last_scaled);
            row += c->height;
            if (!put) continue;
            for (int r = 0; r < c->rect_count; r++) {
                const segue_plan_rect *q = &c->rects[r];
                if (!nonempty(q)) continue;
                XRenderComposite(p->display, PictOpSrc, p->cellsPicture, None, p->windowPicture, q->x0, q->y0, 0, 0,
                                 q->x0, q->y0, (unsigned)(q->x1 - q->x0), (unsigned)(q->y1 - q->y0));
            }
        }
        over_fill(p, over_fills, over_count);
    }
    p->awaitingCompletion = shared || last_copy >= 0 || last_back >= 0;
    if (p->awaitingCompletion) p->resolvesPending = 0;
    if (p->awaitingCompletion && p->markerPixmap) {
        // A new value each time (24 bits wrap after 77 hours at 60 frames a second: still not the last one).
        p->markerValue = (p->markerValue + 1) & (uint32_t)p->colorMask;
        fill_marker(p, p->markerValue);
    }
    flush_requests(p->display);
}

int segue_x11_begin_frame(segue_x11_presenter *p) {
    if (p->markerPixmap) {
        // One read of the connection a frame, for input; the last present's images were read once the marker
        // holds its value (the usual case: the server handled them during the wait), else wait for the server.
        int queued = XEventsQueued(p->display, QueuedAfterReading);
        if (queued > 0) {
            // A completion asked for after a round trip (resolvesPending) is not SDL's.
            XEvent event;
            while (XCheckTypedEvent(p->display, p->completionType, &event)) {}
            queued = XEventsQueued(p->display, QueuedAlready);
        }
        if (p->awaitingCompletion && marker_pixel(p) != p->markerValue) {
            XSync(p->display, False);
            p->resolvesPending = 1;
            // A server that did not write the marker where we read it after all: completion events from now on
            // (this frame's images are read: the round trip).
            if (marker_pixel(p) != p->markerValue) free_marker(p);
            queued = XEventsQueued(p->display, QueuedAlready);
        }
        p->awaitingCompletion = 0;
        return queued > 0;
    }
    XEvent event;
    // Without the marker: one read of the connection a frame, for input, which also brings the last present's
    // completion (the present's flush sends without reading: it comes during the wait). Xlib reads only when its
    // queue is empty, so a completion already queued (read by someone else since) is taken from the queue first
    // (no read); one that came later is taken after the read (no second read). Each read that finds data costs
    // a second, empty one (Xlib reads until none is left).
    if (p->awaitingCompletion && XQLength(p->display) > 0 && XCheckTypedEvent(p->display, p->completionType, &event)) {
        p->awaitingCompletion = 0;
    }
    int queued = XEventsQueued(p->display, QueuedAfterReading);
    if (p->awaitingCompletion) {
        if (queued > 0 && XCheckTypedEvent(p->display, p->completionType, &event)) p->awaitingCompletion = 0;
        if (p->awaitingCompletion) {
            // Not seen (not arrived yet, or taken by someone else's event loop): wait for the server.
            XSync(p->display, False);
            while (XCheckTypedEvent(p->display, p->completionType, &event)) {}
            p->awaitingCompletion = 0;
        }
        queued = XEventsQueued(p->display, QueuedAlready);
    }
    return queued > 0;
}

void segue_x11_sync(segue_x11_presenter *p) {
    XSync(p->display, False);
    p->resolvesPending = 1;
    XEvent event;
    while (XCheckTypedEvent(p->display, p->completionType, &event)) {}
    p->awaitingCompletion = 0;
}
