// The code of the DocC porting guide (Sources/SegueUIKit/SegueUIKit.docc/PortingFromUIKit.md): each
// Swift block of the guide is quoted from this file (DocCArticleCodeTests checks it), and the tests below
// run it, so the guide cannot drift from what compiles and what Segue does.
import SegueUIKit
import Testing

// MARK: - A controller built in code, with target-action

@MainActor
final class CounterViewController: UIViewController {
    let countLabel = UILabel(frame: CGRect(x: 20, y: 40, width: 200, height: 30))
    let plusButton = UIButton(frame: CGRect(x: 20, y: 80, width: 80, height: 44))
    let resetButton = UIButton(frame: CGRect(x: 120, y: 80, width: 80, height: 44))
    var count = 0 { didSet { countLabel.text = "\(count)" } }

    override func viewDidLoad() {
        super.viewDidLoad()
        plusButton.setTitle("+1", for: .normal)
        // UIKit: plusButton.addTarget(self, action: #selector(plusTapped(_:)), for: .touchUpInside)
        plusButton.addTarget(self, action: CounterViewController.plusTapped, for: .touchUpInside)
        resetButton.setTitle("Reset", for: .normal)
        resetButton.addAction({ [weak self] _ in self?.count = 0 }, for: .touchUpInside)
        // UIKit: UITapGestureRecognizer(target: self, action: #selector(labelTapped(_:)))
        countLabel.isUserInteractionEnabled = true
        countLabel.addGestureRecognizer(UITapGestureRecognizer(target: self, action: CounterViewController.labelTapped))
        view.addSubview(countLabel)
        view.addSubview(plusButton)
        view.addSubview(resetButton)
    }

    // UIKit: @objc func plusTapped(_ sender: UIButton)
    func plusTapped(_ sender: UIButton) {
        count += 1
    }

    // Any superclass of the sender will do as the parameter's type.
    func labelTapped(_ recognizer: UIGestureRecognizer) {
        count += 10
    }
}

// MARK: - No implicit animations

/// Fades `layer` out the Core Animation way, returning nothing: the layer keeps animating on its own.
@MainActor
func fadeOut(_ layer: CALayer) {
    // Outside a transaction with a duration, a layer property changes at once (no implicit animation).
    layer.opacity = 0.5
    // An explicit transaction with a duration animates what changes inside it.
    CATransaction.begin()
    CATransaction.setAnimationDuration(0.25)
    layer.opacity = 0
    CATransaction.commit()
}

@MainActor
@Suite struct PortingGuideTests {
    func tap(_ h: PortHarness, _ view: UIView, at t: Double) {
        let r = view.convert(view.bounds, to: nil)
        h.down(r.midX, r.midY, at: t)
        h.up(r.midX, r.midY, at: t + 0.05)
    }

    @Test func targetActionWithMethodReferencesAndClosures() {
        let h = PortHarness()
        let counter = CounterViewController()
        h.window.rootViewController = counter
        h.frames(1)
        tap(h, counter.plusButton, at: 1)
        tap(h, counter.plusButton, at: 2)
        #expect(counter.count == 2 && counter.countLabel.text == "2")
        tap(h, counter.countLabel, at: 3)
        #expect(counter.count == 12)
        tap(h, counter.resetButton, at: 4)
        #expect(counter.count == 0)
    }

    @Test func aLayerPropertyChangesAtOnceAndATransactionWithADurationAnimates() {
        let scene = CoreAnimationTestScene()
        fadeOut(scene.layer)
        #expect(scene.layer.opacity == 0)                       // the model, at once
        #expect(scene.layer.presentation()?.opacity == 0.5)     // on screen: the animation has not begun
        scene.startFrame()
        scene.step(seconds: 0.125)
        let halfWay = scene.layer.presentation()?.opacity ?? -1
        #expect(halfWay > 0 && halfWay < 0.5)
        scene.step(seconds: 0.125)
        #expect(scene.layer.presentation()?.opacity == 0)
    }

    @Test func theWindowsClockIsVirtualInTestsAndSlowMotionSlowsAnimationTime() {
        // The clock a test or a headless replay gives its window: frame k is at exactly k / 60 s.
        let clock = VirtualClock()
        let window = UIWindow(clock: clock, size: CGSize(width: 400, height: 600))
        window.makeKeyAndVisible()
        clock.advance(frames: 30)
        #expect(CACurrentMediaTime() == 0.5)
        // The S key of a Segue window: animation time runs 10 times slower, input time does not.
        window.isSlowAnimationsEnabled = true
        let before = CACurrentMediaTime()
        clock.advance(frames: 60)
        #expect(abs(CACurrentMediaTime() - before - 0.1) < 1e-9)
    }

    @Test func completionsRunInTheNextFrameNotInsideTheCall() {
        let h = PortHarness()
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        h.window.addSubview(view)
        var finished: Bool?
        UIView.animate(withDuration: 0, animations: { view.alpha = 0 }, completion: { finished = $0 })
        #expect(finished == nil)
        h.frames(1)
        #expect(finished == true)
    }
}
