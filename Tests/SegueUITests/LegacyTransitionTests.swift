import Foundation
import Testing
import SegueAnimation
@testable import SegueUI

@MainActor
@Suite struct LegacyTransitionTests {
    @Test func crossDissolveFadesTheOldLookOutOverTheNewAndCleansUp() {
        let s = AnimationTestScene()
        let card = s.addView(CGRect(x: 100, y: 100, width: 200, height: 100))
        card.backgroundColor = .red
        var done: Bool?
        View.transition(with: card, duration: 0.5, options: [.transitionCrossDissolve, .curveLinear], animations: {
            card.backgroundColor = .blue
        }, completion: { done = $0 })
        #expect(card.backgroundColor == .blue)
        let layers = s.rootView.layer.sublayers
        #expect(layers.count == 2)
        let copy = layers[1]
        #expect(copy.backgroundColor == .red)
        s.startFrame()
        s.step(15)
        #expect(abs(copy.renderedProperties.opacity - 0.5) < 1e-9)
        #expect(abs(card.layer.renderedProperties.opacity - 0.5) < 1e-9)
        s.step(15)
        #expect(done == true)
        #expect(s.rootView.layer.sublayers.count == 1)
    }

    @Test func flipShowsTheOldSideThenTheNewEdgeOnAtHalfway() {
        let s = AnimationTestScene()
        let from = s.addView(CGRect(x: 100, y: 100, width: 200, height: 100))
        let to = View(frame: CGRect(x: 100, y: 100, width: 200, height: 100))
        var done: Bool?
        View.transition(from: from, to: to, duration: 1, options: [.transitionFlipFromLeft, .curveLinear],
                        completion: { done = $0 })
        #expect(s.rootView.subviews.map { $0 === to } == [true, false])
        s.startFrame()
        s.step(15)  // a quarter: the old side is turned 45 degrees, the new one hidden
        #expect(from.shownAlpha == 1)
        #expect(to.shownAlpha == 0)
        let quarter = from.layer.renderedProperties.transform
        #expect(abs(quarter.m11 - cos(Double.pi / 4)) < 1e-9)
        s.step(30)  // three quarters: the new side is coming in, 45 degrees from flat
        #expect(from.shownAlpha == 0)
        #expect(to.shownAlpha == 1)
        #expect(abs(to.layer.renderedProperties.transform.m11 - cos(Double.pi / 4)) < 1e-9)
        s.step(15)
        #expect(done == true)
        #expect(s.rootView.subviews.count == 1 && s.rootView.subviews[0] === to)
        #expect(from.alpha == 1)
    }

    @Test func noTransitionOptionSwapsAtOnceAndCompletesInTheNextFrame() {
        let s = AnimationTestScene()
        let from = s.addView(CGRect(x: 0, y: 0, width: 10, height: 10))
        let to = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        var done: Bool?
        View.transition(from: from, to: to, duration: 1, completion: { done = $0 })
        #expect(from.superview == nil && to.superview === s.rootView)
        #expect(done == nil)   // never inside the call
        s.step()
        #expect(done == true)
    }

    @Test func curlUpLiftsTheOldPageAboutItsTopEdgeAndUncoversTheNew() {
        let s = AnimationTestScene()
        let page = s.addView(CGRect(x: 100, y: 100, width: 200, height: 100))
        page.backgroundColor = .red
        var done: Bool?
        View.transition(with: page, duration: 1, options: [.transitionCurlUp, .curveLinear],
                        animations: { page.backgroundColor = .blue }, completion: { done = $0 })
        let copy = s.rootView.layer.sublayers[1]
        s.startFrame()
        s.step(30)
        // Half way the old page has turned half the curl angle about its top edge: its top edge stays
        // where it was while its bottom edge rises.
        let shown = copy.renderedProperties
        let top = Layer.homographyToSuperlayer(shown, superlayer: nil).apply(CGPoint(x: 100, y: 0))!
        let bottom = Layer.homographyToSuperlayer(shown, superlayer: nil).apply(CGPoint(x: 100, y: 100))!
        #expect(abs(top.y - 100) < 1e-6)
        #expect(bottom.y < 200 - 10)
        #expect(abs(shown.opacity - 0.5) < 1e-9)
        #expect(page.layer.renderedProperties.opacity == 1)
        s.step(30)
        #expect(done == true)
        #expect(s.rootView.layer.sublayers.count == 1)
    }

    @Test func curlDownBringsTheNewPageDownOverTheOld() {
        let s = AnimationTestScene()
        let page = s.addView(CGRect(x: 100, y: 100, width: 200, height: 100))
        var done: Bool?
        View.transition(with: page, duration: 1, options: [.transitionCurlDown, .curveLinear],
                        animations: { page.backgroundColor = .blue }, completion: { done = $0 })
        // The old look stays beneath the new page.
        #expect(s.rootView.layer.sublayers.last === page.layer)
        s.startFrame()
        s.step(30)
        #expect(abs(page.layer.renderedProperties.opacity - 0.5) < 1e-9)
        #expect(!page.layer.renderedProperties.transform.isIdentity)
        s.step(30)
        #expect(done == true)
        #expect(page.layer.renderedProperties.transform.isIdentity)
        #expect(s.rootView.layer.sublayers.count == 1)
    }
}
