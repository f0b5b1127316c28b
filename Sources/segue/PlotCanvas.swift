import Foundation
import SegueAnimation
import SegueSDL

/// A white picture drawn as layers by the CPU compositor, for `segue fidelity`'s plots (no plotting
/// library): boxes, text, line segments, written as a PNG.
@MainActor
final class PlotCanvas {
    private let tree = LayerTree(clock: VirtualClock(framesPerSecond: 60))
    /// The picture's size, in pixels.
    let size: CGSize

    /// A white picture of `size` pixels.
    init(size: CGSize) {
        self.size = size
        tree.root.bounds = CGRect(origin: .zero, size: size)
        tree.root.position = CGPoint(x: size.width / 2, y: size.height / 2)
        tree.root.backgroundColor = .white
    }

    /// A filled rectangle.
    func box(_ r: CGRect, _ c: Color) {
        let l = Layer()
        l.bounds = CGRect(origin: .zero, size: r.size)
        l.position = CGPoint(x: r.midX, y: r.midY)
        l.backgroundColor = c
        tree.root.addSublayer(l)
    }

    /// A line of text in `r`.
    func text(_ s: String, _ r: CGRect, size: Double = 13, colour: Color = .black, alignment: TextContents.Alignment = .left) {
        let l = Layer()
        l.bounds = CGRect(origin: .zero, size: r.size)
        l.position = CGPoint(x: r.midX, y: r.midY)
        l.contents = .text(TextContents(s, fontSize: size, color: colour, alignment: alignment))
        tree.root.addSublayer(l)
    }

    /// A straight line from `a` to `b`.
    func segment(_ a: CGPoint, _ b: CGPoint, _ c: Color, thickness: CGFloat = 2) {
        let dx = b.x - a.x, dy = b.y - a.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0 else { return }
        let l = Layer()
        l.bounds = CGRect(x: 0, y: 0, width: length, height: thickness)
        l.position = CGPoint(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
        l.setAffineTransform(CGAffineTransform(rotationAngle: atan2(dy, dx)))
        l.backgroundColor = c
        tree.root.addSublayer(l)
    }

    /// A vertical dashed line at `x` from `top` to `bottom`.
    func dashed(x: CGFloat, from top: CGFloat, to bottom: CGFloat, _ c: Color) {
        var y = top
        while y < bottom { box(CGRect(x: x - 1, y: y, width: 2, height: min(8, bottom - y)), c); y += 14 }
    }

    /// Renders the picture with the CPU compositor and writes it as a PNG.
    func savePNG(to path: String) throws {
        let compositor = try HeadlessCompositor(size: size)
        defer { compositor.close() }
        tree.update()
        try compositor.render(tree)
        try compositor.savePNG(to: path)
    }
}
