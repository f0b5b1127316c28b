import Foundation
import Testing
import SegueAnimation
@testable import SegueUI

@MainActor
@Suite struct ViewAnimationTests {
    @Test func animateMovesTheViewAlongTheDefaultCurveAndCompletesOnce() {
        let s = AnimationTestScene()
        let view = s.addView(CGRect(x: 0, y: 0, width: 100, height: 100))
        var completions: [Bool] = []
        View.animate(withDuration: 0.5, animations: {
            view.center = CGPoint(x: 250, y: 50)
            view.alpha = 0
        }, completion: { completions.append($0) })
        #expect(view.center == CGPoint(x: 250, y: 50))  // the model changes at once
        s.startFrame()
        #expect(view.shownFrame.origin.x == 0)
        s.step(15)  // 0.25 s of 0.5: the ease-in-ease-out curve is at 0.5 by symmetry
        #expect(abs(view.shownFrame.origin.x - 100) < 1e-9)
        #expect(abs(view.shownAlpha - 0.5) < 1e-9)
        s.step(14)
        #expect(completions.isEmpty)
        s.step()
        #expect(completions == [true])
        #expect(view.shownFrame.origin.x == 200)
        s.step(30)
        #expect(completions == [true])
    }

    @Test func curveOptionsSelectTheTimingFunction() {
        for (option, function) in [(ViewAnimationOptions.curveLinear, MediaTimingFunction.linear),
                                   (.curveEaseIn, .easeIn), (.curveEaseOut, .easeOut), ([], .easeInEaseOut)] {
            let s = AnimationTestScene()
            let view = s.addView(CGRect(x: 0, y: 0, width: 10, height: 10))
            View.animate(withDuration: 1, delay: 0, options: option, animations: { view.center.x = 105 })
            s.startFrame()
            s.step(15)
            #expect(abs(view.layer.renderedProperties.position.x - (5 + 100 * function.value(at: 0.25))) < 1e-9)
        }
    }

    @Test func delayHoldsTheOldValueThenAnimates() {
        let s = AnimationTestScene()
        let view = s.addView(CGRect(x: 0, y: 0, width: 10, height: 10))
        View.animate(withDuration: 1, delay: 0.5, options: .curveLinear, animations: { view.alpha = 0 })
        s.startFrame()
        s.step(30)
        #expect(view.shownAlpha == 1)
        s.step(30)
        #expect(abs(view.shownAlpha - 0.5) < 1e-9)
    }

    @Test func springAnimationSettlesAtItsDurationAndOvershootsWhenUnderdamped() {
        let s = AnimationTestScene()
        let view = s.addView(CGRect(x: 0, y: 0, width: 10, height: 10))
        var done: Bool?
        View.animate(withDuration: 0.6, delay: 0, usingSpringWithDamping: 0.4, initialSpringVelocity: 0,
                     animations: { view.center.x = 105 }, completion: { done = $0 })
        s.startFrame()
        var maxX = 0.0
        for _ in 0..<35 {
            s.step()
            maxX = max(maxX, view.layer.renderedProperties.position.x)
        }
        #expect(maxX > 106)
        #expect(done == nil)
        s.step()  // 36 frames = 0.6 s
        #expect(done == true)
        #expect(view.layer.renderedProperties.position.x == 105)
    }

    @Test func performWithoutAnimationInsideABlockAppliesAtOnce() {
        let s = AnimationTestScene()
        let view = s.addView(CGRect(x: 0, y: 0, width: 10, height: 10))
        View.animate(withDuration: 1, animations: {
            View.performWithoutAnimation { view.alpha = 0.2 }
            #expect(View.areAnimationsEnabled)
            view.center.x = 100
        })
        #expect(!View.areAnimationsEnabled)
        s.startFrame()
        #expect(view.shownAlpha == 0.2)
        #expect(view.layer.renderedProperties.position.x == 5)
    }

    @Test func repeatAutoreverseNeverCompletes() {
        let s = AnimationTestScene()
        let view = s.addView(CGRect(x: 0, y: 0, width: 10, height: 10))
        var done = false
        View.animate(withDuration: 0.5, delay: 0, options: [.repeat, .autoreverse, .curveLinear],
                     animations: { view.alpha = 0 }, completion: { _ in done = true })
        s.startFrame()
        s.step(45)  // 0.75 s: on the way back, half way
        #expect(abs(view.shownAlpha - 0.5) < 1e-9)
        s.step(600)
        #expect(!done)
    }

    @Test func keyframesRunEachSegmentInItsSlot() {
        let s = AnimationTestScene()
        let view = s.addView(CGRect(x: 0, y: 0, width: 10, height: 10))
        var done: Bool?
        View.animateKeyframes(withDuration: 1, animations: {
            View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { view.center.x = 105 }
            View.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { view.center.x = 5 }
            View.addKeyframe(withRelativeStartTime: 0.25, relativeDuration: 0.5) { view.alpha = 0 }
        }, completion: { done = $0 })
        s.startFrame()
        s.step(15)  // 0.25 s
        #expect(abs(view.layer.renderedProperties.position.x - 55) < 1e-9)
        #expect(view.shownAlpha == 1)
        s.step(15)  // 0.5 s
        #expect(abs(view.layer.renderedProperties.position.x - 105) < 1e-9)
        #expect(abs(view.shownAlpha - 0.5) < 1e-9)
        s.step(15)  // 0.75 s
        #expect(abs(view.layer.renderedProperties.position.x - 55) < 1e-9)
        #expect(abs(view.shownAlpha) < 1e-9)
        s.step(15)
        #expect(done == true)
        #expect(view.layer.renderedProperties.position.x == 5)
    }

    /// UIKit's `.calculationModeCubic`: the keyframes' values joined by a smooth curve. Out to 105 and back
    /// to 5 in two halves: the curve starts at rest and turns at 105 with no tangent, so the first half is
    /// the smooth step 3u² - 2u³; at a sixth of the duration (u = 1/3) that is 7/27 of the way, 30.926,
    /// where the chord is at 38.333.
    @Test func cubicKeyframesFollowASplineThroughTheKeyframes() {
        let s = AnimationTestScene()
        let view = s.addView(CGRect(x: 0, y: 0, width: 10, height: 10))
        View.animateKeyframes(withDuration: 1, options: [.calculationModeCubic], animations: {
            View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { view.center.x = 105 }
            View.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { view.center.x = 5 }
        })
        s.startFrame()
        s.step(10)  // 1/6 s
        #expect(abs(view.layer.renderedProperties.position.x - (5 + 100.0 * 7 / 27)) < 1e-9)
        s.step(20)  // 0.5 s
        #expect(abs(view.layer.renderedProperties.position.x - 105) < 1e-9)
        // The modes are one value in bits 10-12, not flags: cubic (3) is not discrete (1) with paced (2).
        #expect(ViewKeyframeAnimationOptions.calculationModeCubic.calculationMode == .cubic)
        #expect(ViewKeyframeAnimationOptions([.calculationModeCubicPaced, .repeat]).calculationMode == .cubicPaced)
        #expect(ViewKeyframeAnimationOptions.calculationModeCubic.rawValue == 3 << 10)
    }

    /// `.layoutSubviews`: frames that `layoutSubviews` sets because of a change in the block animate with it,
    /// in the window of the views the block changed (whichever window is key).
    @Test func theLayoutSubviewsOptionAnimatesTheLayoutTheBlockCausesInTheViewsOwnWindow() {
        let s = AnimationTestScene()
        final class Holder: View {
            let child = View(frame: .zero)
            override func layoutSubviews() {
                super.layoutSubviews()
                child.frame = CGRect(x: 0, y: 0, width: bounds.width / 2, height: 10)
            }
        }
        let holder = Holder(frame: CGRect(x: 0, y: 0, width: 100, height: 10))
        holder.addSubview(holder.child)
        s.rootView.addSubview(holder)
        // Another window is the key window: the block's views are laid out in their own window.
        let other = Window(clock: s.clock, size: CGSize(width: 100, height: 100))
        other.makeKey()
        #expect(!s.rootView.isKeyWindow)
        s.rootView.layoutIfNeeded()
        #expect(holder.child.frame.width == 50)
        View.animateKeyframes(withDuration: 1, options: [.layoutSubviews], animations: {
            View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { holder.frame.size.width = 300 }
        })
        #expect(holder.child.frame.width == 150)
        s.startFrame()
        s.step(30)  // half way: the child's width animates from 50 to 150 with its parent
        #expect(abs(holder.child.layer.renderedProperties.bounds.width - 100) < 1e-9)
        // A block that only asks for layout lays out that view's window too.
        holder.child.layer.removeAllAnimations()
        let sibling = View(frame: .zero)
        holder.addSubview(sibling)
        final class Watcher: View {
            var laidOut = 0
            override func layoutSubviews() { super.layoutSubviews(); laidOut += 1 }
        }
        let watcher = Watcher(frame: CGRect(x: 0, y: 20, width: 10, height: 10))
        s.rootView.addSubview(watcher)
        s.rootView.layoutIfNeeded()
        let before = watcher.laidOut
        View.animateKeyframes(withDuration: 1, options: [.layoutSubviews], animations: { watcher.setNeedsLayout() })
        #expect(watcher.laidOut == before + 1)
    }

    @Test func secondAnimationMidFlightIsAdditiveAndBothComplete() {
        let s = AnimationTestScene()
        let view = s.addView(CGRect(x: 0, y: 0, width: 10, height: 10))
        var log: [String] = []
        View.animate(withDuration: 1, animations: { view.center.x = 105 }, completion: { log.append("a \($0)") })
        s.startFrame()
        s.step(30)
        let before = view.layer.renderedProperties.position.x
        View.animate(withDuration: 1, animations: { view.center.x = 305 }, completion: { log.append("b \($0)") })
        s.step()
        let after = view.layer.renderedProperties.position.x
        // The first frame after the interruption moves by about one frame's worth, no jump.
        #expect(after - before > 0 && after - before < 5)
        s.step(60)
        #expect(log == ["a true", "b true"])
        #expect(view.layer.renderedProperties.position.x == 305)
    }
}

@MainActor
@Suite struct ViewAnimationOptionRegressionTests {
    @Test func keyframesBeginFromCurrentStateStartFromWhatIsOnScreen() {
        for fromScreen in [false, true] {
            let s = AnimationTestScene()
            let view = s.addView(CGRect(x: 0, y: 0, width: 10, height: 10))
            View.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.alpha = 0 })
            s.startFrame()
            s.step(30)  // alpha shows 0.5, its model is 0
            View.animateKeyframes(withDuration: 1, options: fromScreen ? [.beginFromCurrentState] : [], animations: {
                View.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { view.alpha = 1 }
            })
            s.step()
            #expect(abs(view.shownAlpha - (fromScreen ? 0.5 : 0)) < 1e-9)
        }
    }

    @Test func clearBackgroundReadsBackAsClearAndNilAsNil() {
        let view = View()
        view.backgroundColor = .clear
        #expect(view.backgroundColor == .clear)
        view.backgroundColor = nil
        #expect(view.backgroundColor == nil)
        view.backgroundColor = .red
        #expect(view.backgroundColor == .red)
    }

    @Test func buttonGetsItsOwnBackgroundBackAfterAHighlightedColour() {
        let button = Button(frame: CGRect(x: 0, y: 0, width: 80, height: 30), title: "Go")
        button.backgroundColor = .blue
        button.setBackgroundColor(.red, for: .highlighted)
        button.isHighlighted = true
        #expect(button.backgroundColor == .red)
        button.isHighlighted = false
        #expect(button.backgroundColor == .blue)
    }
}
