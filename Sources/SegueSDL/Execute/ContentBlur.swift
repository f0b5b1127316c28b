import Foundation

/// The content blur (`Layer.contentBlurRadius`): a layer drawn as a group offscreen whose pixels are
/// replaced by their Gaussian blur before the group is composited. Shared by both executors.
///
/// **The kernel** is the backdrop blur's (``BackdropBlur``): three box blurs per axis approximating a
/// Gaussian of standard deviation σ target pixels (the W3C's `feGaussianBlur` boxes,
/// ``BackdropBlur/boxes(sigma:)``), summed exactly and divided once (`segue_box_blur`), on premultiplied
/// pixels, so the transparent pixels around what the group draws take part (an opaque title's edge fades
/// into them).
///
/// **What is read and written.** The recorder grows the group's pixels by the kernel's reach
/// (``reach(sigma:)``): the group's begin operation's bounds are the pixels drawn offscreen and read (what
/// the group draws, grown by the reach, inside the target), its end operation's bounds the pixels written
/// (those, inside the clips around the layer). Past the pixels read the kernel extends the edge pixels,
/// which are transparent unless what is drawn reaches the target's edge (then its edge stands for what
/// lies beyond, as for a backdrop).
enum ContentBlur {
    /// How far the kernel reaches from a pixel for σ target pixels, in pixels (0: σ below about half a
    /// pixel, no blur): the backdrop blur's full-resolution reach (``BackdropBlur/reach(sigma:)``).
    static func reach(sigma: Double) -> Int32 { BackdropBlur.reach(sigma: sigma) }

    /// The pixels `out` of a group's picture (`source`, `stride` bytes a row, premultiplied `a8r8g8b8`)
    /// blurred by σ, reading its pixels `read` (which holds `out`), into a new picture of `out`'s size; nil
    /// when σ blurs nothing or `out` is empty: the backdrop blur's full-resolution kernel
    /// (``BackdropBlur/blur(_:stride:read:out:sigma:scratch:)``; a content blur is not reduced).
    static func blur(_ source: UnsafeRawPointer, stride: Int32, read: PixelRect, out: PixelRect, sigma: Double,
                     scratch: BackdropBlur.Scratch) -> PixelBuffer? {
        BackdropBlur.blur(source, stride: stride, read: read, out: out, sigma: sigma, scratch: scratch)
    }
}

extension PixelRect {
    /// The rectangle grown by `margin` pixels on every side.
    func grown(by margin: Int32) -> PixelRect {
        isEmpty ? self : PixelRect(x0: x0 - margin, y0: y0 - margin, x1: x1 + margin, y1: y1 + margin)
    }
}
