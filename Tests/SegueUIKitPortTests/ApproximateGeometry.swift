import SegueUIKit

// Comparisons with a tolerance for the ports' assertions on presentation values (sums of 1/60 s make
// a frame's time differ from a key time by a rounding error).

/// Whether two transforms agree in all 16 components within `tolerance`.
func transformsMatch(_ a: CATransform3D, _ b: CATransform3D, tolerance: Double = 1e-9) -> Bool {
    zip(a.components, b.components).allSatisfy { abs($0 - $1) <= tolerance }
}

/// Whether two rectangles agree in origin and size within `tolerance` points.
func rectsMatch(_ a: CGRect, _ b: CGRect, tolerance: CGFloat = 1e-9) -> Bool {
    abs(a.minX - b.minX) <= tolerance && abs(a.minY - b.minY) <= tolerance
        && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
}
