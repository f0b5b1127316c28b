import Foundation
import SegueAnimation
import Testing
@testable import SegueUI

/// Where a view in flight takes touches: where it is drawn under a property animator (UIKit's default),
/// at its model geometry with manual hit testing or in a `View.animate` block.
@MainActor
@Suite struct AnimatorHitTestingTests {
    let h = Harness()
    /// How far the view travels to the right, in points (the 0 -> 300 move of the scenario).
    static let travel = 300.0
    /// Its frame before the move: 50x50 at the top left, centre (25, 125).
    static let start = CGRect(x: 0, y: 100, width: 50, height: 50)
    /// Half of the 1 s linear run: on screen the centre is at x 25 + 150 = 175, in the model at 325.
    static let drawnCentre = CGPoint(x: 175, y: 125)
    static let modelCentre = CGPoint(x: 325, y: 125)

    func addMover() -> TouchLoggingView {
        let view = TouchLoggingView(frame: Self.start)
        h.window.addSubview(view)
        h.frames(1)
        return view
    }

    /// Starts the animator, runs the frame that begins it and half a second more.
    func runHalfWay(_ animator: ViewPropertyAnimator) {
        animator.startAnimation()
        h.frames(1)
        h.frames(30)
    }

    @Test func viewMovedByAnAnimatorIsHitWhereItIsDrawnMidFlightAndNotAtItsModelPosition() {
        let view = addMover()
        let animator = ViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x += Self.travel }
        runHalfWay(animator)
        #expect(isClose(view.layer.renderedProperties.position, Self.drawnCentre))
        #expect(view.center == Self.modelCentre)
        #expect(h.window.hitTest(Self.drawnCentre, with: nil) === view)
        #expect(h.window.hitTest(CGPoint(x: 151, y: 101), with: nil) === view, "the drawn frame's top-left corner")
        #expect(h.window.hitTest(Self.modelCentre, with: nil) === h.window)
    }

    @Test func tapOnAViewInFlightLandsOnIt() {
        let view = addMover()
        let animator = ViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x += Self.travel }
        runHalfWay(animator)
        h.down(Self.drawnCentre.x, Self.drawnCentre.y, at: 1)
        h.up(Self.drawnCentre.x, Self.drawnCentre.y, at: 1.05)
        #expect(view.log == ["began", "ended"])
    }

    @Test func subviewOfAViewInFlightIsHitWhereItIsDrawn() {
        let view = addMover()
        let badge = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.addSubview(badge)
        let animator = ViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x += Self.travel }
        runHalfWay(animator)
        // The badge is drawn at x 150...160, y 100...110; its model place is x 300...310.
        #expect(h.window.hitTest(CGPoint(x: 155, y: 105), with: nil) === badge)
        #expect(h.window.hitTest(CGPoint(x: 305, y: 105), with: nil) === h.window)
    }

    @Test func animatorWithManualHitTestingHitsTheModelPosition() {
        let view = addMover()
        let animator = ViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x += Self.travel }
        animator.isManualHitTestingEnabled = true
        runHalfWay(animator)
        #expect(isClose(view.layer.renderedProperties.position, Self.drawnCentre))
        #expect(h.window.hitTest(Self.modelCentre, with: nil) === view)
        #expect(h.window.hitTest(Self.drawnCentre, with: nil) === h.window)
    }

    @Test func viewAnimatedWithAllowUserInteractionIsHitAtItsModelPosition() {
        let view = addMover()
        View.animate(withDuration: 1, delay: 0, options: [.allowUserInteraction, .curveLinear]) {
            view.center.x += Self.travel
        }
        h.frames(1)
        h.frames(30)
        #expect(isClose(view.layer.renderedProperties.position, Self.drawnCentre))
        #expect(h.window.hitTest(Self.modelCentre, with: nil) === view)
        #expect(h.window.hitTest(Self.drawnCentre, with: nil) === h.window)
    }

    @Test func viewAnimatedWithoutAllowUserInteractionIsHitNowhereInFlight() {
        let view = addMover()
        View.animate(withDuration: 1, delay: 0, options: [.curveLinear]) { view.center.x += Self.travel }
        h.frames(1)
        h.frames(30)
        #expect(h.window.hitTest(Self.modelCentre, with: nil) === h.window)
        #expect(h.window.hitTest(Self.drawnCentre, with: nil) === h.window)
    }

    @Test func viewIsHitAtItsModelPositionAgainOnceTheAnimatorEnds() {
        let view = addMover()
        let animator = ViewPropertyAnimator(duration: 1, curve: .linear) { view.center.x += Self.travel }
        runHalfWay(animator)
        h.frames(31)
        #expect(animator.state == .inactive)
        #expect(!view.layer.hitTestsPresentationGeometry)
        #expect(h.window.hitTest(Self.modelCentre, with: nil) === view)
    }
}
