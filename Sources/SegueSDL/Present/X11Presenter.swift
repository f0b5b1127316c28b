import CPixman
import CSeguePixels
import CSegueX11

/// How the CPU compositor's window shows its frames on X11, in place of SDL's window surface: from images
/// in memory shared with the X server (MIT-SHM), with X11's core fills, following the frame's
/// ``PresentPlan``.
///
/// SDL's window surface is one shared image that the compositor draws every damaged pixel into, and that the
/// X server then copies. This presenter has that image too (the back buffer), and presents from it only the
/// pixels the draw pass computed; the rest of the damage it asks the server for directly: the solid
/// backgrounds of pages as fill requests, and pages moved by whole pixels as copies from their pictures'
/// own shared images (made once per picture version). The server does the same work or less (a fill
/// instead of a copy); the compositor's thread no longer writes those pixels, which paced at 60 frames a
/// second go to memory cold in the caches.
///
/// With X11's RENDER extension, it also scales a backdrop blur's cells up into the window and lays the
/// translucent fills over them there (``PresentPlan``): the pixels the CPU executor would interpolate and
/// tint, made by the server's pixman (`SEGUE_XRENDER=0`: the client does it, into the back buffer).
///
/// Used when SDL's video driver is X11, the server has MIT-SHM and attaches our memory (a local server),
/// and the window's visual is 24- or 32-bit TrueColor or DirectColor; otherwise the window falls back to SDL's surface
/// (and so does `SEGUE_PRESENTER=sdl`).
@MainActor
final class X11Presenter {
    private var handle: OpaquePointer?
    /// The back buffer and its image (remade when the window's pixel size changes).
    private var back: (image: OpaquePointer, buffer: PixelBuffer)?
    /// Shared images alive, by address (freed at ``close()`` if still alive).
    private var images: Set<OpaquePointer> = []
    /// Scratch lists for a present: the back buffer's rectangles, the copies from pictures.
    private var rects: [segue_plan_rect] = []
    private var copies: [segue_x11_copy] = []
    private var scaledRects: [segue_plan_rect] = []
    private var scaled: [segue_x11_scaled] = []

    /// Why a presenter cannot work for a window (SDL's driver is not X11, the server has no MIT-SHM or cannot
    /// attach our memory, another visual).
    struct Refusal: Error, CustomStringConvertible {
        let description: String
    }

    /// A presenter for an SDL window; throws ``Refusal`` where it cannot work.
    init(window: OpaquePointer) throws(Refusal) {
        var why = [CChar](repeating: 0, count: 256)
        guard let h = segue_x11_presenter_open(UnsafeMutableRawPointer(window), &why, Int32(why.count)) else {
            throw Refusal(description: String(decoding: why.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        handle = h
    }

    /// Whether the presenter scales blurred cells up in the server (RENDER; ``PresentPlan/scalesCells``).
    var scalesCells: Bool { handle.map { segue_x11_presenter_scales($0) != 0 } ?? false }

    /// The back buffer of `width` x `height` pixels (the compositor's target), made or remade as needed;
    /// nil when the server refuses an image of that size.
    func backBuffer(width: Int32, height: Int32) -> PixelBuffer? {
        if let back, back.buffer.width == width, back.buffer.height == height { return back.buffer }
        if let old = back {
            release(old.image)
            back = nil
        }
        guard let (image, buffer) = makeImage(width: width, height: height) else { return nil }
        back = (image, buffer)
        return buffer
    }

    /// A presentable copy of a picture: its pixels copied into a shared image; nil if none can be made.
    func makePresentable(_ picture: PixelBuffer) -> PresentablePicture? {
        guard PixelBuffer.bytesPerPixel(picture.format) == 4,
              let (image, buffer) = makeImage(width: picture.width, height: picture.height) else { return nil }
        for y in 0..<Int(picture.height) {
            (buffer.pixels + y * Int(buffer.stride)).copyMemory(from: picture.pixels + y * Int(picture.stride),
                                                               byteCount: Int(picture.width) * 4)
        }
        return SharedPicture(buffer: buffer, image: image, presenter: self)
    }

    /// Shows a frame: the back buffer's part of `plan`, its fills and its copies. Sent without waiting: the
    /// server reports when it has read the images (a pixel of ours it writes after them, or an event), and
    /// ``beginFrame()`` makes sure it has before the next frame writes them.
    func present(_ plan: PresentPlan) {
        guard let handle, let back else { return }
        rects.removeAll(keepingCapacity: true)
        plan.backBuffer.forEachRectangle { r in rects.append(segue_plan_rect(x0: r.x0, y0: r.y0, x1: r.x1, y1: r.y1, color: 0)) }
        copies.removeAll(keepingCapacity: true)
        for copy in plan.copies {
            guard let shared = copy.picture as? SharedPicture else { continue }
            copies.append(segue_x11_copy(image: shared.image,
                                         rect: segue_plan_rect(x0: copy.rect.x0, y0: copy.rect.y0, x1: copy.rect.x1,
                                                               y1: copy.rect.y1, color: 0),
                                         dx: copy.dx, dy: copy.dy))
        }
        scaledRects.removeAll(keepingCapacity: true)
        for r in plan.scaledRects { scaledRects.append(segue_plan_rect(x0: r.x0, y0: r.y0, x1: r.x1, y1: r.y1, color: 0)) }
        scaledRects.withUnsafeBufferPointer { all in
            scaled.removeAll(keepingCapacity: true)
            for s in plan.scaled {
                let cells = s.cells.pixels
                scaled.append(segue_x11_scaled(cells: UnsafePointer(cells.pixels.assumingMemoryBound(to: UInt32.self)),
                                               width: cells.width, height: cells.height, stride: cells.stride,
                                               factor: s.cells.factor, cellX: s.cells.x, cellY: s.cells.y,
                                               rects: all.baseAddress.map { $0 + s.range.lowerBound },
                                               rect_count: Int32(s.range.count)))
            }
            segue_x11_present(handle, back.image, rects, Int32(rects.count), plan.fills, Int32(plan.fills.count),
                              copies, Int32(copies.count), scaled, Int32(scaled.count), plan.overFills,
                              Int32(plan.overFills.count))
        }
    }

    /// The start of a frame, before SDL's event pump: reads what the X server sent and makes sure it has read
    /// the last frame's images (from the pixel it wrote after them or its completion event; else it waits for
    /// it), so that the back buffer and the pictures may be written. True when X events wait for SDL's pump,
    /// false when none does.
    func beginFrame() -> Bool {
        guard let handle else { return true }
        return segue_x11_begin_frame(handle) != 0
    }

    /// Frees every image and the presenter (before SDL closes the display).
    func close() {
        guard let handle else { return }
        for image in images { segue_x11_image_destroy(handle, image) }
        images.removeAll()
        back = nil
        segue_x11_presenter_close(handle)
        self.handle = nil
    }

    private func makeImage(width: Int32, height: Int32) -> (OpaquePointer, PixelBuffer)? {
        guard let handle, let image = segue_x11_image_create(handle, width, height) else { return nil }
        images.insert(image)
        let buffer = PixelBuffer(wrapping: segue_x11_image_pixels(image), width: width, height: height,
                                 stride: segue_x11_image_stride(image), format: PIXMAN_x8r8g8b8)
        return (image, buffer)
    }

    /// Frees an image (nothing if the presenter freed it at its close).
    fileprivate func release(_ image: OpaquePointer) {
        guard let handle, images.remove(image) != nil else { return }
        segue_x11_image_destroy(handle, image)
    }

    /// A picture's copy in a shared image.
    private final class SharedPicture: PresentablePicture {
        let buffer: PixelBuffer
        let image: OpaquePointer
        let presenter: X11Presenter

        init(buffer: PixelBuffer, image: OpaquePointer, presenter: X11Presenter) {
            self.buffer = buffer
            self.image = image
            self.presenter = presenter
        }

        isolated deinit { presenter.release(image) }
    }
}
