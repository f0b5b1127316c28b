import SegueAnimation

/// Where a picture operation's pixels land, and which operations are solid tints: questions of the
/// recorded operation alone, asked alike by the recorder (damage), the CPU executor and the GPU executor.
extension CompositorOp {
    /// The map from target pixels to a picture operation's source pixels; nil when it has none.
    func targetToSource(_ source: PixelBuffer) -> Homography? {
        let s = sourceRect
        guard s.width > 0, s.height > 0, let targetToLocal = toTarget.inverted() else { return nil }
        let localToSource = Homography(m11: Double(source.width) / s.width, m12: 0, m13: 0,
                                       m21: 0, m22: Double(source.height) / s.height, m23: 0,
                                       m31: -s.minX * Double(source.width) / s.width,
                                       m32: -s.minY * Double(source.height) / s.height, m33: 1)
        return targetToLocal.concatenating(localToSource)
    }

    /// Where a picture moved by a translation alone lands once placed on the nearest whole pixels: the
    /// target pixels it covers and the offset from a target pixel to its source pixel; nil for any other
    /// map, or a rectangle whose edges then miss whole pixels.
    func wholePixelPlacement(_ targetToSource: Homography) -> (dx: Int32, dy: Int32, box: PixelRect)? {
        guard let (dx, dy, snapX, snapY) = CompositorGeometry.nearestWholePixelTranslation(targetToSource),
              let box = CompositorGeometry.exactPixels(rect, toTarget.concatenating(Homography(translationX: snapX, y: snapY)))
        else { return nil }
        return (dx, dy, box)
    }

    /// The whole pixels and the tint of a translucent solid fill drawn straight into the target (group
    /// level 0, square corners, axis-aligned, clipped to whole pixels at most), with `clips` the frame's
    /// clip polygons at `scale` pixels per point; nil for anything else. The pixels are those it covers
    /// entirely: on fractional coordinates (a dimming moving with the page it dims), its antialiased edges
    /// are left to its own pass.
    func solidTint(clips: [ClipPolygon], scale: Double) -> (PixelRect, SolidTint)? {
        guard kind == .fill, level == 0, radius * scale < CompositorGeometry.roundCornerThreshold,
              let tint = SolidTint(premultiplied: CompositorGeometry.premultiplied(color, alpha: alpha)),
              CompositorGeometry.isAxisAligned(toTarget), let b = CompositorGeometry.projectedBox(rect, toTarget)
        else { return nil }
        var box = PixelRect.inside(minX: b.minX, minY: b.minY, maxX: b.maxX, maxY: b.maxY)
        if clip >= 0 {
            guard let inside = clips[Int(clip)].wholePixels else { return nil }
            box = box.intersection(inside)
        }
        return box.isEmpty ? nil : (box, tint)
    }
}
