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

/// A headless frame with a white root layer, for pixel tests.
@MainActor
final class Canvas {
    /// The GPU path's headless renderer (also made, unused, for the CPU back-end, so tests can read its counters).
    let renderer: HeadlessRenderer
    /// The CPU compositor's headless frame, for the CPU back-end.
    let compositor: HeadlessCompositor?
    let backEnd: BackEnd
    let clock = VirtualClock()
    let tree: LayerTree

    init(width: Double = 400, height: Double = 300, scale: Double = 1, backEnd: BackEnd = .gpu) throws {
        self.backEnd = backEnd
        renderer = try HeadlessRenderer(size: CGSize(width: width, height: height), scale: scale)
        compositor = backEnd == .cpu ? try HeadlessCompositor(size: CGSize(width: width, height: height), scale: scale) : nil
        let root = Layer()
        root.frame = CGRect(x: 0, y: 0, width: width, height: height)
        root.backgroundColor = .white
        tree = LayerTree(root: root, clock: clock)
    }

    var root: Layer { tree.root }

    func add(_ layer: Layer) { root.addSublayer(layer) }

    /// Updates the tree and renders a frame.
    func draw() throws {
        tree.update()
        if let compositor { try compositor.render(tree) } else { try renderer.render(tree) }
    }

    /// The pixel at (x, y) in pixels.
    func pixel(_ x: Int, _ y: Int) throws -> Pixel {
        if let compositor { return compositor.readPixel(x: x, y: y) }
        return try renderer.readPixel(x: x, y: y)
    }

    /// The counters of the last frame that every back-end keeps.
    var counters: (culledLayers: Int, offscreenPasses: Int, rasterMisses: Int, rasterHits: Int) {
        if let compositor {
            let f = compositor.compositor.lastFrame
            return (f.culledLayers, f.offscreenPasses, f.rasterMisses, f.rasterHits)
        }
        let f = renderer.layerRenderer.lastFrame
        return (f.culledLayers, f.offscreenPasses, f.rasterMisses, f.rasterHits)
    }

    /// Saves the frame as a PNG.
    func savePNG(to path: String) throws {
        if let compositor { try compositor.savePNG(to: path) } else { try renderer.savePNG(to: path) }
    }

    /// Saves the frame to $SEGUE_TEST_PNG_DIR/name.png when that variable is set (to look at it).
    func saveIfAsked(_ name: String) throws {
        guard let dir = ProcessInfo.processInfo.environment["SEGUE_TEST_PNG_DIR"] else { return }
        if let compositor {
            try compositor.savePNG(to: "\(dir)/\(name)-cpu.png")
        } else {
            try renderer.savePNG(to: "\(dir)/\(name).png")
        }
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
