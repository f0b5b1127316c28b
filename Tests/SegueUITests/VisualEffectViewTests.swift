import Foundation
import SegueAnimation
import Testing
@testable import SegueUI

@MainActor
@Suite struct VisualEffectViewTests {
    let s = AnimationTestScene()

    /// A 200 x 100 effect view in the window, with the frame run that shows it.
    func effectView(_ effect: VisualEffect?) -> (VisualEffectView, tint: View) {
        let view = VisualEffectView(effect: effect)
        view.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        s.rootView.addSubview(view)
        s.step()
        return (view, view.subviews[0])
    }

    @Test func aBlurDrawsItsStylesTintUnderTheContentView() {
        let (view, tint) = effectView(BlurEffect(style: .extraLight))
        #expect(view.subviews.count == 2 && view.subviews[1] === view.contentView)
        #expect(tint.frame == view.bounds && view.contentView.frame == view.bounds)
        #expect(tint.backgroundColor == Color(white: 0.97) && tint.alpha == 0.82)
        view.effect = BlurEffect(style: .dark)
        #expect(tint.backgroundColor == Color(white: 0.11) && tint.alpha == 0.73)
        view.effect = BlurEffect(style: .light)
        #expect(tint.backgroundColor == Color(white: 1) && tint.alpha == 0.3)
        view.effect = nil
        #expect(tint.alpha == 0 && view.effect == nil)
        view.frame = CGRect(x: 0, y: 0, width: 300, height: 50)
        s.step()
        #expect(tint.frame == view.bounds && view.contentView.frame == view.bounds)
    }

    @Test func aBlurFadingInIsScrubbedByTheAnimatorThroughTheTintsOpacityAlone() {
        let (view, tint) = effectView(nil)
        let animator = ViewPropertyAnimator(duration: 1, curve: .easeOut) { view.effect = BlurEffect(style: .light) }
        animator.pauseAnimation()
        animator.fractionComplete = 0.5
        s.step()
        // Half way, linearly scrubbed: the light tint's colour at once (invisible at opacity 0 before), half
        // of its 30 % opacity.
        #expect(tint.layer.renderedProperties.backgroundColor == Color(white: 1))
        #expect(abs(tint.shownAlpha - 0.15) < 1e-12)
        animator.continueAnimation(withTimingParameters: nil, durationFactor: 1)
        s.step(31)
        #expect(animator.state == .inactive && abs(tint.shownAlpha - 0.3) < 1e-12)
    }

    @Test func aBlurFadingOutInAnAnimationKeepsItsColour() {
        let (view, tint) = effectView(BlurEffect(style: .extraLight))
        View.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: { view.effect = nil })
        s.startFrame()
        s.step(15)
        #expect(tint.layer.renderedProperties.backgroundColor == Color(white: 0.97))
        #expect(abs(tint.shownAlpha - 0.82 * 0.75) < 1e-12)
    }

    @Test func oneStyleToAnotherAnimatesTheColourAndTheOpacity() {
        let (view, tint) = effectView(BlurEffect(style: .light))
        View.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: { view.effect = BlurEffect(style: .dark) })
        s.startFrame()
        s.step(30)
        let shown = tint.layer.renderedProperties.backgroundColor
        #expect(abs(shown.red - (1 + 0.11) / 2) < 1e-9 && abs(tint.shownAlpha - (0.3 + 0.73) / 2) < 1e-9)
    }
}
