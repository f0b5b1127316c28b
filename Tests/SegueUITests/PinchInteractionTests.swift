import Testing
@testable import SegueAnimation
@testable import SegueUI

/// The ready pinch (``PinchInteractionController``) with the Ctrl-simulated second touch: pinching in
/// pops (stock and custom animator) and dismisses, `p = 1 - s / s0`, the release rule, a new pinch
/// catching the transition, a lost pointer, and nothing happening when there is nothing to pop or the
/// pinch goes out.
@MainActor
@Suite struct PinchInteractionTests {
    let h = Harness()
    let log = CallLog()
    let delegate = AdoptingDelegate()

    /// The pages' centre in the window: under the opaque 44 pt bar the pages are 400 x 556 below it.
    static let centre = CGPoint(x: 200, y: 44 + 556 / 2)
    /// The transition view's centre in the window: it spans the whole 400 x 600 navigation view, under the
    /// bar too (UIKit's layout), so a pinch that catches in it mirrors about its centre.
    static let containerCentre = CGPoint(x: 200, y: 300)
    /// Drags go down 100 pt right of the centre (the touches 200 pt apart) and are recognized at 96 pt
    /// (192 pt apart: past the 4 pt slop), at scale s0 = 0.96.
    static let downOffset: CGFloat = 100, recognizedOffset: CGFloat = 96

    func page(_ name: String) -> LoggingViewController { LoggingViewController(name, log: log) }

    /// The pointer positions (Ctrl held) `offsets` right of the centre.
    func points(_ offsets: [CGFloat], about centre: CGPoint = Self.centre) -> [CGPoint] {
        offsets.map { CGPoint(x: centre.x + $0, y: centre.y) }
    }

    /// The offset at which the pinch reads progress `p`: s = s0 (1 - p), s = offset / 100.
    static func offset(at p: CGFloat) -> CGFloat { recognizedOffset * (1 - p) }

    func makeStack(animator: @escaping () -> (any ViewControllerAnimatedTransitioning)? = { nil })
        -> (NavigationController, [LoggingViewController], PinchInteractionController) {
        let pages = [page("A"), page("B")]
        delegate.makeAnimator = animator
        let nav = h.showStack(pages, delegate: delegate, clearing: log)
        // An opaque bar: the pinch's centre below is the page's below the bar.
        nav.navigationBar.isTranslucent = false
        h.frames(1)
        let pinch = PinchInteractionController()
        pinch.wire(to: pages[1], for: .pop)
        delegate.interaction = pinch
        return (nav, pages, pinch)
    }

    /// A Ctrl-held drag from the down offset through `offsets` (see ``Harness/drag``).
    func pinch(through offsets: [CGFloat], t0: Double = 10, release: Bool = true, hold: Double = 0.2) -> Double {
        h.drag(from: points([Self.downOffset])[0], through: points(offsets), t0: t0, release: release, hold: hold,
               modifierFlags: .control)
    }

    func settle(_ nav: NavigationController) { h.settle { nav.currentTransition != nil } }

    @Test(arguments: [false, true])
    func pinchingInScrubsThePopAndASlowReleaseDecidesByTheCommitFraction(customAnimator: Bool) {
        let (nav, pages, pinchController) = makeStack(animator: customAnimator ? { FadeOutAnimator() } : { nil })
        let w = nav.transitionView.bounds.width
        _ = pinch(through: [Self.recognizedOffset, Self.offset(at: 0.5)], release: false)
        #expect(pinchController.interactionInProgress && nav.currentTransition?.interactionController === pinchController)
        #expect(abs((nav.currentTransition?.percentComplete ?? -1) - 0.5) < 1e-9)
        if customAnimator {
            #expect(abs(pages[1].view.layer.renderedProperties.opacity - 0.5) < 1e-9)
        } else {
            #expect(abs(pages[1].view.layer.renderedProperties.frame.minX - 0.5 * w) < 1e-6)
        }
        // Back out to p = 0.25 and released at rest: the pop cancels.
        let back = points([Self.offset(at: 0.25)])[0]
        h.window.handle(.pointer(PointerEvent(phase: .moved, location: back, timestamp: 10.1, modifierFlags: .control)))
        h.frames(1)
        #expect(abs((nav.currentTransition?.percentComplete ?? -1) - 0.25) < 1e-9)
        h.window.handle(.pointer(PointerEvent(phase: .up, location: back, timestamp: 10.4, modifierFlags: .control)))
        settle(nav)
        #expect(nav.topViewController === pages[1] && nav.viewControllers.count == 2)
        checkNavigationInvariants(nav, in: h.window)
        // Again, released at rest at p = 0.4: it pops.
        _ = pinch(through: [Self.recognizedOffset, Self.offset(at: 0.2), Self.offset(at: 0.4), Self.offset(at: 0.4)], t0: 20)
        settle(nav)
        #expect(nav.topViewController === pages[0] && nav.viewControllers.count == 1)
        checkNavigationInvariants(nav, in: h.window)
    }

    @Test func aQuickPinchFinishesFromAShortTravel() {
        let (nav, pages, _) = makeStack()
        // 8 pt of offset per frame: the scale falls 0.08 per 1/60 s, 4.8 per second over s0 = 0.96: a
        // progress velocity of 5 per second (over the 1.06 flick), released at p = 24 / 96 = 0.25.
        _ = pinch(through: [96, 88, 80, 72], hold: 0)
        settle(nav)
        #expect(nav.topViewController === pages[0])
        checkNavigationInvariants(nav, in: h.window)
    }

    @Test func aNewPinchCatchesAFinishingPopWhereItIsAndPinchingOutSendsItBack() {
        let (nav, pages, pinchController) = makeStack()
        let w = nav.transitionView.bounds.width
        _ = pinch(through: [Self.recognizedOffset, Self.offset(at: 0.3), Self.offset(at: 0.6), Self.offset(at: 0.6)])
        h.frames(3)
        #expect(nav.currentTransition?.phase == .finishing && !pinchController.interactionInProgress)
        let shown = pages[1].view.layer.renderedProperties.frame.minX
        // A new pinch in the container (the moving page's model is already off screen: it lands on the
        // lower page): recognized past the slop, it takes the pop back where it is drawn.
        let inContainer = Self.containerCentre
        h.window.handle(.pointer(PointerEvent(phase: .down, location: points([Self.downOffset], about: inContainer)[0], timestamp: 11,
                                              modifierFlags: .control)))
        h.window.handle(.pointer(PointerEvent(phase: .moved, location: points([Self.recognizedOffset], about: inContainer)[0],
                                              timestamp: 11.01, modifierFlags: .control)))
        h.frames(1)
        #expect(nav.currentTransition?.phase == .interacting && pinchController.interactionInProgress)
        let caught = nav.currentTransition!.percentComplete
        #expect(abs(pages[1].view.layer.renderedProperties.frame.minX - caught * w) < 1e-6)
        #expect(abs(caught * w - shown) < 1e-6)   // no jump: caught where it was drawn
        // Pinching out to 1.7 x the recognized scale: 0.7 back from where it was caught (clamped at 0).
        let out = points([Self.recognizedOffset * 1.7], about: inContainer)[0]
        h.window.handle(.pointer(PointerEvent(phase: .moved, location: out, timestamp: 11.03, modifierFlags: .control)))
        h.frames(1)
        let expected = max(caught - 0.7, 0)
        #expect(abs(pages[1].view.layer.renderedProperties.frame.minX - expected * w) < 1e-6)
        h.window.handle(.pointer(PointerEvent(phase: .up, location: out, timestamp: 11.4, modifierFlags: .control)))
        settle(nav)
        #expect(nav.topViewController === pages[1] && nav.viewControllers.count == 2)
        checkNavigationInvariants(nav, in: h.window)
    }

    @Test func aLostPointerMidPinchIsAReleaseWithZeroVelocity() {
        let (nav, pages, pinchController) = makeStack(animator: { FadeOutAnimator() })
        let t = pinch(through: [Self.recognizedOffset, Self.offset(at: 0.1), Self.offset(at: 0.2)], release: false)
        h.cancelPointer(at: points([Self.offset(at: 0.2)])[0], at: t + 0.01)
        #expect(!pinchController.interactionInProgress)
        settle(nav)
        #expect(nav.topViewController === pages[1])
        checkNavigationInvariants(nav, in: h.window)
    }

    @Test func pinchingOutOrPinchingAtTheRootOrWithoutTheModifierDoesNothing() {
        let (nav, pages, pinchController) = makeStack()
        // The drags below go rightward from mid-page: the content pop (on by default) would pop; this is
        // about the pinch alone.
        nav.interactiveContentPopGestureRecognizer?.isEnabled = false
        _ = pinch(through: [104, 130, 160])   // out
        h.frames(2)
        #expect(nav.currentTransition == nil && !pinchController.interactionInProgress && log.entries.isEmpty)
        // Without Ctrl: an ordinary drag (the pinch fails at the down; the view keeps its touches).
        let content = TouchRecordingView(frame: pages[1].view.bounds)
        pages[1].view.addSubview(content)
        h.drag(from: points([Self.downOffset])[0], through: points([90, 60, 40]), t0: 20)
        h.frames(2)
        #expect(nav.currentTransition == nil && log.entries.isEmpty)
        #expect(content.phases == ["began", "moved", "moved", "moved", "ended"])
        // At the root: nothing to pop.
        nav.popViewController(animated: false)
        pinchController.wire(to: pages[0], for: .pop)
        h.frames(1)
        log.clear()
        _ = pinch(through: [96, 60, 40], t0: 30)
        h.frames(2)
        #expect(nav.currentTransition == nil && log.entries.isEmpty && nav.viewControllers.count == 1)
        checkNavigationInvariants(nav, in: h.window)
    }

    @Test func pinchingInDismissesAPresentedPage() {
        let home = page("Home"), sheet = page("Sheet")
        h.window.rootViewController = home
        h.frames(1)
        sheet.transitioningDelegate = delegate
        home.present(sheet, animated: false)
        h.frames(2)
        let pinchController = PinchInteractionController()
        pinchController.wire(to: sheet, for: .dismiss)
        delegate.interaction = pinchController
        // Full screen: the sheet's centre is the window's.
        let centre = CGPoint(x: 200, y: 300)
        h.drag(from: CGPoint(x: centre.x + 100, y: centre.y),
               through: [96, 60, 48, 48].map { CGPoint(x: centre.x + $0, y: centre.y) }, modifierFlags: .control)
        #expect(h.window.modalPresentations.currentTransition?.interactionController === pinchController)
        h.settle { h.window.modalPresentations.currentTransition != nil }
        #expect(home.presentedViewController == nil && sheet.viewIfLoaded?.window == nil)
        checkLayersAtRest(in: h.window)
    }
}
