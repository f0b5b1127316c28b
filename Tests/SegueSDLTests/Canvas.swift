import Foundation
import SegueAnimation
@testable import SegueSDL

/// A headless frame with a white root layer, for pixel tests.
@MainActor
final class Canvas {
    let renderer: HeadlessRenderer
    let clock = VirtualClock()
    let tree: LayerTree

    init(width: Double = 400, height: Double = 300, scale: Double = 1) throws {
        renderer = try HeadlessRenderer(size: CGSize(width: width, height: height), scale: scale)
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
        try renderer.render(tree)
    }

    /// The pixel at (x, y) in pixels.
    func pixel(_ x: Int, _ y: Int) throws -> Pixel { try renderer.readPixel(x: x, y: y) }

    /// Saves the frame to $SEGUE_TEST_PNG_DIR/name.png when that variable is set (to look at it).
    func saveIfAsked(_ name: String) throws {
        guard let dir = ProcessInfo.processInfo.environment["SEGUE_TEST_PNG_DIR"] else { return }
        try renderer.savePNG(to: "\(dir)/\(name).png")
    }
}

@MainActor
func solidLayer(_ frame: CGRect, _ color: Color) -> Layer {
    let layer = Layer()
    layer.frame = frame
    layer.backgroundColor = color
    return layer
}

let white = Pixel(r: 255, g: 255, b: 255)
let red = Pixel(r: 255, g: 0, b: 0)
let green = Pixel(r: 0, g: 255, b: 0)
let blue = Pixel(r: 0, g: 0, b: 255)
let black = Pixel(r: 0, g: 0, b: 0)
