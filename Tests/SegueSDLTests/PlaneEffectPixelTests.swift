import Foundation
import Testing
import SegueAnimation
import SegueUI
import SegueTestSupport
@testable import SegueSDL

/// Every planar effect drawn by both back-ends at progress 0, 0.5 and 1 of a push: a red page pushed over
/// a blue one in a navigation controller without its bar (the pages fill the window, on a white
/// background). Pixels sampled on a grid are compared with the colour the effect's geometry says is there
/// (``PlaneEffectLook``: each page's rectangle, after its offset and its scale about its centre, its alpha,
/// the black dimming over the back page, which page is on top), composited over white by the source-over
/// rule. Points within ``edgeMargin`` of a page's edge are skipped (antialiasing), and so are those where a
/// soft edge shadow falls.
@Suite(.serialized) @MainActor
struct PlaneEffectPixelTests {
    /// The window's size, in points (one pixel per point).
    static let size = CGSize(width: 320, height: 240)
    /// The grid's step, in points: 12 x 10 samples over the window.
    static let step = 26.0
    /// How far from a page's edge a sample must be, in pixels (an antialiased edge pixel and one more for
    /// where the back-ends sample).
    static let edgeMargin = 2.0
    /// How far left of the front page a soft edge shadow can darken, in points: its width (9), its blur
    /// radius (half the width) on both sides, and its offset (half the width).
    static let shadowReach = 9.0 * 2.5
    /// Largest difference per channel, out of 255 (rounding of blends in both back-ends, as in
    /// ``BackEndAgreementTests/flatTolerance``).
    static let tolerance = 4

    let backColor = (r: 0.0, g: 0.0, b: 1.0)
    let frontColor = (r: 1.0, g: 0.0, b: 0.0)

    /// Pages of one colour.
    final class ColourPage: ViewController {
        let colour: Color
        init(_ colour: Color) {
            self.colour = colour
            super.init()
        }
        override func viewDidLoad() { view.backgroundColor = colour }
    }

    /// An interaction that says its gesture drives the transition, so the navigation controller hands it
    /// to the effect's push (``NavigationController/effectInteractionController``).
    final class Scrubber: PercentDrivenInteractiveTransition, GestureDrivenInteraction {
        var interactionInProgress = true
    }

    /// The colour the geometry says is at `q`: white, then the back page, the dimming, the front page
    /// (the back page last when it is on top), each where its rectangle covers `q`, at its alpha. Nil
    /// when `q` is near an edge or a shadow.
    func expectedColour(at q: CGPoint, look: PlaneEffectLook, page: CGRect) -> (r: Double, g: Double, b: Double)? {
        func placed(_ offset: CGPoint, _ scale: Double) -> CGRect {
            let w = page.width * scale, h = page.height * scale
            return CGRect(x: page.midX - w / 2 + offset.x, y: page.midY - h / 2 + offset.y, width: w, height: h)
        }
        let front = placed(look.frontOffset, look.frontScale)
        let back = placed(look.backOffset, look.backScale)
        for r in [front, back] {
            let nearX = abs(q.x - r.minX) < Self.edgeMargin || abs(q.x - r.maxX) < Self.edgeMargin
            let nearY = abs(q.y - r.minY) < Self.edgeMargin || abs(q.y - r.maxY) < Self.edgeMargin
            let inX = q.x > r.minX - Self.edgeMargin && q.x < r.maxX + Self.edgeMargin
            let inY = q.y > r.minY - Self.edgeMargin && q.y < r.maxY + Self.edgeMargin
            if (nearX && inY) || (nearY && inX) { return nil }
        }
        if look.frontShadowWidth > 0, q.x < front.minX, q.x > front.minX - Self.shadowReach { return nil }
        var c = (r: 1.0, g: 1.0, b: 1.0)
        func over(_ colour: (r: Double, g: Double, b: Double), _ alpha: Double, in rect: CGRect) {
            guard rect.contains(q), alpha > 0 else { return }
            c = (c.r * (1 - alpha) + colour.r * alpha, c.g * (1 - alpha) + colour.g * alpha, c.b * (1 - alpha) + colour.b * alpha)
        }
        if !look.backOnTop { over(backColor, look.backAlpha, in: back) }
        if let dimming = look.dimming { over((0, 0, 0), dimming, in: back) }
        over(frontColor, look.frontAlpha, in: front)
        if look.backOnTop { over(backColor, look.backAlpha, in: back) }
        return c
    }

    @Test(arguments: BackEnd.allCases, TransitionEffect.planeEffects)
    func scrubbedPushIsDrawnWhereTheGeometrySays(_ backEnd: BackEnd, _ effect: TransitionEffect) throws {
        let clock = VirtualClock()
        let window = Window(clock: clock, size: Self.size)
        let gpu = backEnd == .gpu ? try HeadlessRenderer(size: Self.size) : nil
        let cpu = backEnd == .cpu ? try HeadlessCompositor(size: Self.size) : nil
        let nav = NavigationController(rootViewController: ColourPage(Color(red: backColor.r, green: backColor.g, blue: backColor.b)))
        nav.isNavigationBarHidden = true
        window.rootViewController = nav
        nav.view.backgroundColor = .white
        nav.transitionEffect = effect
        let scrubber = Scrubber()
        nav.effectInteractionController = scrubber
        func frame() {
            clock.advance(frames: 1)
            window.runFrame()
        }
        frame()
        nav.pushViewController(ColourPage(Color(red: frontColor.r, green: frontColor.g, blue: frontColor.b)), animated: true)
        frame()
        let page = nav.transitionView.frame
        #expect(page == CGRect(origin: .zero, size: Self.size))
        for p in [0.0, 0.5, 1.0] {
            scrubber.update(p)
            frame()
            if let gpu { try gpu.render(window.layerTree) } else { try cpu!.render(window.layerTree) }
            let name = "plane-\(effect.name.replacingOccurrences(of: " ", with: "-"))-\(p)"
            if let dir = ProcessInfo.processInfo.environment["SEGUE_TEST_PNG_DIR"] {
                if let gpu { try gpu.savePNG(to: "\(dir)/\(name).png") } else { try cpu!.savePNG(to: "\(dir)/\(name)-cpu.png") }
            }
            let look = try #require(PlaneEffectLook.of(effect.name, at: easeInEaseOut(p), front: page, back: page, bounds: page))
            var wrong: [String] = []
            var checked = 0
            var y = Self.step / 2
            while y < Self.size.height {
                var x = Self.step / 2
                while x < Self.size.width {
                    defer { x += Self.step }
                    guard let e = expectedColour(at: CGPoint(x: x, y: y), look: look, page: page) else { continue }
                    let px = try gpu?.readPixel(x: Int(x), y: Int(y)) ?? cpu!.readPixel(x: Int(x), y: Int(y))
                    let expected = (Int((e.r * 255).rounded()), Int((e.g * 255).rounded()), Int((e.b * 255).rounded()))
                    checked += 1
                    if abs(Int(px.r) - expected.0) > Self.tolerance || abs(Int(px.g) - expected.1) > Self.tolerance
                        || abs(Int(px.b) - expected.2) > Self.tolerance {
                        wrong.append("(\(Int(x)), \(Int(y))): \(px) vs \(expected)")
                    }
                }
                y += Self.step
            }
            #expect(checked > 60, "\(effect.name) at \(p): only \(checked) samples away from edges")
            #expect(wrong.isEmpty, "\(effect.name) at \(p) on \(backEnd): \(wrong.count) of \(checked) samples differ, e.g. \(wrong.prefix(4))")
        }
        scrubber.finish()
        for _ in 0..<120 where nav.currentTransition != nil { frame() }
        #expect(nav.currentTransition == nil && nav.viewControllers.count == 2)
    }
}
