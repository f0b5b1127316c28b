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
/// from the same backdrop. A box pass costs the same for any σ: a few additions a pixel for each of the six
/// passes (rows, then strips of 32 columns whose sums stay in the cache), for the pixels written only:
/// about 4-5 ms of one core for a 1280 x 100 px bar at σ = 20 px on this machine (2 shared cores).
///
/// **What is read.** The operation's ``CompositorOp/bounds``: the pixels it writes (its shape's box inside
/// its clips, ``CompositorOp/written``) grown by the kernel's reach (``reach(sigma:)``) and kept inside the
/// target, so the blur of the pixels it writes sees the backdrop as far as the kernel reaches; in a group
/// (drawn offscreen) the pixels it writes alone (the group's target holds nothing else that is known).
/// Only the pixels it writes are blurred and kept.
enum BackdropBlur {
    /// The largest σ blurred, in target pixels (a larger one is blurred by this): the kernel's 32-bit row
    /// sums hold 255 × d³ for boxes of up to d = 188 pixels. UIKit's largest style radius, 30 pt, is 90 px
    /// on a 3x screen.
    static let maximumSigma = 100.0

    /// The box reaches of the three passes for σ pixels: pass k sums from `left[k]` pixels before to
    /// `right[k]` after. Nil when the boxes are one pixel wide (σ below about 0.47 px): no blur.
    static func boxes(sigma: Double) -> (left: [Int32], right: [Int32])? {
        guard sigma.isFinite, sigma > 0 else { return nil }
        let d = Int32((min(sigma, maximumSigma) * 3 * (2 * Double.pi).squareRoot() / 4 + 0.5).rounded(.down))
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

    /// The pixels `out` of a picture (`source`, `stride` bytes a row) blurred by σ, reading its pixels `read`
    /// (which holds `out`; the kernel reads as far around `out` as it reaches, the edge pixels of `read` standing
    /// for any beyond it), into a new picture of `out`'s size; nil when there is nothing to blur (no pixels, σ
    /// too small) — the caller then leaves the backdrop as it is.
    static func blur(_ source: UnsafeRawPointer, stride: Int32, read: PixelRect, out: PixelRect, sigma: Double,
                     scratch: Scratch) -> PixelBuffer? {
        guard !out.isEmpty, read.contains(out), let (left, right) = boxes(sigma: sigma) else { return nil }
        let blurred = PixelBuffer(width: out.width, height: out.height)
        let from = (source + Int(read.y0) * Int(stride) + Int(read.x0) * 4).assumingMemoryBound(to: UInt32.self)
        let to = blurred.pixels.assumingMemoryBound(to: UInt32.self)
        let done = left.withUnsafeBufferPointer { l in
            right.withUnsafeBufferPointer { r in
                let values = segue_box_blur_scratch_count(Int(out.width), Int(out.height), l.baseAddress, r.baseAddress)
                return segue_box_blur(from, Int(stride / 4), Int(read.width), Int(read.height), to, Int(blurred.stride / 4),
                                      Int(out.x0 - read.x0), Int(out.y0 - read.y0), Int(out.width), Int(out.height),
                                      l.baseAddress, r.baseAddress, scratch.values(values))
            }
        }
        precondition(done != 0, "The backdrop blur's boxes are wider than σ = \(maximumSigma) px allows")
        return blurred
    }

    /// The kernel's scratch memory, kept from blur to blur (fresh pages each time cost as much as the blur:
    /// the kernel zeroes nothing, but the system zeroes new pages). One per recorder, shared by its executors.
    final class Scratch {
        private var memory: UnsafeMutablePointer<Int64>?
        private var capacity = 0

        /// At least `count` values.
        func values(_ count: Int) -> UnsafeMutablePointer<Int64> {
            if let memory, capacity >= count { return memory }
            memory?.deallocate()
            capacity = max(count, capacity * 2)
            let fresh = UnsafeMutablePointer<Int64>.allocate(capacity: capacity)
            memory = fresh
            return fresh
        }

        /// Gives the memory back (the next blur takes it again).
        func release() {
            memory?.deallocate()
            memory = nil
            capacity = 0
        }

        deinit { memory?.deallocate() }
    }

    /// The blurred pixels of one backdrop operation (a layer's, at a nesting depth of the recorder), kept
    /// while its backdrop is still.
    struct Entry {
        /// The operation's ``PictureSource/backdrop(_:)`` key they were made for.
        let key: Key
        /// The blurred pixels (those the operation writes), whose pixel (0, 0) lies over target pixel (`x`, `y`).
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
