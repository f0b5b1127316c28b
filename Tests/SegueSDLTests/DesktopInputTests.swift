import Foundation
import CSDL2
import SegueAnimation
import SegueUI
import Testing
@testable import SegueSDL

// Desktop input (#29) through the input translator, with synthesized SDL events: trackpad swipes, wheel
// clicks, two fingers, the back button and Alt+Left; and Reduce Motion's transitions.

private func wheel(_ dx: Float, _ dy: Float, ms: UInt32, at p: (Int32, Int32) = (400, 300), flipped: Bool = false,
                   which: UInt32 = 0) -> SDL_Event {
    var e = SDL_Event()
    e.type = SDL_MOUSEWHEEL.rawValue
    e.wheel.timestamp = ms
    e.wheel.which = which
    e.wheel.direction = flipped ? SDL_MOUSEWHEEL_FLIPPED.rawValue : SDL_MOUSEWHEEL_NORMAL.rawValue
    e.wheel.preciseX = dx
    e.wheel.preciseY = dy
    e.wheel.x = Int32(dx.rounded(.towardZero))
    e.wheel.y = Int32(dy.rounded(.towardZero))
    e.wheel.mouseX = p.0
    e.wheel.mouseY = p.1
    return e
}

/// A finger at (`x`, `y`) window points of a window of `size`.
private func finger(_ type: SDL_EventType, id: SDL_FingerID, x: Double, y: Double, ms: UInt32, size: CGSize) -> SDL_Event {
    finger(type, id: id, x: Float(x / size.width), y: Float(y / size.height), ms: ms)
}

private func ptr(_ phase: PointerEvent.Phase, _ x: Double, _ y: Double, _ t: Double, _ source: InputSource = .trackpad) -> InputEvent {
    .pointer(PointerEvent(phase: phase, location: CGPoint(x: x, y: y), timestamp: t, source: source))
}

@Suite struct TrackpadTranslationTests {
    let size = CGSize(width: 800, height: 600)
    var unit: Double { Double(TrackpadSwipe().pointsPerScrollUnit) }

    @Test func aPreciseScrollIsAPointerThatGoesDownAtTheMouseAndMovesByTheDeltas() {
        var t = InputTranslator(windowSize: size)
        #expect(t.translate(wheel(0.75, 0, ms: 1000, at: (300, 200)))
                == [ptr(.down, 300, 200, 1.0), ptr(.moved, 300 + 0.75 * unit, 200, 1.0)])
        // preciseY is positive away from the user: the fingers moving down the window give a negative one.
        #expect(t.translate(wheel(0.25, -0.5, ms: 1010)) == [ptr(.moved, 300 + unit, 200 + 0.5 * unit, 1.01)])
        #expect(t.isSwiping && t.isPointerDown)
    }

    @Test func naturalScrollingsFlippedDeltasFollowTheFingersToo() {
        var flipped = InputTranslator(windowSize: size), normal = InputTranslator(windowSize: size)
        let a = flipped.translate(wheel(-0.75, 0.25, ms: 1000, flipped: true))
        let b = normal.translate(wheel(0.75, -0.25, ms: 1000))
        #expect(a == b)
        #expect(a.last == ptr(.moved, 400 + 0.75 * unit, 300 + 0.25 * unit, 1.0))
    }

    @Test func naturalScrollingSDLDoesNotReportCanBeAssumed() {
        var t = InputTranslator(windowSize: size)
        t.trackpad.assumesNaturalScrolling = true
        // Natural scrolling inverted the deltas (fingers moving right read as a scroll left) and SDL said NORMAL.
        #expect(t.translate(wheel(-0.75, 0.25, ms: 1000)).last == ptr(.moved, 400 + 0.75 * unit, 300 + 0.25 * unit, 1.0))
        // A FLIPPED one is not inverted twice.
        #expect(t.translate(wheel(-0.5, 0, ms: 1010, flipped: true)).last == ptr(.moved, 400 + 1.25 * unit, 300 + 0.25 * unit, 1.01))
    }

    @Test func aWheelsWholeClicksNeverStartASwipe() {
        var t = InputTranslator(windowSize: size)
        for (i, d) in [(Float(0), Float(1)), (0, -1), (1, 0), (-2, 0), (0, 3)].enumerated() {
            #expect(t.translate(wheel(d.0, d.1, ms: UInt32(1000 + 16 * i))) == [])
        }
        #expect(!t.isPointerDown)
        #expect(t.endIdleSwipe(at: 5) == [])
        #expect(TrackpadSwipe.isWheelClick(preciseX: 0, preciseY: -1))
        #expect(!TrackpadSwipe.isWheelClick(preciseX: 0.5, preciseY: 0))
    }

    @Test func aWholeDeltaDuringASwipeContinuesIt() {
        var t = InputTranslator(windowSize: size)
        _ = t.translate(wheel(0.5, 0, ms: 1000))
        #expect(t.translate(wheel(1, 0, ms: 1010)) == [ptr(.moved, 400 + 1.5 * unit, 300, 1.01)])
    }

    @Test func scrollsSynthesisedFromTouchAreIgnored() {
        var t = InputTranslator(windowSize: size)
        #expect(t.translate(wheel(0.5, 0, ms: 1000, which: segue_SDL_TOUCH_MOUSEID())) == [])
    }

    @Test func theSwipeEndsAtTheLastDeltaOnceNoneCameForTheGap() {
        var t = InputTranslator(windowSize: size)
        let gap = t.trackpad.endGap
        _ = t.translate(wheel(0.5, 0, ms: 1000))
        _ = t.translate(wheel(0.5, 0, ms: 1020))
        #expect(t.endIdleSwipe(at: 1.020 + gap - 0.001) == [])
        // Up where the last delta left it, stamped with its time: the release velocity is the deltas'.
        #expect(t.endIdleSwipe(at: 1.020 + gap) == [ptr(.up, 400 + unit, 300, 1.02)])
        #expect(!t.isPointerDown)
        // A later scroll starts a new swipe where the mouse is; an event after the gap ends the old one first.
        _ = t.translate(wheel(0.5, 0, ms: 2000))
        #expect(t.translate(wheel(0.25, 0, ms: 2000 + UInt32(gap * 1000) + 50))
                == [ptr(.up, 400 + 0.5 * unit, 300, 2.0), ptr(.down, 400, 300, 2.2), ptr(.moved, 400 + 0.25 * unit, 300, 2.2)])
    }

    @Test func aClickOrFocusLossEndsTheSwipe() {
        var t = InputTranslator(windowSize: size)
        _ = t.translate(wheel(0.5, 0, ms: 1000))
        #expect(t.translate(mouseButton(SDL_MOUSEBUTTONDOWN, button: SDL_BUTTON_LEFT, x: 10, y: 20, ms: 1050))
                == [ptr(.up, 400 + 0.5 * unit, 300, 1.0), ptr(.down, 10, 20, 1.05, .mouse)])
        _ = t.translate(mouseButton(SDL_MOUSEBUTTONUP, button: SDL_BUTTON_LEFT, x: 10, y: 20, ms: 1060))
        _ = t.translate(wheel(0.5, 0, ms: 1070))
        var lost = SDL_Event()
        lost.type = SDL_WINDOWEVENT.rawValue
        lost.window.event = UInt8(SDL_WINDOWEVENT_FOCUS_LOST.rawValue)
        lost.window.timestamp = 1080
        #expect(t.translate(lost) == [ptr(.cancelled, 400 + 0.5 * unit, 300, 1.08), .window(.focusLost)])
    }

    @Test func theBackButtonAndAltLeftAreTheKeyBack() {
        var t = InputTranslator(windowSize: size)
        #expect(t.translate(mouseButton(SDL_MOUSEBUTTONDOWN, button: SDL_BUTTON_X1, ms: 1000))
                == [.key(KeyEvent(key: .back, isDown: true, timestamp: 1, source: .backButton))])
        #expect(t.translate(mouseButton(SDL_MOUSEBUTTONUP, button: SDL_BUTTON_X1, ms: 1100))
                == [.key(KeyEvent(key: .back, isDown: false, timestamp: 1.1, source: .backButton))])
        _ = t.translate(key(SDL_KEYDOWN, SDLK_LALT, mod: KMOD_LALT, ms: 2000))
        #expect(t.translate(key(SDL_KEYDOWN, SDLK_LEFT, mod: KMOD_LALT, ms: 2010)) == [.key(KeyEvent(key: .back, timestamp: 2.01))])
        // Alt let go first: the Left key's release is still Back's.
        _ = t.translate(key(SDL_KEYUP, SDLK_LALT, ms: 2020))
        #expect(t.translate(key(SDL_KEYUP, SDLK_LEFT, ms: 2030)) == [.key(KeyEvent(key: .back, isDown: false, timestamp: 2.03))])
        #expect(t.translate(key(SDL_KEYDOWN, SDLK_LEFT, ms: 2040)) == [.key(KeyEvent(key: .left, timestamp: 2.04))])
        // Ctrl+Alt+Left is not Back (desktops switch workspaces with it).
        #expect(t.translate(key(SDL_KEYDOWN, SDLK_LEFT, mod: SDL_Keymod(KMOD_LALT.rawValue | KMOD_LCTRL.rawValue), ms: 2050))
                == [.key(KeyEvent(key: .left, timestamp: 2.05))])
        // SDL spells the key Back as "AC Back", which replay scripts name.
        #expect(SDL_GetKeyFromName(Key.back.name) == SDL_Keycode(SDLK_AC_BACK.rawValue))
    }

    @Test func theBackButtonMidDragCancelsTheDragAsAnySecondButtonDoes() {
        var t = InputTranslator(windowSize: size)
        _ = t.translate(mouseButton(SDL_MOUSEBUTTONDOWN, button: SDL_BUTTON_LEFT, x: 10, y: 20, ms: 1000))
        #expect(t.translate(mouseButton(SDL_MOUSEBUTTONDOWN, button: SDL_BUTTON_X1, x: 12, y: 20, ms: 1010)) == [ptr(.cancelled, 12, 20, 1.01, .mouse)])
    }
}

/// A window of 800 x 600 run frame by frame on a virtual clock, its input coming through an
/// ``InputTranslator`` from SDL events, as the window host runs one.
@MainActor
final class TranslatedWindowRig {
    static let size = CGSize(width: 800, height: 600)
    let clock = VirtualClock()
    let window: Window
    var translator = InputTranslator(windowSize: TranslatedWindowRig.size)
    /// Records every input delivered, when set.
    var recorder: InputRecorder?

    init(root: ViewController) {
        window = Window(clock: clock, size: Self.size)
        window.rootViewController = root
        window.runFrame(input: [.window(.resized(Self.size))])
    }

    /// The current frame's time in whole milliseconds (SDL's event timestamps).
    var ms: UInt32 { UInt32((clock.now * 1000).rounded()) }

    /// Runs the next frame with the SDL events `make` builds for its time (milliseconds), then whatever
    /// the translator ends by the frame's time.
    func frame(_ make: (UInt32) -> [SDL_Event] = { _ in [] }) {
        clock.advance(frames: 1)
        var input: [InputEvent] = []
        for e in make(ms) { input += translator.translate(e) }
        input += translator.endIdleSwipe(at: clock.now)
        for event in input { recorder?.record(event, clockTime: clock.now) }
        window.runFrame(input: input)
    }

    func frames(_ n: Int) { for _ in 0..<n { frame() } }

    /// Frames until `done` holds (at most `limit`).
    func run(until done: () -> Bool, limit: Int = 300) {
        var n = 0
        while !done() && n < limit { frame(); n += 1 }
    }

    /// Where `view` is drawn this frame, in window points.
    func drawn(_ view: View) -> CGRect? { TraceView(id: "", view: view, in: window)?.frame }
    func alpha(_ view: View) -> Double? { TraceView(id: "", view: view, in: window)?.alpha }
}

@MainActor
@Suite(.serialized) struct TrackpadSwipeSceneTests {
    /// A stack of two pages (the second pushed unanimated), filling the window.
    func stack() -> (TranslatedWindowRig, NavigationController, ViewController) {
        let nav = NavigationController(rootViewController: ViewController())
        let top = ViewController()
        nav.pushViewController(top, animated: false)
        let rig = TranslatedWindowRig(root: nav)
        rig.frames(1)
        return (rig, nav, top)
    }

    /// Sends `count` horizontal deltas of `dx` units, one a frame, and checks after each that the pop's
    /// progress is where its rule puts it: the fingers' travel (the deltas times the points a unit) less the
    /// pop slop, as an edge drag's travel, over the width. The page is drawn through the tracking spring:
    /// behind the fingers moving on, never ahead of them by more than its swing. In the frame the pop begins in the page is still
    /// at 0, as with an edge drag (the pop starts there; it follows from the next delta on).
    func swipe(_ rig: TranslatedWindowRig, page: ViewController, nav: NavigationController, count: Int, dx: Float) {
        let unit = Double(rig.translator.trackpad.pointsPerScrollUnit)
        let slop = nav.transitionSettings.popSlop
        let w = nav.transitionView.bounds.width
        var followed = 0
        for k in 1...count {
            let running = nav.currentTransition != nil
            rig.frame { ms in [wheel(dx, 0, ms: ms, at: (500, 300))] }
            let travel = Double(k) * Double(dx) * unit
            let expected = running ? min(max(travel - slop, 0), w) : 0
            if running {
                #expect(abs((nav.currentTransition?.percentComplete ?? -1) * w - expected) < 1e-6, "delta \(k): travel \(travel)")
            }
            let drawn = rig.drawn(page.view)?.minX ?? -1
            // Ahead at most by the tracking spring's swing past fingers that stop (damping 0.85: under 2 pt).
            #expect(drawn >= 0 && drawn <= expected + 2, "delta \(k): drawn at \(drawn), the fingers at \(expected)")
            if travel > slop {
                #expect(nav.currentTransition?.isInteractive == true)
                if running { followed += 1 }
            }
        }
        #expect(followed >= count - 2)
    }

    @Test func aPreciseHorizontalSwipeScrubsThePopByExactlyItsDeltasAndFinishesPastTheCommitFraction() {
        let (rig, nav, top) = stack()
        // 40 deltas of 0.75 units (7.5 pt each frame, 450 pt/s = 0.56 W/s: no flick): 300 pt of travel,
        // the page at 286 pt = 0.3575 W, past the commit fraction (0.3).
        swipe(rig, page: top, nav: nav, count: 40, dx: 0.75)
        let w = nav.transitionView.bounds.width
        let p = (300 - nav.transitionSettings.popSlop) / w
        #expect(p > nav.transitionSettings.commitFraction && 450 / w < nav.transitionSettings.flickVelocity)
        rig.run(until: { nav.currentTransition == nil })
        #expect(nav.viewControllers.count == 1)
    }

    @Test func aShortSwipeIsCancelledByTheRule() {
        let (rig, nav, top) = stack()
        // 20 deltas: 150 pt of travel, the page at 136 pt = 0.17 W, slow: it goes back.
        swipe(rig, page: top, nav: nav, count: 20, dx: 0.75)
        rig.run(until: { nav.currentTransition == nil })
        #expect(nav.viewControllers.count == 2 && nav.topViewController === top)
        #expect(rig.drawn(top.view)?.minX == 0)
    }

    @Test func aQuickSwipeFinishesFromAShortTravelByTheVelocityOfItsLastDeltas() {
        let (rig, nav, top) = stack()
        // 10 deltas of 2.5 units a frame: 25 pt every 1/60 s = 1500 pt/s = 1.875 W/s, past the flick
        // velocity; the page at 236 pt = 0.295 W, short of the commit fraction: the flick decides.
        swipe(rig, page: top, nav: nav, count: 10, dx: 2.5)
        #expect((250 - nav.transitionSettings.popSlop) / 800 < nav.transitionSettings.commitFraction)
        rig.run(until: { nav.currentTransition == nil })
        #expect(nav.viewControllers.count == 1)
    }

    @Test func aWheelsClicksDoNothing() {
        let (rig, nav, top) = stack()
        for _ in 0..<30 { rig.frame { ms in [wheel(1, 0, ms: ms), wheel(0, -1, ms: ms)] } }
        rig.frames(20)
        #expect(nav.currentTransition == nil && nav.viewControllers.count == 2)
        #expect(rig.drawn(top.view)?.minX == 0)
    }

    @Test func aSwipeCatchesAFinishingPopWhereItIsDrawn() {
        let (rig, nav, top) = stack()
        swipe(rig, page: top, nav: nav, count: 40, dx: 0.75)
        // Released: a few frames after the gap the page springs on towards the end.
        rig.frames(Int((rig.translator.trackpad.endGap * 60).rounded(.up)) + 3)
        #expect(nav.currentTransition != nil && nav.currentTransition?.isInteractive == false)
        let x = rig.drawn(top.view)?.minX ?? 0
        #expect(x > 286)
        // A new swipe with the mouse over the moving page catches it there (no jump, no slop) and drags it back.
        rig.frame { ms in [wheel(-0.5, 0, ms: ms, at: (Int32(x) + 100, 300))] }
        #expect(abs((nav.currentTransition?.percentComplete ?? 0) * nav.transitionView.bounds.width - (x - 5)) < 1e-6)
        #expect(abs((rig.drawn(top.view)?.minX ?? 0) - x) < 5)   // no jump: on its way from x to the fingers
        for _ in 0..<60 { rig.frame { ms in [wheel(-0.5, 0, ms: ms, at: (Int32(x) + 100, 300))] } }
        rig.run(until: { nav.currentTransition == nil })
        #expect(nav.viewControllers.count == 2)
    }
}

@MainActor
@Suite(.serialized) struct BackInputTests {
    func stack(pages: Int) -> (TranslatedWindowRig, NavigationController) {
        let nav = NavigationController(rootViewController: ViewController())
        for _ in 1..<pages { nav.pushViewController(ViewController(), animated: false) }
        let rig = TranslatedWindowRig(root: nav)
        rig.frames(1)
        return (rig, nav)
    }

    @Test func theMouseBackButtonPopsTheTopPageAnimated() {
        let (rig, nav) = stack(pages: 2)
        rig.frame { ms in [mouseButton(SDL_MOUSEBUTTONDOWN, button: SDL_BUTTON_X1, ms: ms)] }
        #expect(nav.currentTransition?.kind == .pop && nav.currentTransition?.isInteractive == false)
        #expect(rig.window.lastInputSource == .backButton)
        rig.frame { ms in [mouseButton(SDL_MOUSEBUTTONUP, button: SDL_BUTTON_X1, ms: ms)] }
        rig.run(until: { nav.currentTransition == nil })
        #expect(nav.viewControllers.count == 1)
        // At the root, nothing happens.
        rig.frame { ms in [mouseButton(SDL_MOUSEBUTTONDOWN, button: SDL_BUTTON_X1, ms: ms), mouseButton(SDL_MOUSEBUTTONUP, button: SDL_BUTTON_X1, ms: ms)] }
        #expect(nav.currentTransition == nil && nav.viewControllers.count == 1)
    }

    @Test func altLeftPopsAndABackDuringATransitionIsQueued() {
        let (rig, nav) = stack(pages: 3)
        rig.frame { ms in [key(SDL_KEYDOWN, SDLK_LALT, mod: KMOD_LALT, ms: ms), key(SDL_KEYDOWN, SDLK_LEFT, mod: KMOD_LALT, ms: ms)] }
        #expect(nav.currentTransition?.kind == .pop)
        #expect(rig.window.lastInputSource == .keyboard)
        // A second Back while the pop animates waits for it, then pops again.
        rig.frame { ms in [key(SDL_KEYUP, SDLK_LEFT, mod: KMOD_LALT, ms: ms), key(SDL_KEYDOWN, SDLK_LEFT, mod: KMOD_LALT, ms: ms)] }
        #expect(nav.viewControllers.count == 2 && rig.window.transitionRequests.waitingCount == 1)
        rig.run(until: { nav.currentTransition == nil && rig.window.transitionRequests.waitingCount == 0 })
        #expect(nav.viewControllers.count == 1)
    }

    @Test func backPopsTheStackOfTheSelectedTab() {
        let stacks = (0..<2).map { _ in NavigationController(rootViewController: ViewController()) }
        stacks[1].pushViewController(ViewController(), animated: false)
        let tabs = TabBarController()
        tabs.viewControllers = stacks
        tabs.selectedIndex = 1
        let rig = TranslatedWindowRig(root: tabs)
        rig.frames(1)
        #expect(rig.window.backNavigationController === stacks[1])
        rig.frame { ms in [mouseButton(SDL_MOUSEBUTTONDOWN, button: SDL_BUTTON_X1, ms: ms)] }
        rig.run(until: { stacks[1].currentTransition == nil })
        #expect(stacks[1].viewControllers.count == 1 && rig.window.backNavigationController == nil)
    }
}

@MainActor
@Suite(.serialized) struct TwoFingerTests {
    @Test func twoFingersPinchingInPopThroughThePinchInteractionController() {
        let nav = NavigationController(rootViewController: ViewController())
        let top = ViewController()
        let pinch = PinchInteractionController()
        pinch.wire(to: top, for: .pop)
        nav.transitionEffect = .zoom()
        nav.effectInteractionController = pinch
        nav.pushViewController(top, animated: false)
        let rig = TranslatedWindowRig(root: nav)
        rig.frames(1)
        let size = TranslatedWindowRig.size
        let c = rig.drawn(top.view).map { CGPoint(x: $0.midX, y: $0.midY) } ?? .zero
        // Two fingers 300 pt apart about the page's centre, brought together over 20 frames to 60 pt apart.
        rig.frame { ms in [finger(SDL_FINGERDOWN, id: 1, x: c.x - 150, y: c.y, ms: ms, size: size),
                           finger(SDL_FINGERDOWN, id: 2, x: c.x + 150, y: c.y, ms: ms, size: size)] }
        #expect(pinch.gestureRecognizer.numberOfTouches == 2)
        for k in 1...20 {
            let half = 150 - 6 * Double(k)
            rig.frame { ms in [finger(SDL_FINGERMOTION, id: 1, x: c.x - half, y: c.y, ms: ms, size: size),
                               finger(SDL_FINGERMOTION, id: 2, x: c.x + half, y: c.y, ms: ms, size: size)] }
        }
        #expect(pinch.interactionInProgress && nav.currentTransition?.interactionController === pinch)
        let percent = nav.currentTransition?.percentComplete ?? 0
        #expect(percent > 0.5)
        rig.frames(10)   // held still, then lifted: released at rest past the commit fraction
        rig.frame { ms in [finger(SDL_FINGERUP, id: 2, x: c.x + 30, y: c.y, ms: ms, size: size),
                           finger(SDL_FINGERUP, id: 1, x: c.x - 30, y: c.y, ms: ms, size: size)] }
        rig.run(until: { nav.currentTransition == nil })
        #expect(nav.viewControllers.count == 1)
    }

    @Test func oneFingerStillDragsAsBeforeAndDoesNotPinch() {
        let nav = NavigationController(rootViewController: ViewController())
        let top = ViewController()
        let pinch = PinchInteractionController()
        pinch.wire(to: top, for: .pop)
        nav.pushViewController(top, animated: false)
        let rig = TranslatedWindowRig(root: nav)
        rig.frames(1)
        let size = TranslatedWindowRig.size
        // An edge drag with one finger scrubs the pop as the mouse does: the page at the travel less the slop.
        rig.frame { ms in [finger(SDL_FINGERDOWN, id: 7, x: 5, y: 300, ms: ms, size: size)] }
        for k in 1...10 {
            rig.frame { ms in [finger(SDL_FINGERMOTION, id: 7, x: 5 + 10 * Double(k), y: 300, ms: ms, size: size)] }
        }
        #expect(!pinch.interactionInProgress && nav.currentTransition?.isInteractive == true)
        let w = nav.transitionView.bounds.width
        #expect(abs((nav.currentTransition?.percentComplete ?? 0) * w - (100 - nav.transitionSettings.popSlop)) < 1e-3)
        // Drawn through the tracking spring: behind the moving finger (10 pt a frame), by less than its
        // steady lag (2 x 0.85 / (2pi / 0.08) s x 600 pt/s = 13 pt) plus a frame's travel.
        let drawn = rig.drawn(top.view)?.minX ?? 0
        #expect(drawn < 100 - nav.transitionSettings.popSlop && drawn > 100 - nav.transitionSettings.popSlop - 23)
    }
}

@MainActor
@Suite(.serialized) struct ReduceMotionTests {
    @Test func underReduceMotionAPushAndAPopCrossFadeInPlace() {
        let nav = NavigationController(rootViewController: ViewController())
        let rig = TranslatedWindowRig(root: nav)
        rig.window.isReduceMotionEnabled = true
        rig.frames(1)
        let pushed = ViewController()
        nav.pushViewController(pushed, animated: true)
        var alphas: [Double] = []
        rig.run(until: {
            if let r = rig.drawn(pushed.view) { #expect(r.minX == 0) }   // never slides
            if let a = rig.alpha(pushed.view) { alphas.append(a) }
            return nav.currentTransition == nil
        })
        #expect(alphas.count > 5 && alphas.contains { $0 > 0.2 && $0 < 0.8 } && alphas.last == 1)
        #expect(alphas == alphas.sorted())
        // The pop fades the page out where it is.
        _ = nav.popViewController(animated: true)
        rig.frames(5)
        #expect(rig.drawn(pushed.view)?.minX == 0 && (rig.alpha(pushed.view) ?? 1) < 1)
        rig.run(until: { nav.currentTransition == nil })
        #expect(nav.viewControllers.count == 1)
    }

    @Test func withoutReduceMotionThePushSlides() {
        let nav = NavigationController(rootViewController: ViewController())
        let rig = TranslatedWindowRig(root: nav)
        rig.frames(1)
        let pushed = ViewController()
        nav.pushViewController(pushed, animated: true)
        rig.frames(5)
        #expect((rig.drawn(pushed.view)?.minX ?? 0) > 100)
    }

    @Test func underReduceMotionATrackpadPopStillFollowsTheFingers() {
        let nav = NavigationController(rootViewController: ViewController())
        let top = ViewController()
        nav.pushViewController(top, animated: false)
        let rig = TranslatedWindowRig(root: nav)
        rig.window.isReduceMotionEnabled = true
        rig.frames(1)
        for _ in 1...20 { rig.frame { ms in [wheel(0.75, 0, ms: ms)] } }
        let w = nav.transitionView.bounds.width
        #expect(abs((nav.currentTransition?.percentComplete ?? 0) * w - (150 - nav.transitionSettings.popSlop)) < 1e-6)
        // Slides (no cross-fade) after the fingers, through the tracking spring.
        let drawn = rig.drawn(top.view)?.minX ?? 0
        #expect(drawn > 100 && drawn < 150 - nav.transitionSettings.popSlop)
    }

    @Test func underReduceMotionATabSwitchCrossFadesAndAStockSheetFades() {
        let pages = [ViewController(), ViewController()]
        let tabs = TabBarController()
        tabs.viewControllers = pages
        tabs.selectsWithArrowKeys = true
        let rig = TranslatedWindowRig(root: tabs)
        rig.window.isReduceMotionEnabled = true
        rig.frames(1)
        rig.frame { ms in [key(SDL_KEYDOWN, SDLK_RIGHT, ms: ms), key(SDL_KEYUP, SDLK_RIGHT, ms: ms)] }
        #expect(tabs.currentTransition?.kind == .tab)
        rig.frames(5)
        #expect(rig.drawn(pages[1].view)?.minX == 0 && (rig.alpha(pages[1].view) ?? 1) < 1)
        rig.run(until: { tabs.currentTransition == nil })
        #expect(tabs.selectedIndex == 1)
        let sheet = ViewController()
        sheet.modalPresentationStyle = .fullScreen
        tabs.present(sheet, animated: true)
        rig.frames(5)
        #expect(rig.drawn(sheet.view)?.minY == 0 && (rig.alpha(sheet.view) ?? 1) < 1)
        rig.run(until: { rig.window.modalPresentations.currentTransition == nil })
        #expect(rig.alpha(sheet.view) == 1)
    }
}

@MainActor
@Suite(.serialized) struct TrackpadRecordingTests {
    @Test func theRecorderWritesASwipeAsWheelEventsThatReplayToTheSamePop() throws {
        let nav = NavigationController(rootViewController: ViewController())
        nav.pushViewController(ViewController(), animated: false)
        let rig = TranslatedWindowRig(root: nav)
        rig.recorder = InputRecorder(size: TranslatedWindowRig.size, startTime: rig.clock.now)
        for _ in 0..<40 { rig.frame { ms in [wheel(0.75, 0, ms: ms, at: (500, 300))] } }
        rig.run(until: { nav.currentTransition == nil })
        #expect(nav.viewControllers.count == 1)
        let script = try #require(rig.recorder).script(endingAt: rig.clock.now)
        // One wheel event a delta, at the swipe's start (the mouse), in SDL's units; nothing else.
        #expect(script.events.count == 40)
        #expect(script.events.allSatisfy { $0.kind == .wheel(dx: 0.75, dy: 0, at: CGPoint(x: 500, y: 300)) })
        // Written out and read back, then replayed on the same stack: the same pop, finished.
        let again = try ReplayScript(parsing: Data(script.jsonText.utf8), file: "recorded.json")
        let driver = ReplayDriver(script: again)
        let replayed = NavigationController(rootViewController: ViewController())
        replayed.pushViewController(ViewController(), animated: false)
        let window = Window(clock: driver.clock, size: driver.windowSize)
        window.rootViewController = replayed
        var popped = false
        _ = try driver.run(window, afterFrame: { _ in if replayed.currentTransition?.kind == .pop { popped = true } })
        #expect(popped && replayed.viewControllers.count == 1)
    }
}

@MainActor
@Suite(.serialized) struct ReduceMotionEffectTests {
    /// A presentation with a catalogue effect (a cube turning the page in 3D) cross-fades instead under
    /// Reduce Motion, and turns without it.
    @Test(arguments: [false, true]) func anEffectsPresentationCrossFadesUnderReduceMotion(reduceMotion: Bool) {
        let root = ViewController()
        let rig = TranslatedWindowRig(root: root)
        rig.window.isReduceMotionEnabled = reduceMotion
        rig.frames(1)
        let sheet = ViewController()
        sheet.modalTransitionEffect = .cube()
        root.present(sheet, animated: true)
        rig.frames(8)
        let drawn = rig.drawn(sheet.view) ?? .zero
        let alpha = rig.alpha(sheet.view) ?? 0
        if reduceMotion {
            #expect(drawn == rig.window.bounds && alpha > 0 && alpha < 1)
        } else {
            #expect(drawn != rig.window.bounds)
        }
        rig.run(until: { rig.window.modalPresentations.currentTransition == nil })
        #expect(rig.drawn(sheet.view) == rig.window.bounds && rig.alpha(sheet.view) == 1)
    }
}
