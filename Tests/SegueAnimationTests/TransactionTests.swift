import Foundation
import Testing
@testable import SegueAnimation

@MainActor
@Suite struct TransactionTests {
    /// Runs `body` as an animation block and returns its template.
    @discardableResult
    func animate(_ duration: Double, curve: MediaTimingFunction = .easeInEaseOut, beginFromCurrentState: Bool = false,
                 _ body: () -> Void) -> AnimationTemplate {
        let template = AnimationTemplate(duration: duration, timing: .curve(curve),
                                         beginsFromCurrentState: beginFromCurrentState)
        Transaction.perform(capturing: template, body)
        return template
    }

    @Test func changesOutsideABlockApplyAtOnce() {
        let t = TestTree()
        let layer = t.addLayer(CGRect(x: 0, y: 0, width: 10, height: 10))
        layer.position = CGPoint(x: 50, y: 50)
        #expect(!layer.hasAnimations)
        Transaction.perform(capturing: nil) {
            animate(1) {}  // nested blocks are scoped
            layer.opacity = 0.5
        }
        #expect(!layer.hasAnimations)
        #expect(Transaction.depth == 0)
    }

    @Test func interruptedAdditiveAnimationIsContinuousInPositionAndVelocity() {
        let t = TestTree()
        let layer = t.addLayer(CGRect(x: 0, y: 0, width: 10, height: 10))  // position.x == 5
        var reference: [Double] = []
        do {
            // The uninterrupted run, for comparison.
            let r = TestTree()
            let l = r.addLayer(CGRect(x: 0, y: 0, width: 10, height: 10))
            animate(1) { l.position.x = 105 }
            for _ in 0..<32 { r.step(); reference.append(l.renderedProperties.position.x) }
        }
        var xs: [Double] = []
        var completions: [String] = []
        animate(1) { layer.position.x = 105 }.onAllStopped { completions.append("first \($0)") }
        for _ in 0..<30 { t.step(); xs.append(layer.renderedProperties.position.x) }
        #expect(xs == Array(reference.prefix(30)))
        // Mid-flight (0.5 s), a second block sends it elsewhere.
        animate(1) { layer.position.x = 305 }.onAllStopped { completions.append("second \($0)") }
        #expect(layer.model.position.x == 305)
        for _ in 0..<60 { t.step(); xs.append(layer.renderedProperties.position.x) }
        // The first frame after the interruption is exactly where the first animation alone would be.
        #expect(abs(xs[30] - reference[30]) < 1e-9)
        // No jump in velocity: the change of per-frame step stays as small as the curves' own acceleration.
        for i in 28..<50 {
            let before = xs[i] - xs[i - 1], after = xs[i + 1] - xs[i]
            #expect(abs(after - before) < 0.5, "velocity jump at frame \(i): \(before) -> \(after)")
        }
        #expect(completions == ["first true"])
        t.step(30)
        #expect(completions == ["first true", "second true"])
        #expect(layer.renderedProperties.position.x == 305)
        #expect(!layer.hasAnimations)
    }

    @Test func nonAdditivePropertyJumpsUnlessBeginningFromCurrentState() {
        for fromCurrent in [false, true] {
            let t = TestTree()
            let layer = t.addLayer(CGRect(x: 0, y: 0, width: 10, height: 10))
            var completions: [Bool] = []
            animate(1, curve: .linear) { layer.opacity = 0 }.onAllStopped { completions.append($0) }
            t.startFrame()
            t.step(30)
            #expect(abs(layer.renderedProperties.opacity - 0.5) < 1e-9)
            animate(1, curve: .linear, beginFromCurrentState: fromCurrent) { layer.opacity = 1 }
                .onAllStopped { completions.append($0) }
            #expect(completions == [false])  // the replaced animation stopped unfinished
            t.step()
            let expected = fromCurrent ? 0.5 : 0.0
            #expect(abs(layer.renderedProperties.opacity - expected) < 1e-9)
            t.step(60)
            #expect(completions == [false, true])
        }
    }

    @Test func blockWithNoChangeCompletesAtOnce() {
        let template = animate(1) {}
        var result: Bool?
        template.onAllStopped { result = $0 }
        #expect(result == true)
        #expect(!template.capturedAny)
    }

    @Test func explicitTransactionWithDurationAnimatesAndCompletes() {
        let t = TestTree()
        let layer = t.addLayer(CGRect(x: 0, y: 0, width: 10, height: 10))
        var done = false
        Transaction.begin()
        Transaction.setAnimationDuration(0.5)
        Transaction.setAnimationTimingFunction(.linear)
        Transaction.setCompletionBlock { done = true }
        layer.position.x = 65
        Transaction.commit()
        t.startFrame()
        t.step(15)
        #expect(abs(layer.renderedProperties.position.x - 35) < 1e-9)
        #expect(!done)
        t.step(15)
        #expect(done)
    }

    @Test func frameChangeInsideABlockAnimatesPositionAndBounds() {
        let t = TestTree()
        let layer = t.addLayer(CGRect(x: 0, y: 0, width: 100, height: 100))
        animate(1, curve: .linear) { layer.frame = CGRect(x: 100, y: 0, width: 200, height: 100) }
        t.startFrame()
        t.step(30)
        let frame = layer.renderedProperties.frame
        #expect(abs(frame.origin.x - 50) < 1e-9)
        #expect(abs(frame.width - 150) < 1e-9)
    }
}
