import Foundation
import Testing
import SegueAnimation
import SegueUI
@testable import SegueSDL

/// The depth effects drawn by both renderer back-ends, scrubbed to fractions of a push, and sampled at
/// points the effect's geometry puts inside or outside a page, a face, a strip, a half, a tile or the
/// circle (the expected colours are the pages' colours, darkened by a black shade of the alpha the
/// geometry gives: `c·(1 - a)`).
///
/// The scene: a 400x300 window, white; a navigation controller without its bar; the back page red with
/// a green right half, the front page blue. A viewer 1000 points in front of the window's centre
/// (200, 150), as the effects' default ``CubeAnimator/perspectiveDistance``.
@Suite(.serialized) @MainActor
struct DepthEffectPixelTests {
    static let size = CGSize(width: 400, height: 300)
    static let eye = CGPoint(x: 200, y: 150)
    static let distance = 1000.0
    let shadedRed = { (a: Double) in Pixel(r: UInt8((255 * (1 - a)).rounded()), g: 0, b: 0) }
    let shadedGreen = { (a: Double) in Pixel(r: 0, g: UInt8((255 * (1 - a)).rounded()), b: 0) }
    let shadedBlue = { (a: Double) in Pixel(r: 0, g: 0, b: UInt8((255 * (1 - a)).rounded())) }

    /// A page: `colour`, with its right half `right` when given.
    @MainActor final class Page: ViewController {
        let colour: Color, right: Color?
        init(_ colour: Color, right: Color? = nil) {
            self.colour = colour
            self.right = right
            super.init()
        }
        override func viewDidLoad() {
            view.backgroundColor = colour
            if let right {
                let half = View(frame: CGRect(x: view.bounds.width / 2, y: 0, width: view.bounds.width / 2,
                                              height: view.bounds.height))
                half.autoresizingMask = [.flexibleLeftMargin, .flexibleWidth, .flexibleHeight]
                half.backgroundColor = right
                view.addSubview(half)
            }
        }
    }

    @MainActor final class Driver: NavigationControllerDelegate {
        let effect: TransitionEffect
        let interaction = PercentDrivenInteractiveTransition()
        init(_ effect: TransitionEffect) { self.effect = effect }
        func navigationController(_ navigationController: NavigationController,
                                  animationControllerFor operation: NavigationController.Operation,
                                  from fromVC: ViewController, to toVC: ViewController) -> (any ViewControllerAnimatedTransitioning)? {
            effect.animator(reverse: operation == .pop)
        }
        func navigationController(_ navigationController: NavigationController,
                                  interactionControllerFor animationController: any ViewControllerAnimatedTransitioning)
            -> (any ViewControllerInteractiveTransitioning)? { interaction }
    }

    /// A push with an effect, scrubbed, drawn by one back-end.
    @MainActor final class Scene {
        let clock = VirtualClock()
        let window: Window
        let nav: NavigationController
        let driver: Driver
        let back = Page(.red, right: .green), front = Page(.blue)
        let gpu: HeadlessRenderer?
        let cpu: HeadlessCompositor?

        init(_ effect: TransitionEffect, _ backEnd: BackEnd) throws {
            window = Window(clock: clock, size: DepthEffectPixelTests.size)
            window.backgroundColor = .white
            nav = NavigationController(rootViewController: back)
            nav.isNavigationBarHidden = true
            driver = Driver(effect)
            nav.delegate = driver
            window.rootViewController = nav
            gpu = backEnd == .gpu ? try HeadlessRenderer(size: DepthEffectPixelTests.size) : nil
            cpu = backEnd == .cpu ? try HeadlessCompositor(size: DepthEffectPixelTests.size) : nil
            frames(1)
            nav.pushViewController(front, animated: true)
            frames(1)
        }

        func frames(_ count: Int) {
            for _ in 0..<count {
                clock.advance(frames: 1)
                window.runFrame()
            }
        }

        /// Scrubs to `time` (a fraction of the duration) and draws.
        func draw(at time: Double) throws {
            driver.interaction.update(time)
            frames(1)
            if let gpu { try gpu.render(window.layerTree) }
            if let cpu { try cpu.render(window.layerTree) }
        }

        func pixel(_ p: CGPoint) throws -> Pixel {
            if let cpu { return try cpu.readPixel(at: p) }
            return try gpu!.readPixel(at: p)
        }

        func saveIfAsked(_ name: String) throws {
            guard let dir = ProcessInfo.processInfo.environment["SEGUE_TEST_PNG_DIR"] else { return }
            if let cpu { try cpu.savePNG(to: "\(dir)/\(name)-cpu.png") }
            if let gpu { try gpu.savePNG(to: "\(dir)/\(name).png") }
        }

        func expect(_ point: CGPoint, _ colour: Pixel, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let seen = try pixel(point)
            #expect(seen.isClose(to: colour, tolerance: 3), "\(what) at \(point): \(seen), expected \(colour)",
                    sourceLocation: sourceLocation)
        }
    }

    /// A point in 3D (window coordinates, z towards the viewer) as the viewer sees it.
    static func seen(_ x: Double, _ y: Double, _ z: Double = 0) -> CGPoint {
        let w = 1 - z / distance
        return CGPoint(x: eye.x + (x - eye.x) / w, y: eye.y + (y - eye.y) / w)
    }

    /// Ease-in-ease-out at `x` (control points (0.42, 0), (0.58, 1)), by bisection on the parameter.
    static func eased(_ x: Double) -> Double {
        func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<100 {
            let mid = (lo + hi) / 2
            if bezier(mid, 0.42, 0.58) < x { lo = mid } else { hi = mid }
        }
        return bezier((lo + hi) / 2, 0, 1)
    }

    /// At 0 every effect shows the back page as it is (red, green right half); at 1 the front page.
    func expectEnds(_ effect: TransitionEffect, _ backEnd: BackEnd) throws {
        let scene = try Scene(effect, backEnd)
        try scene.draw(at: 0)
        try scene.saveIfAsked("depth-\(effect.name)-0")
        for (point, colour) in [(CGPoint(x: 100, y: 150), red), (CGPoint(x: 300, y: 150), green),
                                (CGPoint(x: 20, y: 5), red), (CGPoint(x: 395, y: 295), green)] {
            try scene.expect(point, colour, "\(effect) at 0")
        }
        try scene.draw(at: 1)
        try scene.saveIfAsked("depth-\(effect.name)-1")
        for point in [CGPoint(x: 100, y: 150), CGPoint(x: 300, y: 150), CGPoint(x: 5, y: 5), CGPoint(x: 395, y: 295)] {
            try scene.expect(point, blue, "\(effect) at 1")
        }
    }

    @Test(arguments: BackEnd.allCases)
    func everyEffectStartsOnTheBackPageAndEndsOnTheFrontPage(_ backEnd: BackEnd) throws {
        for effect in TransitionEffect.depthEffects + [.cube(.vertical), .flip(.fromTop), .pageCurl(.down)] {
            try expectEnds(effect, backEnd)
        }
    }

    /// Halfway: the back page turned back 7.5° about x and scaled to 0.95, shaded 0.175; the front page
    /// risen halfway (its top at y = 150).
    @Test(arguments: BackEnd.allCases)
    func cardsHalfway(_ backEnd: BackEnd) throws {
        let scene = try Scene(.cards, backEnd)
        try scene.draw(at: 0.5)
        try scene.saveIfAsked("depth-cards-half")
        let angle = Double.pi / 24, s = 0.95
        // The back page's top edge: y = -150 s cos, depth -150 s sin (away).
        let top = Self.seen(100, 150 - 150 * s * cos(angle), -150 * s * sin(angle))
        try scene.expect(CGPoint(x: 100, y: top.y + 3), shadedRed(0.175), "back page just below its top edge")
        try scene.expect(CGPoint(x: 100, y: top.y - 3), white, "above the tilted back page")
        try scene.expect(CGPoint(x: 300, y: 100), shadedGreen(0.175), "back page's right half")
        try scene.expect(CGPoint(x: 100, y: 147), shadedRed(0.175), "just above the front page")
        try scene.expect(CGPoint(x: 100, y: 153), blue, "the front page, risen halfway")
    }

    /// Halfway: the shared edge at x = 200, depth 0; each face turned 45° away, shaded 0.25. The back
    /// face's point 200 back from the edge (its halves' seam) is at (200 - 141.4, depth -141.4).
    @Test(arguments: BackEnd.allCases)
    func cubeHalfway(_ backEnd: BackEnd) throws {
        let scene = try Scene(.cube(.horizontal), backEnd)
        try scene.draw(at: 0.5)
        try scene.saveIfAsked("depth-cube-half")
        let r = 200 * cos(Double.pi / 4)
        let seam = Self.seen(200 - r, 150, -r)
        try scene.expect(CGPoint(x: seam.x - 4, y: 150), shadedRed(0.25), "back face, left of its seam")
        try scene.expect(CGPoint(x: seam.x + 4, y: 150), shadedGreen(0.25), "back face, right of its seam")
        try scene.expect(CGPoint(x: 196, y: 150), shadedGreen(0.25), "back face at the shared edge")
        try scene.expect(CGPoint(x: 204, y: 150), shadedBlue(0.25), "front face at the shared edge")
        // The faces' far edges go back: at the seam the back face's height is 300 / w.
        let seamTop = Self.seen(200 - r, 0, -r)
        try scene.expect(CGPoint(x: seam.x - 4, y: seamTop.y + 4), shadedRed(0.25), "inside the receding face")
        try scene.expect(CGPoint(x: seam.x - 4, y: seamTop.y - 4), white, "above the receding face")
        let frontFar = Self.seen(200 + r, 0, -r)
        try scene.expect(CGPoint(x: frontFar.x, y: frontFar.y - 3), white, "above the front face's far part")
        try scene.expect(CGPoint(x: frontFar.x, y: frontFar.y + 3), shadedBlue(0.25), "inside the front face's far part")
    }

    /// At 30% of the time, the card has turned `eased(0.3)·π` (under a half turn): the back page's front
    /// is seen, its left side towards the viewer; the front page is seen from behind and culled, so the
    /// back page shows where the unculled front page would be drawn over it.
    @Test(arguments: BackEnd.allCases)
    func flipShowsOnlyTheSideFacingTheViewer(_ backEnd: BackEnd) throws {
        let scene = try Scene(.flip(.fromLeft), backEnd)
        try scene.draw(at: 0.3)
        try scene.saveIfAsked("depth-flip")
        let angle = (Double.pi - FlipAnimator.halfTurnShortfall) * Self.eased(0.3)
        #expect(angle < .pi / 2)
        // The left edge (u = -200) comes towards the viewer: (200 - 200 cos, depth 200 sin).
        let left = Self.seen(200 - 200 * cos(angle), 150, 200 * sin(angle))
        let right = Self.seen(200 + 200 * cos(angle), 150, -200 * sin(angle))
        try scene.expect(CGPoint(x: left.x + 4, y: 150), red, "the back page's left side")
        try scene.expect(CGPoint(x: left.x - 4, y: 150), white, "outside the turned card")
        try scene.expect(CGPoint(x: right.x - 4, y: 150), green, "the back page's right side")
        try scene.expect(CGPoint(x: right.x + 4, y: 150), white, "outside the turned card")
        // Halfway both sides are edge-on: nothing of either page but a sliver at the centre line.
        try scene.draw(at: 0.5)
        try scene.expect(CGPoint(x: 100, y: 150), white, "edge-on at half")
        try scene.expect(CGPoint(x: 300, y: 150), white, "edge-on at half")
    }

    /// Halfway the back page's picture has turned half its lift about its top edge, away; the lift is
    /// the angle at which the viewer, 150 below the top edge and 1000 in front, sees it edge-on:
    /// 90° + atan(150/1000), and 0.001 rad more. Its bottom edge at y = 300 cos, depth -300 sin; shaded
    /// 0.225. Below it the front page.
    @Test(arguments: BackEnd.allCases)
    func pageCurlHalfway(_ backEnd: BackEnd) throws {
        let scene = try Scene(.pageCurl(.up), backEnd)
        try scene.draw(at: 0.5)
        try scene.saveIfAsked("depth-curl-half")
        let half = (Double.pi / 2 + atan(150.0 / 1000) + 0.001) / 2
        let c = cos(half), s = sin(half)
        let bottom = Self.seen(100, 300 * c, -300 * s)
        try scene.expect(CGPoint(x: 100, y: bottom.y - 3), shadedRed(0.225), "the lifted page above its bottom edge")
        try scene.expect(CGPoint(x: 100, y: bottom.y + 3), blue, "the front page below it")
        try scene.expect(CGPoint(x: 300, y: 20), shadedGreen(0.225), "the lifted page's right half")
    }

    /// Halfway the six strips are turned 45° (less a hair): strip i spans x from i·s·cos to (i+1)·s·cos
    /// with s = 400/6, creases at depth -s sin; even strips shaded 0.5 sin, odd 0.25 sin. Right of the fan
    /// the back page under a veil of 0.15.
    @Test(arguments: BackEnd.allCases)
    func foldHalfway(_ backEnd: BackEnd) throws {
        let scene = try Scene(.fold(strips: 6), backEnd)
        try scene.draw(at: 0.5)
        try scene.saveIfAsked("depth-fold-half")
        let theta = (Double.pi / 2 - 0.001) / 2, s = 400.0 / 6
        for i in 0..<6 {
            let even = i % 2 == 0
            let mid = Self.seen((Double(i) + 0.5) * s * cos(theta), 150, -s * sin(theta) / 2)
            try scene.expect(CGPoint(x: mid.x, y: 150), shadedBlue((even ? 0.5 : 0.25) * sin(theta)), "strip \(i)")
        }
        let end = Self.seen(6 * s * cos(theta), 150)
        try scene.expect(CGPoint(x: end.x + 4, y: 150), shadedGreen(0.15), "the back page right of the fan")
        // The creases recede: above a crease's top (depth -s sin) is the veiled back page.
        let creaseTop = Self.seen(s * cos(theta), 0, -s * sin(theta))
        try scene.expect(CGPoint(x: creaseTop.x, y: creaseTop.y - 3), shadedRed(0.15), "above the first crease")
        try scene.expect(CGPoint(x: creaseTop.x - 4, y: creaseTop.y + 4), shadedBlue(0.5 * sin(theta)), "strip 0 below its top edge by the crease")
    }

    /// Halfway the halves have slid 100 apart (the left half over x -100...100, showing the red page's
    /// 100...200; the right half over 300...500, green) and the front page is at 0.9 of its size about
    /// the centre (x 20...380, y 15...285), seen between them.
    @Test(arguments: BackEnd.allCases)
    func portalHalfway(_ backEnd: BackEnd) throws {
        let scene = try Scene(.portal, backEnd)
        try scene.draw(at: 0.5)
        try scene.saveIfAsked("depth-portal-half")
        try scene.expect(CGPoint(x: 97, y: 150), red, "the left half's inner edge")
        try scene.expect(CGPoint(x: 103, y: 150), blue, "the front page between the halves")
        try scene.expect(CGPoint(x: 297, y: 150), blue, "the front page between the halves")
        try scene.expect(CGPoint(x: 303, y: 150), green, "the right half's inner edge")
        try scene.expect(CGPoint(x: 150, y: 12), white, "above the growing front page")
        try scene.expect(CGPoint(x: 150, y: 18), blue, "the growing front page's top")
    }

    /// Halfway every tile is at half opacity on its course; a point no tile covers shows the front page;
    /// a tile's centre that no later tile covers shows its colour at half over blue.
    @Test(arguments: BackEnd.allCases)
    func explodeHalfway(_ backEnd: BackEnd) throws {
        let scene = try Scene(.explode(seed: 3), backEnd)
        try scene.draw(at: 0.5)
        try scene.saveIfAsked("depth-explode-half")
        let container = scene.front.view.superview!
        let tiles = container.subviews.filter { $0 !== scene.front.view && $0 !== scene.back.view }
        #expect(tiles.count == 8 * 6)
        // Each tile's centre and reach at half: its centre moved by half its course, its half-diagonal
        // scaled by the half-way scale (end scale from the model transform at the end).
        let placed = tiles.map { tile -> (centre: CGPoint, reach: Double, colour: Pixel) in
            let end = tile.layer.transform
            let scale = (1 + (end.m11 * end.m11 + end.m12 * end.m12).squareRoot()) / 2
            let size = tile.bounds.size
            let centre = CGPoint(x: tile.layer.position.x + end.m41 / 2, y: tile.layer.position.y + end.m42 / 2)
            let colour = tile.layer.position.x < 200 ? red : green
            return (centre, scale * (size.width * size.width + size.height * size.height).squareRoot() / 2, colour)
        }
        let window = CGRect(origin: .zero, size: Self.size).insetBy(dx: 2, dy: 2)
        var checkedTile = false
        for (i, tile) in placed.enumerated() where window.contains(tile.centre) && !checkedTile {
            let coveredLater = placed[(i + 1)...].contains { hypot($0.centre.x - tile.centre.x, $0.centre.y - tile.centre.y) < $0.reach + 2 }
            let coveredEarlier = placed[..<i].contains { hypot($0.centre.x - tile.centre.x, $0.centre.y - tile.centre.y) < $0.reach + 2 }
            guard !coveredLater && !coveredEarlier else { continue }
            let halfOver = Pixel(r: tile.colour.r / 2, g: tile.colour.g / 2, b: 128)
            try scene.expect(tile.centre, halfOver, "tile \(i)'s centre")
            checkedTile = true
        }
        #expect(checkedTile, "no tile stands alone to sample")
        var checkedGap = false
        search: for y in stride(from: 10.0, to: 290, by: 10) {
            for x in stride(from: 10.0, to: 390, by: 10) where !placed.contains(where: { hypot($0.centre.x - x, $0.centre.y - y) < $0.reach + 2 }) {
                try scene.expect(CGPoint(x: x, y: y), blue, "a point no tile reaches")
                checkedGap = true
                break search
            }
        }
        #expect(checkedGap)
    }

    /// Halfway the circle has half the radius to the farthest corner from the centre: 125; the back page
    /// is shaded 0.2 outside it.
    @Test(arguments: BackEnd.allCases)
    func circleRevealHalfway(_ backEnd: BackEnd) throws {
        let scene = try Scene(.circleReveal(), backEnd)
        try scene.draw(at: 0.5)
        try scene.saveIfAsked("depth-circle-half")
        try scene.expect(CGPoint(x: 200 + 121, y: 150), blue, "inside the circle")
        try scene.expect(CGPoint(x: 200 + 129, y: 150), shadedGreen(0.2), "outside the circle")
        try scene.expect(CGPoint(x: 200 - 85, y: 150 - 85), blue, "inside, on the diagonal (120.2 from the centre)")
        try scene.expect(CGPoint(x: 200 - 91, y: 150 - 91), shadedRed(0.2), "outside, on the diagonal (128.7)")
    }
}
