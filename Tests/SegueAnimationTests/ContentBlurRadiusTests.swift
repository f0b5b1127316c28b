import Foundation
import Testing
@testable import SegueAnimation

/// `Layer.contentBlurRadius` is an animatable property as opacity is: set at once outside an animation
/// block, captured as one (non-additive) animation inside one, added explicitly, and read mid-flight
/// through the presentation.
@MainActor
@Suite struct ContentBlurRadiusTests {
    @Test func theContentBlurIsZeroByDefaultAndASetRadiusShowsAtOnceOutsideAnAnimationBlock() {
        let t = TestTree()
        let layer = t.addLayer(CGRect(x: 0, y: 0, width: 100, height: 20))
        #expect(layer.contentBlurRadius == 0 && LayerProperties().contentBlurRadius == 0)
        layer.contentBlurRadius = 4
        #expect(!layer.hasAnimations)
        t.step()
        #expect(layer.contentBlurRadius == 4 && layer.renderedProperties.contentBlurRadius == 4)
        #expect(layer.value(for: .contentBlurRadius) == 4 && LayerProperty<CGFloat>.contentBlurRadius.name == "contentBlurRadius")
    }

    @Test func aTitleUnblurringInALinearAnimationBlockIsHalfBlurredHalfWay() {
        // iOS 27's inline title appearing: its blur from 4 pt to 0 (spec: the title transition's blurRadius).
        let t = TestTree()
        let layer = t.addLayer(CGRect(x: 0, y: 0, width: 100, height: 20))
        layer.contentBlurRadius = 4
        let template = AnimationTemplate(duration: 0.5, timing: .curve(.linear))
        Transaction.perform(capturing: template) { layer.contentBlurRadius = 0 }
        // The model changes at once; the presentation starts from the old value.
        #expect(layer.contentBlurRadius == 0 && layer.hasAnimations)
        t.startFrame()
        #expect(layer.renderedProperties.contentBlurRadius == 4)
        t.step(15)  // 0.25 s of 0.5 s
        #expect(abs(layer.renderedProperties.contentBlurRadius - 2) < 1e-9)
        t.step(6)  // 0.35 s: 4 × (1 - 0.7)
        #expect(abs(layer.renderedProperties.contentBlurRadius - 1.2) < 1e-9)
        t.step(9)
        #expect(layer.renderedProperties.contentBlurRadius == 0 && !layer.hasAnimations)
    }

    @Test func aSecondBlockReplacesTheFirstAsForOpacityNotAddingToIt() {
        let t = TestTree()
        let layer = t.addLayer(CGRect(x: 0, y: 0, width: 100, height: 20))
        let linear = AnimationTemplate(duration: 1, timing: .curve(.linear), beginsFromCurrentState: true)
        Transaction.perform(capturing: linear) { layer.contentBlurRadius = 8 }
        t.startFrame()
        t.step(30)
        #expect(abs(layer.renderedProperties.contentBlurRadius - 4) < 1e-9)
        let back = AnimationTemplate(duration: 1, timing: .curve(.linear), beginsFromCurrentState: true)
        Transaction.perform(capturing: back) { layer.contentBlurRadius = 0 }
        t.step()
        t.step(30)  // half way from 4 (the current state) to 0
        #expect(abs(layer.renderedProperties.contentBlurRadius - 2) < 1e-9)
    }

    @Test func anExplicitBasicAnimationOfTheBlurEasesInOnTheLayersTime() {
        let t = TestTree()
        let layer = t.addLayer(CGRect(x: 0, y: 0, width: 100, height: 20))
        layer.add(BasicAnimation(.contentBlurRadius, from: 0, to: 4, duration: 1, timingFunction: .easeIn), forKey: "blur")
        t.startFrame()
        t.step(30)
        // Core Animation's ease-in curve (0.42, 0, 1, 1) at x = 0.5, solved here by bisection of the Bézier.
        let y = Self.bezierY(atX: 0.5, x1: 0.42, y1: 0, x2: 1, y2: 1)
        #expect(abs(layer.renderedProperties.contentBlurRadius - 4 * y) < 1e-6)
        #expect(layer.contentBlurRadius == 0)
    }

    /// The y of a cubic Bézier timing curve from (0, 0) to (1, 1) at `x`, by bisection on its parameter.
    static func bezierY(atX x: Double, x1: Double, y1: Double, x2: Double, y2: Double) -> Double {
        func b(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
            3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t
        }
        var lo = 0.0, hi = 1.0
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if b(mid, x1, x2) < x { lo = mid } else { hi = mid }
        }
        return b((lo + hi) / 2, y1, y2)
    }
}
