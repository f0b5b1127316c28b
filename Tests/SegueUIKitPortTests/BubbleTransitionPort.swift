// A custom modal transition that behaves as the open-source library BubbleTransition 4.1 does, written
// anew for this port from what the library does and which UIKit calls it makes (none of its code or
// text is copied): a circle of the presented controller's colour grows from a button to cover the screen
// while the presented view grows out of the same point and fades in; the dismissal shrinks both back
// into the point. Like the library, the animator tells the controllers about their appearance itself, and
// for a `.custom` presentation also tells the presented controller, which UIKit already does: those calls
// are unbalanced (UIKit ignores and logs them). Also the library's swipe to dismiss, a
// `UIPercentDrivenInteractiveTransition` subclass with a pan on the presented view, and its demo's two
// controllers (a button that opens the modal through a storyboard segue, a modal with a close button).
// Changes Swift on Linux forces:
// - `import UIKit` -> `import SegueUIKit`; `@objc` dropped from the animator's properties and its mode
//   enum (no Objective-C runtime);
// - `#selector(handlePan(gesture:))` -> `BubbleSwipeToDismiss.handlePan` (a method reference), and the
//   demo's `@IBAction`s and `@IBOutlet`s -> methods wired with `addTarget(_:action:for:)` and views made in
//   `viewDidLoad` (on Linux `@IBOutlet` needs an `@objc` class type, and there is no Interface Builder);
// - the demo's storyboard "Present Modally" segue from the button -> `registerSegue(withIdentifier:kind:
//   destination:)` (no storyboards); the button triggers it with `triggerSegue(withIdentifier:sender:)`, as
//   a storyboard button does.
// Other changes: `NSObject` dropped as the animator's superclass (UIKit wants it for the Objective-C
// protocols; Segue's are Swift protocols); the demo's controllers subclass the tests'
// `AppearanceRecordingViewController` (a `UIViewController` that records its appearance callbacks) and
// are named after their roles (`ViewController` is Segue's own type); the library's `.pop` mode and swipe
// direction option are left out (a modal port).
import SegueUIKit
import Testing

/// Presents and dismisses a controller with a growing and shrinking bubble (the library's
/// `BubbleTransition`).
@MainActor
final class BubbleModalAnimator: UIViewControllerAnimatedTransitioning {
    enum Mode {
        case present, dismiss
    }

    /// How small the bubble and the presented view are when collapsed into the starting point.
    static let collapsedScale: CGFloat = 0.001

    /// The centre of the bubble: it grows from here and shrinks back into it.
    var startingPoint = CGPoint.zero
    /// The length of both transitions, in seconds (the library's default).
    var duration: TimeInterval = 0.5
    var mode = Mode.present
    /// The bubble's colour: the presented controller's background colour, so the two blend.
    var bubbleColor = UIColor.white
    /// The bubble of the last presentation, reused by its dismissal.
    private(set) var bubble = UIView()

    /// The diameter of a circle centred on `point` that covers `frame`: twice the distance from `point`
    /// to the farthest corner.
    static func coveringDiameter(of frame: CGRect, around point: CGPoint) -> CGFloat {
        let corners = [CGPoint(x: frame.minX, y: frame.minY), CGPoint(x: frame.maxX, y: frame.minY),
                       CGPoint(x: frame.minX, y: frame.maxY), CGPoint(x: frame.maxX, y: frame.maxY)]
        let farthest = corners.map { hypot($0.x - point.x, $0.y - point.y) }.max() ?? 0
        return 2 * farthest
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        duration
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        switch mode {
        case .present: present(in: transitionContext)
        case .dismiss: dismiss(in: transitionContext)
        }
    }

    /// Sizes the bubble to cover `frame` from the starting point and centres it there.
    private func shapeBubble(covering frame: CGRect) {
        let diameter = Self.coveringDiameter(of: frame, around: startingPoint)
        bubble.frame = CGRect(x: 0, y: 0, width: diameter, height: diameter)
        bubble.layer.cornerRadius = bubble.frame.height / 2
        bubble.center = startingPoint
        bubble.backgroundColor = bubbleColor
    }

    private func present(in context: UIViewControllerContextTransitioning) {
        let container = context.containerView
        let presenting = context.viewController(forKey: .from)
        let presented = context.viewController(forKey: .to)
        let isCustom = presented?.modalPresentationStyle == .custom
        // The library's own appearance calls: the presenter is told it disappears (UIKit does not tell it
        // in a custom presentation, whose presenter's view stays), and the presented controller is told
        // again that it appears (unbalanced: UIKit has told it already).
        presenting?.beginAppearanceTransition(false, animated: true)
        if isCustom { presented?.beginAppearanceTransition(true, animated: true) }

        let presentedView = context.view(forKey: .to)!
        let restingCenter = presentedView.center
        let collapsed = CGAffineTransform(scaleX: Self.collapsedScale, y: Self.collapsedScale)
        bubble = UIView()
        shapeBubble(covering: presentedView.frame)
        bubble.transform = collapsed
        container.addSubview(bubble)

        presentedView.center = startingPoint
        presentedView.transform = collapsed
        presentedView.alpha = 0
        container.addSubview(presentedView)

        let bubble = self.bubble
        UIView.animate(withDuration: duration, animations: {
            bubble.transform = .identity
            presentedView.transform = .identity
            presentedView.alpha = 1
            presentedView.center = restingCenter
        }, completion: { _ in
            context.completeTransition(true)
            bubble.isHidden = true
            if isCustom { presented?.endAppearanceTransition() }
            presenting?.endAppearanceTransition()
        })
    }

    private func dismiss(in context: UIViewControllerContextTransitioning) {
        let presented = context.viewController(forKey: .from)
        let presenting = context.viewController(forKey: .to)
        let isCustom = presented?.modalPresentationStyle == .custom
        // Unbalanced again for the presented controller (UIKit has told it it disappears); the presenter
        // is told it appears, balancing the presentation's call.
        if isCustom { presented?.beginAppearanceTransition(false, animated: true) }
        presenting?.beginAppearanceTransition(true, animated: true)

        let leavingView = context.view(forKey: .from)!
        let restingCenter = leavingView.center
        shapeBubble(covering: leavingView.frame)
        bubble.isHidden = false

        let bubble = self.bubble
        let point = startingPoint
        let collapsed = CGAffineTransform(scaleX: Self.collapsedScale, y: Self.collapsedScale)
        UIView.animate(withDuration: duration, animations: {
            bubble.transform = collapsed
            leavingView.transform = collapsed
            leavingView.center = point
            leavingView.alpha = 0
        }, completion: { _ in
            context.completeTransition(!context.transitionWasCancelled)
            guard !context.transitionWasCancelled else { return }
            leavingView.center = restingCenter
            leavingView.removeFromSuperview()
            bubble.removeFromSuperview()
            if isCustom { presented?.endAppearanceTransition() }
            presenting?.endAppearanceTransition()
        })
    }
}

/// Dismisses the presented controller when its view is swiped down (the library's
/// `BubbleInteractiveTransition`): the pan starts the dismissal, reports the drag's fraction of the
/// view's height, and finishes past ``interactionThreshold`` or cancels.
///
/// As in the library, `wantsInteractiveStart` is false (so a dismissal from a button, which is handed this
/// interaction controller as well, plays on its own) and the animator offers no interruptible animator:
/// the dismissal therefore starts non-interactive and nothing ever makes it interactive (no
/// `pause()`), so `update`, `finish` and `cancel` have nothing to drive. The tests pin what that means.
@MainActor
final class BubbleSwipeToDismiss: UIPercentDrivenInteractiveTransition {
    /// The fraction of the view's height past which a released swipe dismisses (the library's 0.3).
    var interactionThreshold: CGFloat = 0.3
    private(set) var interactionStarted = false
    private var interactionShouldFinish = false
    private weak var controller: UIViewController?

    /// Puts the swipe on `controller`'s view.
    func attach(to controller: UIViewController) {
        self.controller = controller
        controller.view.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: BubbleSwipeToDismiss.handlePan))
        wantsInteractiveStart = false
    }

    func handlePan(_ gesture: UIPanGestureRecognizer) {
        guard let controller, let view = controller.view else { return }
        let translation = gesture.translation(in: view.superview)
        let progress = min(max(translation.y / view.bounds.height, 0), 1)
        switch gesture.state {
        case .began:
            interactionStarted = true
            controller.dismiss(animated: true, completion: nil)
        case .changed:
            interactionShouldFinish = progress > interactionThreshold
            update(progress)
        case .cancelled, .ended:
            if gesture.state == .cancelled { interactionShouldFinish = false }
            interactionStarted = false
            if interactionShouldFinish { finish() } else { cancel() }
        default:
            break
        }
    }
}

/// The demo's first screen: a round button in the bottom-right corner opens the modal with the bubble.
@MainActor
final class BubbleDemoViewController: AppearanceRecordingViewController, UIViewControllerTransitioningDelegate {
    static let modalSegue = "openModal"
    /// The button's frame in the view, in points: its centre, (350, 550), is where the bubble grows from.
    static let buttonFrame = CGRect(x: 325, y: 525, width: 50, height: 50)

    let transitionButton = UIButton(frame: BubbleDemoViewController.buttonFrame)
    let transition = BubbleModalAnimator()
    let interactiveTransition = BubbleSwipeToDismiss()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        transitionButton.backgroundColor = UIColor(red: 0.2, green: 0.6, blue: 0.9, alpha: 1)
        transitionButton.layer.cornerRadius = Self.buttonFrame.height / 2
        transitionButton.addTarget(self, action: BubbleDemoViewController.openModal, for: .touchUpInside)
        view.addSubview(transitionButton)
        // Where the demo's storyboard draws a Present Modally segue from the button to the modal.
        registerSegue(withIdentifier: Self.modalSegue, kind: .presentModally) { BubbleModalViewController() }
    }

    func openModal(_ sender: UIButton) {
        triggerSegue(withIdentifier: Self.modalSegue, sender: sender)
    }

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        if let controller = segue.destination as? BubbleModalViewController {
            controller.transitioningDelegate = self
            controller.modalPresentationStyle = .custom
            controller.interactiveTransition = interactiveTransition
            interactiveTransition.attach(to: controller)
        }
    }

    // MARK: UIViewControllerTransitioningDelegate

    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        transition.mode = .present
        transition.startingPoint = transitionButton.center
        transition.bubbleColor = transitionButton.backgroundColor!
        return transition
    }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        transition.mode = .dismiss
        transition.startingPoint = transitionButton.center
        transition.bubbleColor = transitionButton.backgroundColor!
        return transition
    }

    func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning? {
        interactiveTransition
    }
}

/// The demo's modal: a close button in the top-left corner.
@MainActor
final class BubbleModalViewController: AppearanceRecordingViewController {
    static let closeButtonFrame = CGRect(x: 20, y: 40, width: 44, height: 44)

    let closeButton = UIButton(frame: BubbleModalViewController.closeButtonFrame)
    weak var interactiveTransition: BubbleSwipeToDismiss?

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(red: 0.2, green: 0.6, blue: 0.9, alpha: 1)
        closeButton.addTarget(self, action: BubbleModalViewController.closeAction, for: .touchUpInside)
        view.addSubview(closeButton)
    }

    func closeAction(_ sender: UIButton) {
        dismiss(animated: true, completion: nil)
        // As the demo does: with the swipe attached, a button's dismissal finishes the interaction too.
        interactiveTransition?.finish()
    }
}

@MainActor
@Suite struct BubbleTransitionPortTests {
    let h = PortHarness()
    let demo = BubbleDemoViewController()

    // The geometry worked out by hand for a 400 x 600 window and the button's centre (350, 550): the
    // farthest corner of the presented view's frame (0, 0, 400, 600) is (0, 0), at sqrt(350² + 550²) =
    // sqrt(425000) = 651.9202405202649 pt, so the bubble is 1303.8404810405298 pt across, centred on the
    // button. UIView.animate's curve is ease-in-ease-out, (0.42, 0) (0.58, 1): symmetric about its middle,
    // so half way through the 0.5 s (15 frames) the eased progress is exactly 0.5 and a scale from 0.001
    // to 1 is at 0.001 + 0.999 x 0.5 = 0.5005.
    static let start = CGPoint(x: 350, y: 550)
    static let diameter: CGFloat = 1303.8404810405298
    static let halfwayScale: CGFloat = 0.5005

    /// The bubble's frame at `scale`: a square of `diameter x scale` centred on the starting point.
    static func bubbleFrame(scale: CGFloat) -> CGRect {
        let side = diameter * scale
        return CGRect(x: start.x - side / 2, y: start.y - side / 2, width: side, height: side)
    }

    func tap(_ button: UIButton, at t: Double) {
        let r = button.convert(button.bounds, to: nil)
        h.down(r.midX, r.midY, at: t)
        h.up(r.midX, r.midY, at: t + 0.05)
    }

    /// Shows the demo and taps its button; the presentation's transition starts in the next frame.
    func openModal() throws -> BubbleModalViewController {
        // The modal's view loads at the key window's size (UIKit's: the screen's). The harness made its
        // window key when the suite was made, but a test run in parallel may have made its own key since.
        h.window.makeKeyAndVisible()
        h.window.rootViewController = demo
        h.frames(1)
        tap(demo.transitionButton, at: 1)
        return try #require(demo.presentedViewController as? BubbleModalViewController)
    }

    @Test func theBubbleGrowsFromTheButtonAndThePresentedViewGrowsOutOfIt() throws {
        let modal = try openModal()
        #expect(modal.modalPresentationStyle == .custom && modal.isBeingPresented)
        h.frames(1)   // the transition starts: time 0 of the animation
        let bubble = demo.transition.bubble
        #expect(bubble.superview === modal.presentationController?.containerView)
        #expect(bubble.layer.cornerRadius == Self.diameter / 2)
        #expect(bubble.bounds == CGRect(x: 0, y: 0, width: Self.diameter, height: Self.diameter))
        #expect(rectsMatch(bubble.layer.renderedProperties.frame, Self.bubbleFrame(scale: 0.001)))
        // The presented view sits collapsed on the button, transparent.
        let collapsedView = CGRect(x: 350 - 0.2, y: 550 - 0.3, width: 0.4, height: 0.6)
        #expect(rectsMatch(modal.view.layer.renderedProperties.frame, collapsedView))
        #expect(modal.view.layer.renderedProperties.opacity == 0)

        h.frames(15)   // 0.25 s: half way in time, half way along the eased curve
        #expect(rectsMatch(bubble.layer.renderedProperties.frame, Self.bubbleFrame(scale: Self.halfwayScale)))
        // The view's centre is half way from (350, 550) to (200, 300), its size 0.5005 of 400 x 600.
        let halfwayView = CGRect(x: 275 - 200 * Self.halfwayScale, y: 425 - 300 * Self.halfwayScale,
                                 width: 400 * Self.halfwayScale, height: 600 * Self.halfwayScale)
        #expect(rectsMatch(modal.view.layer.renderedProperties.frame, halfwayView))
        #expect(abs(modal.view.layer.renderedProperties.opacity - 0.5) < 1e-12)
        #expect(modal.isBeingPresented)

        h.frames(15)   // 0.5 s: the end; the completion ran in this frame
        #expect(!modal.isBeingPresented && demo.presentedViewController === modal)
        #expect(rectsMatch(bubble.layer.renderedProperties.frame, Self.bubbleFrame(scale: 1)) && bubble.isHidden)
        #expect(modal.view.layer.renderedProperties.frame == CGRect(x: 0, y: 0, width: 400, height: 600))
        #expect(modal.view.frame == CGRect(x: 0, y: 0, width: 400, height: 600) && modal.view.alpha == 1)
        #expect(demo.view.superview === h.window)   // custom: the presenter's view stays
    }

    @Test func eachControllerGetsBalancedCallbacksAndTheWindowCountsTheLibrarysUnbalancedCalls() throws {
        let modal = try openModal()
        h.frames(31)
        #expect(!modal.isBeingPresented)
        // Segue (as UIKit) tells the presented controller it appears; the library's own calls add the
        // presenter's disappearance, which UIKit leaves out of a custom presentation.
        #expect(modal.appearances == ["viewWillAppear", "viewDidAppear"])
        #expect(demo.appearances == ["viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear"])
        // Two unbalanced calls, both on the presented controller: the library's
        // beginAppearanceTransition(true) while it is already appearing, and its endAppearanceTransition()
        // after completeTransition(true) has already ended the appearance.
        #expect(h.window.unbalancedAppearanceCallCount == 2)

        tap(modal.closeButton, at: 3)
        #expect(modal.isBeingDismissed)
        h.frames(31)
        #expect(demo.presentedViewController == nil && modal.presentingViewController == nil)
        #expect(modal.appearances == ["viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear"])
        #expect(demo.appearances == ["viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear",
                                     "viewWillAppear", "viewDidAppear"])
        // The dismissal makes two more on the presented controller (a begin(false) while it is already
        // disappearing, an end after completeTransition has ended it), but only the first is counted: the
        // second comes after completeTransition(true) took the view out of the window and ended the
        // presentation, so the controller is in no window whose count it could add to (it was logged
        // already, at its first unbalanced call).
        #expect(h.window.unbalancedAppearanceCallCount == 3)
    }

    @Test func dismissingShrinksTheBubbleAndTheViewBackIntoTheButton() throws {
        let modal = try openModal()
        h.frames(31)
        let container = try #require(modal.presentationController?.containerView)
        let bubble = demo.transition.bubble
        tap(modal.closeButton, at: 3)
        h.frames(1)   // the dismissal starts: the bubble is shown again, full size, under the view
        #expect(!bubble.isHidden && bubble.superview === container)
        #expect(rectsMatch(bubble.layer.renderedProperties.frame, Self.bubbleFrame(scale: 1)))
        h.frames(15)   // half way back: 1 - 0.999 x 0.5 = 0.5005 again
        #expect(rectsMatch(bubble.layer.renderedProperties.frame, Self.bubbleFrame(scale: Self.halfwayScale)))
        #expect(abs(modal.view.layer.renderedProperties.opacity - 0.5) < 1e-12)
        h.frames(15)
        // Over: the container, the bubble and the presented view have left; the view is put back at its
        // centre but keeps the library's collapsed transform and zero alpha (it resets neither).
        #expect(container.superview == nil && bubble.superview == nil && modal.view.superview == nil)
        #expect(modal.view.center == CGPoint(x: 200, y: 300))
        #expect(modal.view.transform == CGAffineTransform(scaleX: 0.001, y: 0.001) && modal.view.alpha == 0)
        #expect(demo.presentedViewController == nil && demo.view.superview === h.window)
    }

    /// The library's swipe starts the dismissal, but with `wantsInteractiveStart = false` and no
    /// interruptible animator the dismissal is never interactive: it plays on its own in 0.5 s whatever the
    /// finger does, and a release short of the threshold does not cancel it. Apple documents the rule ("if
    /// initiallyInteractive is false, isInteractive can be true only when isInterruptible is also true").
    @Test func theLibrarysSwipeStartsADismissalThatPlaysOnItsOwn() throws {
        let modal = try openModal()
        h.frames(31)
        let bubble = demo.transition.bubble
        h.down(200, 200, at: 3)
        h.move(200, 220, at: 3 + 1.0 / 60)   // past the slop: the pan begins and asks for the dismissal
        #expect(demo.interactiveTransition.interactionStarted && modal.isBeingDismissed)
        h.frames(1)   // the dismissal starts, animating on its own
        let coordinator = try #require(modal.transitionCoordinator)
        #expect(coordinator.initiallyInteractive == false && coordinator.isInteractive == false)
        h.move(200, 260, at: 3 + 2.0 / 60)   // 60 pt of 600: progress 0.1, below the 0.3 threshold
        #expect(demo.interactiveTransition.percentComplete == 0)   // update(0.1) had nothing to drive
        h.frames(15)
        // The clock, not the finger, sets the bubble: half way, as a button's dismissal.
        #expect(rectsMatch(bubble.layer.renderedProperties.frame, Self.bubbleFrame(scale: Self.halfwayScale)))
        h.up(200, 260, at: 3.5)   // released short of the threshold: cancel(), which does nothing
        #expect(modal.isBeingDismissed && coordinator.isCancelled == false)
        h.frames(15)
        #expect(demo.presentedViewController == nil && modal.view.superview == nil)
        #expect(!demo.interactiveTransition.interactionStarted)
    }
}
