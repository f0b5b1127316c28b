import CSeguePixels
import Foundation
import SegueAnimation

/// The backdrop blur (`Layer.backdropBlurRadius`): its kernel, shared by both executors, and the blurred
/// pixels they keep while the backdrop is still.
///
/// **The kernel.** A Gaussian of standard deviation σ (target pixels) approximated by three successive box
/// blurs per axis, rows then columns, as the W3C's Filter Effects (`feGaussianBlur`) define it: boxes of
/// d = ⌊σ·3·√(2π)/4 + 0.5⌋ pixels; for an odd d, three boxes of d centred on the pixel; for an even d, two of d
/// (one centred on the pixel's left edge, one on its right edge) and one of d + 1 centred. Outside the area
/// read, the edge pixels extend it. The convolution of the three boxes is a piecewise quadratic close to the
/// Gaussian (over sharp full-contrast stripes at σ = 4 px the two differ by at most 9.6 levels of 255); each channel (premultiplied) is summed exactly in 64-bit
/// integers and divided once, rounding half up (`segue_box_blur`), so both executors give the same pixels
/// from the same backdrop. A box pass costs the same for any σ: about 12 additions a pixel for the six passes.
///
/// **What is read.** The operation's ``CompositorOp/bounds``: the pixels it writes (its shape's box inside
/// its clips, ``CompositorOp/written``) grown by the kernel's reach (``reach(sigma:)``) and kept inside the
/// target, so the blur of the pixels it writes sees the backdrop as far as the kernel reaches; in a group
/// (drawn offscreen) the pixels it writes alone (the group's target holds nothing else that is known).
enum BackdropBlur {
    /// The box reaches of the three passes for σ pixels: pass k sums from `left[k]` pixels before to
    /// `right[k]` after. Nil when the boxes are one pixel wide (σ below about 0.47 px): no blur.
    static func boxes(sigma: Double) -> (left: [Int32], right: [Int32])? {
        guard sigma.isFinite, sigma > 0 else { return nil }
        let d = Int32((sigma * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
        guard d > 1 else { return nil }
        if d % 2 == 1 {
            let h = (d - 1) / 2
            return ([h, h, h], [h, h, h])
        }
        let h = d / 2
        return ([h, h - 1, h], [h - 1, h, h])
    }

    /// How far the kernel reaches from a pixel, in pixels (0: no blur).
    static func reach(sigma: Double) -> Int32 {
        guard let (left, right) = boxes(sigma: sigma) else { return 0 }
        return max(left.reduce(0, +), right.reduce(0, +))
    }

    /// `width` x `height` pixels of `source` (starting at `source` pixel (x, y)) blurred by σ into a new
    /// picture of that size; nil when there is nothing to blur (no pixels, σ too small) — the caller then
    /// draws the backdrop as it is.
    static func blur(_ source: UnsafeRawPointer, stride: Int32, x: Int32, y: Int32, width: Int32, height: Int32,
                     sigma: Double) -> PixelBuffer? {
        guard width > 0, height > 0, let (left, right) = boxes(sigma: sigma) else { return nil }
        let blurred = PixelBuffer(width: width, height: height)
        let from = (source + Int(y) * Int(stride) + Int(x) * 4).assumingMemoryBound(to: UInt32.self)
        let to = blurred.pixels.assumingMemoryBound(to: UInt32.self)
        let done = left.withUnsafeBufferPointer { l in
            right.withUnsafeBufferPointer { r in
                segue_box_blur(from, Int(stride / 4), to, Int(blurred.stride / 4), Int(width), Int(height),
                               l.baseAddress, r.baseAddress)
            }
        }
        precondition(done != 0, "The backdrop blur could not allocate its scratch memory (\(width)x\(height) pixels)")
        return blurred
    }

    /// The blurred pixels of one backdrop operation (a layer's, at a nesting depth of the recorder), kept
    /// while its backdrop is still.
    struct Entry {
        /// The operation's ``PictureSource/backdrop(_:)`` key they were made for.
        let key: Key
        /// The blurred pixels, whose pixel (0, 0) lies over target pixel (`x`, `y`).
        let pixels: PixelBuffer
        let x: Int32, y: Int32
    }

    /// Which entry a backdrop operation uses: its layer at a nesting depth of the recorder (a layer drawn in
    /// a frame and in a rasterized layer's picture has two).
    struct Slot: Hashable {
        let layer: ObjectIdentifier
        let depth: Int
    }

    /// What decides a backdrop operation's blurred pixels: its ``Slot`` and a signature of everything drawn
    /// before it over the pixels it reads (``Compositor/signBackdrops()``), of those pixels and of σ. The
    /// same key, the same blurred pixels.
    struct Key: Hashable {
        let slot: Slot
        let signature: UInt64
    }
}
