// UIKit code in the style of seed article 001_962d51d132c96333.txt (its pre-iOS 7 legacy transitions,
// `UIView.transition(with:...)` / `transition(from:to:...)` with the `.transition...` options) and a card
// driven by a `UIViewPropertyAnimator` and a pan, as iOS 10 tutorials write it. Changes from UIKit code,
// all forced by Swift on Linux:
// - `import UIKit` -> `import SegueUIKit`.
// - `@objc` dropped from `handlePan(_:)`; `#selector(handlePan(_:))` -> `CardViewController.handlePan`.
import SegueUIKit
import Testing

@MainActor
final class CardViewController: UIViewController {
    let card = UIView(frame: CGRect(x: 20, y: 100, width: 200, height: 120))
    var animator: UIViewPropertyAnimator?
    var finishedAt: UIViewAnimatingPosition?

    override func viewDidLoad() {
        super.viewDidLoad()
        card.backgroundColor = .systemBlue
        card.layer.cornerRadius = 12
        view.addSubview(card)
        let pan = UIPanGestureRecognizer(target: self, action: CardViewController.handlePan)
        view.addGestureRecognizer(pan)
    }

    func handlePan(_ recognizer: UIPanGestureRecognizer) {
        switch recognizer.state {
        case .began:
            animator = UIViewPropertyAnimator(duration: 1, curve: .linear) {
                self.card.center.x += 200
                self.card.alpha = 0.5
            }
            animator?.addCompletion { position in self.finishedAt = position }
            animator?.pauseAnimation()
        case .changed:
            animator?.fractionComplete = recognizer.translation(in: view).x / 200
        case .ended:
            let reverse = recognizer.velocity(in: view).x < 0
            animator?.isReversed = reverse
            animator?.continueAnimation(withTimingParameters: nil, durationFactor: 0)
        default:
            break
        }
    }
}

@MainActor
@Suite struct Seed001LegacyAndAnimatorPortTests {
    @Test func flipTransitionWithAViewSwapsItsContentAndCompletes() {
        let h = PortHarness()
        let page = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 600))
        page.backgroundColor = .white
        h.window.addSubview(page)
        var done: Bool?
        UIView.transition(with: page, duration: 0.5, options: [.transitionFlipFromLeft, .curveEaseInOut], animations: {
            page.backgroundColor = .red
        }, completion: { finished in done = finished })
        #expect(page.backgroundColor == .red)
        h.frames(15)
        #expect(done == nil)
        h.frames(16)
        #expect(done == true)
        #expect(h.window.layer.sublayers.count == 1)   // the old look is gone
    }

    @Test func crossDissolveFromOneViewToAnother() {
        let h = PortHarness()
        let first = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 600))
        let second = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 600))
        h.window.addSubview(first)
        var done = false
        UIView.transition(from: first, to: second, duration: 0.3, options: .transitionCrossDissolve) { _ in done = true }
        h.frames(9)
        let alpha = second.layer.renderedProperties.opacity
        #expect(alpha > 0.3 && alpha < 0.7)
        h.frames(10)
        #expect(done && first.superview == nil && second.superview === h.window)
    }

    @Test func panScrubsThePropertyAnimatorAndAFlickBackReversesIt() {
        let h = PortHarness()
        let controller = CardViewController()
        h.window.rootViewController = controller
        h.frames(1)
        let start = controller.card.center.x   // 120
        h.down(100, 400, at: 1.0)
        for i in 1...10 {
            h.move(100 + CGFloat(i) * 10, 400, at: 1.0 + Double(i) / 60)
            h.frames(1)
        }
        // The pan began after its slop; the card follows the translation since the touch went down.
        let shown = controller.card.layer.renderedProperties.position.x
        #expect(abs(shown - (start + 100)) < 1e-9)   // fraction 100/200 of a 200 pt move
        h.move(90, 400, at: 1.0 + 11.0 / 60)          // a quick move back: negative velocity
        h.up(90, 400, at: 1.0 + 11.0 / 60)
        h.frames(2)
        #expect(controller.finishedAt == .start)
        #expect(controller.card.center.x == start && controller.card.alpha == 1)
        #expect(!controller.card.layer.hasAnimations)
    }

    @Test func springBlockAsTutorialsWriteIt() {
        let h = PortHarness()
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        h.window.addSubview(view)
        var done: Bool?
        UIView.animate(withDuration: 0.6, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0,
                       options: [.curveEaseOut], animations: {
            view.center = CGPoint(x: 225, y: 25)
        }, completion: { finished in done = finished })
        var overshoot: CGFloat = 0
        h.frames(1)
        for _ in 0..<36 {
            h.frames(1)
            overshoot = max(overshoot, view.layer.renderedProperties.position.x - 225)
        }
        #expect(overshoot > 1)        // a damping ratio of 0.5 overshoots
        #expect(done == true)         // settled at 0.6 s
        #expect(view.layer.renderedProperties.position.x == 225)
    }
}
