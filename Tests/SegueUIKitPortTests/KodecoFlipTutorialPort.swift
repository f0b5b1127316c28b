// The flip presentation of Kodeco's tutorial "Custom UIViewController Transitions: Getting Started",
// written anew in the tutorial's structure (its text is not copied): a pet card presents a reveal screen
// by flipping the card over and growing the back to the full screen; a swipe from the reveal screen's
// left edge flips it back, interactively. The tutorial's types: an `AnimationHelper` (a y rotation, a
// perspective), `FlipPresentAnimationController` and `FlipDismissAnimationController` (keyframe
// animators around a snapshot), `SwipeInteractionController` (a `UIPercentDrivenInteractiveTransition`
// driven by a `UIScreenEdgePanGestureRecognizer`), the card controller as the transitioning delegate, and
// the reveal controller that owns the swipe.
// Changes Swift on Linux forces:
// - `import UIKit` -> `import SegueUIKit`;
// - `#selector(handleGesture(_:))` -> `SwipeInteractionController.handleGesture` (no `@objc` or
//   `#selector` without the Objective-C runtime);
// - the card's storyboard tap recognizer wired to `@IBAction func handleTap()` ->
//   `UITapGestureRecognizer(target: self, action: PetCardViewController.handleTap)`, the method kept with
//   no argument and without `@IBAction` (on Linux the attribute rejects it: "@IBAction methods must have 1
//   argument"; there is no Interface Builder to connect it either);
// - the storyboard (the card view, the reveal scene, the modal segue "revealSegue") -> views made in
//   `viewDidLoad` and `registerSegue(withIdentifier:kind:destination:)` (no storyboards).
// Other changes: `NSObject` dropped as the animators' superclass (UIKit wants it for the Objective-C
// protocols; Segue's are Swift protocols); the card controller is `PetCardViewController` (the test
// module has a seed's `CardViewController`) and stands alone as the window's root (the tutorial pages
// through cards in a `UIPageViewController`); the controllers subclass the tests'
// `AppearanceRecordingViewController` (a `UIViewController` that records its appearance callbacks). As on
// iOS 12, which the tutorial was written for, the reveal screen is presented full screen: set explicitly
// (the storyboard segue's "Full Screen" presentation), as UIKit's default has been a sheet since iOS 13.
import SegueUIKit
import Testing

/// The tutorial's helpers for a flip in 3D.
@MainActor
enum AnimationHelper {
    /// The rotation of `angle` radians about the y axis.
    static func yRotation(_ angle: Double) -> CATransform3D {
        CATransform3DMakeRotation(CGFloat(angle), 0, 1, 0)
    }

    /// Gives the container's sublayers a perspective, so a y rotation is seen in depth.
    static func perspectiveTransform(for containerView: UIView) {
        var transform = CATransform3DIdentity
        transform.m34 = -0.002
        containerView.layer.sublayerTransform = transform
    }
}

/// Flips the card away and the reveal screen in, from the card's frame to the full screen.
@MainActor
final class FlipPresentAnimationController: UIViewControllerAnimatedTransitioning {
    private let originFrame: CGRect

    init(originFrame: CGRect) {
        self.originFrame = originFrame
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        0.6
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let fromVC = transitionContext.viewController(forKey: .from),
              let toVC = transitionContext.viewController(forKey: .to),
              let snapshot = toVC.view.snapshotView(afterScreenUpdates: true)
        else { return }
        let containerView = transitionContext.containerView
        let finalFrame = transitionContext.finalFrame(for: toVC)

        // The back of the card: a picture of the reveal screen, in the card's place and shape, edge-on.
        snapshot.frame = originFrame
        snapshot.layer.cornerRadius = PetCardViewController.cardCornerRadius
        snapshot.layer.masksToBounds = true
        containerView.addSubview(toVC.view)
        containerView.addSubview(snapshot)
        toVC.view.isHidden = true
        AnimationHelper.perspectiveTransform(for: containerView)
        snapshot.layer.transform = AnimationHelper.yRotation(-.pi / 2)

        let duration = transitionDuration(using: transitionContext)
        UIView.animateKeyframes(withDuration: duration, delay: 0, options: .calculationModeCubic, animations: {
            // The card turns edge-on, the back turns to face us, then it grows to the full screen.
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1.0 / 3) {
                fromVC.view.layer.transform = AnimationHelper.yRotation(.pi / 2)
            }
            UIView.addKeyframe(withRelativeStartTime: 1.0 / 3, relativeDuration: 1.0 / 3) {
                snapshot.layer.transform = AnimationHelper.yRotation(0)
            }
            UIView.addKeyframe(withRelativeStartTime: 2.0 / 3, relativeDuration: 1.0 / 3) {
                snapshot.frame = finalFrame
                snapshot.layer.cornerRadius = 0
            }
        }, completion: { _ in
            toVC.view.isHidden = false
            snapshot.removeFromSuperview()
            fromVC.view.layer.transform = CATransform3DIdentity
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }
}

/// The presentation backwards: the reveal screen shrinks into the card's frame, turns edge-on, and the
/// card turns back to face us.
@MainActor
final class FlipDismissAnimationController: UIViewControllerAnimatedTransitioning {
    private let destinationFrame: CGRect
    let interactionController: SwipeInteractionController?

    init(destinationFrame: CGRect, interactionController: SwipeInteractionController?) {
        self.destinationFrame = destinationFrame
        self.interactionController = interactionController
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        0.6
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let fromVC = transitionContext.viewController(forKey: .from),
              let toVC = transitionContext.viewController(forKey: .to),
              let snapshot = fromVC.view.snapshotView(afterScreenUpdates: false)
        else { return }
        snapshot.layer.cornerRadius = PetCardViewController.cardCornerRadius
        snapshot.layer.masksToBounds = true

        let containerView = transitionContext.containerView
        containerView.insertSubview(toVC.view, at: 0)
        containerView.addSubview(snapshot)
        fromVC.view.isHidden = true
        AnimationHelper.perspectiveTransform(for: containerView)
        toVC.view.layer.transform = AnimationHelper.yRotation(.pi / 2)

        let duration = transitionDuration(using: transitionContext)
        UIView.animateKeyframes(withDuration: duration, delay: 0, options: .calculationModeCubic, animations: {
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1.0 / 3) {
                snapshot.frame = self.destinationFrame
            }
            UIView.addKeyframe(withRelativeStartTime: 1.0 / 3, relativeDuration: 1.0 / 3) {
                snapshot.layer.transform = AnimationHelper.yRotation(-.pi / 2)
            }
            UIView.addKeyframe(withRelativeStartTime: 2.0 / 3, relativeDuration: 1.0 / 3) {
                toVC.view.layer.transform = AnimationHelper.yRotation(0)
            }
        }, completion: { _ in
            fromVC.view.isHidden = false
            snapshot.removeFromSuperview()
            if transitionContext.transitionWasCancelled {
                toVC.view.removeFromSuperview()
            }
            transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }
}

/// Drives the dismissal with a swipe from the reveal screen's left edge: 200 pt of swipe is the whole
/// flip; released past half way it finishes, otherwise it flips back.
@MainActor
final class SwipeInteractionController: UIPercentDrivenInteractiveTransition {
    /// The swipe's length, in points, that makes the whole transition (the tutorial's 200).
    static let swipeLength: CGFloat = 200

    var interactionInProgress = false
    private var shouldCompleteTransition = false
    private weak var viewController: UIViewController?

    init(viewController: UIViewController) {
        super.init()
        self.viewController = viewController
        prepareGestureRecognizer(in: viewController.view)
    }

    private func prepareGestureRecognizer(in view: UIView) {
        let gesture = UIScreenEdgePanGestureRecognizer(target: self, action: SwipeInteractionController.handleGesture)
        gesture.edges = .left
        view.addGestureRecognizer(gesture)
    }

    func handleGesture(_ gestureRecognizer: UIScreenEdgePanGestureRecognizer) {
        let translation = gestureRecognizer.translation(in: gestureRecognizer.view!.superview!)
        var progress = translation.x / Self.swipeLength
        progress = CGFloat(fminf(fmaxf(Float(progress), 0.0), 1.0))

        switch gestureRecognizer.state {
        case .began:
            interactionInProgress = true
            viewController?.dismiss(animated: true, completion: nil)
        case .changed:
            shouldCompleteTransition = progress > 0.5
            update(progress)
        case .cancelled:
            interactionInProgress = false
            cancel()
        case .ended:
            interactionInProgress = false
            if shouldCompleteTransition {
                finish()
            } else {
                cancel()
            }
        default:
            break
        }
    }
}

/// The card: tapping it reveals the pet.
@MainActor
final class PetCardViewController: AppearanceRecordingViewController {
    static let cardCornerRadius: CGFloat = 25
    static let revealSegueId = "revealSegue"
    /// Where the card sits in the view, in points.
    static let cardFrame = CGRect(x: 40, y: 80, width: 300, height: 400)

    let cardView = UIView(frame: PetCardViewController.cardFrame)

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        cardView.backgroundColor = UIColor(red: 0.95, green: 0.6, blue: 0.2, alpha: 1)
        cardView.layer.cornerRadius = Self.cardCornerRadius
        cardView.layer.masksToBounds = true
        view.addSubview(cardView)
        // Where the storyboard puts a tap recognizer on the card and a modal segue to the reveal scene.
        cardView.addGestureRecognizer(UITapGestureRecognizer(target: self, action: PetCardViewController.handleTap))
        registerSegue(withIdentifier: Self.revealSegueId, kind: .presentModally) {
            let reveal = RevealViewController()
            reveal.modalPresentationStyle = .fullScreen
            return reveal
        }
    }

    func handleTap() {
        performSegue(withIdentifier: Self.revealSegueId, sender: nil)
    }

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        if segue.identifier == Self.revealSegueId,
           let destinationViewController = segue.destination as? RevealViewController {
            destinationViewController.transitioningDelegate = self
        }
    }
}

extension PetCardViewController: UIViewControllerTransitioningDelegate {
    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        FlipPresentAnimationController(originFrame: cardView.frame)
    }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        guard let revealVC = dismissed as? RevealViewController else { return nil }
        return FlipDismissAnimationController(destinationFrame: cardView.frame,
                                              interactionController: revealVC.swipeInteractionController)
    }

    func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning? {
        guard let animator = animator as? FlipDismissAnimationController,
              let interactionController = animator.interactionController,
              interactionController.interactionInProgress
        else { return nil }
        return interactionController
    }
}

/// The pet, full screen; a swipe from the left edge takes it back to the card.
@MainActor
final class RevealViewController: AppearanceRecordingViewController {
    var swipeInteractionController: SwipeInteractionController?

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(red: 0.3, green: 0.7, blue: 0.4, alpha: 1)
        swipeInteractionController = SwipeInteractionController(viewController: self)
    }
}

@MainActor
@Suite struct KodecoFlipTutorialPortTests {
    let h = PortHarness()
    let card = PetCardViewController()
    static let screen = CGRect(x: 0, y: 0, width: 400, height: 600)
    /// How far the tutorial's progress may be from the exact fraction: it goes through `Float` (24-bit
    /// significand: a relative error up to 2^-24, about 6e-8).
    static let floatPrecision = 1e-7

    /// Shows the card and taps it; the presentation's transition starts in the next frame.
    func tapTheCard() throws -> RevealViewController {
        // Views load at the key window's size: make this test's window key again (a test run in parallel
        // may have made its own key since the harness was made).
        h.window.makeKeyAndVisible()
        h.window.rootViewController = card
        h.frames(1)
        let r = card.cardView.convert(card.cardView.bounds, to: nil)
        h.down(r.midX, r.midY, at: 1)
        h.up(r.midX, r.midY, at: 1.05)
        return try #require(card.presentedViewController as? RevealViewController)
    }

    /// Presents the reveal screen and lets the flip end.
    func revealed() throws -> RevealViewController {
        let reveal = try tapTheCard()
        h.frames(37)
        return reveal
    }

    /// Frames until no presentation or dismissal runs.
    func settle() {
        for _ in 0..<120 where h.window.modalPresentations.currentTransition != nil { h.frames(1) }
        h.frames(1)
    }

    /// Drags from the reveal screen's left edge (x = 5) to `5 + travel`, from time `t`, and holds there.
    /// The first move passes the slop and begins the pan (which asks for the dismissal; the transition
    /// starts in the next frame), the second one updates it.
    func drag(travel: CGFloat, at t: Double = 10) {
        h.down(5, 300, at: t)
        h.move(15, 300, at: t + 1.0 / 60)
        h.frames(1)
        h.move(5 + travel, 300, at: t + 2.0 / 60)
        h.frames(1)
    }

    /// Drags `travel` points from the left edge and lets go there, at rest, half a second after `t`.
    func swipe(travel: CGFloat, at t: Double = 10) {
        drag(travel: travel, at: t)
        h.up(5 + travel, 300, at: t + 0.5)
    }

    @Test func theKeyframesReachTheirValuesAtTheirThirds() throws {
        let reveal = try tapTheCard()
        h.frames(1)   // the transition starts: time 0
        let container = try #require(reveal.presentationController?.containerView)
        let snapshot = try #require(container.subviews.last)
        #expect(snapshot !== reveal.view && reveal.view.isHidden && reveal.view.superview === container)
        var perspective = CATransform3DIdentity
        perspective.m34 = -0.002
        #expect(container.layer.sublayerTransform == perspective)
        // Drawn in the card's place, edge-on (its model already holds the end: identity, the full screen).
        let start = snapshot.layer.renderedProperties
        #expect(start.position == CGPoint(x: 190, y: 280) && start.bounds.size == CGSize(width: 300, height: 400))
        #expect(start.transform == AnimationHelper.yRotation(-.pi / 2))
        #expect(card.view.layer.renderedProperties.transform == CATransform3DIdentity)

        h.frames(12)   // 0.2 s, a third: the card is edge-on, the snapshot has not moved
        #expect(transformsMatch(card.view.layer.renderedProperties.transform, AnimationHelper.yRotation(.pi / 2)))
        #expect(transformsMatch(snapshot.layer.renderedProperties.transform, AnimationHelper.yRotation(-.pi / 2)))

        // 0.3 s, half way: the card's rotation has keys 0° at 0 and 90° at 1/3 and 1; the cubic mode holds a
        // value that does not change between keyframes (UIKit's keyframes hold a property between the
        // ones that change it), so the card stays edge-on, its back never showing.
        h.frames(6)
        #expect(transformsMatch(card.view.layer.renderedProperties.transform, AnimationHelper.yRotation(.pi / 2)))

        h.frames(6)   // 0.4 s, two thirds: the snapshot faces us, still in the card's frame
        #expect(transformsMatch(snapshot.layer.renderedProperties.transform, CATransform3DIdentity))
        #expect(rectsMatch(snapshot.layer.renderedProperties.frame, PetCardViewController.cardFrame))

        // 35/60 s, the last frame before the end, 11/12 through the last third. The cubic mode worked out by
        // hand: the frame's keys are the card's frame at 0 and 2/3 and the screen at 1; the card's frame
        // holds before the last third and the curve ends at rest, so both tangents of the last segment are
        // zero and it is the smooth step 3u² - 2u³ at u = 11/12: 847/864 of the way from the card's centre
        // and size to the screen's. The snapshot's rotation (keys -90° at 0 and 1/3, 0° at 2/3 and 1) holds
        // at 0°, facing us.
        h.frames(11)
        let w = 847.0 / 864
        let last = snapshot.layer.renderedProperties
        #expect(abs(last.position.x - (190 + 10 * w)) < 1e-9 && abs(last.position.y - (280 + 20 * w)) < 1e-9)
        #expect(abs(last.bounds.width - (300 + 100 * w)) < 1e-9 && abs(last.bounds.height - (400 + 200 * w)) < 1e-9)
        #expect(transformsMatch(last.transform, CATransform3DIdentity))

        h.frames(1)   // 0.6 s: the end; the completion ran in this frame
        #expect(snapshot.frame == Self.screen && snapshot.superview == nil)
        #expect(reveal.view.frame == Self.screen && !reveal.view.isHidden && reveal.view.superview === container)
        #expect(!reveal.isBeingPresented && card.presentedViewController === reveal)
        // Full screen: the card's view has left the window, its transform put back by the completion.
        #expect(card.view.superview == nil && card.view.layer.transform == CATransform3DIdentity)
        #expect(card.appearances == ["viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear"])
        #expect(reveal.appearances == ["viewWillAppear", "viewDidAppear"])
        #expect(h.window.unbalancedAppearanceCallCount == 0)
    }

    @Test func aThirdOfTheSwipeShrinksTheRevealScreenExactlyIntoTheCard() throws {
        let reveal = try revealed()
        drag(travel: SwipeInteractionController.swipeLength / 3)
        let transition = try #require(reveal.transitionCoordinator)
        #expect(transition.isInteractive)
        // The tutorial clamps the progress through `Float` (fminf/fmaxf): a third to Float's precision.
        #expect(abs(reveal.swipeInteractionController!.percentComplete - 1.0 / 3) < Self.floatPrecision)
        let container = try #require(reveal.presentationController?.containerView)
        let snapshot = try #require(container.subviews.last)
        #expect(rectsMatch(snapshot.layer.renderedProperties.frame, PetCardViewController.cardFrame, tolerance: 1e-5))
        #expect(transformsMatch(snapshot.layer.renderedProperties.transform, CATransform3DIdentity, tolerance: 1e-6))
        // The card waits under it, in the container, for the last third.
        #expect(card.view.superview === container && container.subviews.first === card.view)
        h.up(5 + SwipeInteractionController.swipeLength / 3, 300, at: 10.5)
        settle()
        #expect(card.presentedViewController === reveal)   // released at a third: cancelled
    }

    @Test func anEdgeSwipePastHalfWayFlipsBackToTheCard() throws {
        let reveal = try revealed()
        swipe(travel: 140)   // 140 of 200 pt: progress 0.7 > 0.5
        #expect(abs(reveal.swipeInteractionController!.percentComplete - 0.7) < Self.floatPrecision)
        settle()
        #expect(card.presentedViewController == nil && reveal.presentingViewController == nil)
        #expect(reveal.view.superview == nil && !reveal.view.isHidden)
        #expect(card.view.superview === h.window && card.view.frame == Self.screen)
        #expect(card.view.layer.transform == CATransform3DIdentity)
        #expect(card.view.layer.renderedProperties.transform == CATransform3DIdentity)
        #expect(card.appearances == ["viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear",
                                     "viewWillAppear", "viewDidAppear"])
        #expect(reveal.appearances == ["viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear"])
        #expect(h.window.unbalancedAppearanceCallCount == 0)
    }

    @Test func anEdgeSwipeReleasedBeforeHalfWayFlipsBackToTheRevealScreen() throws {
        let reveal = try revealed()
        let container = try #require(reveal.presentationController?.containerView)
        swipe(travel: 80)   // 80 of 200 pt: progress 0.4, not past 0.5
        #expect(abs(reveal.swipeInteractionController!.percentComplete - 0.4) < Self.floatPrecision)
        settle()
        #expect(card.presentedViewController === reveal && reveal.presentingViewController === card)
        #expect(reveal.view.superview === container && !reveal.view.isHidden && reveal.view.frame == Self.screen)
        #expect(container.subviews.count == 1)   // the snapshot is gone
        #expect(card.view.superview == nil && card.view.layer.transform == CATransform3DIdentity)
        // UIKit's order for a cancelled dismissal: the reveal screen was to disappear and appears again;
        // the card was to appear and disappears again.
        #expect(card.appearances == ["viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear",
                                     "viewWillAppear", "viewWillDisappear", "viewDidDisappear"])
        #expect(reveal.appearances == ["viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewWillAppear",
                                       "viewDidAppear"])
        #expect(h.window.unbalancedAppearanceCallCount == 0)
        // The swipe works again.
        swipe(travel: 150, at: 20)
        settle()
        #expect(card.presentedViewController == nil && card.view.superview === h.window)
    }
}
