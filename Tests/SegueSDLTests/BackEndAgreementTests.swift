import Foundation
import Testing
import SegueAnimation
@testable import SegueSDL

/// The same scene drawn by both back-ends agrees but for antialiasing at edges.
///
/// Tolerance, per channel: every pixel whose neighbourhood (``edgeReach`` pixels around it) in the GPU
/// path's frame is uniform (no edge there) agrees within ``flatTolerance``; a pixel near an edge (its
/// neighbourhood not uniform) may differ, since the CPU compositor antialiases edges and resamples turned
/// pictures bilinearly while the GPU path's headless renderer has hard edges and nearest sampling, but its
/// value must lie between the darkest and the lightest of that neighbourhood, within ``flatTolerance``: a
/// blend of the two sides, never a colour that is not there. And pixels that differ by more than the
/// tolerance stay few: under ``maximumEdgeFraction`` of the frame.
@Suite(.serialized) @MainActor
struct BackEndAgreementTests {
    /// Largest difference, per channel out of 255, away from edges (rounding of blends and of the two
    /// shadow ramps' sampling).
    static let flatTolerance = 4
    /// How far from an edge, in pixels, a pixel may differ: its antialiased edge pixel, plus a pixel of
    /// difference in where the two back-ends sample a turned picture.
    static let edgeReach = 2
    /// Largest share of the frame's pixels that may differ by more than the tolerance (edge pixels only):
    /// measured 4.7% for this scene, dense in edges (eight lines of turned text, whose every glyph
    /// pixel is an edge, and a turned page the GPU path samples nearest and the CPU path bilinearly).
    static let maximumEdgeFraction = 0.06

    /// A scene with every kind of drawing: a turned rasterized page of rows (rounded swatches and text), a
    /// card with rounded corners, a border and a soft shadow, a translucent group, a circle mask, a card
    /// under perspective, a bitmap. 480x360: the turned page is large enough to be composited in bands
    /// by several threads.
    private func scene(_ c: Canvas) {
        let page = solidLayer(CGRect(x: 20, y: 20, width: 300, height: 300), Color(rgb: 0xEEF3FF))
        page.transform = Transform3D(rotationAngle: 0.08, x: 0, y: 0, z: 1)
        page.shouldRasterize = true
        for i in 0..<8 {
            let swatch = solidLayer(CGRect(x: 16, y: 12 + Double(i) * 32, width: 24, height: 24),
                                    Color(red: Double(i) / 8, green: 0.4, blue: 1 - Double(i) / 8))
            swatch.cornerRadius = 4
            let label = Layer()
            label.frame = CGRect(x: 52, y: 8 + Double(i) * 32, width: 200, height: 32)
            label.contents = .text(TextContents("Page 1 · Row \(i + 1)", fontSize: 15))
            page.addSublayer(swatch)
            page.addSublayer(label)
        }
        c.add(page)
        let card = solidLayer(CGRect(x: 300, y: 40, width: 140, height: 90), .white)
        card.cornerRadius = 14
        card.borderWidth = 3
        card.borderColor = .systemBlue
        card.shadowOpacity = 0.5
        card.shadowRadius = 8
        card.shadowOffset = CGSize(width: 0, height: 6)
        c.add(card)
        let group = solidLayer(CGRect(x: 330, y: 160, width: 120, height: 80), .red)
        group.addSublayer(solidLayer(CGRect(x: 30, y: 20, width: 60, height: 40), .green))
        group.opacity = 0.5
        c.add(group)
        let revealed = solidLayer(CGRect(x: 340, y: 250, width: 100, height: 100), .systemBlue)
        let circle = Layer()
        circle.frame = CGRect(x: 10, y: 10, width: 80, height: 80)
        circle.cornerRadius = 40
        circle.backgroundColor = .black
        revealed.mask = circle
        c.add(revealed)
        let flipped = Layer()
        flipped.frame = CGRect(x: 200, y: 250, width: 120, height: 80)
        flipped.contents = .bitmap(Bitmap(width: 120, height: 80) { x, y in (x / 20 + y / 20) % 2 == 0 ? Color(rgb: 0xFF9500) : Color(rgb: 0xAF52DE) })
        flipped.transform = Transform3D.perspective(distance: 400).rotated(by: 0.6, x: 0, y: 1, z: 0)
        c.add(flipped)
    }

    @Test func bothBackEndsDrawTheSameSceneButForEdgeAntialiasing() throws {
        let gpu = try Canvas(width: 480, height: 360, backEnd: .gpu)
        let cpu = try Canvas(width: 480, height: 360, backEnd: .cpu)
        scene(gpu)
        scene(cpu)
        try gpu.draw()
        try cpu.draw()
        try gpu.saveIfAsked("agreement")
        try cpu.saveIfAsked("agreement")
        let (edgeDifferences, outOfRange) = try compareFrames(gpu, cpu, tolerance: Self.flatTolerance, reach: Self.edgeReach)
        let w = 480, h = 360
        #expect(outOfRange.isEmpty, "\(outOfRange.count) pixels differ away from edges or outside their edge's colours, e.g. \(outOfRange.prefix(5).map { "(\($0.0), \($0.1)): gpu \($0.2), cpu \($0.3)" })")
        #expect(Double(edgeDifferences) < Self.maximumEdgeFraction * Double(w * h), "\(edgeDifferences) edge pixels differ")
    }
}

/// Compares two frames of the same size as ``BackEndAgreementTests`` does: a pixel of `other` that differs
/// from `reference` by more than `tolerance` counts as an edge difference when `reference` has an edge
/// within `reach` pixels and the pixel lies between that neighbourhood's colours (± `tolerance`);
/// otherwise it is out of range (x, y, reference's pixel, other's pixel).
@MainActor
func compareFrames(_ reference: Canvas, _ other: Canvas, tolerance t: Int, reach r: Int) throws
    -> (edgeDifferences: Int, outOfRange: [(Int, Int, Pixel, Pixel)]) {
    let w = reference.drawer.pixelWidth, h = reference.drawer.pixelHeight
    var pixels = [Pixel](repeating: Pixel(r: 0, g: 0, b: 0), count: w * h)
    for y in 0..<h { for x in 0..<w { pixels[y * w + x] = try reference.pixel(x, y) } }
    var edgeDifferences = 0
    var outOfRange: [(Int, Int, Pixel, Pixel)] = []
    for y in 0..<h {
        for x in 0..<w {
            let a = pixels[y * w + x], b = try other.pixel(x, y)
            guard !a.isClose(to: b, tolerance: t) else { continue }
            var lo = (255, 255, 255), hi = (0, 0, 0)
            for ny in max(0, y - r)...min(h - 1, y + r) {
                for nx in max(0, x - r)...min(w - 1, x + r) {
                    let n = pixels[ny * w + nx]
                    lo = (min(lo.0, Int(n.r)), min(lo.1, Int(n.g)), min(lo.2, Int(n.b)))
                    hi = (max(hi.0, Int(n.r)), max(hi.1, Int(n.g)), max(hi.2, Int(n.b)))
                }
            }
            let isEdge = hi.0 - lo.0 > t || hi.1 - lo.1 > t || hi.2 - lo.2 > t
            let between = Int(b.r) >= lo.0 - t && Int(b.r) <= hi.0 + t && Int(b.g) >= lo.1 - t && Int(b.g) <= hi.1 + t
                && Int(b.b) >= lo.2 - t && Int(b.b) <= hi.2 + t
            if isEdge && between { edgeDifferences += 1 } else { outOfRange.append((x, y, a, b)) }
        }
    }
    return (edgeDifferences, outOfRange)
}
