import Foundation
import Testing
import SegueAnimation
import SegueUI
@testable import SegueSDL

/// A matched-geometry transition drawn by both back-ends halfway through: the flying element's pixels are
/// where the interpolated frame says, in the interpolated colour.
@Suite(.serialized) @MainActor
struct MatchedGeometryPixelTests {
    static let size = CGSize(width: 400, height: 300)
    /// The element on the first page and on the second (radius 0, so the edges are straight).
    static let start = CGRect(x: 20, y: 40, width: 40, height: 40)
    static let end = CGRect(x: 100, y: 100, width: 200, height: 160)

    /// A white page with one square matched as "photo".
    final class Page: ViewController {
        let frame: CGRect
        let color: Color
        init(_ frame: CGRect, _ color: Color) {
            self.frame = frame
            self.color = color
            super.init()
        }
        override func viewDidLoad() {
            view.backgroundColor = .white
            let element = View(frame: frame)
            element.backgroundColor = color
            element.matchedGeometryID = "photo"
            view.addSubview(element)
        }
    }

    /// A container swapping its child with the engine.
    final class Container: ViewController {}

    func render(_ window: Window, on backEnd: BackEnd) throws -> (Int, Int) throws -> Pixel {
        switch backEnd {
        case .gpu:
            let renderer = try HeadlessRenderer(size: Self.size, scale: 1)
            try renderer.render(window.layerTree)
            return { x, y in try renderer.readPixel(x: x, y: y) }
        case .cpu:
            let compositor = try HeadlessCompositor(size: Self.size, scale: 1)
            try compositor.render(window.layerTree)
            return { x, y in compositor.readPixel(x: x, y: y) }
        }
    }

    @Test(arguments: BackEnd.allCases)
    func halfwayTheMatchedElementIsDrawnAtTheInterpolatedFrame(_ backEnd: BackEnd) throws {
        let clock = VirtualClock()
        let window = Window(clock: clock, size: Self.size)
        func frame() { clock.advance(frames: 1); window.runFrame() }
        let container = Container()
        window.rootViewController = container
        container.view.backgroundColor = .white
        let first = Page(Self.start, .red), second = Page(Self.end, .blue)
        container.addChild(first)
        first.view.frame = container.view.bounds
        container.view.addSubview(first.view)
        first.didMove(toParent: container)
        frame()
        let interaction = PercentDrivenInteractiveTransition()
        first.willMove(toParent: nil)
        container.addChild(second)
        container.transition(from: first, to: second, in: container.view, animator: MatchedGeometryAnimator(duration: 0.4),
                             interactionController: interaction) { completed in
            if !completed {
                second.removeFromParent()
                first.didMove(toParent: container)
            }
        }
        frame()
        interaction.update(0.5)
        frame()
        let pixel = try render(window, on: backEnd)
        // Halfway (linear when scrubbed): x 60...180, y 70...170; red -> blue is (0.5, 0, 0.5).
        let mid = CGRect(x: 60, y: 70, width: 120, height: 100)
        #expect(mid == CGRect(x: (Self.start.minX + Self.end.minX) / 2, y: (Self.start.minY + Self.end.minY) / 2,
                              width: (Self.start.width + Self.end.width) / 2, height: (Self.start.height + Self.end.height) / 2))
        func isPurple(_ p: Pixel) -> Bool { abs(Int(p.r) - 128) <= 1 && p.g == 0 && abs(Int(p.b) - 128) <= 1 }
        for (x, y) in [(61, 71), (178, 71), (61, 168), (178, 168), (120, 120)] {
            let p = try pixel(x, y)
            #expect(isPurple(p), "inside at (\(x), \(y)): \(p)")
        }
        // Just outside each edge: the two white pages cross-fading over the white container (the GPU
        // path's 8-bit blending of two half-transparent layers rounds white down to 252).
        func isWhite(_ p: Pixel) -> Bool { min(p.r, p.g, p.b) >= 250 }
        for (x, y) in [(58, 120), (181, 120), (120, 68), (120, 171)] {
            let p = try pixel(x, y)
            #expect(isWhite(p), "outside at (\(x), \(y)): \(p)")
        }
        // The originals are hidden: nothing red at the start, nothing blue at the end.
        #expect(isWhite(try pixel(30, 50)))
        #expect(isWhite(try pixel(290, 250)))
        interaction.cancel()
        for _ in 0..<60 { frame() }
        #expect(container.children.count == 1 && container.children[0] === first)
    }
}
