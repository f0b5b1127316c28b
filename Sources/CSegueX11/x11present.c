#include "CSegueX11.h"
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XShm.h>
#include <SDL2/SDL.h>
#include <SDL2/SDL_syswm.h>
#include <stdio.h>
#include <stdlib.h>
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
};

struct segue_x11_image {
    XImage *image;
    XShmSegmentInfo info;
};

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
    return p;
}

void segue_x11_presenter_close(segue_x11_presenter *p) {
    if (!p) return;
    XSync(p->display, False);
    XFreeGC(p->display, p->gc);
    free(p->rectangles);
    free(p);
}

segue_x11_image *segue_x11_image_create(segue_x11_presenter *p, int width, int height) {
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
    s->info.readOnly = True;
    XSync(p->display, False);
    attachFailed = 0;
    int (*previous)(Display *, XErrorEvent *) = XSetErrorHandler(trapAttachError);
    XShmAttach(p->display, &s->info);
    XSync(p->display, False);
    XSetErrorHandler(previous);
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

static void fill(segue_x11_presenter *p, const segue_plan_rect *rects, int count) {
    if (count <= 0) return;
    if (p->rectangleCapacity < count) {
        XRectangle *grown = realloc(p->rectangles, sizeof(XRectangle) * (size_t)count);
        if (!grown) return;
        p->rectangles = grown;
        p->rectangleCapacity = count;
    }
    // One request a run of rectangles of the same colour (a plan lists a band's fills together).
    int start = 0;
    while (start < count) {
        uint32_t color = rects[start].color;
        int n = 0, k = start;
        for (; k < count && rects[k].color == color; k++) {
            const segue_plan_rect *r = &rects[k];
            if (r->x0 >= r->x1 || r->y0 >= r->y1) continue;
            p->rectangles[n++] = (XRectangle){(short)r->x0, (short)r->y0, (unsigned short)(r->x1 - r->x0),
                                              (unsigned short)(r->y1 - r->y0)};
        }
        XSetForeground(p->display, p->gc, color & p->colorMask);
        if (n > 0) XFillRectangles(p->display, p->window, p->gc, p->rectangles, n);
        start = k;
    }
}

static int nonempty(const segue_plan_rect *r) { return r->x0 < r->x1 && r->y0 < r->y1; }

static void put(segue_x11_presenter *p, const segue_x11_image *s, const segue_plan_rect *r, int dx, int dy, int notify) {
    XShmPutImage(p->display, p->window, p->gc, s->image, r->x0 + dx, r->y0 + dy, r->x0, r->y0,
                 (unsigned)(r->x1 - r->x0), (unsigned)(r->y1 - r->y0), notify ? True : False);
}

void segue_x11_present(segue_x11_presenter *p, const segue_x11_image *back, const segue_plan_rect *back_rects,
                       int back_count, const segue_plan_rect *fills, int fill_count, const segue_x11_copy *copies,
                       int copy_count) {
    // The last put asks for the completion event: the server handles requests in order, so once it has
    // read that image it has read every image of the frame.
    int last_copy = -1, last_back = -1;
    for (int k = copy_count - 1; k >= 0 && last_copy < 0; k--) if (nonempty(&copies[k].rect)) last_copy = k;
    if (last_copy < 0) for (int k = back_count - 1; k >= 0 && last_back < 0; k--) if (nonempty(&back_rects[k])) last_back = k;
    for (int k = 0; k < back_count; k++) if (nonempty(&back_rects[k])) put(p, back, &back_rects[k], 0, 0, k == last_back);
    fill(p, fills, fill_count);
    for (int k = 0; k < copy_count; k++) {
        if (nonempty(&copies[k].rect)) put(p, copies[k].image, &copies[k].rect, copies[k].dx, copies[k].dy, k == last_copy);
    }
    p->awaitingCompletion = last_copy >= 0 || last_back >= 0;
    XFlush(p->display);
}

int segue_x11_begin_frame(segue_x11_presenter *p) {
    XEvent event;
    // One read of the connection a frame, for input, which also brings the last present's completion when it
    // came during the wait (the usual case: the present's own flush read the connection before the server had
    // handled the images). Xlib reads only when its queue is empty, so a completion that the present's flush
    // did read is taken from the queue first (no read); one that came later is taken after the read (no
    // second read). Each read that finds data costs a second, empty one (Xlib reads until none is left).
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
    XEvent event;
    while (XCheckTypedEvent(p->display, p->completionType, &event)) {}
    p->awaitingCompletion = 0;
}
