import Foundation
import Testing
@testable import SegueAnimation
@testable import SegueUI

/// Every effect to run: the catalogue's default instances, then the other variants.
@MainActor
func depthEffectsUnderTest() -> [TransitionEffect] {
    TransitionEffect.depthEffects + [.cube(.vertical), .flip(.fromRight), .flip(.fromTop), .flip(.fromBottom),
                                     .pageCurl(.down), .fold(strips: 1), .explode(seed: 99),
                                     .circleReveal(from: CGPoint(x: 30, y: 500))]
}

/// The scrubbed times (fractions of the duration) the geometry is checked at, and whether backwards (a
/// pop): 0, 0.5 and 1 forwards; 0.25 (not a symmetric point of the curve) and 0.5 backwards.
let depthEffectTimes: [(Double, Bool)] = [(0, false), (0.5, false), (1, false), (0.25, true), (0.5, true)]

/// How many effects ``depthEffectsUnderTest()`` lists (test arguments are made outside the main actor).
let depthEffectCount = 16

/// A page with a coloured background and a coloured card on it (so that its snapshots show something).
@MainActor
final class DepthEffectPage: ViewController {
    let name: String
    let colour: Color
    init(_ name: String, _ colour: Color) {
        self.name = name
        self.colour = colour
        super.init()
    }
    override func viewDidLoad() {
        view.backgroundColor = colour
        let card = View(frame: CGRect(x: 20, y: 40, width: 120, height: 80))
        card.backgroundColor = .white
        view.addSubview(card)
    }
}

/// Hands a navigation controller `effect`'s animator (backwards for a pop) and, when set, an interaction
/// controller.
@MainActor
final class DepthEffectNavigationDelegate: NavigationControllerDelegate {
    let effect: TransitionEffect
    var interaction: PercentDrivenInteractiveTransition?
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

/// Hands a presentation `effect`'s animator (backwards for the dismissal).
@MainActor
final class DepthEffectTransitioningDelegate: ViewControllerTransitioningDelegate {
    let effect: TransitionEffect
    init(_ effect: TransitionEffect) { self.effect = effect }
    func animationController(forPresented presented: ViewController, presenting: ViewController,
                             source: ViewController) -> (any ViewControllerAnimatedTransitioning)? {
        effect.animator(reverse: false)
    }
    func animationController(forDismissed dismissed: ViewController) -> (any ViewControllerAnimatedTransitioning)? {
        effect.animator(reverse: true)
    }
}

/// Hands a tab bar controller `effect`'s animator (backwards towards an earlier tab).
@MainActor
final class DepthEffectTabDelegate: TabBarControllerDelegate {
    let effect: TransitionEffect
    init(_ effect: TransitionEffect) { self.effect = effect }
    func tabBarController(_ tabBarController: TabBarController, animationControllerForTransitionFrom fromVC: ViewController,
                          to toVC: ViewController) -> (any ViewControllerAnimatedTransitioning)? {
        let tabs = tabBarController.viewControllers ?? []
        let from = tabs.firstIndex { $0 === fromVC } ?? 0, to = tabs.firstIndex { $0 === toVC } ?? 0
        return effect.animator(reverse: to < from)
    }
}

/// Every layer under `root`, masks included.
@MainActor
func layersUnder(_ root: Layer) -> [Layer] {
    var all: [Layer] = [], stack = [root]
    while let layer = stack.popLast() {
        all.append(layer)
        stack += layer.sublayers
        if let mask = layer.mask { stack.append(mask) }
    }
    return all
}

/// What an effect may leave in the window after it ends: nothing. Every layer in the window was there
/// before (`before`) or belongs to one of `pages` or to the container's `chrome` (a navigation bar, whose
/// items change with the stack); no layer shows a snapshot or has a mask; every page
/// (in the window or not) is at rest: identity transform, opacity 1, anchor at its centre, shown,
/// double-sided, no mask, no animation.
@MainActor
func checkNothingLeft(in window: Window, before: Set<ObjectIdentifier>, pages: [View], chrome: [View] = [], _ what: String,
                      sourceLocation: SourceLocation = #_sourceLocation) {
    let allowed = before.union((pages + chrome).flatMap { layersUnder($0.layer) }.map(ObjectIdentifier.init))
    for layer in layersUnder(window.layer) {
        #expect(allowed.contains(ObjectIdentifier(layer)), "\(what): a layer was left in the window", sourceLocation: sourceLocation)
        if case .snapshot = layer.contents { Issue.record("\(what): a snapshot was left in the window", sourceLocation: sourceLocation) }
        #expect(layer.mask == nil, "\(what): a mask was left", sourceLocation: sourceLocation)
    }
    for page in pages {
        let layer = page.layer
        #expect(layer.transform == .identity, "\(what): \(layer.transform)", sourceLocation: sourceLocation)
        #expect(layer.opacity == 1 && !layer.isHidden && layer.isDoubleSided && layer.mask == nil,
                "\(what): a page is not at rest", sourceLocation: sourceLocation)
        #expect(layer.anchorPoint == CGPoint(x: 0.5, y: 0.5), "\(what)", sourceLocation: sourceLocation)
        #expect(isClose(layer.position, CGPoint(x: page.frame.midX, y: page.frame.midY)), "\(what)",
                sourceLocation: sourceLocation)
        #expect(!layer.hasAnimations && layer.renderedProperties == layer.model, "\(what)", sourceLocation: sourceLocation)
    }
}

/// Whether anything in the window is drawn other than at rest: a layer showing a snapshot, a mask, or a
/// layer whose presentation is turned, moved, faded or hidden (what a running effect must show).
@MainActor
func somethingIsInFlight(in window: Window) -> Bool {
    layersUnder(window.layer).contains { layer in
        if case .snapshot = layer.contents { return true }
        let p = layer.presentationValues()
        return layer.mask != nil || p.transform != .identity || p.opacity < 1 || layer.isHidden
    }
}

/// The stock effects on the 3D, snapshot and mask side of the catalogue, run in every container forwards
/// and backwards, scrubbed, cancelled and caught: each ends with every page at rest and nothing of its
/// own left in the window, and each is where its geometry says at progress 0, 0.5 and 1.
@MainActor
@Suite struct DepthEffectTests {
    let h = Harness()

    func settle(_ running: () -> Bool, limit: Int = 240) {
        for _ in 0..<limit where running() { h.frames(1) }
        h.frames(1)
    }

    func census() -> Set<ObjectIdentifier> { Set(layersUnder(h.window.layer).map(ObjectIdentifier.init)) }

    /// The window's layers but those of `chrome` (a navigation bar, whose items change with the stack).
    func census(without chrome: View) -> Set<ObjectIdentifier> {
        census().subtracting(layersUnder(chrome.layer).map(ObjectIdentifier.init))
    }

    // MARK: Every container, forwards and backwards

    @Test(arguments: 0..<depthEffectCount)
    func pushAndPopEndWithThePagesAtRestAndNothingLeft(_ index: Int) {
        let effect = depthEffectsUnderTest()[index]
        let delegate = DepthEffectNavigationDelegate(effect)
        let a = DepthEffectPage("A", .red), b = DepthEffectPage("B", .blue)
        let nav = NavigationController(rootViewController: a)
        nav.delegate = delegate
        h.window.rootViewController = nav
        h.frames(1)
        let before = census(), bare = census(without: nav.navigationBar)
        nav.pushViewController(b, animated: true)
        h.frames(12)
        #expect(somethingIsInFlight(in: h.window), "\(effect): nothing moves mid-push")
        settle { nav.currentTransition != nil }
        checkNavigationInvariants(nav, in: h.window)
        checkNothingLeft(in: h.window, before: before, pages: [a.view, b.view], chrome: [nav.navigationBar], "\(effect) push")
        nav.popViewController(animated: true)
        h.frames(12)
        #expect(somethingIsInFlight(in: h.window), "\(effect): nothing moves mid-pop")
        settle { nav.currentTransition != nil }
        checkNavigationInvariants(nav, in: h.window)
        checkNothingLeft(in: h.window, before: before, pages: [a.view, b.view], chrome: [nav.navigationBar], "\(effect) pop")
        #expect(census(without: nav.navigationBar) == bare)
    }

    @Test(arguments: 0..<depthEffectCount, [ModalPresentationStyle.fullScreen, .custom])
    func presentAndDismissEndWithThePagesAtRestAndNothingLeft(_ index: Int, _ style: ModalPresentationStyle) {
        let effect = depthEffectsUnderTest()[index]
        let delegate = DepthEffectTransitioningDelegate(effect)
        let a = DepthEffectPage("A", .red), b = DepthEffectPage("B", .blue)
        b.modalPresentationStyle = style
        b.transitioningDelegate = delegate
        h.window.rootViewController = a
        h.frames(1)
        let before = census()
        a.present(b, animated: true)
        h.frames(12)
        #expect(somethingIsInFlight(in: h.window), "\(effect): nothing moves mid-presentation")
        settle { h.window.modalPresentations.currentTransition != nil }
        #expect(a.presentedViewController === b)
        checkLayersAtRest(in: h.window)
        // The presentation's container view is new; the pages are checked, and no other new layer but it.
        let container = b.view.superview!
        checkNothingLeft(in: h.window, before: before.union([ObjectIdentifier(container.layer)]), pages: [a.view, b.view],
                         "\(effect) present \(style)")
        #expect(container.subviews.count == 1 && container.subviews[0] === b.view)
        b.dismiss(animated: true)
        h.frames(12)
        #expect(somethingIsInFlight(in: h.window), "\(effect): nothing moves mid-dismissal")
        settle { h.window.modalPresentations.currentTransition != nil }
        #expect(a.presentedViewController == nil)
        checkLayersAtRest(in: h.window)
        checkNothingLeft(in: h.window, before: before, pages: [a.view, b.view], "\(effect) dismiss \(style)")
        #expect(census() == before)
    }

    @Test(arguments: 0..<depthEffectCount)
    func tabSwitchesEndWithThePagesAtRestAndNothingLeft(_ index: Int) {
        let effect = depthEffectsUnderTest()[index]
        let delegate = DepthEffectTabDelegate(effect)
        let pages = [DepthEffectPage("A", .red), DepthEffectPage("B", .blue)]
        for p in pages { p.loadViewIfNeeded() }
        let tabs = TabBarController()
        tabs.viewControllers = pages
        tabs.delegate = delegate
        h.window.rootViewController = tabs
        h.frames(1)
        let before = census()
        for target in [1, 0] {
            tabs.selectedIndex = target
            h.frames(12)
            #expect(somethingIsInFlight(in: h.window), "\(effect): nothing moves mid-switch")
            settle { tabs.currentTransition != nil }
            checkTabInvariants(tabs, in: h.window)
            checkNothingLeft(in: h.window, before: before.union(layersUnder(pages[1].view.layer).map(ObjectIdentifier.init)),
                             pages: pages.map(\.view), "\(effect) tab to \(target)")
        }
    }

    // MARK: Interactive

    /// A push with `effect`, driven by a percent-driven interaction from the start.
    func interactivePush(_ effect: TransitionEffect, startsInteractive: Bool = true)
        -> (NavigationController, DepthEffectPage, DepthEffectPage, PercentDrivenInteractiveTransition, DepthEffectNavigationDelegate) {
        let delegate = DepthEffectNavigationDelegate(effect)
        let interaction = PercentDrivenInteractiveTransition()
        interaction.wantsInteractiveStart = startsInteractive
        delegate.interaction = interaction
        let a = DepthEffectPage("A", .red), b = DepthEffectPage("B", .blue)
        let nav = NavigationController(rootViewController: a)
        nav.delegate = delegate
        h.window.rootViewController = nav
        h.frames(1)
        nav.pushViewController(b, animated: true)
        h.frames(1)
        return (nav, a, b, interaction, delegate)
    }

    /// Every layer's drawn values, by identity, but those of `chrome` (a navigation bar's, whose items
    /// animate on their own after a cancel).
    func drawnState(without chrome: View) -> [ObjectIdentifier: LayerProperties] {
        let excluded = Set(layersUnder(chrome.layer).map(ObjectIdentifier.init))
        return Dictionary(uniqueKeysWithValues: layersUnder(h.window.layer).filter { !excluded.contains(ObjectIdentifier($0)) }
            .map { (ObjectIdentifier($0), $0.renderedProperties) })
    }

    @Test(arguments: 0..<depthEffectCount)
    func scrubbedToHalfAndBackThenCancelledIsExactlyTheStart(_ index: Int) {
        let effect = depthEffectsUnderTest()[index]
        let delegate = DepthEffectNavigationDelegate(effect)
        let interaction = PercentDrivenInteractiveTransition()
        delegate.interaction = interaction
        let a = DepthEffectPage("A", .red), b = DepthEffectPage("B", .blue)
        let nav = NavigationController(rootViewController: a)
        nav.delegate = delegate
        h.window.rootViewController = nav
        h.frames(1)
        let before = census(without: nav.navigationBar), drawn = drawnState(without: nav.navigationBar)
        nav.pushViewController(b, animated: true)
        h.frames(1)
        for p in [0.1, 0.3, 0.5] {
            interaction.update(p)
            h.frames(1)
        }
        #expect(somethingIsInFlight(in: h.window), "\(effect): nothing moves at half")
        for p in [0.3, 0.1] {
            interaction.update(p)
            h.frames(1)
        }
        interaction.cancel()
        settle { nav.currentTransition != nil }
        #expect(nav.viewControllers.count == 1 && nav.topViewController === a)
        checkNavigationInvariants(nav, in: h.window)
        checkNothingLeft(in: h.window, before: before, pages: [a.view, b.view], chrome: [nav.navigationBar], "\(effect) cancelled")
        #expect(census(without: nav.navigationBar) == before)
        #expect(drawnState(without: nav.navigationBar) == drawn, "\(effect): the window is not drawn as before the push")
    }

    @Test(arguments: 0..<depthEffectCount)
    func caughtMidFlightAndFinishedEndsPushed(_ index: Int) {
        let effect = depthEffectsUnderTest()[index]
        let (nav, a, b, interaction, delegate) = interactivePush(effect, startsInteractive: false)
        h.frames(8)
        interaction.pauseInteractiveTransition()
        #expect(nav.currentTransition?.isInteractive == true)
        interaction.update(0.6)
        h.frames(2)
        interaction.finish()
        settle { nav.currentTransition != nil }
        #expect(nav.topViewController === b)
        checkNavigationInvariants(nav, in: h.window)
        checkNothingLeft(in: h.window, before: census(), pages: [a.view, b.view], "\(effect) caught")
        _ = delegate
    }

    // MARK: Geometry at 0, 0.5 and 1

    /// Ease-in-ease-out (the effects' curve): the cubic Bézier with control points (0.42, 0) and
    /// (0.58, 1), its y at the x given (found by bisection on the parameter, as the curve defines it).
    static func easeInEaseOut(_ x: Double) -> Double {
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

    /// Where a point of a layer's bounds is drawn in its superlayer (the effects' layers are all the
    /// container's sublayers), from the layer's presentation: relative to the anchor point, through the
    /// transform and the perspective divide, then at the position.
    static func drawn(_ point: CGPoint, of layer: Layer) -> CGPoint {
        let p = layer.presentationValues()
        let relative = CGPoint(x: point.x - p.bounds.minX - p.anchorPoint.x * p.bounds.width,
                               y: point.y - p.bounds.minY - p.anchorPoint.y * p.bounds.height)
        let r = p.transform.transform(x: relative.x, y: relative.y)
        return CGPoint(x: p.position.x + r.x / r.w, y: p.position.y + r.y / r.w)
    }

    /// A point in 3D (container coordinates, z towards the viewer) as seen by a viewer `distance` in front
    /// of `eye`: the perspective divide by `1 - z / distance` about the eye.
    static func projected(_ x: Double, _ y: Double, _ z: Double, eye: CGPoint, distance: Double) -> CGPoint {
        let w = 1 - z / distance
        return CGPoint(x: eye.x + (x - eye.x) / w, y: eye.y + (y - eye.y) / w)
    }

    /// Where `view` is without its transform (its frame reads the transformed box): its bounds placed
    /// by its anchor point at its position.
    static func restingFrame(_ view: View) -> CGRect {
        let l = view.layer, size = l.bounds.size
        return CGRect(x: l.position.x - l.anchorPoint.x * size.width, y: l.position.y - l.anchorPoint.y * size.height,
                      width: size.width, height: size.height)
    }

    /// The corners of a rectangle of `size` (its bounds' corners), top left, top right, bottom left,
    /// bottom right.
    static func corners(_ size: CGSize) -> [CGPoint] {
        [CGPoint(x: 0, y: 0), CGPoint(x: size.width, y: 0), CGPoint(x: 0, y: size.height),
         CGPoint(x: size.width, y: size.height)]
    }

    /// Runs `effect` forwards (a push scrubbed to `time`, a fraction of its duration) or backwards (a
    /// pop scrubbed to `time`), and gives the pages, the container and the forward progress the
    /// geometry is at: the curve at `time` forwards, one minus it backwards.
    func scrub(_ effect: TransitionEffect, to time: Double, backwards: Bool = false)
        -> (front: View, back: View, container: View, progress: Double) {
        let delegate = DepthEffectNavigationDelegate(effect)
        let interaction = PercentDrivenInteractiveTransition()
        let a = DepthEffectPage("A", .red), b = DepthEffectPage("B", .blue)
        let nav = NavigationController(rootViewController: a)
        h.window.rootViewController = nav
        h.frames(1)
        if backwards {
            nav.pushViewController(b, animated: false)
            h.frames(1)
        }
        nav.delegate = delegate
        delegate.interaction = interaction
        if backwards { nav.popViewController(animated: true) } else { nav.pushViewController(b, animated: true) }
        h.frames(1)
        interaction.update(time)
        h.frames(1)
        let eased = Self.easeInEaseOut(time)
        retained.append(delegate)
        return (b.view, a.view, b.view.superview!, backwards ? 1 - eased : eased)
    }

    /// Keeps the delegates of scrubbed transitions alive (navigation controllers hold them weakly).
    private let retained = Retained()
    final class Retained { var objects: [AnyObject] = [] ; func append(_ o: AnyObject) { objects.append(o) } }

    /// The temporary views the effect added to the container (the container's subviews that are not
    /// pages), bottom to top.
    func temporaries(_ container: View, _ pages: [View]) -> [View] {
        container.subviews.filter { view in !pages.contains { $0 === view } }
    }

    func expectPoints(_ drawn: [CGPoint], _ expected: [CGPoint], tolerance: Double = 1e-6, _ what: String,
                      sourceLocation: SourceLocation = #_sourceLocation) {
        for (d, e) in zip(drawn, expected) {
            #expect(isClose(d, e, tolerance: tolerance), "\(what): drawn at \(d), geometry says \(e)",
                    sourceLocation: sourceLocation)
        }
    }


    @Test(arguments: depthEffectTimes)
    func cardsTiltTheBackPageAndRaiseTheFrontPage(_ time: Double, _ backwards: Bool) {
        let (front, back, container, p) = scrub(.cards, to: time, backwards: backwards)
        let eye = CGPoint(x: container.bounds.midX, y: container.bounds.midY)
        let f = Self.restingFrame(back), s = 1 - 0.1 * p, angle = Double.pi / 12 * p
        // About the centre: scaled by s, turned about x: y goes to (y cos, depth y sin), top away.
        let expected = Self.corners(f.size).map { c -> CGPoint in
            let x = (c.x - f.width / 2) * s, y = (c.y - f.height / 2) * s
            return Self.projected(f.midX + x, f.midY + y * cos(angle), y * sin(angle), eye: eye, distance: 1000)
        }
        expectPoints(Self.corners(f.size).map { Self.drawn($0, of: back.layer) }, expected, "back page at \(p)")
        let rise = container.bounds.maxY - Self.restingFrame(front).minY
        expectPoints([Self.drawn(.zero, of: front.layer)], [CGPoint(x: Self.restingFrame(front).minX, y: Self.restingFrame(front).minY + rise * (1 - p))],
                     "front page at \(p)")
        let shade = temporaries(container, [front, back])[0]
        #expect(isClose(Double(shade.layer.presentationValues().opacity), 0.35 * p, tolerance: 1e-6))
    }

    @Test(arguments: depthEffectTimes)
    func cubeFacesShareAnEdgeAtRightAngles(_ time: Double, _ backwards: Bool) {
        for axis in [CubeAnimator.Axis.horizontal, .vertical] {
            let (front, back, container, p) = scrub(.cube(axis), to: time, backwards: backwards)
            let eye = CGPoint(x: container.bounds.midX, y: container.bounds.midY)
            let f = Self.restingFrame(front), quarter = Double.pi / 2
            let a = quarter * p, b = quarter * (1 - p)
            if axis == .horizontal {
                // The shared edge at x = maxX - w p; the back page's far (left) edge w back from it at
                // angle a, the front page's far (right) edge w from it at angle b, both away.
                let edge = f.maxX - f.width * p
                let backDrawn = [CGPoint(x: 0, y: 0), CGPoint(x: f.width, y: 0)].map { Self.drawn($0, of: back.layer) }
                let backExpected = [Self.projected(edge - f.width * cos(a), f.minY, -f.width * sin(a), eye: eye, distance: 1000),
                                    Self.projected(edge, f.minY, 0, eye: eye, distance: 1000)]
                expectPoints(backDrawn, backExpected, tolerance: 1e-5, "horizontal back face at \(p)")
                let frontDrawn = [CGPoint(x: 0, y: f.height), CGPoint(x: f.width, y: f.height)].map { Self.drawn($0, of: front.layer) }
                let frontExpected = [Self.projected(edge, f.maxY, 0, eye: eye, distance: 1000),
                                     Self.projected(edge + f.width * cos(b), f.maxY, -f.width * sin(b), eye: eye, distance: 1000)]
                expectPoints(frontDrawn, frontExpected, tolerance: 1e-5, "horizontal front face at \(p)")
            } else {
                let edge = f.maxY - f.height * p
                let backDrawn = [CGPoint(x: 0, y: 0), CGPoint(x: 0, y: f.height)].map { Self.drawn($0, of: back.layer) }
                let backExpected = [Self.projected(f.minX, edge - f.height * cos(a), -f.height * sin(a), eye: eye, distance: 1000),
                                    Self.projected(f.minX, edge, 0, eye: eye, distance: 1000)]
                expectPoints(backDrawn, backExpected, tolerance: 1e-5, "vertical back face at \(p)")
                let frontDrawn = [CGPoint(x: f.width, y: 0), CGPoint(x: f.width, y: f.height)].map { Self.drawn($0, of: front.layer) }
                let frontExpected = [Self.projected(f.maxX, edge, 0, eye: eye, distance: 1000),
                                     Self.projected(f.maxX, edge + f.height * cos(b), -f.height * sin(b), eye: eye, distance: 1000)]
                expectPoints(frontDrawn, frontExpected, tolerance: 1e-5, "vertical front face at \(p)")
            }
            #expect(!front.layer.isDoubleSided && !back.layer.isDoubleSided)
            // Shades: the back face's darkens as it turns away, the front face's lightens as it comes round.
            let shades = temporaries(container, [front, back]).map { Double($0.layer.presentationValues().opacity) }
            #expect(shades.sorted().count == 2)
            #expect(Set(shades.map { ($0 * 1e6).rounded() }) == Set([0.5 * p, 0.5 * (1 - p)].map { ($0 * 1e6).rounded() }))
        }
    }

    @Test(arguments: depthEffectTimes)
    func flipTurnsTheTwoSidesOfACard(_ time: Double, _ backwards: Bool) {
        let turn = Double.pi - FlipAnimator.halfTurnShortfall
        for direction in FlipAnimator.Direction.allCases {
            let (front, back, container, p) = scrub(.flip(direction), to: time, backwards: backwards)
            let eye = CGPoint(x: container.bounds.midX, y: container.bounds.midY)
            let f = Self.restingFrame(back)
            // The side that comes towards the viewer, as a unit vector from the centre across the page,
            // and the page's other direction.
            let towards: (x: Double, y: Double) = switch direction {
            case .fromLeft: (-1, 0)
            case .fromRight: (1, 0)
            case .fromTop: (0, -1)
            case .fromBottom: (0, 1)
            }
            // A point at distance u along `towards` and v across it: the card turns by `angle` so that
            // the `towards` side rises: (u cos, v, u sin) in (along, across, depth).
            func expected(_ page: View, angle: Double) -> [CGPoint] {
                Self.corners(f.size).map { c in
                    let dx = c.x - f.width / 2, dy = c.y - f.height / 2
                    let u = dx * towards.x + dy * towards.y
                    let acrossX = towards.x == 0 ? dx : 0, acrossY = towards.y == 0 ? dy : 0
                    return Self.projected(f.midX + u * cos(angle) * towards.x + acrossX,
                                          f.midY + u * cos(angle) * towards.y + acrossY, u * sin(angle),
                                          eye: eye, distance: 1000)
                }
            }
            let backDrawn = Self.corners(f.size).map { Self.drawn($0, of: back.layer) }
            let frontDrawn = Self.corners(f.size).map { Self.drawn($0, of: front.layer) }
            expectPoints(backDrawn, expected(back, angle: turn * p), tolerance: 1e-5, "\(direction) back at \(p)")
            expectPoints(frontDrawn, expected(front, angle: -turn * (1 - p)), tolerance: 1e-5, "\(direction) front at \(p)")
        }
    }

    @Test(arguments: depthEffectTimes)
    func pageCurlTurnsAPictureAboutItsTopEdge(_ time: Double, _ backwards: Bool) {
        for direction in PageCurlAnimator.Direction.allCases {
            let (front, back, container, p) = scrub(.pageCurl(direction), to: time, backwards: backwards)
            let eye = CGPoint(x: container.bounds.midX, y: container.bounds.midY)
            let page = direction == .up ? back : front
            let f = Self.restingFrame(page)
            #expect(page.isHidden)
            let sheet = temporaries(container, [front, back]).last!
            if case .snapshot = sheet.subviews[0].layer.contents {} else { Issue.record("the sheet shows no snapshot") }
            // Lifted until the viewer (1000 in front of the centre) sees the page edge-on, and a hair more.
            let lift = Double.pi / 2 + atan((eye.y - f.minY) / 1000) + 0.001
            let lifted = direction == .up ? p : 1 - p, angle = lift * lifted
            // The bottom edge comes up to h cos below the top edge and goes h sin away.
            let expected = [Self.projected(f.minX, f.minY, 0, eye: eye, distance: 1000),
                            Self.projected(f.maxX, f.minY + f.height * cos(angle), -f.height * sin(angle), eye: eye, distance: 1000)]
            let drawn = [CGPoint(x: 0, y: 0), CGPoint(x: f.width, y: f.height)].map { Self.drawn($0, of: sheet.layer) }
            expectPoints(drawn, expected, tolerance: 1e-5, "\(direction) at \(p)")
            let shade = sheet.subviews[1]
            #expect(isClose(Double(shade.layer.presentationValues().opacity), 0.45 * lifted, tolerance: 1e-6))
        }
    }

    /// Keyframed: exact at the keyframes (progress k/24, which 0, 0.5 and 1 are), within a point between
    /// them (`1 - ease(0.25)` is not a keyframe's progress).
    @Test(arguments: depthEffectTimes)
    func foldStripsMeetAtTheirCreases(_ time: Double, _ backwards: Bool) {
        let (front, back, container, p) = scrub(.fold(strips: 4), to: time, backwards: backwards)
        let eye = CGPoint(x: container.bounds.midX, y: container.bounds.midY)
        let f = Self.restingFrame(front)
        #expect(front.isHidden)
        let pieces = temporaries(container, [front, back])
        let veil = pieces[0], strips = Array(pieces.dropFirst())
        #expect(strips.count == 4)
        #expect(isClose(Double(veil.layer.presentationValues().opacity), 0.3 * p, tolerance: 1e-6))
        let onKeyframe = abs(p * 24 - (p * 24).rounded()) < 1e-9
        let theta = (Double.pi / 2 - 0.001) * (1 - p), s = f.width / 4
        for (i, strip) in strips.enumerated() {
            let left = f.minX + Double(i) * s * cos(theta), right = f.minX + Double(i + 1) * s * cos(theta)
            let (leftDepth, rightDepth) = i % 2 == 0 ? (0.0, -s * sin(theta)) : (-s * sin(theta), 0.0)
            let expected = [Self.projected(left, f.minY, leftDepth, eye: eye, distance: 1000),
                            Self.projected(right, f.maxY, rightDepth, eye: eye, distance: 1000)]
            let drawn = [CGPoint(x: 0, y: 0), CGPoint(x: s, y: f.height)].map { Self.drawn($0, of: strip.layer) }
            expectPoints(drawn, expected, tolerance: onKeyframe ? 1e-5 : 1, "strip \(i) at \(p)")
        }
    }

    @Test(arguments: depthEffectTimes)
    func portalHalvesSlideApartAndTheFrontPageGrows(_ time: Double, _ backwards: Bool) {
        let (front, back, container, p) = scrub(.portal, to: time, backwards: backwards)
        let f = Self.restingFrame(back), halves = temporaries(container, [front, back])
        #expect(back.isHidden && halves.count == 2)
        expectPoints([Self.drawn(.zero, of: halves[0].layer), Self.drawn(.zero, of: halves[1].layer)],
                     [CGPoint(x: f.minX - f.width / 2 * p, y: f.minY), CGPoint(x: f.midX + f.width / 2 * p, y: f.minY)],
                     "halves at \(p)")
        let s = 0.8 + 0.2 * p, g = Self.restingFrame(front)
        expectPoints([Self.drawn(.zero, of: front.layer)], [CGPoint(x: g.midX - g.width / 2 * s, y: g.midY - g.height / 2 * s)],
                     "front page at \(p)")
    }

    @Test(arguments: depthEffectTimes)
    func explodeTilesFlyOnStraightCoursesTurningShrinkingAndFading(_ time: Double, _ backwards: Bool) {
        // The tiles' end poses (the courses: move, turn, scale), from a forward run's model values.
        let ends = explosion(seed: 5)
        let (front, back, container, p) = scrub(.explode(seed: 5), to: time, backwards: backwards)
        let tiles = temporaries(container, [front, back])
        #expect(back.isHidden && tiles.count >= 8 && tiles.count == ends.count)
        for (tile, end) in zip(tiles, ends) {
            let e = (end.m11 * end.m11 + end.m12 * end.m12).squareRoot(), r = atan2(end.m12, end.m11)
            let s = 1 + (e - 1) * p, a = r * p, c = tile.layer.position
            let size = tile.bounds.size
            let expected = Self.corners(size).map { q -> CGPoint in
                let x = (q.x - size.width / 2) * s, y = (q.y - size.height / 2) * s
                return CGPoint(x: c.x + x * cos(a) - y * sin(a) + end.m41 * p, y: c.y + x * sin(a) + y * cos(a) + end.m42 * p)
            }
            expectPoints(Self.corners(size).map { Self.drawn($0, of: tile.layer) }, expected, tolerance: 1e-6, "tile at \(p)")
            #expect(isClose(Double(tile.layer.presentationValues().opacity), 1 - p, tolerance: 1e-6))
        }
    }

    @Test(arguments: depthEffectTimes)
    func circleRevealGrowsToTheFarthestCorner(_ time: Double, _ backwards: Bool) {
        for origin in [nil, CGPoint(x: 30, y: 500)] {
            let (front, _, _, p) = scrub(.circleReveal(from: origin), to: time, backwards: backwards)
            let b = front.bounds, o = origin ?? CGPoint(x: b.midX, y: b.midY)
            let radius = [CGPoint(x: b.minX, y: b.minY), CGPoint(x: b.maxX, y: b.minY), CGPoint(x: b.minX, y: b.maxY),
                          CGPoint(x: b.maxX, y: b.maxY)].map { hypot($0.x - o.x, $0.y - o.y) }.max()!
            let mask = front.layer.mask!.presentationValues()
            #expect(isClose(mask.bounds.width, 2 * radius * p, tolerance: 1e-6) && isClose(mask.bounds.height, 2 * radius * p, tolerance: 1e-6))
            #expect(isClose(mask.cornerRadius, radius * p, tolerance: 1e-6))
            #expect(isClose(mask.position, o))
        }
    }

    // MARK: Explode's seed

    /// The tiles' end poses of an explosion with `seed` (the model values after the push's start).
    func explosion(seed: UInt64) -> [Transform3D] {
        let (front, back, container, _) = scrub(.explode(seed: seed), to: 0.5)
        return temporaries(container, [front, back]).map(\.layer.model.transform)
    }

    @Test func explodeWithTheSameSeedGivesTheSameTilesAndAnotherSeedOthers() {
        let first = explosion(seed: 7), again = explosion(seed: 7), other = explosion(seed: 8)
        #expect(!first.isEmpty && first == again)
        #expect(first.count == other.count && first != other)
        #expect(zip(first, other).allSatisfy { $0 != $1 }, "every tile's course depends on the seed")
    }

    @Test func splitMix64GivesTheReferenceSequence() {
        // The reference outputs for seed 0 (Vigna's splitmix64.c): 0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4,
        // 0x06C45D188009454F.
        var random = SplitMix64(seed: 0)
        #expect([random.next(), random.next(), random.next()] == [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F])
    }
}
