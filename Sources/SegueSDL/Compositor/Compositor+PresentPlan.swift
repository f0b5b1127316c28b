import CSeguePixels

/// The draw pass's side of a ``PresentPlan``: which pixels of a span copy are the last drawn there, and the
/// presentable copies of the pictures copied straight to the window.
extension Compositor {
    /// Pictures smaller than this many pixels are not made presentable: their copy into the back buffer is
    /// cheap, and a presentable copy costs shared memory and one request a rectangle.
    static let presentableMinimumPixels = 256 * 256
    /// Presentable pictures kept at once (the two pages of a push and a sheet over them; each is as large as
    /// its picture).
    static let presentableCapacity = 4

    /// The planning of the frame being drawn: the plan, when it is on and `destination` is the frame's own
    /// target (not an offscreen group's or a rasterized layer's picture).
    func planning(into destination: PixelBuffer) -> PresentPlan? {
        guard let presentPlan, nestingDepth == 0, destination === planTarget else { return nil }
        return presentPlan
    }

    /// Sets `exclusiveRegion` to the pixels of `region` inside `box` that no operation after the one being
    /// drawn may touch (except operation `skipping`, a tint already folded into this copy).
    func findExclusivePixels(of region: PixelRegion, box: PixelRect, skipping: Int?) {
        exclusiveRegion.set(region)
        exclusiveRegion.formIntersection(box)
        let ops = drawingOps
        var k = drawingIndex + 1
        while k < ops.count, !exclusiveRegion.isEmpty {
            if k != skipping {
                let b = ops[k].bounds
                if !b.isEmpty, exclusiveRegion.intersects(b) { exclusiveRegion.subtract(b, scratch: scratchRegion) }
            }
            k += 1
        }
    }

    /// The presentable copy of a picture (made the first time it is asked for, when the window's presenter
    /// can make one and the picture is large enough); nil otherwise.
    func presentable(_ source: PictureSource, _ buffer: PixelBuffer) -> PresentablePicture? {
        if let k = presentables.firstIndex(where: { $0.source == source && $0.buffer === buffer }) {
            presentables[k].lastFrame = frameIndex
            return presentables[k].picture
        }
        guard let makePresentable, Int(buffer.width) * Int(buffer.height) >= Self.presentableMinimumPixels,
              let picture = makePresentable(buffer) else { return nil }
        presentables.removeAll { $0.buffer == nil }
        if presentables.count >= Self.presentableCapacity,
           let oldest = presentables.indices.min(by: { presentables[$0].lastFrame < presentables[$1].lastFrame }) {
            presentables.remove(at: oldest)
        }
        presentables.append(PresentableEntry(source: source, buffer: buffer, picture: picture, lastFrame: frameIndex))
        return picture
    }

    /// Drops the presentable copies not used for `keepFrames` frames, or whose picture is gone.
    func evictPresentables(keepFrames: UInt64) {
        presentables.removeAll { $0.buffer == nil || $0.lastFrame + keepFrames < frameIndex }
    }
}

/// A presentable copy of a picture, by source and pixel buffer (held weakly: a freed buffer matches nothing).
struct PresentableEntry {
    let source: PictureSource
    weak var buffer: PixelBuffer?
    let picture: PresentablePicture
    var lastFrame: UInt64
}
