import CPixman
import SegueAnimation

/// Damage that follows what a moved opaque picture changes, not its whole bounds.
///
/// A page pushed over another moves every frame, so its bounds are damaged every frame: the window's
/// pixels are all copied again, ~4 MB, cold in the caches after the pacing sleep (~0.5 ms on the 2-core
/// VM the benchmarks run on). Most of a page is its background colour: where a picture slides sideways
/// over its own last place, a pixel changes only if the picture's pixel there differs between the two
/// offsets, which can only happen inside the columns that hold something other than the background.
/// The picture is summarised once per version in bands of rows (``PictureContentSpans``); a moved opaque
/// picture then damages the pixels it covers in one frame only, plus, band by band, its content columns at
/// the old and the new offset. And a changed operation damages nothing where an opaque operation drawn
/// after it covers the pixels in both frames (the page below a push, the dimming over it, under the page
/// on top).
extension Compositor {
    /// Adds to `damage` what a changed operation (`a` this frame at index `i`, `b` the last frame's at
    /// index `j`) changes, minus what opaque operations after it cover in both frames.
    func damageChangedOperation(_ a: CompositorOp, _ b: CompositorOp, at i: Int, oldIndex j: Int, old: [CompositorOp]) {
        let changed = movedDamage.changed
        changed.removeAll()
        if !movedPictureDamage(a, b, into: changed) {
            changed.set(a.bounds)
            changed.formUnion(b.bounds)
        }
        subtractCovers(from: changed, newIndex: i, oldIndex: j, old: old)
        damage.formUnion(changed)
    }

    /// Adds to `damage` the pixels of an operation drawn in one frame only (at `newIndex` in this frame's
    /// list, or `oldIndex` in the last one's), minus what opaque operations after it cover in both frames.
    func damageOneFrameOnly(_ bounds: PixelRect, newIndex: Int?, oldIndex: Int?, old: [CompositorOp]) {
        let changed = movedDamage.changed
        changed.set(bounds)
        subtractCovers(from: changed, newIndex: newIndex, oldIndex: oldIndex, old: old)
        damage.formUnion(changed)
    }

    /// Takes out of `changed` the pixels that operations drawn after it (after `newIndex` in this frame,
    /// after `oldIndex` in the last) cover opaquely in both frames.
    private func subtractCovers(from changed: PixelRegion, newIndex: Int?, oldIndex: Int?, old: [CompositorOp]) {
        for k in movedDamage.coversAfter {
            let m = Int(matching.oldIndex[k])
            if let i = newIndex, k <= i { continue }
            if let j = oldIndex, m <= j { continue }
            let cover = list.ops[k].opaque.intersection(old[m].opaque)
            guard changed.intersects(cover) else { continue }
            changed.subtract(cover, scratch: movedDamage.scratch)
            if changed.isEmpty { return }
        }
    }

    /// Finds the operations whose opaque pixels in both frames are large enough to take out of the damage
    /// of the operations before them (outside groups; at least ``occluderMinimumFraction`` of the target).
    func findCoversInBothFrames(old: [CompositorOp], targetBounds: PixelRect) {
        movedDamage.coversAfter.removeAll(keepingCapacity: true)
        let minimumArea = Int(Double(targetBounds.area) * Self.occluderMinimumFraction)
        for k in list.ops.indices {
            let m = Int(matching.oldIndex[k])
            guard m >= 0, list.ops[k].level == 0, old[m].level == 0,
                  list.ops[k].opaque.intersection(old[m].opaque).area >= minimumArea else { continue }
            movedDamage.coversAfter.append(k)
        }
    }

    /// The pixels an opaque picture moved sideways on whole pixels changes (see the extension's comment),
    /// set in `region`; false when the operation is not such a picture in both frames.
    private func movedPictureDamage(_ a: CompositorOp, _ b: CompositorOp, into region: PixelRegion) -> Bool {
        // A clip is allowed when it is the same rectangle on whole pixels in both frames (a container that
        // clips its pages to its bounds): the damage is then cut to it.
        var clipBox: PixelRect?
        if a.clip >= 0 || b.clip >= 0 {
            guard a.clip >= 0, b.clip >= 0, let now = list.clips[Int(a.clip)].wholePixels,
                  now == previous.clips[Int(b.clip)].wholePixels else { return false }
            clipBox = now
        }
        guard movedPictureDamageUnclipped(a, b, into: region) else { return false }
        if let clipBox { region.formIntersection(clipBox) }
        return true
    }

    private func movedPictureDamageUnclipped(_ a: CompositorOp, _ b: CompositorOp, into region: PixelRegion) -> Bool {
        guard a.kind == .picture, b.kind == .picture, a.level == 0, b.level == 0,
              a.source == b.source, a.sourceIsOpaque, b.sourceIsOpaque, a.alpha >= 1, b.alpha >= 1,
              a.rect == b.rect, a.sourceRect == b.sourceRect, a.radius == b.radius else { return false }
        switch a.source {
        case .raster, .bitmap, .snapshot: break
        case .none, .text, .backdrop: return false
        }
        guard let source = picture(for: a.source), PixelBuffer.bytesPerPixel(source.format) == 4,
              let mapA = a.targetToSource(source), let now = a.wholePixelPlacement(mapA),
              let mapB = b.targetToSource(source), let before = b.wholePixelPlacement(mapB),
              now.dy == before.dy else { return false }
        let both = now.box.intersection(before.box)
        // The pixels covered in one frame only.
        region.set(now.box)
        region.formUnion(before.box)
        region.subtract(both, scratch: movedDamage.scratch)
        guard !both.isEmpty else { return true }
        // Inside both places, band by band: the content columns at either offset, made one region at once
        // (added one by one, each union rebuilt the growing region: a page's 25 bands cost ~12 times more).
        let spans = pictureSpans.summary(of: a.source, in: source).bands
        let rows = PictureContentSpans.bandRows
        let m = movedDamage
        m.boxes.removeAll(keepingCapacity: true)
        for (k, span) in spans.enumerated() where span.lo < span.hi {
            let y0 = Int32(k) * rows - now.dy, y1 = y0 + rows
            let x0 = min(span.lo - now.dx, span.lo - before.dx), x1 = max(span.hi - now.dx, span.hi - before.dx)
            let r = PixelRect(x0: x0, y0: y0, x1: x1, y1: y1).intersection(both)
            if !r.isEmpty { m.boxes.append(pixman_box32_t(x1: r.x0, y1: r.y0, x2: r.x1, y2: r.y1)) }
        }
        guard !m.boxes.isEmpty else { return true }
        m.bands.set(boxes: &m.boxes)
        region.formUnion(m.bands)
        return true
    }
}

/// The working state of ``Compositor/damageChangedOperation(_:_:at:oldIndex:old:)``, kept from frame to frame.
final class MovedPictureDamage {
    let changed = PixelRegion(), scratch = PixelRegion()
    /// A moved picture's content bands, as boxes and as a region.
    var boxes: [pixman_box32_t] = []
    let bands = PixelRegion()
    /// Operations that cover pixels opaquely in both frames (``Compositor/findCoversInBothFrames(old:targetBounds:)``).
    var coversAfter: [Int] = []
}
