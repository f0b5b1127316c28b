import Foundation
import Testing
import SegueAnimation
@testable import SegueSDL

/// The renderer back-ends a pixel test runs against.
enum BackEnd: String, CaseIterable, CustomTestStringConvertible {
    /// The GPU path's code (`SDL_RenderGeometry`), drawn headless by SDL's software renderer.
    case gpu
    /// The CPU compositor (pixman).
    case cpu

    var testDescription: String { rawValue }
}

/// A headless frame with a white root layer, for pixel tests: the render list drawn by the back-end's
/// executor, through the one back-end protocol (``HeadlessBackend``).
@MainActor
final class Canvas {
    /// The back-end drawing the frames.
    let drawer: any HeadlessBackend
    let backEnd: BackEnd
    let clock = VirtualClock()
    let tree: LayerTree

    init(width: Double = 400, height: Double = 300, scale: Double = 1, backEnd: BackEnd = .gpu) throws {
        self.backEnd = backEnd
        let size = CGSize(width: width, height: height)
        drawer = backEnd == .cpu ? try HeadlessCompositor(size: size, scale: scale) : try HeadlessRenderer(size: size, scale: scale)
        let root = Layer()
        root.frame = CGRect(x: 0, y: 0, width: width, height: height)
        root.backgroundColor = .white
        tree = LayerTree(root: root, clock: clock)
    }

    var root: Layer { tree.root }

    func add(_ layer: Layer) { root.addSublayer(layer) }

    /// The GPU executor's headless renderer (nil on the CPU back-end).
    var renderer: HeadlessRenderer? { drawer as? HeadlessRenderer }
    /// The render list's recorder (both back-ends).
    var recorder: Compositor { compositor?.compositor ?? renderer!.compositor }
    /// The CPU executor's headless frame (nil on the GPU back-end).
    var compositor: HeadlessCompositor? { drawer as? HeadlessCompositor }

    /// Updates the tree and renders a frame.
    func draw() throws {
        tree.update()
        _ = try drawer.render(tree)
    }

    /// The pixel at (x, y) in pixels.
    func pixel(_ x: Int, _ y: Int) throws -> Pixel { try drawer.readPixel(x: x, y: y) }

    /// The counters of the last frame's render list (the same on every back-end).
    var counters: CompositorCounters { drawer.lastFrame }

    /// Saves the frame as a PNG.
    func savePNG(to path: String) throws { try drawer.savePNG(to: path) }

    /// Saves the frame to $SEGUE_TEST_PNG_DIR/name-<back-end>.png when that variable is set (to look at it).
    func saveIfAsked(_ name: String) throws {
        guard let dir = ProcessInfo.processInfo.environment["SEGUE_TEST_PNG_DIR"] else { return }
        try drawer.savePNG(to: "\(dir)/\(name)-\(backEnd.rawValue).png")
    }
}

@MainActor
func solidLayer(_ frame: CGRect, _ color: Color) -> Layer {
    let layer = Layer()
    layer.frame = frame
    layer.backgroundColor = color
    return layer
}

/// A 300x220 rasterized page of `background`: six rows of a rounded swatch and a label on its left.
@MainActor
func rasterizedRowsPage(_ background: Color) -> Layer {
    let page = solidLayer(CGRect(x: 0, y: 0, width: 300, height: 220), background)
    page.shouldRasterize = true
    for i in 0..<6 {
        let swatch = solidLayer(CGRect(x: 12, y: 6 + 32 * Double(i), width: 20, height: 20),
                                Color(red: Double(i) / 6, green: 0.4, blue: 0.9))
        swatch.cornerRadius = 4
        let label = Layer()
        label.frame = CGRect(x: 40, y: 4 + 32 * Double(i), width: 120, height: 24)
        label.contents = .text(TextContents("Row \(i + 1)", fontSize: 15, color: .black))
        page.addSublayer(swatch)
        page.addSublayer(label)
    }
    return page
}

let white = Pixel(r: 255, g: 255, b: 255)
let red = Pixel(r: 255, g: 0, b: 0)
let green = Pixel(r: 0, g: 255, b: 0)
let blue = Pixel(r: 0, g: 0, b: 255)
let black = Pixel(r: 0, g: 0, b: 0)
