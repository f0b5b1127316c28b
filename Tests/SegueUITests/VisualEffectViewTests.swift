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
        // iOS 7's radii: 20 pt for extra light and dark, 30 pt for light.
        #expect(view.layer.backdropBlurRadius == 20)
        view.effect = BlurEffect(style: .dark)
        #expect(tint.backgroundColor == Color(white: 0.11) && tint.alpha == 0.73 && view.layer.backdropBlurRadius == 20)
        view.effect = BlurEffect(style: .light)
        #expect(tint.backgroundColor == Color(white: 1) && tint.alpha == 0.3 && view.layer.backdropBlurRadius == 30)
        view.effect = nil
        #expect(tint.alpha == 0 && view.effect == nil && view.layer.backdropBlurRadius == 0)
        view.frame = CGRect(x: 0, y: 0, width: 300, height: 50)
        s.step()
        #expect(tint.frame == view.bounds && view.contentView.frame == view.bounds)
    }

    @Test func aBlurFadingInIsScrubbedByTheAnimatorThroughItsRadiusAndTheTintsOpacity() {
        let (view, tint) = effectView(nil)
        let animator = ViewPropertyAnimator(duration: 1, curve: .easeOut) { view.effect = BlurEffect(style: .light) }
        animator.pauseAnimation()
        animator.fractionComplete = 0.5
        s.step()
        // Half way, linearly scrubbed: the light tint's colour at once (invisible at opacity 0 before), half
        // of its 30 % opacity.
        #expect(tint.layer.renderedProperties.backgroundColor == Color(white: 1))
        #expect(abs(tint.shownAlpha - 0.15) < 1e-12)
        // Half of the light style's 30 pt.
        #expect(abs(view.layer.renderedProperties.backdropBlurRadius - 15) < 1e-9)
        animator.continueAnimation(withTimingParameters: nil, durationFactor: 1)
        s.step(31)
        #expect(animator.state == .inactive && abs(tint.shownAlpha - 0.3) < 1e-12)
        #expect(view.layer.renderedProperties.backdropBlurRadius == 30)
    }

    @Test func aBlurFadingOutInAnAnimationKeepsItsColour() {
        let (view, tint) = effectView(BlurEffect(style: .extraLight))
        View.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: { view.effect = nil })
        s.startFrame()
        s.step(15)
        #expect(tint.layer.renderedProperties.backgroundColor == Color(white: 0.97))
        #expect(abs(tint.shownAlpha - 0.82 * 0.75) < 1e-12)
        // A quarter of the way from 20 pt to 0.
        #expect(abs(view.layer.renderedProperties.backdropBlurRadius - 15) < 1e-9)
    }

    @Test func oneStyleToAnotherAnimatesTheColourAndTheOpacity() {
        let (view, tint) = effectView(BlurEffect(style: .light))
        View.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: { view.effect = BlurEffect(style: .dark) })
        s.startFrame()
        s.step(30)
        let shown = tint.layer.renderedProperties.backgroundColor
        #expect(abs(shown.red - (1 + 0.11) / 2) < 1e-9 && abs(tint.shownAlpha - (0.3 + 0.73) / 2) < 1e-9)
        // Half way from the light style's 30 pt to the dark style's 20 pt.
        #expect(abs(view.layer.renderedProperties.backdropBlurRadius - 25) < 1e-9)
    }

    @Test func everyStyleHasARadiusAndATintAndTheMaterialsVariantsWithoutSuffixAreTheLightOnes() {
        let pairs: [(BlurEffect.Style, BlurEffect.Style)] = [
            (.systemUltraThinMaterial, .systemUltraThinMaterialLight), (.systemThinMaterial, .systemThinMaterialLight),
            (.systemMaterial, .systemMaterialLight), (.systemThickMaterial, .systemThickMaterialLight),
            (.systemChromeMaterial, .systemChromeMaterialLight),
        ]
        for (plain, light) in pairs {
            #expect(plain.blurRadius == light.blurRadius && plain.tintColor == light.tintColor, "\(plain)")
        }
        #expect(BlurEffect.Style.allCases.count == 20)
        #expect(BlurEffect.Style.allCases.allSatisfy { $0.blurRadius > 0 && $0.tintColor.alpha > 0 })
        // Thicker materials blur more and hide more of the backdrop.
        let light: [BlurEffect.Style] = [.systemUltraThinMaterialLight, .systemThinMaterialLight, .systemMaterialLight,
                                         .systemThickMaterialLight]
        #expect(light.map(\.blurRadius) == [12, 16, 20, 24])
        #expect(light.map(\.tintColor.alpha) == [0.25, 0.45, 0.62, 0.8])
        #expect(BlurEffect.Style.systemMaterialDark.tintColor == Color(white: 0.12, alpha: 0.65))
    }
}
