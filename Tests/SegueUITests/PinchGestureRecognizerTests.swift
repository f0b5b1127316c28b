import Testing
@testable import SegueAnimation
@testable import SegueUI

/// The pinch (``PinchGestureRecognizer``) with its second touch simulated by a modifier key: scale
/// relative to the distance at the down, the slop, the velocity, the mirrored touch, and when it fails.
@MainActor
@Suite struct PinchGestureRecognizerTests {
    let h = Harness()
    let pinch = PinchGestureRecognizer()
    /// The view's centre in the window (it fills the 400 x 600 window).
    let centre = CGPoint(x: 200, y: 300)

    init() {
        let view = View(frame: CGRect(origin: .zero, size: Harness.size))
        h.window.addSubview(view)
        view.addGestureRecognizer(pinch)
    }

    func send(_ phase: PointerEvent.Phase, _ x: CGFloat, at t: Double, _ flags: KeyModifierFlags = .control) {
        h.window.handle(.pointer(PointerEvent(phase: phase, location: CGPoint(x: x, y: centre.y), timestamp: t, modifierFlags: flags)))
    }

    @Test func theScaleIsTheDistanceOverTheDistanceAtTheDownAndItBeginsPastTheSlop() {
        var seen: [(GestureRecognizer.State, CGFloat)] = []
        pinch.addAction { r in seen.append((r.state, r.scale)) }
        send(.down, 300, at: 1)   // 100 pt right of the centre: the touches are 200 pt apart
        #expect(pinch.numberOfTouches == 2)
        #expect(pinch.location(in: nil) == centre)
        #expect(pinch.location(ofTouch: 1, in: nil) == CGPoint(x: 100, y: 300))   // the mirror image
        send(.moved, 298, at: 1.01)   // 196 pt apart: 4 pt, not past the 4 pt slop
        #expect(pinch.state == .possible && seen.isEmpty)
        send(.moved, 297, at: 1.02)   // 194 pt apart: began, at scale 194 / 200
        #expect(seen.count == 1 && seen[0].0 == .began && seen[0].1 == 0.97)
        send(.moved, 250, at: 1.03)
        #expect(seen.last!.0 == .changed && seen.last!.1 == 0.5)
        send(.moved, 400, at: 1.04)   // pinching out past the start
        #expect(seen.last!.1 == 2)
        send(.up, 400, at: 1.3)
        #expect(seen.last!.0 == .ended)
        #expect(pinch.state == .possible)   // reset after the sequence
    }

    @Test func theVelocityIsTheScalesRateOfChange() {
        var released: CGFloat?
        pinch.addAction { r in if r.state == .ended { released = r.velocity } }
        // 10 pt per 1/60 s towards the centre: the distance shrinks 1200 pt/s, 6 start distances per second.
        send(.down, 300, at: 1)
        for i in 1...6 { send(.moved, 300 - 10 * CGFloat(i), at: 1 + Double(i) / 60) }
        send(.up, 240, at: 1 + 6.0 / 60)
        #expect(abs((released ?? 0) + 6) < 1e-6)
    }

    @Test func aDownWithoutTheModifierFailsAtOnceAndAltWorksLikeCtrl() {
        send(.down, 300, at: 1, [])
        #expect(pinch.state == .failed)
        send(.up, 300, at: 1.1, [])
        send(.down, 300, at: 2, .alternate)
        #expect(pinch.state == .possible && pinch.numberOfTouches == 2)
        send(.moved, 250, at: 2.02, .alternate)
        #expect(pinch.state == .began && pinch.scale == 0.5)
        send(.up, 250, at: 2.3, .alternate)
    }

    @Test func aDownOnTheCentreFailsTheTouchesWouldStartOnTopOfEachOther() {
        send(.down, centre.x + PinchGestureRecognizer.minimumStartSeparation / 2 - 1, at: 1)
        #expect(pinch.state == .failed)
        send(.up, 200, at: 1.1)
        send(.down, centre.x + PinchGestureRecognizer.minimumStartSeparation / 2, at: 2)
        #expect(pinch.state == .possible)
        send(.up, 200, at: 2.1)
    }

    @Test func releasingTheModifierLiftsTheSecondTouchAndEndsThePinch() {
        send(.down, 300, at: 1)
        send(.moved, 260, at: 1.02)
        #expect(pinch.state == .began)
        send(.moved, 250, at: 1.04, [])   // Ctrl let go
        #expect(pinch.state == .ended)
        send(.up, 250, at: 1.3, [])
        // Let go before the pinch began: it fails.
        send(.down, 300, at: 2)
        send(.moved, 299, at: 2.02, [])
        #expect(pinch.state == .failed)
        send(.up, 299, at: 2.3, [])
    }

    @Test func settingTheScaleMakesTheCurrentDistanceReadAsIt() {
        send(.down, 300, at: 1)
        send(.moved, 250, at: 1.02)
        pinch.scale = 1
        send(.moved, 225, at: 1.04)   // 50 of the 100 pt it read as 1
        #expect(pinch.scale == 0.5)
        send(.up, 225, at: 1.3)
    }
}
